package io.redocdc.operators.txn;

import static io.redocdc.operators.txn.TransactionAssemblerTest.ROW_1;
import static io.redocdc.operators.txn.TransactionAssemblerTest.ROW_2;
import static io.redocdc.operators.txn.TransactionAssemblerTest.XID_A;
import static io.redocdc.operators.txn.TransactionAssemblerTest.XID_B;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.redocdc.operators.lcr.Lcr;
import io.redocdc.source.event.FrontierEvent;
import org.apache.flink.runtime.checkpoint.OperatorSubtaskState;
import org.junit.jupiter.api.Test;

/**
 * Issue 10, defect 6b: {@code stop --drain} makes the source send the maximum watermark while logs are unread.
 * Here XID_A's COMMIT is read but a row of it sits in an unread log of thread 2: emitting it would be a partial
 * transaction; XID_B committed earlier in that unread log would then come out of order.
 */
class DrainTest {

    private final RedoLog thread1 = RedoLog.of(1, 679);

    @Test
    void theMaximumWatermarkBeforeEveryLogIsReadIsRefusedAndEmitsNothing() throws Exception {
        try (AssemblerHarness h = AssemblerHarness.open(StateBackendKind.HEAP)) {
            h.feed(thread1.start(100, XID_A), thread1.dml(101, XID_A, ROW_1, Sql.insert(1, "a")),
                    thread1.commit(300, XID_A));
            h.watermark(150); // the frontier: thread 2's log from SCN 151 on is unread
            assertThatThrownBy(() -> h.watermark(Long.MAX_VALUE))
                    .isInstanceOf(DrainGuard.DrainRefusedException.class)
                    .hasMessageContaining("stop --drain")
                    .hasMessageContaining("completed-SCN frontier 151")
                    .hasMessageContaining("Stop without --drain");
            assertThat(h.lcrs()).as("no transaction past the frontier").isEmpty();
        }
    }

    @Test
    void afterEveryLogIsReadTheMaximumWatermarkEndsTheInputNormally() throws Exception {
        RedoLog thread2 = RedoLog.of(2, 412);
        try (AssemblerHarness h = AssemblerHarness.open(StateBackendKind.HEAP)) {
            h.feed(thread1.start(100, XID_A), thread1.dml(101, XID_A, ROW_1, Sql.insert(1, "a")),
                    thread1.commit(300, XID_A), thread2.start(160, XID_B),
                    thread2.dml(161, XID_B, ROW_2, Sql.insert(2, "b")), thread2.commit(170, XID_B));
            h.watermark(FrontierEvent.ALL_READ_WATERMARK).watermark(Long.MAX_VALUE);
            assertThat(h.lcrs()).extracting(Lcr::xid).containsExactly(XID_B, XID_A);
        }
    }

    /** Sources that finished before the checkpoint replay only the maximum watermark after a restore. */
    @Test
    void aRestoreAfterEveryLogWasReadAcceptsTheMaximumWatermarkAlone() throws Exception {
        OperatorSubtaskState state;
        try (AssemblerHarness h = AssemblerHarness.open(StateBackendKind.HEAP)) {
            state = h.watermark(FrontierEvent.ALL_READ_WATERMARK).snapshot(1);
        }
        try (AssemblerHarness h = AssemblerHarness.restore(AssemblerOptions.defaults(), StateBackendKind.HEAP,
                state)) {
            h.watermark(Long.MAX_VALUE);
            assertThat(h.lcrs()).isEmpty();
        }
    }
}
