package io.redocdc.sinks.jdbc.apply;

import io.redocdc.operators.lcr.LcrCommand;
import io.redocdc.sinks.jdbc.JdbcSinkOptions;
import io.redocdc.sinks.jdbc.dialect.Condition;
import io.redocdc.sinks.jdbc.dialect.JdbcDialect;
import io.redocdc.sinks.jdbc.target.MappedRow;
import io.redocdc.sinks.jdbc.target.MappedValue;
import io.redocdc.sinks.jdbc.target.TargetTable;
import io.redocdc.sinks.jdbc.target.ValueBinder;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The statement that applies one row LCR: its SQL text (which is also its batching shape: table, command,
 * column list and null mask) and the values to bind, in order.
 */
public record RowStatement(MappedRow row, String sql, List<MappedValue> binds) {

    /** INSERT of the new image, UPDATE of the changed columns, or DELETE; WHERE compares all old values. */
    public static RowStatement of(MappedRow row, JdbcDialect dialect) throws SQLException {
        TargetTable table = row.table();
        LcrCommand command = row.lcr().command();
        return switch (command) {
            case INSERT -> {
                requireValues(row, row.newValues(), "new");
                yield new RowStatement(row, dialect.insert(table, names(row.newValues())), row.newValues());
            }
            case UPDATE -> {
                List<MappedValue> set = changed(row);
                List<MappedValue> where = comparable(row);
                List<MappedValue> binds = new ArrayList<>(set);
                binds.addAll(nonNull(where));
                yield new RowStatement(row, dialect.update(table, names(set), conditions(where)), binds);
            }
            case DELETE -> {
                List<MappedValue> where = comparable(row);
                yield new RowStatement(row, dialect.delete(table, conditions(where)), nonNull(where));
            }
            case DDL -> throw new IllegalArgumentException("DDL is not a row statement");
        };
    }

    public LcrCommand command() {
        return row.lcr().command();
    }

    public void bind(PreparedStatement statement) throws SQLException {
        int index = 1;
        for (MappedValue value : binds) {
            ValueBinder.bind(statement, index++, value.value(), value.column(), row.table());
        }
    }

    /** The SET list: new values that differ from the old image (all new values when none differ). */
    private static List<MappedValue> changed(MappedRow row) throws SQLException {
        requireValues(row, row.newValues(), "new");
        List<MappedValue> changed = new ArrayList<>();
        for (MappedValue value : row.newValues()) {
            boolean same = row.oldValue(value.name())
                    .map(old -> old.value().kind() == value.value().kind()
                            && Objects.equals(old.value().text(), value.value().text()))
                    .orElse(false);
            if (!same) {
                changed.add(value);
            }
        }
        return changed.isEmpty() ? row.newValues() : changed;
    }

    /** How many values an UPDATE or DELETE of {@code row} binds in its WHERE clause (after the SET values). */
    static int whereBindCount(MappedRow row) {
        return (int) row.oldValues().stream().filter(v -> v.column().isComparable() && !v.value().isNull()).count();
    }

    /** Old values a WHERE clause can compare (not CLOB/BLOB columns). */
    private static List<MappedValue> comparable(MappedRow row) throws SQLException {
        List<MappedValue> where = row.oldValues().stream().filter(v -> v.column().isComparable()).toList();
        requireValues(row, where, "comparable old");
        return where;
    }

    private static List<MappedValue> nonNull(List<MappedValue> values) {
        return values.stream().filter(v -> !v.value().isNull()).toList();
    }

    private static List<Condition> conditions(List<MappedValue> where) {
        return where.stream().map(v -> new Condition(v.name(), v.value().isNull())).toList();
    }

    private static List<String> names(List<MappedValue> values) {
        return values.stream().map(MappedValue::name).toList();
    }

    private static void requireValues(MappedRow row, List<MappedValue> values, String what) throws SQLException {
        if (values.isEmpty()) {
            throw new SQLException(row.lcr().command() + " on " + row.lcr().qualifiedTable() + " at position "
                    + row.lcr().position() + " has no " + what + " values left for target table " + row.table()
                    + " (after " + JdbcSinkOptions.DROP_COLUMNS + " and Unsupported Type values)", "42000");
        }
    }
}
