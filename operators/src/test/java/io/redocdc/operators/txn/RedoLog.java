package io.redocdc.operators.txn;

import io.redocdc.source.model.OperationCode;
import io.redocdc.source.model.RedoRecord;
import io.redocdc.source.model.ThreadSequence;
import io.redocdc.source.model.Xid;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Writes realistic V$LOGMNR_CONTENTS rows of one archived log for tests: indexes and contents-file lines count
 * up in order, RS_IDs are shaped like LogMiner's (" 0x0002a7.000013f5.00e8 "), SQL_REDO as mined with
 * NO_ROWID_IN_STMT and NO_SQL_DELIMITER (reference/oracle/operation-codes.md, sqlredo-corpus-types-and-lobs.sql).
 */
final class RedoLog {

    static final long RESETLOGS_ID = 1029337344L;
    private static final Pattern TABLE = Pattern.compile("\"([^\"]+)\"\\.\"([^\"]+)\"");

    private final ThreadSequence id;
    private long nextIndex;

    private RedoLog(ThreadSequence id) {
        this.id = id;
    }

    static RedoLog of(int thread, long sequence) {
        return new RedoLog(new ThreadSequence(thread, sequence, RESETLOGS_ID));
    }

    ThreadSequence id() {
        return id;
    }

    RedoRecord start(long scn, String xid) {
        return row(scn, xid, OperationCode.START, "START", false, null, null, null, "set transaction read write");
    }

    RedoRecord commit(long scn, String xid) {
        return row(scn, xid, OperationCode.COMMIT, "COMMIT", false, null, null, null, "commit");
    }

    RedoRecord rollback(long scn, String xid) {
        return row(scn, xid, OperationCode.ROLLBACK, "ROLLBACK", false, null, null, null, "rollback");
    }

    /** An INSERT, UPDATE or DELETE; its operation and table are read from the statement. */
    RedoRecord dml(long scn, String xid, String rowId, String sqlRedo) {
        return change(scn, xid, false, rowId, sqlRedo);
    }

    /** A ROLLBACK=1 undo row written by a rollback to savepoint; xid is often the partial one. */
    RedoRecord undo(long scn, String xid, String rowId, String sqlRedo) {
        return change(scn, xid, true, rowId, sqlRedo);
    }

    RedoRecord ddl(long scn, String xid, String owner, String table, String sqlRedo) {
        return row(scn, xid, OperationCode.DDL, "DDL", false, owner, table, null, sqlRedo);
    }

    /** A 23ai LOB_WRITE block writing 'x' at offset 1 into the CLOB column DOC of the row {@code where} selects. */
    RedoRecord lobWrite(long scn, String xid, String owner, String table, String rowId, String where) {
        return row(scn, xid, OperationCode.LOB_WRITE, "LOB_WRITE", false, owner, table, rowId,
                "DECLARE \n loc_c CLOB; \n buf_c VARCHAR2(6172);\nBEGIN\n select \"DOC\" into loc_c from \"" + owner
                        + "\".\"" + table + "\" where " + where + " for update;\n buf_c := 'x'; \n"
                        + "  dbms_lob.write(loc_c, 1, 1, buf_c);\nEND;");
    }

    /** A LOB or XML row of OE.DOCS as LogMiner labels it (STATUS aside). */
    RedoRecord lob(long scn, String xid, OperationCode op, String rowId, String sqlRedo) {
        return row(scn, xid, op, op.name(), false, "OE", "DOCS", rowId, sqlRedo);
    }

    RedoRecord internal(long scn, String xid) {
        return row(scn, xid, OperationCode.INTERNAL, "INTERNAL", false, null, null, null, null);
    }

    /** {@code record} as LogMiner mined it with {@code status} and {@code info}, of object {@code dataObj}. */
    static RedoRecord mined(RedoRecord record, int status, String info, long dataObj) {
        RedoRecord r = record;
        return new RedoRecord(r.scn(), r.timestamp(), r.thread(), r.xid(), r.operation(), r.operationCode(),
                r.rollback(), status, info, r.container(), r.segOwner(), r.tableName(), dataObj, r.rowId(), r.rsId(), r.ssn(),
                r.sqlRedo(), r.sqlUndo(), r.log(), r.index(), r.line());
    }

    /** {@code r} with another OPERATION_CODE and OPERATION, such as one this version does not know. */
    static RedoRecord withOperation(RedoRecord r, int code, String operation) {
        return new RedoRecord(r.scn(), r.timestamp(), r.thread(), r.xid(), operation, code, r.rollback(), r.status(),
                r.info(), r.container(), r.segOwner(), r.tableName(), r.dataObj(), r.rowId(), r.rsId(), r.ssn(),
                r.sqlRedo(), r.sqlUndo(), r.log(), r.index(), r.line());
    }

    /** {@code r} as mined in CDB$ROOT from the redo of PDB {@code container} (V$LOGMNR_CONTENTS.SRC_CON_NAME). */
    static RedoRecord inContainer(RedoRecord r, String container) {
        return new RedoRecord(r.scn(), r.timestamp(), r.thread(), r.xid(), r.operation(), r.operationCode(),
                r.rollback(), r.status(), r.info(), container, r.segOwner(), r.tableName(), r.dataObj(), r.rowId(),
                r.rsId(), r.ssn(), r.sqlRedo(), r.sqlUndo(), r.log(), r.index(), r.line());
    }

    private RedoRecord change(long scn, String xid, boolean rollback, String rowId, String sqlRedo) {
        String verb = sqlRedo.substring(0, sqlRedo.indexOf(' ')).toUpperCase();
        OperationCode op = OperationCode.valueOf(verb);
        Matcher table = TABLE.matcher(sqlRedo);
        if (!table.find()) {
            throw new IllegalArgumentException("no table in " + sqlRedo);
        }
        return row(scn, xid, op, verb, rollback, table.group(1), table.group(2), rowId, sqlRedo);
    }

    RedoRecord row(long scn, String xid, OperationCode op, String operation, boolean rollback, String owner,
                   String table, String rowId, String sqlRedo) {
        long index = nextIndex++;
        String rsId = String.format(" 0x%06x.%08x.%04x ", id.sequence(), 0x13f5 + index, (index * 0x18) % 0x200);
        String timestamp = String.format("2026-03-01 10:%02d:%02d", (scn / 60) % 60, scn % 60);
        return new RedoRecord(scn, timestamp, id.thread(), Xid.fromRaw(xid), operation, op.code(), rollback, 0,
                null, null, owner, table, owner == null ? null : 74_562L, rowId, rsId, 0, sqlRedo, null, id, index,
                index + 2);
    }
}
