package io.redocdc.benchmarks.throughput;

import io.redocdc.job.cli.OutputSummary;
import io.redocdc.job.pipeline.CapturePipeline;
import io.redocdc.job.pipeline.JobConfiguration;
import io.redocdc.job.pipeline.JobOptions;
import io.redocdc.job.pipeline.StateBackendKind;
import io.redocdc.sinks.files.FileFormat;
import io.redocdc.source.model.Scn;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.util.FileUtils;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

/**
 * One run of the capture job (redo directory to ogg-json files, bounded, the CLI's defaults) in a JVM of its own,
 * started by {@link ThroughputBenchmark}. Samples the source's record count every few milliseconds to split the
 * run into start-up (until the first record is read), steady state (10 % to 90 % of the records read) and the
 * tail (last record read to the job's end: the sequencer's last output, the final checkpoint, the file commit).
 * Prints one {@code JOB key=value ...} line.
 *
 * <p>Warm-up runs of the same job over the same input go first, in the same JVM, each to an output of its own: a
 * run of 30 s spends a quarter to a third of its CPU in the JIT compilers, which a job that runs for days does once.
 * The measured run then starts with compiled code; its start-up and peak heap are its own (peaks are reset).
 *
 * <p>With {@code -Dbenchmark.async-profiler=ARGS} (async-profiler's jar on the classpath, its library on
 * {@code java.library.path}), async-profiler runs over the measured run only: {@code start,ARGS} before it,
 * {@code stop,ARGS} after, for example {@code event=cpu,interval=5ms,threads,collapsed,file=run.collapsed}.
 */
final class JobRun {

    private static final long SAMPLE_MILLIS = 10;

    private JobRun() {
    }

    static void run(Path redo, Path output, StateBackendKind backend, int parallelism, long expectedRecords,
                    int warmUps) throws Exception {
        for (int run = 1; run <= warmUps; run++) {
            Path warmUpOutput = output.resolveSibling(output.getFileName() + "-warm-up-" + run);
            long start = System.nanoTime();
            environment(redo, warmUpOutput, backend, parallelism).execute("throughput benchmark warm-up " + run);
            System.out.printf(Locale.ROOT, "warm-up run %d: %d records in %.1f s%n", run,
                    SourceRecordsReporter.recordsOut(), (System.nanoTime() - start) / 1e9);
            FileUtils.deleteDirectory(warmUpOutput.toFile());
            FileUtils.deleteDirectory(checkpoints(warmUpOutput).toFile());
        }
        if (warmUps > 0) {
            System.gc();
            ManagementFactory.getMemoryPoolMXBeans().forEach(MemoryPoolMXBean::resetPeakUsage);
        }
        StreamExecutionEnvironment env = environment(redo, output, backend, parallelism);

        Samples samples = new Samples(expectedRecords);
        Thread sampler = new Thread(samples, "record-count-sampler");
        sampler.setDaemon(true);
        long start = System.nanoTime();
        samples.start = start;
        sampler.start();
        profiler("start");
        env.execute("throughput benchmark " + backend.flinkName() + " p" + parallelism);
        long end = System.nanoTime();
        profiler("stop");
        samples.stop = true;
        sampler.join();
        long records = SourceRecordsReporter.recordsOut();
        samples.add(end, records, processCpuNanos());
        if (SourceRecordsReporter.counters() == 0 || records == 0) {
            throw new IllegalStateException("no source record counter seen (metric reporter not installed?)");
        }
        double first = samples.timeOf(1);
        double t10 = samples.timeOf(Math.max(1, records / 10));
        double t90 = samples.timeOf(records * 9 / 10);
        double last = samples.timeOf(records);
        double total = (end - start) / 1e9;
        long steadyRecords = records * 9 / 10 - Math.max(1, records / 10);
        double steadyCpu = samples.cpuAt(records * 9 / 10) - samples.cpuAt(Math.max(1, records / 10));
        System.out.printf(Locale.ROOT, "JOB records=%d changes=%d startup_s=%.3f steady_records_per_s=%.1f"
                        + " steady_s=%.3f steady_records_per_cpu_s=%.1f tail_s=%.3f total_s=%.3f peak_heap_mib=%d%n",
                records, OutputSummary.of(output).changes(), first, steadyRecords / (t90 - t10), t90 - t10,
                steadyRecords / steadyCpu, total - last, total, peakHeap() >> 20);
        if (samples.atNinety != null) {
            StringBuilder line = new StringBuilder("THREADS");
            ThreadCpu.minus(samples.atNinety, samples.atTen).forEach((group, seconds) -> line.append(' ')
                    .append(group).append('=').append(String.format(Locale.ROOT, "%.2f", seconds)));
            System.out.println(line);
        }
    }

    private static StreamExecutionEnvironment environment(Path redo, Path output, StateBackendKind backend,
                                                          int parallelism) {
        JobOptions options = new JobOptions(redo, output, FileFormat.OGG_JSON, true, parallelism, backend,
                Duration.ofSeconds(10), checkpoints(output), null, Scn.ZERO, null, null, null, "ORCL", Map.of(), false);
        Configuration config = JobConfiguration.of(options);
        config.setString(SourceRecordsReporter.FACTORY_KEY, SourceRecordsReporter.Factory.class.getName());
        SourceRecordsReporter.watch(CapturePipeline.SOURCE_UID);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(config);
        CapturePipeline.build(env, options);
        return env;
    }

    /** async-profiler's {@code action} with the arguments of {@code -Dbenchmark.async-profiler}, if set. */
    private static void profiler(String action) throws ReflectiveOperationException {
        String args = System.getProperty("benchmark.async-profiler");
        if (args != null) {
            Class<?> profiler = Class.forName("one.profiler.AsyncProfiler");
            Object instance = profiler.getMethod("getInstance").invoke(null);
            profiler.getMethod("execute", String.class).invoke(instance, action + "," + args);
        }
    }

    private static Path checkpoints(Path output) {
        return output.resolveSibling(output.getFileName() + "-checkpoints");
    }

    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    private static long peakHeap() {
        return ManagementFactory.getMemoryPoolMXBeans().stream().filter(p -> p.getType() == MemoryType.HEAP)
                .mapToLong(p -> p.getPeakUsage().getUsed()).sum();
    }

    /** (time, records read) every {@link #SAMPLE_MILLIS}. */
    private static final class Samples implements Runnable {
        private final long[] nanos = new long[1 << 20];
        private final long[] counts = new long[1 << 20];
        private final long[] cpu = new long[1 << 20];
        private volatile int size;
        private volatile boolean stop;
        private long start;
        private final long expectedRecords;
        /** CPU per thread group when the source had read 10 % and 90 % of the expected records. */
        volatile Map<String, Double> atTen;
        volatile Map<String, Double> atNinety;

        Samples(long expectedRecords) {
            this.expectedRecords = expectedRecords;
        }

        @Override
        public void run() {
            while (!stop && size < nanos.length - 1) {
                long count = SourceRecordsReporter.recordsOut();
                add(System.nanoTime(), count, processCpuNanos());
                if (atTen == null && count >= expectedRecords / 10) {
                    atTen = ThreadCpu.snapshot();
                } else if (atTen != null && atNinety == null && count >= expectedRecords * 9 / 10) {
                    atNinety = ThreadCpu.snapshot();
                }
                try {
                    Thread.sleep(SAMPLE_MILLIS);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }

        void add(long time, long count, long cpuNanos) {
            nanos[size] = time;
            counts[size] = count;
            cpu[size] = cpuNanos;
            size++;
        }

        /** CPU seconds of this process (all threads) at the first sample that saw {@code count} records. */
        double cpuAt(long count) {
            for (int i = 0; i < size; i++) {
                if (counts[i] >= count) {
                    return cpu[i] / 1e9;
                }
            }
            throw new IllegalStateException("the source never reached " + count + " records in the samples");
        }

        /** Seconds from the start until the count reached {@code count}, interpolated between two samples. */
        double timeOf(long count) {
            for (int i = 0; i < size; i++) {
                if (counts[i] >= count) {
                    if (i == 0) {
                        return (nanos[0] - start) / 1e9;
                    }
                    double fraction = (double) (count - counts[i - 1]) / (counts[i] - counts[i - 1]);
                    return (nanos[i - 1] + fraction * (nanos[i] - nanos[i - 1]) - start) / 1e9;
                }
            }
            throw new IllegalStateException("the source never reached " + count + " records in the samples");
        }
    }
}
