package io.redocdc.sinks.jdbc.dialect;

import io.redocdc.common.jdbc.JdbcUrls;
import io.redocdc.common.jdbc.SqlErrors;
import io.redocdc.sinks.jdbc.JdbcSinkOptions;
import io.redocdc.sinks.jdbc.apply.ConflictResolution;
import io.redocdc.sinks.jdbc.apply.ReplayedDdl;
import io.redocdc.sinks.jdbc.target.TargetTable;
import java.sql.SQLException;
import java.util.List;
import java.util.StringJoiner;

/**
 * The SQL one target database speaks: a small stateless strategy. Identifiers are always quoted (embedded
 * quotes doubled), values are always bind variables ({@code ?}); nothing from an LCR is ever put into SQL text
 * except as a quoted identifier.
 */
public interface JdbcDialect {

    /** The dialect of a JDBC URL; the error names {@code sink.jdbc-url}. */
    static JdbcDialect forUrl(String jdbcUrl) {
        if (jdbcUrl != null) {
            if (jdbcUrl.startsWith("jdbc:oracle:")) {
                return OracleDialect.INSTANCE;
            }
            if (jdbcUrl.startsWith("jdbc:postgresql:")) {
                return PostgresDialect.INSTANCE;
            }
            if (jdbcUrl.startsWith("jdbc:h2:")) {
                return H2Dialect.INSTANCE;
            }
        }
        throw new IllegalArgumentException("option " + JdbcSinkOptions.JDBC_URL
                + ": expected a URL starting with jdbc:oracle:, jdbc:postgresql: or jdbc:h2:; got " + JdbcUrls.mask(jdbcUrl));
    }

    String name();

    /** The upsert statement for {@link ConflictResolution#OVERWRITE} and friends; binds {@code columns} in order. */
    String upsert(TargetTable table, List<String> columns, List<String> keyColumns);

    /**
     * True when {@link #upsert} only works on a key the target enforces (PostgreSQL's ON CONFLICT needs a unique
     * constraint); for a key that is only configured ({@code sink.primary-key}) the resolver then updates by key
     * and inserts when no row matched.
     */
    default boolean upsertNeedsUniqueKey() {
        return false;
    }

    /** True when the exception (or one chained to it) says a unique or primary key already holds the value. */
    boolean isDuplicateKey(SQLException e);

    /**
     * True when {@code executeBatch} returns the real row count of each UPDATE and DELETE; otherwise the
     * applier executes UPDATE and DELETE one by one so that a conflict (0 rows) is seen. True for the Oracle
     * (12c and later), PostgreSQL and H2 drivers.
     */
    default boolean reportsBatchUpdateCounts() {
        return true;
    }

    /**
     * True when this error (one of a chain) of a DDL statement says the statement's effect is already there: what
     * it creates or adds exists, or ({@code drop}, a DROP statement) what it drops is gone. Only for
     * {@link ReplayedDdl}; false where DDL is not executed.
     */
    default boolean saysDdlAlreadyApplied(SQLException e, boolean drop) {
        return false;
    }

    /** False where {@code Connection.releaseSavepoint} is not supported (Oracle). */
    default boolean supportsReleaseSavepoint() {
        return true;
    }

    String varcharType(int length);

    String numberType();

    String clobType();

    default String timestampType() {
        return "TIMESTAMP";
    }

    default String quote(String identifier) {
        return '"' + identifier.replace("\"", "\"\"") + '"';
    }

    default String qualified(TargetTable table) {
        return table.schema() == null ? quote(table.table()) : quote(table.schema()) + "." + quote(table.table());
    }

    default String insert(TargetTable table, List<String> columns) {
        StringJoiner names = new StringJoiner(", ", " (", ")");
        StringJoiner values = new StringJoiner(", ", " VALUES (", ")");
        for (String column : columns) {
            names.add(quote(column));
            values.add("?");
        }
        return "INSERT INTO " + qualified(table) + names + values;
    }

    /** Binds the SET columns, then the non-null conditions. */
    default String update(TargetTable table, List<String> setColumns, List<Condition> where) {
        StringJoiner set = new StringJoiner(", ", " SET ", "");
        for (String column : setColumns) {
            set.add(quote(column) + " = ?");
        }
        return "UPDATE " + qualified(table) + set + where(where);
    }

    /** Binds the non-null conditions. */
    default String delete(TargetTable table, List<Condition> where) {
        return "DELETE FROM " + qualified(table) + where(where);
    }

    /** Selects one column of the row with the given key; binds the key columns. */
    default String selectByKey(TargetTable table, String column, List<String> keyColumns) {
        return "SELECT " + quote(column) + " FROM " + qualified(table)
                + where(keyColumns.stream().map(Condition::equalTo).toList());
    }

    default String where(List<Condition> conditions) {
        if (conditions.isEmpty()) {
            throw new IllegalArgumentException("a WHERE clause needs at least one column");
        }
        StringJoiner where = new StringJoiner(" AND ", " WHERE ", "");
        for (Condition condition : conditions) {
            where.add(quote(condition.column()) + (condition.isNull() ? " IS NULL" : " = ?"));
        }
        return where.toString();
    }

    /** The given SQLState, anywhere in the exception's chain (next exceptions and causes). */
    static boolean hasSqlState(SQLException e, String sqlState) {
        return SqlErrors.chain(e).stream().anyMatch(x -> sqlState.equals(x.getSQLState()));
    }
}
