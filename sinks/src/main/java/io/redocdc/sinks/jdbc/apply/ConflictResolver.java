package io.redocdc.sinks.jdbc.apply;

import io.redocdc.operators.lcr.Lcr;
import io.redocdc.operators.lcr.LcrCommand;
import io.redocdc.sinks.jdbc.JdbcSinkOptions;
import io.redocdc.sinks.jdbc.dialect.Condition;
import io.redocdc.sinks.jdbc.target.MappedRow;
import io.redocdc.sinks.jdbc.target.MappedValue;
import io.redocdc.sinks.jdbc.target.ValueBinder;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Resolves one conflicting row by its table's {@link ConflictPolicy}; see {@link ConflictResolution}. */
final class ConflictResolver {

    private static final Logger LOG = LoggerFactory.getLogger(ConflictResolver.class);

    private final Connection connection;
    private final ApplyContext context;
    private final StatementCache statements;

    ConflictResolver(Connection connection, ApplyContext context, StatementCache statements) {
        this.connection = connection;
        this.context = context;
        this.statements = statements;
    }

    void resolve(RowStatement row, ConflictPolicy policy) throws SQLException {
        Lcr lcr = row.row().lcr();
        String action = switch (policy.resolution()) {
            case DISCARD -> "discarded";
            case OVERWRITE -> {
                if (lcr.command() == LcrCommand.DELETE) {
                    deleteByKey(row);
                    yield "deleted by key";
                }
                upsert(row);
                yield "new image upserted";
            }
            case MAXIMUM, MINIMUM -> {
                if (lcr.command() == LcrCommand.DELETE) {
                    yield "discarded (DELETE under " + policy + ")";
                }
                if (newImageWins(row, policy)) {
                    upsert(row);
                    yield "new image upserted (" + policy + " won)";
                }
                yield "discarded (" + policy + " lost)";
            }
            case ERROR -> throw new IllegalStateException("policy error does not resolve conflicts");
        };
        context.metrics().conflictsResolved().inc();
        LOG.debug("conflict on {} ({} at position {}, xid {}): {}", lcr.qualifiedTable(), lcr.command(),
                lcr.position(), lcr.xid(), action);
    }

    private void upsert(RowStatement row) throws SQLException {
        MappedRow mapped = row.row();
        List<String> key = key(row);
        for (String column : key) {
            if (mapped.newValue(column).isEmpty()) {
                throw new SQLException("cannot upsert into " + mapped.table() + ": key column " + column
                        + " is not in the new image at position " + mapped.lcr().position(), "42000");
            }
        }
        List<String> columns = mapped.newValues().stream().map(MappedValue::name).toList();
        if (context.dialect().upsertNeedsUniqueKey() && !mapped.metadata().keyIsPrimaryKey()) {
            updateThenInsert(mapped, key, columns);
            return;
        }
        PreparedStatement statement = statements.get(context.dialect().upsert(mapped.table(), columns, key));
        bind(statement, mapped, mapped.newValues());
        statement.executeUpdate();
    }

    /** The upsert for a key the target does not enforce: UPDATE by key, INSERT when no row matched. */
    private void updateThenInsert(MappedRow mapped, List<String> key, List<String> columns) throws SQLException {
        List<MappedValue> keyValues = keyValues(mapped, key, true);
        List<MappedValue> set = mapped.newValues().stream().filter(v -> !key.contains(v.name())).toList();
        if (set.isEmpty()) {
            set = keyValues; // only key columns: "SET k = k" still tells whether the row exists
        }
        List<Condition> where = keyValues.stream().map(v -> new Condition(v.name(), v.value().isNull())).toList();
        PreparedStatement update = statements.get(context.dialect().update(mapped.table(),
                set.stream().map(MappedValue::name).toList(), where));
        List<MappedValue> binds = new ArrayList<>(set);
        keyValues.stream().filter(v -> !v.value().isNull()).forEach(binds::add);
        bind(update, mapped, binds);
        if (update.executeUpdate() > 0) {
            return;
        }
        PreparedStatement insert = statements.get(context.dialect().insert(mapped.table(), columns));
        bind(insert, mapped, mapped.newValues());
        insert.executeUpdate();
    }

    private void deleteByKey(RowStatement row) throws SQLException {
        MappedRow mapped = row.row();
        List<MappedValue> keyValues = keyValues(mapped, key(row), false);
        List<Condition> where = keyValues.stream().map(v -> new Condition(v.name(), v.value().isNull())).toList();
        PreparedStatement statement = statements.get(context.dialect().delete(mapped.table(), where));
        bind(statement, mapped, keyValues.stream().filter(v -> !v.value().isNull()).toList());
        statement.executeUpdate();
    }

    /** Compares the resolution column of the new image with the target row's current value. */
    private boolean newImageWins(RowStatement row, ConflictPolicy policy) throws SQLException {
        MappedRow mapped = row.row();
        Lcr lcr = mapped.lcr();
        String column = context.mapping().targetColumn(lcr.owner(), lcr.table(), policy.column());
        MappedValue candidate = column == null ? null : mapped.newValue(column).orElse(null);
        if (candidate == null) {
            throw new SQLException("conflict policy " + policy + " of " + lcr.qualifiedTable() + " (option "
                    + JdbcSinkOptions.CONFLICT_PREFIX + lcr.qualifiedTable() + "): column " + policy.column()
                    + " is not in the new image at position " + lcr.position(), "42S22");
        }
        List<String> key = key(row);
        PreparedStatement select = statements.get(context.dialect().selectByKey(mapped.table(), column, key));
        bind(select, mapped, keyValues(mapped, key, true));
        Comparable<?> current;
        try (ResultSet rs = select.executeQuery()) {
            if (!rs.next()) {
                return true; // the row is missing: the new image is all there is
            }
            current = ValueBinder.readCurrent(rs, candidate.column());
        }
        Comparable<?> value = ValueBinder.comparable(candidate.value(), candidate.column(), mapped.table());
        if (value == null) {
            return false;
        }
        if (current == null) {
            return true;
        }
        @SuppressWarnings("unchecked")
        int order = ((Comparable<Object>) value).compareTo(current);
        return policy.resolution() == ConflictResolution.MAXIMUM ? order > 0 : order < 0;
    }

    private List<String> key(RowStatement row) throws SQLException {
        List<String> key = row.row().metadata().keyColumns();
        if (key.isEmpty()) {
            Lcr lcr = row.row().lcr();
            throw new SQLException("conflict policy " + context.options().conflictPolicy(lcr.qualifiedTable())
                    + " of " + lcr.qualifiedTable() + " needs a key, but target table " + row.row().table()
                    + " has no primary key; add one or set " + JdbcSinkOptions.PRIMARY_KEY_PREFIX
                    + lcr.qualifiedTable(), "42000");
        }
        return key;
    }

    private static List<MappedValue> keyValues(MappedRow row, List<String> key, boolean fromNewImage)
            throws SQLException {
        List<MappedValue> values = new ArrayList<>();
        for (String column : key) {
            MappedValue value = (fromNewImage ? row.newValue(column) : row.oldValue(column)).orElseThrow(() ->
                    new SQLException("key column " + column + " of " + row.table() + " is not in the "
                            + (fromNewImage ? "new" : "old") + " image at position " + row.lcr().position(), "42000"));
            values.add(value);
        }
        return values;
    }

    private static void bind(PreparedStatement statement, MappedRow row, List<MappedValue> values) throws SQLException {
        int index = 1;
        for (MappedValue value : values) {
            ValueBinder.bind(statement, index++, value.value(), value.column(), row.table());
        }
    }
}
