package io.redocdc.operators.txn;

import static io.redocdc.operators.txn.TransactionAssemblerTest.ROW_1;
import static io.redocdc.operators.txn.TransactionAssemblerTest.ROW_2;
import static io.redocdc.operators.txn.TransactionAssemblerTest.ROW_3;
import static io.redocdc.operators.txn.TransactionAssemblerTest.XID_A;
import static io.redocdc.operators.txn.TransactionAssemblerTest.XID_A_NEXT;
import static io.redocdc.operators.txn.TransactionAssemblerTest.XID_A_PARTIAL;
import static io.redocdc.operators.txn.TransactionAssemblerTest.XID_B;
import static org.assertj.core.api.Assertions.assertThat;

import io.redocdc.operators.lcr.Lcr;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Issue 10, defect 6c: on RAC a transaction's end can be written by another thread than its START. When an
 * instance fails, "the SMON process in one surviving instance performs instance recovery of the failed
 * instance" (Oracle Database 11g HA Best Practices, 2.4.1) and rolls back its uncommitted transactions in the
 * surviving instance's redo thread; an in-doubt distributed transaction may be ended with COMMIT FORCE from
 * another instance. An XID names one transaction in the whole database, so START and end pair by XID (as
 * Debezium's LogMiner buffer keys transactions by XID alone), whatever thread wrote them.
 */
class CrossThreadTransactionTest {

    private final RedoLog thread1 = RedoLog.of(1, 679);
    private final RedoLog thread2 = RedoLog.of(2, 412);

    private static List<String> describe(List<Lcr> lcrs) {
        return lcrs.stream().map(lcr -> lcr.xid() + " " + lcr.command() + " ID="
                + (lcr.newValues().length > 0 ? lcr.newValues() : lcr.oldValues())[0].text()).toList();
    }

    @ParameterizedTest
    @EnumSource(StateBackendKind.class)
    void aCommitWrittenByAnotherThreadEmitsTheRowsOfTheStartsThread(StateBackendKind backend) throws Exception {
        try (AssemblerHarness h = AssemblerHarness.open(backend)) {
            h.feed(thread1.start(100, XID_A), thread1.dml(101, XID_A, ROW_1, Sql.insert(1, "a")),
                    thread1.dml(102, XID_A, ROW_2, Sql.insert(2, "b")),
                    thread2.start(103, XID_B), thread2.dml(104, XID_B, ROW_3, Sql.insert(3, "c")),
                    thread2.commit(105, XID_B),
                    thread2.commit(110, XID_A));
            h.watermark(200);
            assertThat(describe(h.lcrs())).containsExactly(XID_B + " INSERT ID=3", XID_A + " INSERT ID=1",
                    XID_A + " INSERT ID=2");
            assertThat(h.lcrs().get(2).transInd()).as("last of its transaction").isEqualTo(2);
            assertThat(h.operator.openTransactionCount()).isZero();
            assertThat(h.operator.slotsHoldingState()).as("nothing leaks").isZero();
        }
    }

    @ParameterizedTest
    @EnumSource(StateBackendKind.class)
    void aRollbackWrittenByTheRecoveringThreadDiscardsTheTransaction(StateBackendKind backend) throws Exception {
        try (AssemblerHarness h = AssemblerHarness.open(backend)) {
            // thread 1's instance fails; thread 2's SMON undoes the change (ROLLBACK=1) and writes the ROLLBACK
            h.feed(thread1.start(100, XID_A), thread1.dml(101, XID_A, ROW_1, Sql.insert(1, "lost")),
                    thread2.undo(120, XID_A_PARTIAL, ROW_1, Sql.undoInsert(ROW_1)),
                    thread2.rollback(121, XID_A));
            h.watermark(200);
            assertThat(h.lcrs()).isEmpty();
            assertThat(h.operator.openTransactionCount()).isZero();
            assertThat(h.operator.slotsHoldingState()).as("nothing leaks").isZero();
        }
    }

    @ParameterizedTest
    @EnumSource(StateBackendKind.class)
    void theSlotIsReusedOnTheFailedThreadAfterItsTransactionEndedElsewhere(StateBackendKind backend)
            throws Exception {
        try (AssemblerHarness h = AssemblerHarness.open(backend)) {
            h.feed(thread1.start(100, XID_A), thread1.dml(101, XID_A, ROW_1, Sql.insert(1, "a")),
                    // the instance of thread 1 comes back and reuses the slot before thread 2 was read
                    thread1.start(130, XID_A_NEXT), thread1.dml(131, XID_A_NEXT, ROW_2, Sql.insert(2, "b")),
                    thread1.commit(132, XID_A_NEXT),
                    thread2.commit(110, XID_A));
            h.watermark(120);
            assertThat(describe(h.lcrs())).containsExactly(XID_A + " INSERT ID=1");
            h.watermark(200);
            assertThat(describe(h.lcrs())).containsExactly(XID_A + " INSERT ID=1", XID_A_NEXT + " INSERT ID=2");
            assertThat(h.operator.slotsHoldingState()).isZero();
        }
    }

    /** Thread 1's end is finished first in redo order; the earlier transaction of the slot on thread 2 must not go. */
    @ParameterizedTest
    @EnumSource(StateBackendKind.class)
    void anEndOnALowerThreadWaitsForTheEarlierEndsOfItsStartsThread(StateBackendKind backend) throws Exception {
        try (AssemblerHarness h = AssemblerHarness.open(backend)) {
            h.feed(thread2.start(100, XID_A), thread2.dml(101, XID_A, ROW_1, Sql.insert(1, "a")),
                    thread2.commit(102, XID_A),
                    thread2.start(103, XID_A_NEXT), thread2.dml(104, XID_A_NEXT, ROW_2, Sql.insert(2, "b")),
                    thread1.commit(110, XID_A_NEXT));
            h.watermark(200);
            assertThat(describe(h.lcrs())).containsExactly(XID_A + " INSERT ID=1", XID_A_NEXT + " INSERT ID=2");
            assertThat(h.operator.slotsHoldingState()).isZero();
        }
    }
}
