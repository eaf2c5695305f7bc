package io.redocdc.operators.ordering;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.redocdc.operators.lcr.ColumnValue;
import io.redocdc.operators.lcr.Lcr;
import io.redocdc.operators.lcr.LcrCommand;
import io.redocdc.operators.lcr.Position;
import io.redocdc.operators.testing.StepMails;
import io.redocdc.operators.txn.AssemblerOptions;
import io.redocdc.operators.txn.StateBackendKind;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.runtime.checkpoint.OperatorSubtaskState;
import org.apache.flink.runtime.state.VoidNamespace;
import org.apache.flink.runtime.state.VoidNamespaceSerializer;
import org.apache.flink.streaming.api.watermark.Watermark;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.streaming.runtime.tasks.mailbox.TaskMailbox;
import org.apache.flink.streaming.util.KeyedOneInputStreamOperatorTestHarness;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

class CommitSequencerTest {

    /** The LCRs of one transaction as an assembler subtask emits them. */
    private record Txn(String xid, long commitScn, int thread, long sequence, long commitIndex, int size) {
        Lcr lcr(int ordinal) {
            long scn = commitScn - size + ordinal;
            return new Lcr("ORCL", null, "OE", "ORDERS", LcrCommand.INSERT, xid, scn, commitScn, thread,
                    String.format(" 0x%06x.%08x.0010 ", sequence, 0x13f5 + ordinal), 0, "2026-03-01 10:00:00",
                    new ColumnValue[0], new ColumnValue[] {ColumnValue.ofString("ID", xid + "/" + ordinal)}, null,
                    ordinal, ordinal == size - 1, Position.of(commitScn, thread, sequence, commitIndex, ordinal, scn).toHex());
        }

        List<Lcr> lcrs() {
            List<Lcr> all = new ArrayList<>();
            for (int i = 0; i < size; i++) {
                all.add(lcr(i));
            }
            return all;
        }
    }

    private static KeyedOneInputStreamOperatorTestHarness<Integer, Lcr, Lcr> open(StateBackendKind backend,
            OperatorSubtaskState restoreFrom) throws Exception {
        return open(new CommitSequencerOperator(AssemblerOptions.DEFAULT_EMISSION_STEP, false), backend, restoreFrom);
    }

    private static KeyedOneInputStreamOperatorTestHarness<Integer, Lcr, Lcr> open(CommitSequencerOperator operator,
            StateBackendKind backend, OperatorSubtaskState restoreFrom) throws Exception {
        var harness = new KeyedOneInputStreamOperatorTestHarness<>(operator, lcr -> 0, Types.INT);
        harness.setStateBackend(backend.create());
        if (restoreFrom != null) {
            harness.initializeState(restoreFrom);
        }
        harness.open();
        return harness;
    }

    private static void feed(KeyedOneInputStreamOperatorTestHarness<Integer, Lcr, Lcr> harness, Lcr... lcrs)
            throws Exception {
        for (Lcr lcr : lcrs) {
            harness.processElement(new StreamRecord<>(lcr, lcr.commitScn()));
        }
    }

    private static List<String> ids(List<Lcr> lcrs) {
        return lcrs.stream().map(lcr -> lcr.newValues()[0].text()).toList();
    }

    @ParameterizedTest
    @EnumSource(StateBackendKind.class)
    void transactionsFromTwoSubtasksComeOutInCommitOrder(StateBackendKind backend) throws Exception {
        Txn late = new Txn("0A000C003C020000", 200, 1, 679, 40, 2);
        Txn early = new Txn("03001500D7040000", 150, 1, 679, 12, 3);
        try (var harness = open(backend, null)) {
            // Subtask 1 emitted "late" whole, subtask 2 "early"; the network interleaves them.
            feed(harness, late.lcr(0), early.lcr(0), early.lcr(1), late.lcr(1), early.lcr(2));
            harness.processWatermark(new Watermark(250));
            List<Lcr> out = harness.extractOutputValues();
            assertThat(ids(out)).containsExactly("03001500D7040000/0", "03001500D7040000/1", "03001500D7040000/2",
                    "0A000C003C020000/0", "0A000C003C020000/1");
            assertThat(out).extracting(Lcr::positionValue).isSorted();
            assertThat(harness.extractOutputStreamRecords()).extracting(StreamRecord::getTimestamp)
                    .containsExactly(150L, 150L, 150L, 200L, 200L);
        }
    }

    @Test
    void equalCommitScnsOrderByThreadThenByTheCommitRecordsPlace() throws Exception {
        Txn thread2 = new Txn("05000100AA000000", 300, 2, 50, 1, 1);
        Txn thread1Later = new Txn("0A000C003C020000", 300, 1, 680, 9, 1);
        Txn thread1Earlier = new Txn("03001500D7040000", 300, 1, 680, 5, 1);
        Txn thread1PreviousLog = new Txn("04000200BB000000", 300, 1, 679, 900, 1);
        try (var harness = open(StateBackendKind.HEAP, null)) {
            feed(harness, thread2.lcr(0), thread1Later.lcr(0), thread1Earlier.lcr(0), thread1PreviousLog.lcr(0));
            harness.processWatermark(new Watermark(300));
            assertThat(ids(harness.extractOutputValues())).containsExactly("04000200BB000000/0",
                    "03001500D7040000/0", "0A000C003C020000/0", "05000100AA000000/0");
        }
    }

    @Test
    void nothingLeavesBeforeTheWatermarkPassesItsCommitScn() throws Exception {
        Txn first = new Txn("03001500D7040000", 150, 1, 679, 12, 2);
        Txn second = new Txn("0A000C003C020000", 200, 1, 679, 40, 1);
        try (var harness = open(StateBackendKind.HEAP, null)) {
            feed(harness, second.lcr(0), first.lcr(0), first.lcr(1));
            harness.processWatermark(new Watermark(149));
            assertThat(harness.extractOutputValues()).isEmpty();
            harness.processWatermark(new Watermark(199));
            assertThat(ids(harness.extractOutputValues()))
                    .containsExactly("03001500D7040000/0", "03001500D7040000/1");
            harness.processWatermark(new Watermark(200));
            assertThat(harness.extractOutputValues()).hasSize(3);
        }
    }

    @Test
    void anIncompleteTransactionAtItsWatermarkIsABug() throws Exception {
        Txn txn = new Txn("0A000C003C020000", 200, 1, 679, 40, 3);
        try (var harness = open(StateBackendKind.HEAP, null)) {
            feed(harness, txn.lcr(0), txn.lcr(1));
            assertThatThrownBy(() -> harness.processWatermark(new Watermark(200)))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("has 2 LCR(s) but not its last");
        }
    }

    @Test
    void aGapInATransactionsOrdinalsFailsLoudly() throws Exception {
        Txn txn = new Txn("0A000C003C020000", 200, 1, 679, 40, 3);
        try (var harness = open(StateBackendKind.HEAP, null)) {
            feed(harness, txn.lcr(0));
            assertThatThrownBy(() -> feed(harness, txn.lcr(2))).isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("is not the next of its transaction: 1 received");
        }
    }

    @Test
    void anLcrArrivingAfterItsWatermarkOrTwiceFailsLoudly() throws Exception {
        Txn txn = new Txn("0A000C003C020000", 200, 1, 679, 40, 2);
        try (var harness = open(StateBackendKind.HEAP, null)) {
            feed(harness, txn.lcr(0), txn.lcr(1));
            assertThatThrownBy(() -> feed(harness, txn.lcr(1))).isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("duplicate");
            harness.processWatermark(new Watermark(300));
            Txn late = new Txn("03001500D7040000", 250, 1, 679, 30, 1);
            assertThatThrownBy(() -> feed(harness, late.lcr(0))).isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("after the watermark");
        }
    }

    @ParameterizedTest
    @EnumSource(StateBackendKind.class)
    void bufferAndProcessedLowPositionSurviveARestore(StateBackendKind backend) throws Exception {
        Txn first = new Txn("03001500D7040000", 150, 1, 679, 12, 1);
        Txn second = new Txn("0A000C003C020000", 200, 1, 679, 40, 2);
        Txn stale = new Txn("04000200BB000000", 140, 1, 679, 20, 1);
        OperatorSubtaskState state;
        try (var harness = open(backend, null)) {
            feed(harness, first.lcr(0), second.lcr(0));
            harness.processWatermark(new Watermark(150));
            assertThat(harness.extractOutputValues()).hasSize(1);
            state = harness.snapshot(1, 10);
        }
        try (var harness = open(backend, state)) {
            feed(harness, second.lcr(1));
            harness.processWatermark(new Watermark(200));
            assertThat(ids(harness.extractOutputValues()))
                    .containsExactly("0A000C003C020000/0", "0A000C003C020000/1");
        }
        try (var harness = open(backend, state)) {
            // A transaction ordered before the processed low position would break commit order.
            feed(harness, stale.lcr(0));
            assertThatThrownBy(() -> harness.processWatermark(new Watermark(145)))
                    .isInstanceOf(IllegalStateException.class).hasMessageContaining("commit order broken");
        }
    }

    /**
     * Checkpoints of the builds up to dbccffc hold a timer per pending commit SCN in "user-timers" and (from 4d4fb4a)
     * an index of the pending transactions by commit SCN. Here both are written into a checkpoint as those builds did:
     * the timers fire and do nothing, the headers say what is pending, and the index is cleared.
     */
    @ParameterizedTest
    @EnumSource(StateBackendKind.class)
    void aCheckpointOfTheTimerBuildsRestores(StateBackendKind backend) throws Exception {
        Txn first = new Txn("03001500D7040000", 150, 1, 679, 12, 2);
        Txn sameScn = new Txn("0A000C003C020000", 150, 2, 412, 40, 1);
        Txn later = new Txn("04000200BB000000", 200, 1, 679, 60, 1);
        OperatorSubtaskState timerBuilds;
        try (var harness = open(backend, null)) {
            feed(harness, later.lcr(0), first.lcr(0), sameScn.lcr(0), first.lcr(1));
            CommitSequencerOperator operator = (CommitSequencerOperator) harness.getOperator();
            operator.setCurrentKey(0);
            var timers = operator.getInternalTimerService("user-timers", VoidNamespaceSerializer.INSTANCE, operator);
            timers.registerEventTimeTimer(VoidNamespace.INSTANCE, 150);
            timers.registerEventTimeTimer(VoidNamespace.INSTANCE, 200);
            index(operator).put(150L, new String[] {first.lcr(0).positionValue().transactionId()});
            timerBuilds = harness.snapshot(1, 10);
        }
        try (var harness = open(backend, timerBuilds)) {
            CommitSequencerOperator operator = (CommitSequencerOperator) harness.getOperator();
            operator.setCurrentKey(0);
            assertThat(index(operator).isEmpty()).as("the index is cleared").isTrue();
            harness.processWatermark(new Watermark(200));
            assertThat(ids(harness.extractOutputValues())).containsExactly("03001500D7040000/0",
                    "03001500D7040000/1", "0A000C003C020000/0", "04000200BB000000/0");
        }
    }

    private static org.apache.flink.api.common.state.MapState<Long, String[]> index(CommitSequencerOperator operator)
            throws Exception {
        return operator.getKeyedStateBackend().getPartitionedState(VoidNamespace.INSTANCE,
                VoidNamespaceSerializer.INSTANCE, SequencerState.pendingByCommitScn());
    }

    /**
     * LCRs wait on the heap within the budget; beyond it and at every checkpoint they go to keyed state, and come
     * out of it the same. Budgets: none (every LCR goes to state), one LCR, and the default (only the checkpoint).
     */
    @ParameterizedTest
    @CsvSource({"HEAP,0", "HEAP,400", "HEAP,67108864", "ROCKSDB,0", "ROCKSDB,400", "ROCKSDB,67108864"})
    void lcrsBeyondTheHeapBudgetOrAtACheckpointWaitInStateAndComeOutTheSame(StateBackendKind backend, long budget)
            throws Exception {
        Txn large = new Txn("0A000C003C020000", 200, 1, 679, 40, 25);
        Txn small = new Txn("03001500D7040000", 150, 2, 412, 12, 3);
        Txn next = new Txn("04000200BB000000", 210, 1, 679, 60, 4);
        List<Lcr> out = new ArrayList<>();
        OperatorSubtaskState checkpoint;
        try (var harness = open(new CommitSequencerOperator(10, false, budget), backend, null)) {
            feed(harness, large.lcrs().subList(0, 20).toArray(Lcr[]::new));
            feed(harness, small.lcrs().toArray(Lcr[]::new));
            CommitSequencerOperator operator = (CommitSequencerOperator) harness.getOperator();
            assertThat(storedLcrs(operator)).as("LCRs in state before the checkpoint")
                    .isEqualTo(budget == 0 ? 23 : budget == 400 ? 22 : 0);
            checkpoint = harness.snapshot(1, 10);
            assertThat(storedLcrs(operator)).as("at the checkpoint all of them").isEqualTo(23);
            feed(harness, large.lcrs().subList(20, 25).toArray(Lcr[]::new));
            feed(harness, next.lcrs().toArray(Lcr[]::new));
            harness.processWatermark(new Watermark(210));
            runMails(harness);
            out.addAll(harness.extractOutputValues());
            assertThat(storedLcrs(operator)).as("nothing left in state").isZero();
            assertThat(storedHeaders(operator)).isZero();
        }
        List<Lcr> expected = new ArrayList<>(small.lcrs());
        expected.addAll(large.lcrs());
        expected.addAll(next.lcrs());
        assertThat(ids(out)).isEqualTo(ids(expected));
        try (var harness = open(new CommitSequencerOperator(10, false, budget), backend, checkpoint)) {
            feed(harness, large.lcrs().subList(20, 25).toArray(Lcr[]::new));
            feed(harness, next.lcrs().toArray(Lcr[]::new));
            harness.processWatermark(new Watermark(210));
            runMails(harness);
            assertThat(ids(harness.extractOutputValues())).as("after a restore").isEqualTo(ids(expected));
        }
    }

    private static int storedLcrs(CommitSequencerOperator operator) throws Exception {
        operator.setCurrentKey(0);
        return count(operator.getKeyedStateBackend().getPartitionedState(VoidNamespace.INSTANCE,
                VoidNamespaceSerializer.INSTANCE, SequencerState.bufferedLcrs()).keys());
    }

    private static int storedHeaders(CommitSequencerOperator operator) throws Exception {
        operator.setCurrentKey(0);
        return count(operator.getKeyedStateBackend().getPartitionedState(VoidNamespace.INSTANCE,
                VoidNamespaceSerializer.INSTANCE, SequencerState.pendingTransactions()).keys());
    }

    private static int count(Iterable<?> keys) {
        int n = 0;
        for (Object ignored : keys) {
            n++;
        }
        return n;
    }

    /** Runs the queued emission steps, as the task would between inputs; returns how many ran. */
    private static int runMails(KeyedOneInputStreamOperatorTestHarness<Integer, Lcr, Lcr> harness) throws Exception {
        return StepMails.runAllSteps(harness.getTaskMailbox());
    }

    private static List<Long> watermarks(KeyedOneInputStreamOperatorTestHarness<Integer, Lcr, Lcr> harness) {
        return harness.getOutput().stream().filter(Watermark.class::isInstance)
                .map(mark -> ((Watermark) mark).getTimestamp()).toList();
    }

    @ParameterizedTest
    @EnumSource(StateBackendKind.class)
    void aLargeTransactionGoesOutInStepsAcrossACheckpoint(StateBackendKind backend) throws Exception {
        Txn large = new Txn("0A000C003C020000", 200, 1, 679, 40, 25);
        Txn next = new Txn("03001500D7040000", 210, 1, 679, 60, 2);
        List<Lcr> before;
        OperatorSubtaskState checkpoint;
        try (var harness = open(new CommitSequencerOperator(10, false), backend, null)) {
            feed(harness, large.lcrs().toArray(Lcr[]::new));
            harness.processWatermark(new Watermark(200));
            assertThat(harness.extractOutputValues()).as("the first step").hasSize(10);
            feed(harness, next.lcrs().toArray(Lcr[]::new)); // input goes on between steps
            harness.processWatermark(new Watermark(210));
            assertThat(watermarks(harness)).as("watermarks wait for what they released").isEmpty();
            assertThat(StepMails.runNextStep(harness.getTaskMailbox())).isTrue();
            assertThat(harness.extractOutputValues()).hasSize(20);
            checkpoint = harness.snapshot(1, 10);
            before = harness.extractOutputValues();
        }
        try (var harness = open(new CommitSequencerOperator(10, false), backend, checkpoint)) {
            // the timer of the transaction part way out fired before the checkpoint: the restore registers it again
            harness.processWatermark(new Watermark(205));
            runMails(harness);
            List<Lcr> all = new ArrayList<>(before);
            all.addAll(harness.extractOutputValues());
            assertThat(ids(all)).isEqualTo(ids(large.lcrs()));
            harness.processWatermark(new Watermark(210));
            all.addAll(harness.extractOutputValues().subList(all.size() - before.size(),
                    harness.extractOutputValues().size()));
            List<Lcr> expected = new ArrayList<>(large.lcrs());
            expected.addAll(next.lcrs());
            assertThat(ids(all)).isEqualTo(ids(expected));
            assertThat(watermarks(harness)).containsExactly(205L, 210L);
        }
    }

    @ParameterizedTest
    @EnumSource(StateBackendKind.class)
    void forSinksOfWholeTransactionsAStepEndsOnlyBetweenTransactions(StateBackendKind backend) throws Exception {
        Txn first = new Txn("0A000C003C020000", 200, 1, 679, 40, 25);
        Txn second = new Txn("03001500D7040000", 201, 1, 679, 60, 3);
        try (var harness = open(new CommitSequencerOperator(10, true), backend, null)) {
            feed(harness, first.lcrs().toArray(Lcr[]::new));
            feed(harness, second.lcrs().toArray(Lcr[]::new));
            harness.processWatermark(new Watermark(201));
            assertThat(ids(harness.extractOutputValues())).isEqualTo(ids(first.lcrs()));
            assertThat(runMails(harness)).isOne();
            assertThat(harness.extractOutputValues()).hasSize(28);
            assertThat(watermarks(harness)).containsExactly(201L);
        }
    }
}
