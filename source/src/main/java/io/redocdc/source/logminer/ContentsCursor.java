package io.redocdc.source.logminer;

import io.redocdc.source.catalog.ContinuedStatements;
import io.redocdc.source.catalog.RedoInputException;
import io.redocdc.source.model.ArchivedLog;
import io.redocdc.source.model.RedoRecord;
import io.redocdc.source.model.Xid;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * Turns the rows of the contents query ({@link LogMinerQuery#COLUMNS}, in that order) into {@link RedoRecord}s,
 * joining CSF continuation rows with {@link ContinuedStatements} exactly like the redo directory reader; the record
 * takes every other column and its line (the 1-based query row number) from its first row.
 */
final class ContentsCursor {

    private static final int SCN = 1;
    private static final int TIMESTAMP = 2;
    private static final int THREAD = 3;
    private static final int XID = 4;
    private static final int OPERATION = 5;
    private static final int OPERATION_CODE = 6;
    private static final int ROLLBACK = 7;
    private static final int STATUS = 8;
    private static final int INFO = 9;
    private static final int SEG_OWNER = 10;
    private static final int TABLE_NAME = 11;
    private static final int DATA_OBJ = 12;
    private static final int ROW_ID = 13;
    private static final int RS_ID = 14;
    private static final int SSN = 15;
    private static final int CSF = 16;
    private static final int SQL_REDO = 17;
    private static final int SQL_UNDO = 18;
    private static final int SRC_CON_NAME = 19;
    private static final String[] NAMES = {"", "SCN", "TIMESTAMP", "THREAD#", "XID", "OPERATION", "OPERATION_CODE",
        "ROLLBACK", "STATUS", "INFO", "SEG_OWNER", "TABLE_NAME", "DATA_OBJ#", "ROW_ID", "RS_ID", "SSN", "CSF",
        "SQL_REDO", "SQL_UNDO", "SRC_CON_NAME"};

    private final ResultSet rows;
    private final ArchivedLog log;
    private long rowNumber;

    ContentsCursor(ResultSet rows, ArchivedLog log) {
        this.rows = rows;
        this.log = log;
    }

    /** The next joined record with index {@code index}, or null after the last row. */
    RedoRecord next(long index) throws SQLException {
        if (!rows.next()) {
            return null;
        }
        rowNumber++;
        long firstRow = rowNumber;
        RedoRecord first = readFirst(index, firstRow);
        if (!continues()) {
            return first;
        }
        ContinuedStatements joined = new ContinuedStatements(first.sqlRedo(), first.sqlUndo());
        do {
            nextContinuation(firstRow);
            joined.append(rows.getString(SQL_REDO), rows.getString(SQL_UNDO));
        } while (continues());
        return withStatements(first, joined.redo(), joined.undo());
    }

    private void nextContinuation(long firstRow) throws SQLException {
        if (!rows.next()) {
            throw fail(firstRow, "CSF=1 says the statement continues in the next row, but the query returned no "
                    + "more rows");
        }
        rowNumber++;
    }

    private boolean continues() throws SQLException {
        return zeroOrOne(CSF, rowNumber);
    }

    private RedoRecord readFirst(long index, long row) throws SQLException {
        int thread = (int) requiredLong(THREAD, row);
        if (thread != log.id().thread()) {
            throw fail(row, "column THREAD#: expected " + log.id().thread() + " (the log's thread), got " + thread);
        }
        long scn = requiredLong(SCN, row);
        if (scn < 0) {
            throw fail(row, "column SCN: expected a non-negative SCN, got " + scn);
        }
        return new RedoRecord(scn, rows.getString(TIMESTAMP), thread, xid(row), rows.getString(OPERATION),
                (int) requiredLong(OPERATION_CODE, row), zeroOrOne(ROLLBACK, row), (int) requiredLong(STATUS, row),
                rows.getString(INFO), rows.getString(SRC_CON_NAME), rows.getString(SEG_OWNER),
                rows.getString(TABLE_NAME), optionalLong(DATA_OBJ),
                rows.getString(ROW_ID), rows.getString(RS_ID), requiredLong(SSN, row), rows.getString(SQL_REDO),
                rows.getString(SQL_UNDO), log.id(), index, row);
    }

    private static RedoRecord withStatements(RedoRecord r, String redo, String undo) {
        return new RedoRecord(r.scn(), r.timestamp(), r.thread(), r.xid(), r.operation(), r.operationCode(),
                r.rollback(), r.status(), r.info(), r.container(), r.segOwner(), r.tableName(), r.dataObj(), r.rowId(), r.rsId(),
                r.ssn(), redo, undo, r.log(), r.index(), r.line());
    }

    private Xid xid(long row) throws SQLException {
        String raw = rows.getString(XID);
        try {
            return Xid.fromNullableRaw(raw);
        } catch (IllegalArgumentException e) {
            throw fail(row, "column XID: expected 16 hex digits (RAW(8)) or NULL, got '" + raw + "'");
        }
    }

    private long requiredLong(int column, long row) throws SQLException {
        long value = rows.getLong(column);
        if (rows.wasNull()) {
            throw fail(row, "column " + NAMES[column] + ": expected a number, got NULL");
        }
        return value;
    }

    private Long optionalLong(int column) throws SQLException {
        long value = rows.getLong(column);
        return rows.wasNull() ? null : value;
    }

    private boolean zeroOrOne(int column, long row) throws SQLException {
        long value = requiredLong(column, row);
        if (value != 0 && value != 1) {
            throw fail(row, "column " + NAMES[column] + ": expected 0 or 1, got " + value);
        }
        return value == 1;
    }

    private RedoInputException fail(long row, String problem) {
        return RedoInputException.at(origin(), row, problem);
    }

    /** "V$LOGMNR_CONTENTS of archived log thread 1 sequence 42 (resetlogs 1) '/arch/1_42_1.arc'". */
    String origin() {
        return "V$LOGMNR_CONTENTS of archived log " + log.id() + " '" + log.name() + "'";
    }
}
