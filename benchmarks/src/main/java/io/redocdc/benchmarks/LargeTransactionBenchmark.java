package io.redocdc.benchmarks;

import io.redocdc.job.pipeline.CapturePipeline;
import io.redocdc.job.pipeline.JobConfiguration;
import io.redocdc.job.pipeline.JobOptions;
import io.redocdc.job.pipeline.StateBackendKind;
import io.redocdc.operators.lcr.Lcr;
import io.redocdc.sinks.files.FileFormat;
import io.redocdc.source.model.Scn;
import io.redocdc.tools.simulate.SimulationSettings;
import io.redocdc.tools.simulate.WorkloadSimulator;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.apache.flink.api.common.functions.MapFunction;
import org.apache.flink.api.common.state.CheckpointListener;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.runtime.state.FunctionInitializationContext;
import org.apache.flink.runtime.state.FunctionSnapshotContext;
import org.apache.flink.streaming.api.checkpoint.CheckpointedFunction;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.util.FileUtils;

/**
 * One committed transaction of {@code --rows} rows (default 10^7), from a simulated redo directory to committed
 * ogg-json files on an embedded MiniCluster in this JVM (run it with the heap to test, e.g. -Xmx1g). The source
 * reads continuously, as in production, so that no end of input drains the transaction in one go. A probe between
 * the sequencer and the file sink times the transaction's LCRs and counts the checkpoints that completed while it
 * was part way through them; once the last LCR is out and a checkpoint after it completed (its files are
 * committed), the job is cancelled. Reports the time to its last LCR, its emission time at the sink, the
 * checkpoints completed before it was part way at the sink (reading and the assembler's emission) and while it
 * was, and peak heap.
 *
 * <p>Usage: {@code benchmarks/run-large-transaction.sh [--rows N] [--backends rocksdb,hashmap] [--parallelism N]
 * [--checkpoint-interval-ms N] [--dir DIR]}; with {@code --dir}, a directory already simulated is reused.
 */
public final class LargeTransactionBenchmark {

    public static void main(String[] args) throws Exception {
        Args opts = Args.parse(args);
        int rows = opts.getInt("rows", 10_000_000);
        int parallelism = opts.getInt("parallelism", 2);
        Duration interval = Duration.ofMillis(opts.getInt("checkpoint-interval-ms", 1000));
        List<StateBackendKind> backends = Stream.of(opts.get("backends", "rocksdb").split(","))
                .map(b -> StateBackendKind.valueOf(b.trim().toUpperCase())).toList();
        String dirOption = opts.get("dir", null);
        Path dir = dirOption == null ? Files.createTempDirectory("redo-cdc-large") : Path.of(dirOption);
        System.out.printf("machine: %d cores, max heap %d MiB, java %s%n", Runtime.getRuntime().availableProcessors(),
                Runtime.getRuntime().maxMemory() >> 20, System.getProperty("java.version"));
        try {
            if (!Files.exists(dir.resolve("redo/archived_logs.csv"))) {
                System.out.println("workload: " + WorkloadSimulator.write(dir, SimulationSettings.defaults()
                        .withTransactions(0).withThreads(1).withLargeTransactionRows(rows)));
            }
            for (StateBackendKind backend : backends) {
                measure(dir, rows, backend, parallelism, interval);
            }
        } finally {
            if (dirOption == null) {
                FileUtils.deleteDirectory(dir.toFile());
            }
        }
    }

    private static void measure(Path dir, int rows, StateBackendKind backend, int parallelism, Duration interval)
            throws Exception {
        Path output = dir.resolve("output-" + backend.flinkName());
        FileUtils.deleteDirectory(output.toFile());
        JobOptions options = new JobOptions(dir.resolve("redo"), output, FileFormat.OGG_JSON, false, parallelism,
                backend, interval, dir.resolve("checkpoints-" + backend.flinkName()), null, Scn.ZERO, null,
                List.of("*.*"), null, "ORCL", Map.of(), false);
        EmissionProbe.reset();
        PeakHeap.reset();
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(
                JobConfiguration.of(options));
        CapturePipeline.build(env, options,
                lcrs -> lcrs.map(new EmissionProbe(rows)).name("emission-probe").setParallelism(1));
        long start = System.nanoTime();
        JobClient job = env.executeAsync("large transaction " + backend.flinkName());
        try {
            while (EmissionProbe.completedAfterLast.get() == 0) {
                if (job.getJobStatus().get().isGloballyTerminalState()) {
                    throw new IllegalStateException("the job ended before the transaction was out: "
                            + job.getJobExecutionResult().get());
                }
                Thread.sleep(200);
            }
        } finally {
            job.cancel().get();
        }
        double toLast = (EmissionProbe.lastLcr.get() - start) / 1e9;
        double atSink = (EmissionProbe.lastLcr.get() - EmissionProbe.firstLcr.get()) / 1e9;
        System.out.printf("RESULT one transaction of %,d rows, %-8s parallelism %d, checkpoints every %d ms: %,d LCRs"
                        + " in all, its last out after %.1f s (%,.0f rows/s), %.1f s of it at the sink; checkpoints completed: %d "
                        + "before it was part way at the sink, %d while it was; peak heap %,d "
                        + "MiB%n", rows, backend.flinkName(), parallelism, interval.toMillis(),
                EmissionProbe.lcrs.get(), toLast, rows / toLast, atSink, EmissionProbe.completedBeforeFirst.get(),
                EmissionProbe.completedDuring.get(), PeakHeap.bytes() >> 20);
    }

    /** Times the LCRs it passes and sorts the checkpoints that complete by where the transaction stood. */
    static final class EmissionProbe implements MapFunction<Lcr, Lcr>, CheckpointedFunction, CheckpointListener {

        static final AtomicLong firstLcr = new AtomicLong();
        static final AtomicLong lastLcr = new AtomicLong();
        static final AtomicLong lcrs = new AtomicLong();
        static final AtomicInteger completedBeforeFirst = new AtomicInteger();
        static final AtomicInteger completedDuring = new AtomicInteger();
        static final AtomicInteger completedAfterLast = new AtomicInteger();
        /** Where the transaction stood at each checkpoint's snapshot, by checkpoint id. */
        private static final Map<Long, Integer> PHASES = new ConcurrentHashMap<>();
        private static final int BEFORE = 0;
        private static final int DURING = 1;
        private static final int AFTER = 2;

        static void reset() {
            firstLcr.set(0);
            lastLcr.set(0);
            lcrs.set(0);
            completedBeforeFirst.set(0);
            completedDuring.set(0);
            completedAfterLast.set(0);
            PHASES.clear();
        }

        private final int rows;
        private transient long transactionStart;
        private transient boolean partWay;

        EmissionProbe(int rows) {
            this.rows = rows;
        }

        @Override
        public Lcr map(Lcr lcr) {
            long now = System.nanoTime();
            lcrs.incrementAndGet();
            if (lcr.ordinal() == 0) {
                transactionStart = now;
            }
            partWay = !lcr.lastInTransaction();
            if (lcr.lastInTransaction() && lcr.ordinal() + 1 >= rows) { // the large one; transactions do not interleave
                firstLcr.set(transactionStart);
                lastLcr.set(now);
            }
            return lcr;
        }

        /** Part way through a transaction: the large one (the few others are small). */
        @Override
        public void snapshotState(FunctionSnapshotContext context) {
            PHASES.put(context.getCheckpointId(), lastLcr.get() != 0 ? AFTER : partWay ? DURING : BEFORE);
        }

        @Override
        public void initializeState(FunctionInitializationContext context) {
        }

        @Override
        public void notifyCheckpointComplete(long checkpointId) {
            Integer phase = PHASES.remove(checkpointId);
            if (phase != null) {
                (phase == BEFORE ? completedBeforeFirst : phase == DURING ? completedDuring : completedAfterLast)
                        .incrementAndGet();
            }
        }
    }
}
