package io.redocdc.source.files;

import io.redocdc.source.catalog.RedoInputException;
import io.redocdc.source.model.ArchivedLog;
import io.redocdc.source.model.RedoRecord;
import io.redocdc.source.model.Xid;
import java.time.format.DateTimeParseException;

/**
 * Maps the columns of a contents file (named as in V$LOGMNR_CONTENTS, found by header name, extra columns
 * ignored) to a {@link RedoRecord}. Every column of the redo directory contract is required; SRC_CON_NAME is read
 * when present.
 */
final class ContentsRowParser {

    private final CsvRows rows;
    private final CsvValues values;
    private final ArchivedLog log;
    private final int scn;
    private final int timestamp;
    private final int thread;
    private final int xid;
    private final int operation;
    private final int operationCode;
    private final int rollback;
    private final int status;
    private final int info;
    private final int segOwner;
    private final int tableName;
    private final int dataObj;
    private final int rowId;
    private final int rsId;
    private final int ssn;
    private final int csf;
    private final int sqlRedo;
    private final int sqlUndo;
    /** SRC_CON_NAME, a column beyond the contract's: -1 when the file has none (directories mined before 12.1). */
    private final int srcConName;
    /** The last TIMESTAMP checked: rows in SCN order share their second, so most need no new parse. */
    private String lastTimestamp;

    ContentsRowParser(CsvRows rows, ArchivedLog log) {
        this.rows = rows;
        this.values = new CsvValues(rows);
        this.log = log;
        this.scn = rows.requireColumn("SCN");
        this.timestamp = rows.requireColumn("TIMESTAMP");
        this.thread = rows.requireColumn("THREAD#");
        this.xid = rows.requireColumn("XID");
        this.operation = rows.requireColumn("OPERATION");
        this.operationCode = rows.requireColumn("OPERATION_CODE");
        this.rollback = rows.requireColumn("ROLLBACK");
        this.status = rows.requireColumn("STATUS");
        this.info = rows.requireColumn("INFO");
        this.segOwner = rows.requireColumn("SEG_OWNER");
        this.tableName = rows.requireColumn("TABLE_NAME");
        this.dataObj = rows.requireColumn("DATA_OBJ#");
        this.rowId = rows.requireColumn("ROW_ID");
        this.rsId = rows.requireColumn("RS_ID");
        this.ssn = rows.requireColumn("SSN");
        this.csf = rows.requireColumn("CSF");
        this.sqlRedo = rows.requireColumn("SQL_REDO");
        this.sqlUndo = rows.requireColumn("SQL_UNDO");
        this.srcConName = rows.column("SRC_CON_NAME");
    }

    /** CSF=1: the statement continues in the next row. */
    boolean continues(CsvRows.Row row) {
        return values.zeroOrOne(row, csf);
    }

    String sqlRedo(CsvRows.Row row) {
        return values.text(row, sqlRedo);
    }

    String sqlUndo(CsvRows.Row row) {
        return values.text(row, sqlUndo);
    }

    /** The record starting at {@code first}, with the (joined) statements given. */
    RedoRecord toRecord(CsvRows.Row first, String joinedRedo, String joinedUndo, long index) {
        int rowThread = values.requiredInt(first, thread);
        if (rowThread != log.id().thread()) {
            throw values.fail(first, thread, "THREAD# " + log.id().thread() + " of log " + log.id().fileStem(),
                    first.get(thread));
        }
        long scnValue = values.requiredLong(first, scn);
        if (scnValue < 0) {
            throw values.fail(first, scn, "a non-negative SCN", first.get(scn));
        }
        return new RedoRecord(
                scnValue,
                timestamp(first),
                rowThread,
                xid(first),
                values.text(first, operation),
                values.requiredInt(first, operationCode),
                values.zeroOrOne(first, rollback),
                values.requiredInt(first, status),
                values.text(first, info),
                srcConName < 0 ? null : values.text(first, srcConName),
                values.text(first, segOwner),
                values.text(first, tableName),
                values.optionalLong(first, dataObj),
                values.text(first, rowId),
                values.text(first, rsId),
                values.requiredLong(first, ssn),
                joinedRedo,
                joinedUndo,
                log.id(),
                index,
                first.line());
    }

    private String timestamp(CsvRows.Row row) {
        String text = values.text(row, timestamp);
        if (text == null) {
            return null;
        }
        if (text.equals(lastTimestamp)) {
            return lastTimestamp; // one String shared by the rows of a second
        }
        try {
            CsvValues.ORACLE_DATE_TIME.parse(text);
        } catch (DateTimeParseException e) {
            throw values.fail(row, timestamp, "'YYYY-MM-DD HH24:MI:SS'", text);
        }
        lastTimestamp = text;
        return text;
    }

    private Xid xid(CsvRows.Row row) {
        try {
            return Xid.fromNullableRaw(row.get(xid));
        } catch (IllegalArgumentException e) {
            throw values.fail(row, xid, "16 hex digits (RAW(8)) or empty (NULL)", row.get(xid));
        }
    }

    RedoInputException truncated(CsvRows.Row first) {
        return RedoInputException.at(rows.file(), first.line(), "CSF=1 says the statement continues in the next row, "
                + "but the file ends (truncated file?)");
    }
}
