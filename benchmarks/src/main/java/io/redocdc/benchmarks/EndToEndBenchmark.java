package io.redocdc.benchmarks;

import io.redocdc.job.cli.OutputSummary;
import io.redocdc.job.pipeline.CapturePipeline;
import io.redocdc.job.pipeline.JobConfiguration;
import io.redocdc.job.pipeline.JobOptions;
import io.redocdc.job.pipeline.StateBackendKind;
import io.redocdc.sinks.files.FileFormat;
import io.redocdc.source.model.Scn;
import io.redocdc.tools.simulate.SimulationResult;
import io.redocdc.tools.simulate.SimulationSettings;
import io.redocdc.tools.simulate.WorkloadSimulator;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.util.FileUtils;

/**
 * End to end: a simulated redo directory to committed ogg-json files, on an embedded MiniCluster in this JVM.
 * Reports redo rows/s, changes/s and peak heap per state backend, then the same for one transaction of
 * {@code --large-transaction-rows} rows. Simulation is not timed.
 *
 * <p>Usage: {@code benchmarks/run-end-to-end.sh [--transactions N] [--threads N] [--parallelism N]
 * [--large-transaction-rows N] [--backends hashmap,rocksdb]}
 */
public final class EndToEndBenchmark {

    public static void main(String[] args) throws Exception {
        Args opts = Args.parse(args);
        int transactions = opts.getInt("transactions", 20000);
        int threads = opts.getInt("threads", 2);
        int parallelism = opts.getInt("parallelism", 2);
        int largeRows = opts.getInt("large-transaction-rows", 1000000);
        List<StateBackendKind> backends = Stream.of(opts.get("backends", "hashmap,rocksdb").split(","))
                .map(b -> StateBackendKind.valueOf(b.trim().toUpperCase())).toList();
        Path work = Files.createTempDirectory("redo-cdc-bench");
        System.out.printf("machine: %d cores, max heap %d MiB, java %s%n", Runtime.getRuntime().availableProcessors(),
                Runtime.getRuntime().maxMemory() >> 20, System.getProperty("java.version"));
        try {
            Path mixed = work.resolve("mixed");
            SimulationResult workload = WorkloadSimulator.write(mixed, SimulationSettings.defaults()
                    .withTransactions(transactions).withThreads(threads));
            System.out.println("workload: " + workload);
            for (StateBackendKind backend : backends) {
                measure("mixed workload", mixed, workload, backend, parallelism);
            }
            if (largeRows > 0) {
                Path large = work.resolve("large");
                SimulationResult one = WorkloadSimulator.write(large, SimulationSettings.defaults()
                        .withTransactions(0).withThreads(1).withLargeTransactionRows(largeRows));
                System.out.println("workload: " + one);
                for (StateBackendKind backend : backends) {
                    measure("one transaction of " + largeRows + " rows", large, one, backend, parallelism);
                }
            }
        } finally {
            FileUtils.deleteDirectory(work.toFile());
        }
    }

    private static void measure(String label, Path dir, SimulationResult workload, StateBackendKind backend,
                                int parallelism) throws Exception {
        Path output = dir.resolve("output-" + backend.flinkName());
        JobOptions options = new JobOptions(dir.resolve("redo"), output, FileFormat.OGG_JSON, true, parallelism,
                backend, Duration.ofSeconds(10), dir.resolve("checkpoints-" + backend.flinkName()), null, Scn.ZERO, null,
                List.of("*.*"), null, "ORCL", Map.of(), false);
        long redoRows = workload.contentsRows();
        PeakHeap.reset();
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(
                JobConfiguration.of(options));
        CapturePipeline.build(env, options);
        long start = System.nanoTime();
        env.execute("benchmark " + label + " " + backend.flinkName());
        double seconds = (System.nanoTime() - start) / 1e9;
        long peakHeap = PeakHeap.bytes();
        OutputSummary summary = OutputSummary.of(output);
        System.out.printf("RESULT %-36s %-8s parallelism %d: %,10d redo rows, %,10d changes in %7.1f s = %,9.0f redo rows/s,"
                        + " %,9.0f changes/s, peak heap %,6d MiB%n", label, backend.flinkName(), parallelism, redoRows,
                summary.changes(), seconds, redoRows / seconds, summary.changes() / seconds, peakHeap >> 20);
    }
}
