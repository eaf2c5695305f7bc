package io.redocdc.job.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import io.redocdc.operators.lcr.Lcr;
import io.redocdc.sinks.files.FileFormat;
import io.redocdc.source.model.Scn;
import io.redocdc.tools.simulate.SimulationSettings;
import io.redocdc.tools.simulate.WorkloadSimulator;
import io.redocdc.tools.verify.TruthComparison;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.apache.flink.api.common.functions.MapFunction;
import org.apache.flink.api.common.state.CheckpointListener;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.runtime.state.FunctionInitializationContext;
import org.apache.flink.runtime.state.FunctionSnapshotContext;
import org.apache.flink.streaming.api.checkpoint.CheckpointedFunction;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.testutils.logging.LoggerAuditingExtension;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.slf4j.event.Level;

/**
 * Checkpoints complete while a large transaction is being emitted (issue 11, item 3): a simulated workload with
 * one 60,000-row transaction, read continuously so that no end of input drains it at once. Two probes pass the
 * LCRs on, each slowed to at least {@link CheckpointProbe#MIN_NANOS_PER_LCR} per LCR, and note the last LCR they
 * passed at each checkpoint they take part in: one chained to the transaction assembler (so the assembler's own
 * emission goes at the probe's pace), one between the commit sequencer and the file sink. A checkpoint that
 * completes with that LCR inside the large transaction (neither its first nor its last) was taken between two
 * emission steps of that stage. The slowing makes each stage's emission last at least 1.8 s, several checkpoint
 * intervals, on any machine; without it the assembler's emission took a few hundred milliseconds here, and a CI
 * run once saw no checkpoint fall inside it. The assembler also logs each checkpoint that finds an emission of its
 * own part way, and the output must still equal the simulator's truth.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class LargeTransactionCheckpointsITCase {

    private static final int LARGE_ROWS = 60_000;
    private static final String ASSEMBLER = "assembler";
    private static final String SEQUENCER = "sequencer";
    private static final Pattern MID_EMISSION =
            Pattern.compile("checkpoint (\\d+): \\d+ committed transaction\\(s\\) part way through their emission");

    @RegisterExtension
    static final MiniClusterExtension CLUSTER = new MiniClusterExtension(
            new MiniClusterResourceConfiguration.Builder().setNumberTaskManagers(1).setNumberSlotsPerTaskManager(2)
                    .build());

    @RegisterExtension
    final LoggerAuditingExtension assembler =
            new LoggerAuditingExtension("io.redocdc.operators.txn.TransactionAssemblerOperator", Level.INFO);

    @TempDir
    Path tmp;

    @ParameterizedTest
    @EnumSource(value = StateBackendKind.class, names = {"HASHMAP", "ROCKSDB"})
    void checkpointsCompleteWhileALargeTransactionIsEmitted(StateBackendKind backend) throws Exception {
        WorkloadSimulator.write(tmp, SimulationSettings.defaults().withSeed(11).withTransactions(300)
                .withLargeTransactionRows(LARGE_ROWS).withRowsPerLog(5000));
        JobOptions options = new JobOptions(tmp.resolve("redo"), tmp.resolve("output"), FileFormat.OGG_JSON, false, 2,
                backend, Duration.ofMillis(200), tmp.resolve("checkpoints"), null, Scn.ZERO, null,
                List.of("*.*"), null, "ORCL", Map.of(), false);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(
                JobConfiguration.of(options));
        CapturePipeline.build(env, options,
                committed -> committed.map(new CheckpointProbe(ASSEMBLER)).name("assembler-probe"),
                sequenced -> sequenced.map(new CheckpointProbe(SEQUENCER)).name("sequencer-probe")
                        .setParallelism(1));
        CheckpointProbe.COMPLETED.clear();
        CheckpointProbe.SIZES.clear();

        JobClient job = env.executeAsync("large transaction");
        try {
            awaitTruth(Duration.ofMinutes(3));
        } finally {
            job.cancel().get();
        }

        String large = CheckpointProbe.SIZES.entrySet().stream().max(Map.Entry.comparingByValue()).orElseThrow()
                .getKey();
        assertThat(CheckpointProbe.SIZES.get(large)).as("LCRs of the large transaction").isGreaterThan(LARGE_ROWS / 2);
        for (String probe : List.of(ASSEMBLER, SEQUENCER)) {
            assertThat(CheckpointProbe.completed(probe))
                    .as("the last LCR the %s probe passed at each completed checkpoint; the large transaction is %s",
                            probe, large)
                    .anyMatch(last -> last.xid().equals(large) && last.ordinal() > 0 && !last.lastInTransaction());
        }
        List<Long> assemblerMidEmission = assembler.getMessages().stream().map(MID_EMISSION::matcher)
                .filter(Matcher::find).map(found -> Long.parseLong(found.group(1))).toList();
        assertThat(assemblerMidEmission).as("checkpoints the assembler logged part way through its emission; "
                + "completed: %s", CheckpointProbe.completedIds()).anyMatch(CheckpointProbe.completedIds()::contains);
    }

    private void awaitTruth(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        Optional<String> difference = TruthComparison.firstDifference(tmp.resolve("expected"), tmp.resolve("output"));
        while (difference.isPresent()) {
            assertThat(System.nanoTime()).as("the output equals the truth in time; still: %s", difference.get())
                    .isLessThan(deadline);
            Thread.sleep(500);
            difference = TruthComparison.firstDifference(tmp.resolve("expected"), tmp.resolve("output"));
        }
    }

    /** The last LCR a probe subtask passed before a checkpoint's barrier. */
    record LastPassed(long checkpointId, String xid, int ordinal, boolean lastInTransaction) {
    }

    /** Passes LCRs on unchanged, slowed down, noting the last one before each checkpoint. */
    static final class CheckpointProbe implements MapFunction<Lcr, Lcr>, CheckpointedFunction, CheckpointListener {

        /** At least this long per LCR: 60,000 LCRs then take at least 1.8 s to pass a probe. */
        static final long MIN_NANOS_PER_LCR = 30_000;
        /** By probe, what its subtasks had last passed at each checkpoint of this JVM's MiniCluster that completed. */
        static final Map<String, Queue<LastPassed>> COMPLETED = new ConcurrentHashMap<>();
        /** LCRs per transaction, by XID, noted at each transaction's last LCR. */
        static final Map<String, Integer> SIZES = new ConcurrentHashMap<>();

        private final String probe;
        private transient LastPassed last;
        private transient Map<Long, LastPassed> taken;

        CheckpointProbe(String probe) {
            this.probe = probe;
        }

        static Queue<LastPassed> completed(String probe) {
            return COMPLETED.getOrDefault(probe, new ConcurrentLinkedQueue<>());
        }

        static Set<Long> completedIds() {
            return COMPLETED.values().stream().flatMap(Queue::stream).map(LastPassed::checkpointId)
                    .collect(Collectors.toSet());
        }

        @Override
        public Lcr map(Lcr lcr) {
            long until = System.nanoTime() + MIN_NANOS_PER_LCR;
            for (long left = MIN_NANOS_PER_LCR; left > 0; left = until - System.nanoTime()) {
                LockSupport.parkNanos(left);
            }
            last = new LastPassed(0, lcr.xid(), lcr.ordinal(), lcr.lastInTransaction());
            if (lcr.lastInTransaction()) {
                SIZES.put(lcr.xid(), lcr.ordinal() + 1);
            }
            return lcr;
        }

        @Override
        public void snapshotState(FunctionSnapshotContext context) {
            if (last != null) {
                taken.put(context.getCheckpointId(), new LastPassed(context.getCheckpointId(), last.xid(),
                        last.ordinal(), last.lastInTransaction()));
            }
        }

        @Override
        public void initializeState(FunctionInitializationContext context) {
            taken = new ConcurrentHashMap<>();
        }

        @Override
        public void notifyCheckpointComplete(long checkpointId) {
            LastPassed at = taken.remove(checkpointId);
            if (at != null) {
                COMPLETED.computeIfAbsent(probe, name -> new ConcurrentLinkedQueue<>()).add(at);
            }
        }
    }
}
