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

    @Test
    void keepsADmlRowWithoutSegOwnerForTheAssemblerToDecide() throws Exception {
        RedoLog log = RedoLog.of(1, 679);
        RedoRecord anonymous = log.row(3, XID, OperationCode.INSERT, "INSERT", false, null, null,
                "AAAR+oAAFAAAARfACA", Sql.insert(1, "a"));
        RedoRecord anonymousLob = log.row(4, XID, OperationCode.LOB_WRITE, "LOB_WRITE", false, null, null,
                "AAAR+oAAFAAAARfACA", "...");
        assertThat(passed(TableFilter.defaults(), anonymous, anonymousLob)).containsExactly(anonymous);
    }
}
