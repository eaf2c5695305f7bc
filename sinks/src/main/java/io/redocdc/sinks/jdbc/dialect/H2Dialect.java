package io.redocdc.sinks.jdbc.dialect;

import io.redocdc.sinks.jdbc.target.TargetTable;
import java.sql.SQLException;
import java.util.List;
import java.util.StringJoiner;

/**
 * H2, meant to run in {@code MODE=Oracle} (tests, demos): H2's {@code MERGE INTO ... KEY (...) VALUES} for
 * upserts; SQLSTATE 23505 is a duplicate key.
 */
public final class H2Dialect implements JdbcDialect {

    public static final H2Dialect INSTANCE = new H2Dialect();

    private H2Dialect() {
    }

    @Override
    public String name() {
        return "H2";
    }

    @Override
    public String upsert(TargetTable table, List<String> columns, List<String> keyColumns) {
        StringJoiner names = new StringJoiner(", ", " (", ")");
        StringJoiner values = new StringJoiner(", ", " VALUES (", ")");
        StringJoiner key = new StringJoiner(", ", " KEY (", ")");
        columns.forEach(c -> {
            names.add(quote(c));
            values.add("?");
        });
        keyColumns.forEach(c -> key.add(quote(c)));
        return "MERGE INTO " + qualified(table) + names + key + values;
    }

    @Override
    public boolean isDuplicateKey(SQLException e) {
        return JdbcDialect.hasSqlState(e, "23505");
    }

    /** H2's org.h2.api.ErrorCode: TABLE_OR_VIEW_ALREADY_EXISTS_1, INDEX_ALREADY_EXISTS_1, DUPLICATE_COLUMN_NAME_1. */
    @Override
    public boolean saysDdlAlreadyApplied(SQLException e, boolean drop) {
        int code = e.getErrorCode();
        return code == 42101 || code == 42111 || code == 42121 || (drop && code == 42102);
    }

    @Override
    public String varcharType(int length) {
        return "VARCHAR2(" + length + ")";
    }

    @Override
    public String numberType() {
        return "NUMBER";
    }

    @Override
    public String clobType() {
        return "CLOB";
    }
}
