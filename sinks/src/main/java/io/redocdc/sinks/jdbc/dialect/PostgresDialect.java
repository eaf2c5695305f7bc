package io.redocdc.sinks.jdbc.dialect;

import io.redocdc.sinks.jdbc.target.TargetTable;
import java.sql.SQLException;
import java.util.List;
import java.util.StringJoiner;

/**
 * PostgreSQL: INSERT ... ON CONFLICT (key) DO UPDATE for upserts; SQLSTATE 23505 is a duplicate key. Target
 * tables are expected with quoted upper-case names ({@code "OE"."ORDERS"}), as the redo names them.
 */
public final class PostgresDialect implements JdbcDialect {

    public static final PostgresDialect INSTANCE = new PostgresDialect();

    private PostgresDialect() {
    }

    @Override
    public String name() {
        return "PostgreSQL";
    }

    @Override
    public String upsert(TargetTable table, List<String> columns, List<String> keyColumns) {
        StringJoiner key = new StringJoiner(", ", " ON CONFLICT (", ")");
        keyColumns.forEach(c -> key.add(quote(c)));
        StringJoiner set = new StringJoiner(", ", " DO UPDATE SET ", "");
        set.setEmptyValue(" DO NOTHING");
        for (String column : columns) {
            if (!keyColumns.contains(column)) {
                set.add(quote(column) + " = EXCLUDED." + quote(column));
            }
        }
        return insert(table, columns) + key + set;
    }

    /** ON CONFLICT (key) needs a unique index or constraint on exactly those columns. */
    @Override
    public boolean upsertNeedsUniqueKey() {
        return true;
    }

    @Override
    public boolean isDuplicateKey(SQLException e) {
        return JdbcDialect.hasSqlState(e, "23505");
    }

    @Override
    public String varcharType(int length) {
        return "VARCHAR(" + length + ")";
    }

    @Override
    public String numberType() {
        return "NUMERIC";
    }

    @Override
    public String clobType() {
        return "TEXT";
    }
}
