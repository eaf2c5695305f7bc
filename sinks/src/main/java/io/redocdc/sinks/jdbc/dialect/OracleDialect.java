package io.redocdc.sinks.jdbc.dialect;

import io.redocdc.common.jdbc.SqlErrors;
import io.redocdc.sinks.jdbc.target.TargetTable;
import java.sql.SQLException;
import java.util.List;
import java.util.StringJoiner;

/** Oracle Database: MERGE for upserts; ORA-00001 is a duplicate key. */
public final class OracleDialect implements JdbcDialect {

    public static final OracleDialect INSTANCE = new OracleDialect();
    private static final int ORA_UNIQUE_CONSTRAINT = 1;
    /** ORA-00955 "name is already used by an existing object" (https://docs.oracle.com/error-help/db/ora-00955). */
    private static final int ORA_NAME_ALREADY_USED = 955;
    /** ORA-01430 "column being added already exists in table" (https://docs.oracle.com/error-help/db/ora-01430). */
    private static final int ORA_COLUMN_ALREADY_EXISTS = 1430;
    /** ORA-00942 "table or view does not exist" (https://docs.oracle.com/error-help/db/ora-00942). */
    private static final int ORA_TABLE_DOES_NOT_EXIST = 942;

    private OracleDialect() {
    }

    @Override
    public String name() {
        return "Oracle";
    }

    @Override
    public String upsert(TargetTable table, List<String> columns, List<String> keyColumns) {
        return merge(this, table, columns, keyColumns, " FROM DUAL");
    }

    /** {@code MERGE INTO t USING (SELECT ? "A", ...) s ON (keys) WHEN MATCHED ... WHEN NOT MATCHED ...}. */
    static String merge(JdbcDialect dialect, TargetTable table, List<String> columns, List<String> keyColumns,
                        String fromDual) {
        StringJoiner select = new StringJoiner(", ", "SELECT ", fromDual);
        StringJoiner on = new StringJoiner(" AND ", " ON (", ")");
        StringJoiner set = new StringJoiner(", ", " WHEN MATCHED THEN UPDATE SET ", "");
        StringJoiner names = new StringJoiner(", ", " WHEN NOT MATCHED THEN INSERT (", ")");
        StringJoiner values = new StringJoiner(", ", " VALUES (", ")");
        set.setEmptyValue("");
        for (String column : columns) {
            String q = dialect.quote(column);
            select.add("? " + q);
            names.add(q);
            values.add("s." + q);
            if (keyColumns.contains(column)) {
                on.add("t." + q + " = s." + q);
            } else {
                set.add("t." + q + " = s." + q);
            }
        }
        return "MERGE INTO " + dialect.qualified(table) + " t USING (" + select + ") s" + on + set + names + values;
    }

    @Override
    public boolean isDuplicateKey(SQLException e) {
        return SqlErrors.chain(e).stream().anyMatch(x -> x.getErrorCode() == ORA_UNIQUE_CONSTRAINT
                && (x.getSQLState() == null || x.getSQLState().startsWith("23")));
    }

    @Override
    public boolean saysDdlAlreadyApplied(SQLException e, boolean drop) {
        int code = e.getErrorCode();
        return code == ORA_NAME_ALREADY_USED || code == ORA_COLUMN_ALREADY_EXISTS
                || (drop && code == ORA_TABLE_DOES_NOT_EXIST);
    }

    @Override
    public boolean supportsReleaseSavepoint() {
        return false;
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
