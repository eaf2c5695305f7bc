package io.redocdc.operators.txn;

import static org.assertj.core.api.Assertions.assertThat;

import io.redocdc.source.model.OperationCode;
import io.redocdc.source.model.RedoRecord;
import java.util.List;
import org.apache.flink.streaming.api.operators.StreamFilter;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.streaming.util.OneInputStreamOperatorTestHarness;
import org.junit.jupiter.api.Test;

class CaptureFilterTest {

    private static final String XID = TransactionAssemblerTest.XID_A;

    private static List<RedoRecord> passed(TableFilter tables, RedoRecord... records) throws Exception {
        try (var harness = new OneInputStreamOperatorTestHarness<>(new StreamFilter<>(new CaptureFilter(tables)))) {
            harness.open();
            for (RedoRecord record : records) {
                harness.processElement(new StreamRecord<>(record, record.scn()));
            }
            return harness.extractOutputValues();
        }
    }

    @Test
    void keepsTransactionControlAndCapturedRowsDropsTheRest() throws Exception {
        RedoLog log = RedoLog.of(1, 679);
        RedoRecord start = log.start(1, XID);
        RedoRecord internal = log.internal(2, XID);
        RedoRecord captured = log.dml(3, XID, "AAAR+oAAFAAAARfACA", Sql.insert(1, "a"));
        RedoRecord sys = log.row(4, XID, OperationCode.UPDATE, "UPDATE", false, "SYS", "SEQ$", "AAAAAAAAAAAAAAAAAA",
                "update \"SYS\".\"SEQ$\" set \"HIGHWATER\" = '21' where \"OBJ#\" = '72'");
        RedoRecord uncapturedUndo = log.row(5, "0A000C00FFFFFFFF", OperationCode.DELETE, "DELETE", true, "HR", "JOBS",
                "AAAR+oAAFAAAARfACB", "delete from \"HR\".\"JOBS\" where ROWID = 'AAAR+oAAFAAAARfACB'");
        RedoRecord selectForUpdate = log.row(6, XID, OperationCode.SELECT_FOR_UPDATE, "SELECT_FOR_UPDATE", false,
                "OE", "ORDERS", "AAAR+oAAFAAAARfACA", "select * from \"OE\".\"ORDERS\" where ROWID = 'x' for update");
        RedoRecord ddl = log.ddl(7, XID, "OE", "ORDERS", "truncate table \"OE\".\"ORDERS\"");
        RedoRecord commit = log.commit(8, XID);
        RedoRecord rollback = log.rollback(9, XID);

        TableFilter oeOnly = TableFilter.of(List.of("OE.*"), TableFilter.DEFAULT_EXCLUDE);
        assertThat(passed(oeOnly, start, internal, captured, sys, uncapturedUndo, selectForUpdate, ddl, commit,
                rollback)).containsExactly(start, captured, ddl, commit, rollback);
    }

    /**
     * An INTERNAL row with a captured row's real ROWID ends a LOB statement that an undo row may reverse
     * (LobSavepointRollbackTest): the assembler keeps it as a marker. Others never end such a statement.
     */
    @Test
    void keepsInternalRowsOfCapturedRowsAsUndoMarkersOnly() throws Exception {
        RedoLog log = RedoLog.of(1, 679);
        RedoRecord marker = internal(log, 1, XID, false, "OE", "DOCS", "AAAR+oAAFAAAARfACA");
        RedoRecord placeholder = internal(log, 2, XID, false, "OE", "DOCS", "AAAAAAAAAAAAAAAAAA");
        RedoRecord uncaptured = internal(log, 3, XID, false, "HR", "DOCS", "AAAR+oAAFAAAARfACA");
        RedoRecord rolledBack = internal(log, 4, XID, true, "OE", "DOCS", "AAAR+oAAFAAAARfACA");
        RedoRecord noTable = internal(log, 5, XID, false, null, null, "AAAR+oAAFAAAARfACA");
        RedoRecord noXid = internal(log, 6, "0000000000000000", false, "OE", "DOCS", "AAAR+oAAFAAAARfACA");
        TableFilter oeOnly = TableFilter.of(List.of("OE.*"), TableFilter.DEFAULT_EXCLUDE);
        assertThat(passed(oeOnly, marker, placeholder, uncaptured, rolledBack, noTable, noXid))
                .containsExactly(marker);
    }

    private static RedoRecord internal(RedoLog log, long scn, String xid, boolean rollback, String owner,
                                       String table, String rowId) {
        return log.row(scn, xid, OperationCode.INTERNAL, "INTERNAL", rollback, owner, table, rowId, null);
    }

    @Test
    void keepsADmlRowWithoutSegOwnerForTheAssemblerToDecide() throws Exception {
        RedoLog log = RedoLog.of(1, 679);
        RedoRecord anonymous = log.row(3, XID, OperationCode.INSERT, "INSERT", false, null, null,
                "AAAR+oAAFAAAARfACA", Sql.insert(1, "a"));
        RedoRecord anonymousLob = log.row(4, XID, OperationCode.LOB_WRITE, "LOB_WRITE", false, null, null,
                "AAAR+oAAFAAAARfACA", "...");
        assertThat(passed(TableFilter.defaults(), anonymous, anonymousLob)).containsExactly(anonymous);
    }

    /**
     * The no-dictionary DELETE of oracle-reference/logminer-sql_redo-without-dictionary.txt (block 3) and a
     * recycle-bin name pass an include list that names neither; the exclude list (SYS.* by default) still applies.
     * Other operations of such tables (LOB, DDL) stay filtered as before.
     */
    @Test
    void keepsRowChangesOfTablesLogMinerCouldNotNameWhateverTheIncludeList() throws Exception {
        RedoLog log = RedoLog.of(1, 679);
        String xid = "02001B00FF060000";
        RedoRecord unknown = log.dml(11568453, xid, "AAAR+oAAFAAAARfACG", "delete from \"UNKNOWN\".\"OBJ# 73640\" "
                + "where \"COL 1\" = HEXTORAW('c30a3026') and \"COL 5\" = HEXTORAW('c30947')");
        RedoRecord recycled = log.dml(11568454, xid, "AAAR+oAAFAAAARfACH",
                "update \"HR\".\"BIN$IBvdtO4bKWbgRAADuhO6Yw==$0\" set \"NOTE\" = 'x' where \"ID\" = '1'");
        RedoRecord sysRecycled = log.dml(11568455, xid, "AAAR+oAAFAAAARfACI",
                "update \"SYS\".\"BIN$NEZqOOkqZdrgRAADung28g==$0\" set \"X\" = '1' where \"X\" = '0'");
        RedoRecord schemaCalledUnknown = log.dml(11568456, xid, "AAAR+oAAFAAAARfACJ",
                "insert into \"UNKNOWN\".\"ORDERS\"(\"ID\") values ('1')");
        RedoRecord unknownLob = log.lobWrite(11568457, xid, "UNKNOWN", "OBJ# 73640", "AAAR+oAAFAAAARfACG",
                "\"COL 1\" = HEXTORAW('c30a3026')");
        RedoRecord unknownDdl = log.ddl(11568458, xid, "UNKNOWN", "OBJ# 73640",
                "alter table \"UNKNOWN\".\"OBJ# 73640\" add (\"C\" NUMBER)");

        TableFilter oeOnly = TableFilter.of(List.of("OE.*"), TableFilter.DEFAULT_EXCLUDE);
        assertThat(passed(oeOnly, unknown, recycled, sysRecycled, schemaCalledUnknown, unknownLob, unknownDdl))
                .containsExactly(unknown, recycled);
        assertThat(passed(TableFilter.of(List.of("OE.*"), List.of("UNKNOWN.*")), unknown, recycled))
                .containsExactly(recycled);
    }

    /**
     * Rows outside any transaction carry a NULL or all-zero XID (debezium/debezium pull request 8077: START rows
     * among them): they are dropped, not keyed to a slot where a START would stay open for ever. DDL whose INFO
     * starts with 'INTERNAL DDL' (the database's recursive DDL, skipped by public LogMiner clients such as
     * Debezium) is dropped too; 'USER DDL' passes.
     */
    @Test
    void dropsRowsWithoutXidAndInternalDdl() throws Exception {
        RedoLog log = RedoLog.of(1, 679);
        String none = "0000000000000000";
        RedoRecord startWithoutXid = log.start(1, none);
        RedoRecord ddlWithoutXid = log.ddl(2, none, "OE", "ORDERS", "truncate table \"OE\".\"ORDERS\"");
        RedoRecord insertWithoutXid = log.dml(3, none, "AAAR+oAAFAAAARfACA", Sql.insert(1, "a"));
        RedoRecord commitWithoutXid = log.commit(4, none);
        RedoRecord internalDdl = withInfo(log.ddl(5, XID, "OE", "ORDERS", "truncate table \"OE\".\"ORDERS\""),
                "INTERNAL DDL");
        RedoRecord userDdl = withInfo(log.ddl(6, XID, "OE", "ORDERS", "truncate table \"OE\".\"ORDERS\""),
                "USER DDL");
        RedoRecord start = log.start(7, XID);

        assertThat(passed(TableFilter.defaults(), startWithoutXid, ddlWithoutXid, insertWithoutXid, commitWithoutXid,
                internalDdl, userDdl, start)).containsExactly(userDdl, start);
    }

    private static RedoRecord withInfo(RedoRecord r, String info) {
        return RedoLog.mined(r, r.status(), info, r.dataObj());
    }
}
