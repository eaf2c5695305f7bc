package io.redocdc.job.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.redocdc.job.pipeline.CapturePipeline;
import io.redocdc.sinks.files.ChangeFiles;
import io.redocdc.tools.simulate.SimulationSettings;
import io.redocdc.tools.simulate.WorkloadSimulator;
import io.redocdc.tools.verify.TargetDatabase;
import io.redocdc.tools.verify.TargetTables;
import io.redocdc.tools.verify.TruthComparison;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The job jar on a standalone Flink session cluster of separate JVMs (one JobManager, two TaskManagers), as a
 * user runs it: submitted through the REST API on a redo directory whose logs keep arriving (continuous mode),
 * a TaskManager killed with SIGKILL mid-run and replaced, then stop-with-savepoint and restarts at parallelism 1
 * and 4 with {@code flink run -s}, and 2 through the REST API again; the output must equal the simulator's truth.
 * Once into change files, once applied to PostgreSQL (skipped without a server, failing under CI). The job is
 * given no state backend, parallelism or checkpoint interval, so the cluster's (RocksDB, 1 s) must be in force.
 *
 * <p>Alone: {@code mvn -B verify -pl job -am -Dit.test=ClusterITCase -Dtest=NONE -Dsurefire.failIfNoSpecifiedTests=false}.
 */
@Timeout(value = 8, unit = TimeUnit.MINUTES)
class ClusterITCase {

    private static final String ASSEMBLER = "transaction-assembler";
    private static final String SEQUENCER = "commit-sequencer";
    private static final String SOURCE = CapturePipeline.SOURCE_UID;
    private static final String JDBC_SINK = "JDBC apply sink";
    /** Long open transactions span logs, so that savepoints and the killed TaskManager catch some open. */
    private static final SimulationSettings WORKLOAD = SimulationSettings.defaults().withThreads(2)
            .withTransactions(900).withRowsPerLog(250).withLongTransactions(4);

    @TempDir
    static Path work;

    static StandaloneCluster cluster;

    @BeforeAll
    static void startCluster() throws Exception {
        cluster = StandaloneCluster.start(work.resolve("cluster"), 2);
    }

    @AfterAll
    static void stopCluster() {
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void changeFilesEqualTheTruthAfterAKilledTaskManagerAndRestartsAtParallelism1And4And2() throws Exception {
        Path dir = work.resolve("files");
        WorkloadSimulator.write(dir, WORKLOAD.withSeed(31));
        Path output = dir.resolve("output");
        scenario(dir, List.of("--sink.dir", output.toString()),
                () -> TruthComparison.firstDifference(dir.resolve("expected"), output));
        assertThat(ChangeFiles.dataChanges(output)).as("changes written").isNotEmpty();
    }

    @Test
    void postgresqlEqualsTheTruthAfterAKilledTaskManagerAndRestartsAtParallelism1And4And2() throws Exception {
        Path dir = work.resolve("postgresql");
        WorkloadSimulator.write(dir, WORKLOAD.withSeed(37));
        TargetTables tables = TargetTables.of(dir.resolve("expected"));
        List<String> owners = tables.tableNames().stream().map(name -> name.substring(0, name.indexOf('.')))
                .distinct().toList();
        try (TargetDatabase target = TargetDatabase.open(TargetDatabase.Kind.POSTGRESQL, owners)) {
            try (Connection connection = target.connect()) {
                tables.create(connection);
            }
            // the cluster's processes inherit the test's environment, where .ci/postgres.sh put the password
            scenario(dir, List.of("--sink.type", "jdbc", "--sink.jdbc-url", target.url(), "--sink.user",
                    target.user(), "--sink.password-env", "REDO_CDC_TEST_PG_PASSWORD"), () -> {
                        try (Connection connection = target.connect()) {
                            return tables.firstDifference(connection);
                        }
                    });
        }
    }

    @FunctionalInterface
    private interface Difference {
        Optional<String> first() throws Exception;
    }

    /**
     * Runs the whole scenario on the redo directory {@code dir}; every failure carries the cluster's log tails.
     *
     * @param sink       the run command's sink options
     * @param difference the first difference of the target from the truth, empty when they are equal
     */
    private void scenario(Path dir, List<String> sink, Difference difference) throws Exception {
        List<String> steps = new ArrayList<>();
        long started = System.nanoTime();
        try {
            runScenario(dir, sink, difference, steps, started);
        } catch (Exception | AssertionError e) {
            throw new AssertionError("cluster scenario failed after: " + steps + "\n" + e + "\n"
                    + cluster.logTails(), e);
        }
        System.out.println("cluster scenario " + dir.getFileName() + ": " + steps);
    }

    private void runScenario(Path dir, List<String> sink, Difference difference, List<String> steps, long started)
            throws Exception {
        CatalogFeed logs = CatalogFeed.holdBack(dir.resolve("redo"));
        List<String> run = new ArrayList<>(List.of("run", "--source.dir", dir.resolve("redo").toString()));
        run.addAll(sink);
        Path jar = jobJar();

        // 1. REST submission, as a script or the web UI does it
        logs.releaseUpTo(0.3);
        String jarId = cluster.rest().uploadJar(jar);
        ClusterJob job = new ClusterJob(cluster, cluster.rest().runJar(jarId, run, 2, null));
        job.awaitRunning();
        step(steps, started, "REST submission " + job.id() + " running");
        JsonNode checkpointing = job.checkpointConfig();
        assertThat(checkpointing.path("state_backend").asText()).as("the cluster's state backend: %s", checkpointing)
                .contains("RocksDB");
        assertThat(checkpointing.path("interval").asLong()).as("the cluster's checkpoint interval (ms)")
                .isEqualTo(1000);
        assertThat(checkpointing.path("mode").asText()).isEqualToIgnoringCase("exactly_once");
        assertThat(job.vertex(ASSEMBLER).path("parallelism").asInt()).isEqualTo(2);

        // 2. more logs arrive; the metrics show the progress
        long emittedUpTo = awaitProgress(job, logs, 0.5, 0);
        assertMetricsPlausible(job, logs, emittedUpTo, sink.contains("jdbc"));
        step(steps, started, "metrics read, processedCommitScn " + emittedUpTo + " as "
                + job.metricIds(SEQUENCER, "processedCommitScn") + ", " + job.metricIds(ASSEMBLER, "openTransactions"));

        // 3. a TaskManager running the assembler dies; a new one takes its place; the job goes on from a checkpoint
        List<String> hosts = job.taskManagersOf(ASSEMBLER);
        assertThat(hosts).as("TaskManagers running the assembler").isNotEmpty();
        long restoredBefore = job.checkpoints().path("counts").path("restored").asLong();
        cluster.killTaskManager(hosts.get(0));
        cluster.startTaskManager();
        ClusterJob first = job;
        first.await("restore from a checkpoint after the kill",
                () -> first.checkpoints().path("counts").path("restored").asLong() > restoredBefore);
        first.awaitRunning();
        cluster.awaitTaskManagers(2);
        step(steps, started, "killed " + hosts.get(0) + ", restored from checkpoint "
                + first.checkpoints().path("latest").path("restored").path("id").asText());
        emittedUpTo = awaitProgress(first, logs, 0.6, emittedUpTo);

        // 4. stop with a savepoint; flink run -s at parallelism 1, then 4; the REST API again at 2
        String savepoint = job.stopWithSavepoint();
        step(steps, started, "savepoint " + savepoint);
        int[] parallelisms = {1, 4, 2};
        double[] released = {0.75, 0.9, 1.0};
        for (int i = 0; i < parallelisms.length; i++) {
            int parallelism = parallelisms[i];
            if (i < 2) {
                List<String> cli = new ArrayList<>(List.of("-s", savepoint, "-p", Integer.toString(parallelism),
                        jar.toString()));
                cli.addAll(run);
                job = new ClusterJob(cluster, cluster.flinkRun(cli));
            } else {
                job = new ClusterJob(cluster, cluster.rest().runJar(jarId, run, parallelism, savepoint));
            }
            job.awaitRunning();
            assertThat(job.vertex(ASSEMBLER).path("parallelism").asInt()).as("assembler parallelism")
                    .isEqualTo(parallelism);
            step(steps, started, (i < 2 ? "flink run -s -p " : "REST run from savepoint, parallelism ") + parallelism
                    + ": " + job.id());
            if (i < 2) {
                emittedUpTo = awaitProgress(job, logs, released[i], emittedUpTo);
                savepoint = job.stopWithSavepoint();
                step(steps, started, "savepoint " + savepoint);
            }
        }

        // 5. every log catalogued: the target reaches the truth, nothing lost or doubled
        logs.releaseUpTo(1.0);
        ClusterJob last = job;
        List<String> lastDifference = new ArrayList<>();
        try {
            last.await("output equal to the truth", () -> {
                lastDifference.clear();
                difference.first().ifPresent(lastDifference::add);
                return lastDifference.isEmpty();
            });
        } catch (AssertionError notEqual) {
            throw new AssertionError(notEqual.getMessage() + "; last difference: " + lastDifference, notEqual);
        }
        step(steps, started, "output equals the truth");
        last.cancel();
    }

    /**
     * Catalogs logs up to {@code share} and waits until the sequencer has emitted a transaction committed after
     * {@code emittedBefore} and a checkpoint has committed it; returns the sequencer's processedCommitScn.
     */
    private static long awaitProgress(ClusterJob job, CatalogFeed logs, double share, long emittedBefore)
            throws Exception {
        logs.releaseUpTo(share);
        long emitted = job.awaitMetric(SEQUENCER, "processedCommitScn", 1, scn -> scn > emittedBefore);
        job.awaitNextCheckpoint();
        return emitted;
    }

    private static void assertMetricsPlausible(ClusterJob job, CatalogFeed logs, long processedCommitScn,
                                               boolean jdbc) throws Exception {
        assertThat(processedCommitScn).as("processedCommitScn: a commit of a catalogued log")
                .isPositive().isLessThanOrEqualTo(logs.releasedUpToScn());
        long emitted = job.awaitMetric(SEQUENCER, "emittedTransactions", 1, n -> n > 0);
        assertThat(emitted).as("emittedTransactions").isLessThanOrEqualTo(WORKLOAD.transactions());
        long open = job.awaitMetric(ASSEMBLER, "openTransactions", 2, n -> n >= 0);
        assertThat(open).as("openTransactions over both assembler subtasks").isLessThan(WORKLOAD.transactions());
        // the figures the README's Metrics table lists, as the REST API shows them on a cluster
        long lcrs = job.awaitVertexMetric(SEQUENCER, "emittedLcrs", false, n -> n > 0);
        assertThat(lcrs).as("emittedLcrs: at least one LCR per emitted transaction").isGreaterThanOrEqualTo(emitted);
        job.awaitVertexMetric(ASSEMBLER, "bufferedRows", false, n -> n >= 0);
        long required = job.awaitVertexMetric(ASSEMBLER, "requiredCheckpointScn", false, scn -> scn > 0);
        assertThat(required).as("requiredCheckpointScn of a subtask").isLessThanOrEqualTo(logs.releasedUpToScn());
        long logsRead = job.awaitVertexMetric(SOURCE, "logsRead", false, n -> n > 0);
        long catalogued = job.awaitVertexMetric(SOURCE, "logsCatalogued", true, n -> n > 0);
        assertThat(logsRead).as("logs a reader read, at most the logs catalogued").isLessThanOrEqualTo(catalogued);
        long frontier = job.awaitVertexMetric(SOURCE, "completedFrontierScn", true, scn -> scn > 0);
        assertThat(frontier).as("completedFrontierScn: within the released logs, not below what was emitted")
                .isLessThanOrEqualTo(logs.releasedUpToScn()).isGreaterThanOrEqualTo(processedCommitScn);
        long completed = job.awaitVertexMetric(SOURCE, "logsCompleted", true, n -> n > 0);
        assertThat(completed).as("logsCompleted, at most the logs catalogued").isLessThanOrEqualTo(catalogued);
        // the released logs' highest NEXT_CHANGE#, once the enumerator has listed the catalog again
        long newest = job.awaitVertexMetric(SOURCE, "newestCataloguedScn", true, scn -> scn == logs.releasedUpToScn());
        job.awaitVertexMetric(SOURCE, "frontierScnLag", true, lag -> lag >= 0 && lag <= newest);
        // the simulator's redo times are in the past: the lag is positive, its redo time a real epoch time
        job.awaitVertexMetric(SOURCE, "frontierRedoTime", true, time -> time > 0);
        job.awaitVertexMetric(SOURCE, "frontierLagMillis", true, lag -> lag > 0);
        for (int thread = 1; thread <= WORKLOAD.threads(); thread++) {
            job.awaitVertexMetric(SOURCE, "thread." + thread + ".purgeableBeforeSequence", true, seq -> seq > 0);
        }
        job.awaitVertexMetric(SOURCE, "rowsPerSecond", false, rate -> rate >= 0);
        job.awaitVertexMetric(ASSEMBLER, "oldestOpenStartScn", false, scn -> scn >= -1);
        job.awaitVertexMetric(ASSEMBLER, "oldestOpenTransactionAgeMillis", false, age -> age >= -1);
        job.awaitVertexMetric(SEQUENCER, "emittedLcrsPerSecond", false, rate -> rate >= 0);
        List<String> position = job.vertexMetricText(SEQUENCER, "processedLowPosition", false);
        assertThat(position).as("processedLowPosition, a hex position").singleElement().asString()
                .matches("[0-9A-Fa-f]+");
        if (jdbc) {
            long applied = job.awaitVertexMetric(JDBC_SINK, "appliedCommitScn", false, scn -> scn > 0);
            assertThat(applied).as("appliedCommitScn: a commit the sequencer has handed on")
                    .isLessThanOrEqualTo(logs.releasedUpToScn());
            job.awaitVertexMetric(JDBC_SINK, "conflictsResolved", false, n -> n == 0);
            job.awaitVertexMetric(JDBC_SINK, "errorQueueTransactions", false, n -> n == 0);
        }
    }

    private static void step(List<String> steps, long started, String step) {
        steps.add(String.format("%.1fs %s", (System.nanoTime() - started) / 1e9, step));
    }

    /** job/target/redo-cdc-job-*-flink.jar, built by the package phase before failsafe runs. */
    static Path jobJar() throws IOException {
        Path build = Path.of(ClusterITCase.class.getProtectionDomain().getCodeSource().getLocation().getPath())
                .getParent();
        try (Stream<Path> files = Files.list(build)) {
            return files.filter(f -> f.getFileName().toString().matches("redo-cdc-job-.*-flink\\.jar")).findFirst()
                    .orElseThrow(() -> new AssertionError("no redo-cdc-job-*-flink.jar in " + build
                            + ": run mvn verify (the package phase builds it)"));
        }
    }
}
