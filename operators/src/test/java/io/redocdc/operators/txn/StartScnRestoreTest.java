package io.redocdc.operators.txn;

import static io.redocdc.operators.txn.TransactionAssemblerTest.ROW_1;
import static io.redocdc.operators.txn.TransactionAssemblerTest.ROW_2;
import static io.redocdc.operators.txn.TransactionAssemblerTest.XID_A;
import static io.redocdc.operators.txn.TransactionAssemblerTest.XID_B;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.redocdc.operators.lcr.Lcr;
import io.redocdc.source.model.RedoRecord;
import io.redocdc.source.model.Scn;
import java.util.List;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.runtime.checkpoint.OperatorSubtaskState;
import org.apache.flink.runtime.execution.SuppressRestartsException;
import org.apache.flink.streaming.util.AbstractStreamOperatorTestHarness;
import org.apache.flink.streaming.util.KeyedOneInputStreamOperatorTestHarness;
import org.apache.flink.util.ExceptionUtils;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Issue 10, defect 2: a restored job drops the transactions its first run dropped, because the start SCN lives in
 * the assembler's state; a restore that names another start SCN is refused, naming the option and both values.
 */
class StartScnRestoreTest {

    private static final long START = 105;
    private static final String OPTION = "--source.start-scn";

    /** XID_A commits below the start SCN (dropped), XID_B at it (captured). */
    private final RedoLog log = RedoLog.of(1, 679);
    private final RedoRecord[] beforeCheckpoint = {log.start(100, XID_A),
            log.dml(101, XID_A, ROW_1, Sql.insert(1, "before")), log.start(102, XID_B),
            log.dml(103, XID_B, ROW_2, Sql.insert(2, "after"))};
    private final RedoRecord[] afterCheckpoint = {log.commit(104, XID_A), log.commit(105, XID_B)};

    private static AssemblerOptions named(long scn) {
        return AssemblerOptions.builder().startScn(Scn.of(scn), OPTION).build();
    }

    private static List<String> xids(List<Lcr> lcrs) {
        return lcrs.stream().map(Lcr::xid).toList();
    }

    private OperatorSubtaskState checkpointOfAJobStartedAt(long start) throws Exception {
        try (AssemblerHarness h = AssemblerHarness.open(named(start), StateBackendKind.HEAP)) {
            return h.feed(beforeCheckpoint).watermark(99).snapshot(1);
        }
    }

    @Test
    void restoringWithoutTheStartOptionEqualsTheCleanRun() throws Exception {
        List<Lcr> clean;
        try (AssemblerHarness h = AssemblerHarness.open(named(START), StateBackendKind.HEAP)) {
            clean = h.feed(beforeCheckpoint).feed(afterCheckpoint).watermark(200).lcrs();
        }
        assertThat(xids(clean)).containsExactly(XID_B);

        OperatorSubtaskState state = checkpointOfAJobStartedAt(START);
        // no start option: the job's default start (0) must not replace the stored one
        try (AssemblerHarness h = AssemblerHarness.restore(AssemblerOptions.defaults(), StateBackendKind.HEAP,
                state)) {
            h.feed(afterCheckpoint).watermark(200);
            assertThat(h.lcrs()).usingRecursiveFieldByFieldElementComparator().isEqualTo(clean);
        }
    }

    @Test
    void restoringWithTheSameStartScnIsAccepted() throws Exception {
        OperatorSubtaskState state = checkpointOfAJobStartedAt(START);
        try (AssemblerHarness h = AssemblerHarness.restore(named(START), StateBackendKind.HEAP, state)) {
            h.feed(afterCheckpoint).watermark(200);
            assertThat(xids(h.lcrs())).containsExactly(XID_B);
        }
    }

    @ParameterizedTest(name = "named start SCN {0}")
    @ValueSource(longs = {0, 104, 106, 5000})
    void restoringWithAnotherStartScnFailsNamingTheOptionAndBothValues(long other) throws Exception {
        OperatorSubtaskState state = checkpointOfAJobStartedAt(START);
        assertThatThrownBy(() -> AssemblerHarness.restore(named(other), StateBackendKind.HEAP, state).close())
                .satisfies(e -> assertThat(ExceptionUtils.findThrowable(e, SuppressRestartsException.class))
                        .as("a restart would fail the same way").isPresent())
                .satisfies(e -> assertThat(ExceptionUtils.stringifyException(e))
                        .contains(OPTION + " " + other + " differs from the start SCN " + START)
                        .contains("Restore without " + OPTION + " (or with " + START + ")"));
    }

    /** Union state: after rescaling, a subtask that holds none of the old keys still knows the start SCN. */
    @Test
    void everySubtaskKeepsTheStoredStartScnAfterRescaling() throws Exception {
        int maxParallelism = 128;
        OperatorSubtaskState state;
        try (KeyedOneInputStreamOperatorTestHarness<Integer, RedoRecord, Lcr> first =
                     harness(named(START), maxParallelism, 1, 0)) {
            first.open();
            for (RedoRecord record : beforeCheckpoint) {
                first.processElement(record, record.scn());
            }
            state = first.snapshot(1, 10);
        }
        for (int subtask = 0; subtask < 2; subtask++) {
            OperatorSubtaskState part = AbstractStreamOperatorTestHarness.repartitionOperatorState(state,
                    maxParallelism, 1, 2, subtask);
            try (KeyedOneInputStreamOperatorTestHarness<Integer, RedoRecord, Lcr> harness =
                         harness(AssemblerOptions.defaults(), maxParallelism, 2, subtask)) {
                harness.initializeState(part);
                harness.open();
                assertThat(((TransactionAssemblerOperator) harness.getOperator()).startScn())
                        .as("subtask %d", subtask).isEqualTo(Scn.of(START));
            }
        }
    }

    private static KeyedOneInputStreamOperatorTestHarness<Integer, RedoRecord, Lcr> harness(
            AssemblerOptions options, int maxParallelism, int parallelism, int subtask) throws Exception {
        return new KeyedOneInputStreamOperatorTestHarness<>(new TransactionAssemblerOperator(options),
                RedoRecord::slotKey, Types.INT, maxParallelism, parallelism, subtask);
    }

    /** A savepoint of a build that kept no start SCN: the configured one applies, as it did then. */
    @Test
    void aCheckpointWithoutAStoredStartScnTakesTheConfiguredOne() throws Exception {
        OperatorSubtaskState full = checkpointOfAJobStartedAt(START);
        OperatorSubtaskState legacy = OperatorSubtaskState.builder()
                .setManagedKeyedState(full.getManagedKeyedState())
                .setRawKeyedState(full.getRawKeyedState())
                .build();
        try (AssemblerHarness h = AssemblerHarness.restore(named(START), StateBackendKind.HEAP, legacy)) {
            assertThat(h.operator.startScn()).isEqualTo(Scn.of(START));
            h.feed(afterCheckpoint).watermark(200);
            assertThat(xids(h.lcrs())).containsExactly(XID_B);
        }
    }
}
