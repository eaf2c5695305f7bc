package io.redocdc.source.logminer;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLRecoverableException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import org.h2.tools.SimpleResultSet;

/** Rows of the contents query (LogMinerQuery.COLUMNS order) for the fake database. */
final class ContentsRows {

    private static final String[] NAMES = {"SCN", "TIMESTAMP", "THREAD#", "XID", "OPERATION", "OPERATION_CODE",
        "ROLLBACK", "STATUS", "INFO", "SEG_OWNER", "TABLE_NAME", "DATA_OBJ#", "ROW_ID", "RS_ID", "SSN", "CSF",
        "SQL_REDO", "SQL_UNDO", "SRC_CON_NAME"};
    private static final int[] TYPES = {Types.BIGINT, Types.VARCHAR, Types.INTEGER, Types.VARCHAR, Types.VARCHAR,
        Types.INTEGER, Types.INTEGER, Types.INTEGER, Types.VARCHAR, Types.VARCHAR, Types.VARCHAR, Types.BIGINT,
        Types.VARCHAR, Types.VARCHAR, Types.BIGINT, Types.INTEGER, Types.VARCHAR, Types.VARCHAR, Types.VARCHAR};

    static final String XID = "0A000C003C020000";

    private final List<Object[]> rows = new ArrayList<>();

    /** A full row; without the last value (SRC_CON_NAME), a non-CDB's row. */
    ContentsRows row(Object... values) {
        if (values.length != NAMES.length && values.length != NAMES.length - 1) {
            throw new IllegalArgumentException("expected " + NAMES.length + " values, got " + values.length);
        }
        rows.add(java.util.Arrays.copyOf(values, NAMES.length));
        return this;
    }

    /** A row of thread 1 with the usual defaults, every one with the same RS_ID and SSN. */
    ContentsRows row(long scn, int operationCode, String operation, int csf, String sqlRedo, String sqlUndo) {
        return row(" 0x0002a7.000013f5.00e8 ", scn, operationCode, operation, csf, sqlRedo, sqlUndo);
    }

    /** A row of thread 1 with the usual defaults, RS_ID as given and SSN 0. */
    ContentsRows row(String rsId, long scn, int operationCode, String operation, int csf, String sqlRedo,
                     String sqlUndo) {
        boolean control = operationCode == 6 || operationCode == 7 || operationCode == 36;
        return row(scn, "2026-01-01 10:00:00", 1, XID, operation, operationCode, 0, 0, null,
                control ? null : "OE", control ? null : "ORDERS", control ? null : 73640L, "AAAR+oAAFAAAARfACG",
                rsId, 0L, csf, sqlRedo, sqlUndo);
    }

    ResultSet resultSet() {
        SimpleResultSet result = new SimpleResultSet();
        for (int i = 0; i < NAMES.length; i++) {
            result.addColumn(NAMES[i], TYPES[i], 4000, 0);
        }
        rows.forEach(result::addRow);
        return result;
    }

    /** The rows, but the {@code failingNext}-th call of next() (1-based) loses the connection. */
    ResultSet losingConnectionAt(int failingNext) {
        ResultSet real = resultSet();
        int[] calls = {0};
        return FakeDatabase.proxy(ResultSet.class, (self, method, args) -> {
            if (method.getName().equals("next") && ++calls[0] == failingNext) {
                throw new SQLRecoverableException("IO Error: Connection reset", "08006", 17002);
            }
            return method.invoke(real, args);
        });
    }

    static SQLException oracleError(int code, String message) {
        return new SQLException(String.format("ORA-%05d: %s", code, message), "99999", code);
    }
}
