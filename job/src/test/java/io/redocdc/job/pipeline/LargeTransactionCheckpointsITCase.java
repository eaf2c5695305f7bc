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
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
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
 * one 100,000-row transaction, read continuously so that no end of input drains it at once. A probe between the
 * sequencer and the file sink notes, at each checkpoint it takes part in, the last LCR it passed; a checkpoint that
 * completes with that LCR inside the large transaction (neither its first nor its last) was taken between two
 * emission steps. The probe slows each LCR by a few microseconds so that the emission outlasts several checkpoint
 * intervals on any machine. Upstream, a checkpoint the assembler takes part way through its own emission of the
 * transaction logs so, and must complete too. That emission is not slowed by the probe (the sequencer only buffers
 * what it receives until the watermark passes), so it lasts a few hundred milliseconds; checkpoints every 50 ms give
 * several the chance to fall inside it (at 200 ms and 60,000 rows a CI run once saw none). The output must still
 * equal the simulator's truth.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class LargeTransactionCheckpointsITCase {

    private static final int LARGE_ROWS = 100_000;
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
                backend, Duration.ofMillis(50), tmp.resolve("checkpoints"), null, Scn.ZERO, null,
                List.of("*.*"), null, "ORCL", Map.of(), false);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(
                JobConfiguration.of(options));
        CapturePipeline.build(env, options, lcrs -> lcrs.map(new CheckpointProbe()).name("checkpoint-probe")
                .setParallelism(1));
        CheckpointProbe.COMPLETED.clear();
        CheckpointProbe.SNAPSHOTS.clear();
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
        assertThat(CheckpointProbe.COMPLETED.values())
                .as("the last LCR passed at each completed checkpoint; the large transaction is %s", large)
                .anyMatch(last -> last.xid().equals(large) && last.ordinal() > 0 && !last.lastInTransaction());
        // and upstream: the assembler logs each checkpoint that finds an emission of its own part way
        List<Long> assemblerMidEmission = assembler.getMessages().stream().map(MID_EMISSION::matcher)
                .filter(Matcher::find).map(found -> Long.parseLong(found.group(1))).toList();
        assertThat(assemblerMidEmission).as("checkpoints taken while the assembler was emitting; completed: %s",
                CheckpointProbe.COMPLETED.keySet()).anyMatch(CheckpointProbe.COMPLETED::containsKey);
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

    /** The last LCR the probe passed before a checkpoint's barrier. */
    record LastPassed(String xid, int ordinal, boolean lastInTransaction) {
    }

    /** Passes LCRs on unchanged, a little slowed down, noting the last one before each checkpoint. */
    static final class CheckpointProbe implements MapFunction<Lcr, Lcr>, CheckpointedFunction, CheckpointListener {

        /** Checkpoints of this JVM's MiniCluster, by id, as they were taken and as they completed. */
        static final Map<Long, LastPassed> SNAPSHOTS = new ConcurrentHashMap<>();
        static final Map<Long, LastPassed> COMPLETED = new ConcurrentHashMap<>();
        /** LCRs per transaction, by XID, noted at each transaction's last LCR. */
        static final Map<String, Integer> SIZES = new ConcurrentHashMap<>();

        private transient LastPassed last;

        @Override
        public Lcr map(Lcr lcr) {
            LockSupport.parkNanos(5_000);
            last = new LastPassed(lcr.xid(), lcr.ordinal(), lcr.lastInTransaction());
            if (lcr.lastInTransaction()) {
                SIZES.put(lcr.xid(), lcr.ordinal() + 1);
            }
            return lcr;
        }

        @Override
        public void snapshotState(FunctionSnapshotContext context) {
            if (last != null) {
                SNAPSHOTS.put(context.getCheckpointId(), last);
            }
        }

        @Override
        public void initializeState(FunctionInitializationContext context) {
        }

        @Override
        public void notifyCheckpointComplete(long checkpointId) {
            LastPassed taken = SNAPSHOTS.get(checkpointId);
            if (taken != null) {
                COMPLETED.put(checkpointId, taken);
            }
        }
    }
}
