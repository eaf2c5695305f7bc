package io.redocdc.benchmarks;

import io.redocdc.common.jdbc.Secret;
import io.redocdc.job.cli.OutputSummary;
import io.redocdc.job.pipeline.CapturePipeline;
import io.redocdc.job.pipeline.JobOptions;
import io.redocdc.job.pipeline.StateBackendKind;
import io.redocdc.operators.lcr.Position;
import io.redocdc.sinks.jdbc.JdbcSinkOptions;
import io.redocdc.sinks.jdbc.state.AppliedPositionStore;
import io.redocdc.tools.simulate.SimulationResult;
import io.redocdc.tools.simulate.SimulationSettings;
import io.redocdc.tools.simulate.WorkloadSimulator;
import io.redocdc.tools.verify.TargetTables;
import io.redocdc.tools.verify.TruthComparison;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.util.FileUtils;

/**
 * Rows/s applied to PostgreSQL, one workload, one run: the whole capture job into the JDBC apply sink, the
 * sink's writer alone on the captured LCRs, the naive replay of the classic LogMiner scripts (one autocommitted
 * statement per change) on the same LCRs, and for reference the job into ogg-json files (capture without a
 * database). Every variant starts from empty tables and is checked against the simulator's expected rows; a
 * variant with a wrong result is reported and fails the run (exit status 1). Simulation and collecting the
 * LCRs for the replays are not timed; the job variants' time includes job start. Each result also gives CPU
 * microseconds per row: this JVM's (every thread, JIT compilers included), its main thread's (the one the
 * replays apply on) and, when the server runs on this host, PostgreSQL's ({@link ServerCpu}): with the wall time
 * they show whether the client, the server or the round trips between them bound a variant.
 *
 * <p>Usage: {@code benchmarks/run-jdbc-apply.sh [--transactions 20000] [--threads 2] [--parallelism 2]
 * [--apply-parallelism 1,4] [--backend hashmap] [--variants files,sink,writer,naive] [--sink-options
 * "sink.group-max-rows=1;..."] [--jdbc-url URL] [--user U] [--password-env VAR]}; the URL, user and password default to REDO_CDC_TEST_PG_URL, REDO_CDC_TEST_PG_USER and REDO_CDC_TEST_PG_PASSWORD. The
 * database should be a throw-away one: schema OE and the sink's state tables are dropped before each variant.
 */
public final class JdbcApplyBenchmark {

    private static final String ALL_VARIANTS = "files,sink,writer,naive";

    private final TargetDatabase database;
    private final CaptureTopology topology;
    private final Path workloadDir;
    private final TargetTables tables;
    private final List<String> failures = new ArrayList<>();
    private Optional<ServerCpu> serverCpu;

    private JdbcApplyBenchmark(TargetDatabase database, CaptureTopology topology, Path workloadDir) {
        this.database = database;
        this.topology = topology;
        this.workloadDir = workloadDir;
        this.tables = TargetTables.of(workloadDir.resolve("expected"));
    }

    public static void main(String[] args) throws Exception {
        Args opts = Args.parse(args);
        int transactions = opts.getInt("transactions", 20000);
        int threads = opts.getInt("threads", 2);
        int parallelism = opts.getInt("parallelism", 2);
        List<Integer> applyParallelisms = Stream.of(opts.get("apply-parallelism", "1,4").split(","))
                .map(String::trim).map(Integer::valueOf).toList();
        List<String> variants = List.of(opts.get("variants", ALL_VARIANTS).split(","));
        StateBackendKind backend = StateBackendKind.valueOf(opts.get("backend", "hashmap").toUpperCase());
        String passwordVariable = opts.get("password-env", "REDO_CDC_TEST_PG_PASSWORD");
        String password = System.getenv(passwordVariable);
        TargetDatabase database = new TargetDatabase(opts.get("jdbc-url", System.getenv("REDO_CDC_TEST_PG_URL")),
                opts.get("user", System.getenv("REDO_CDC_TEST_PG_USER")),
                password == null ? null : Secret.of(password), opts.get("sink-options", ""));

        System.out.printf("RESULT machine: %d cores, max heap %,d MiB, java %s, %s%n",
                Runtime.getRuntime().availableProcessors(), Runtime.getRuntime().maxMemory() >> 20,
                System.getProperty("java.version"), database.describe());
        Path work = Files.createTempDirectory("redo-cdc-jdbc-bench");
        try {
            SimulationResult workload = WorkloadSimulator.write(work, SimulationSettings.defaults()
                    .withTransactions(transactions).withThreads(threads));
            System.out.println("workload: " + workload);
            JdbcApplyBenchmark benchmark = new JdbcApplyBenchmark(database,
                    new CaptureTopology(work, parallelism, backend), work);
            if (!benchmark.run(parallelism, applyParallelisms, variants)) {
                System.exit(1);
            }
        } finally {
            FileUtils.deleteDirectory(work.toFile());
        }
    }

    /** Runs every variant; false when one gave a wrong result. */
    private boolean run(int parallelism, List<Integer> applyParallelisms, List<String> variants) throws Exception {
        if (!List.of(ALL_VARIANTS.split(",")).containsAll(variants)) {
            throw new IllegalArgumentException("option --variants: expected a comma list of " + ALL_VARIANTS
                    + ", got " + variants);
        }
        CapturedChanges changes = CapturedChanges.of(topology.collect());
        System.out.printf("captured: %,d row changes in %,d transactions, %,d runs of one table and command (collected"
                + " in memory for the replays)%n", changes.rows(), changes.transactions(), changes.runs());
        if (variants.contains("files")) {
            fileSinkJob(parallelism);
        }
        for (int applyParallelism : variants.contains("sink") ? applyParallelisms : List.<Integer>of()) {
            sinkJob(changes, parallelism, applyParallelism);
        }
        if (variants.contains("writer")) {
            writerReplay(changes);
        }
        if (variants.contains("naive")) {
            naiveReplay(changes);
        }
        failures.forEach(failure -> System.out.println("WRONG RESULT " + failure));
        return failures.isEmpty();
    }

    private void fileSinkJob(int parallelism) throws Exception {
        String variant = "ogg-json files (capture only)";
        JobOptions options = topology.jobOptions("files");
        StreamExecutionEnvironment env = topology.environment("files");
        CapturePipeline.build(env, options);
        Meter meter = meter();
        env.execute("benchmark: " + variant);
        Meter.Reading reading = meter.read();
        OutputSummary summary = OutputSummary.of(options.sinkDir());
        report(variant + ", parallelism " + parallelism, summary.changes(), summary.transactions(), reading,
                TruthComparison.firstDifference(workloadDir.resolve("expected"), options.sinkDir()));
    }

    private void sinkJob(CapturedChanges changes, int parallelism, int applyParallelism) throws Exception {
        String variant = "JDBC sink job, parallelism " + parallelism + ", apply.parallelism " + applyParallelism;
        database.reset(tables);
        JdbcSinkOptions options = database.sinkOptions("bench-job-" + applyParallelism)
                .applyParallelism(applyParallelism).build();
        String name = "jdbc-" + applyParallelism;
        StreamExecutionEnvironment env = topology.environment(name);
        CapturePipeline.build(env, topology.jobOptions(name).withJdbcSink(options));
        Meter meter = meter();
        env.execute("benchmark: " + variant);
        report(variant, changes.rows(), changes.transactions(), meter.read(), verifyTarget(changes, options));
    }

    private void writerReplay(CapturedChanges changes) throws Exception {
        String variant = "JDBC sink writer alone (no Flink)";
        database.reset(tables);
        JdbcSinkOptions options = database.sinkOptions("bench-writer").build();
        Meter meter = meter();
        WriterReplay.apply(options, changes);
        report(variant, changes.rows(), changes.transactions(), meter.read(), verifyTarget(changes, options));
    }

    private void naiveReplay(CapturedChanges changes) throws Exception {
        String variant = "naive replay, autocommit per change";
        database.reset(tables);
        JdbcSinkOptions options = database.sinkOptions("bench-naive").build();
        long applied;
        Meter.Reading reading;
        try (Connection connection = database.connect()) {
            Meter meter = meter();
            applied = NaiveReplay.apply(connection, options, changes);
            reading = meter.read();
        }
        Optional<String> difference;
        try (Connection connection = database.connect()) {
            difference = tables.firstDifference(connection);
        }
        report(variant, applied, changes.transactions(), reading, difference);
    }

    /** The target's rows against the expected ones, and the applied position against the last LCR's. */
    private Optional<String> verifyTarget(CapturedChanges changes, JdbcSinkOptions options) throws SQLException {
        try (Connection connection = database.connect()) {
            Optional<String> difference = tables.firstDifference(connection);
            if (difference.isPresent()) {
                return difference;
            }
            Optional<Position> applied = AppliedPositionStore.of(options).read(connection);
            Position expected = changes.last().positionValue();
            if (applied.isEmpty() || !applied.get().equals(expected)) {
                return Optional.of(AppliedPositionStore.TABLE + " of sink " + options.sinkName() + " holds "
                        + applied.orElse(null) + ", expected the last LCR's position " + expected);
            }
            return Optional.empty();
        }
    }

    /** Starts timing a variant: wall time, this JVM's CPU and, when it runs on this host, the server's CPU. */
    private Meter meter() throws SQLException {
        if (serverCpu == null) {
            try (Connection connection = database.connect()) {
                serverCpu = Optional.ofNullable(ServerCpu.of(connection));
            }
        }
        return Meter.start(serverCpu.orElse(null));
    }

    private void report(String variant, long rows, long transactions, Meter.Reading reading,
                        Optional<String> difference) {
        System.out.printf("RESULT %-56s %,9d rows %,7d transactions %7.1f s %,9.0f rows/s  CPU µs/row: JVM %.1f "
                        + "(main thread %.1f), server %s%s%n", variant, rows, transactions, reading.seconds(),
                rows / reading.seconds(), reading.jvmCpuSeconds() * 1e6 / rows, reading.threadCpuSeconds() * 1e6 / rows,
                reading.serverCpuSeconds().isPresent()
                        ? String.format("%.1f", reading.serverCpuSeconds().getAsDouble() * 1e6 / rows) : "n/a",
                difference.isPresent() ? "  WRONG RESULT" : "");
        difference.ifPresent(d -> failures.add(variant + ": " + d));
    }
}
