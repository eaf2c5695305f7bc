package io.redocdc.job.pipeline;

import static io.redocdc.job.pipeline.SavepointFiles.copy;
import static io.redocdc.job.pipeline.SavepointFiles.savepointIn;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.redocdc.sinks.files.ChangeFiles;
import io.redocdc.sinks.files.FileFormat;
import io.redocdc.source.model.Scn;
import io.redocdc.tools.simulate.SimulationSettings;
import io.redocdc.tools.simulate.WorkloadSimulator;
import io.redocdc.tools.verify.TruthComparison;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.StateRecoveryOptions;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.core.execution.SavepointFormatType;
import org.apache.flink.runtime.jobgraph.SavepointRestoreSettings;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.streaming.api.graph.StreamGraph;
import org.apache.flink.util.ExceptionUtils;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Savepoints of released builds must restore (DESIGN.md, savepoint compatibility). Each directory
 * {@code savepoints/<build>/} under the test resources was written by {@link #writeFixture} running on that build:
 * a simulated 2-thread redo directory ({@code redo/}, every log), its truth ({@code expected/}), a canonical
 * savepoint taken by stop-with-savepoint while only the first half of the logs was catalogued, so that long
 * transactions were open in the assembler's state ({@code savepoint/}; {@code inspect} shows 43f4961's readers held
 * no half-read log), and the files that first
 * run committed ({@code output/}). Restoring here with the whole catalog must finish the output so that it equals
 * the truth, at another parallelism: a change to any state type that breaks this fails the build.
 *
 * <p>A new fixture, after a state change worth pinning: {@code mvn -pl job verify -Dit.test=SavepointCompatibilityITCase
 * -Dtest=none -Dsurefire.failIfNoSpecifiedTests=false -Dsavepoint.fixture.dir=$PWD/job/src/test/resources/savepoints/<build>}
 * on that build, once, into an empty directory (surefire and failsafe both running it would write two runs' files
 * into one fixture), then add the build to the list below.
 */
class SavepointCompatibilityITCase {

    @RegisterExtension
    static final MiniClusterExtension CLUSTER = new MiniClusterExtension(
            new MiniClusterResourceConfiguration.Builder().setNumberTaskManagers(1).setNumberSlotsPerTaskManager(4)
                    .build());

    /** Small, 2 threads, LOBs included; gzip keeps the fixture small. */
    private static final SimulationSettings WORKLOAD = SimulationSettings.defaults()
            .withSeed(23).withThreads(2).withTransactions(300).withRowsPerLog(300).withGzip(true);

    @TempDir
    Path tmp;

    /**
     * A canonical savepoint restores into either backend; RocksDB is where the state layout matters most. At
     * parallelism 1 on heap state the commit sequencer would share the assembler's task, but these savepoints hold
     * its state under maximum parallelism 1 and the assembler's under 128, so it must keep a task of its own.
     */
    @ParameterizedTest(name = "savepoint of build {0} into {1} at parallelism {2}")
    @CsvSource({"43f4961, HASHMAP, 3", "43f4961, ROCKSDB, 3", "4e66366, HASHMAP, 3", "4e66366, ROCKSDB, 3",
        "4e66366, HASHMAP, 1"})
    void savepointOfAnEarlierBuildRestoresAndCompletesTheOutput(String build, StateBackendKind backend,
                                                                int parallelism) throws Exception {
        Path fixture = resource("/savepoints/" + build);
        copy(fixture.resolve("redo"), tmp.resolve("redo"));
        copy(fixture.resolve("output"), tmp.resolve("output"));
        int committedBefore = ChangeFiles.dataChanges(tmp.resolve("output")).size();
        assertThat(committedBefore).as("the first run committed part of the output").isPositive();

        JobOptions options = options(parallelism, true, backend);
        Configuration restore = new Configuration();
        restore.set(StateRecoveryOptions.SAVEPOINT_PATH, savepointIn(fixture.resolve("savepoint")).toUri()
                .toString());
        StreamExecutionEnvironment env = environment(options, restore);
        CapturePipeline.build(env, options);
        env.execute("restored from the savepoint of build " + build);

        assertThat(ChangeFiles.dataChanges(tmp.resolve("output")).size()).isGreaterThan(committedBefore);
        assertThat(TruthComparison.firstDifference(fixture.resolve("expected"), tmp.resolve("output"))).isEmpty();
    }

    /**
     * A JobManager with high availability restores its latest checkpoint from the HA store, a path the job's main
     * never sees, so the sequencer shares the assembler's task at parallelism 1 on heap state whatever that state
     * is. The shared task's maximum parallelism is configured then, so Flink refuses the earlier build's state (its
     * sequencer's is 1) instead of restoring it under the wrong key groups and losing a transaction.
     */
    @Test
    void stateOfAnEarlierBuildRestoredWhereTheJobDidNotLookIsRefusedNotLost() throws Exception {
        Path fixture = resource("/savepoints/4e66366");
        copy(fixture.resolve("redo"), tmp.resolve("redo"));
        JobOptions options = options(1, true, StateBackendKind.HASHMAP);
        StreamExecutionEnvironment env = environment(options, new Configuration());
        CapturePipeline.build(env, options);
        StreamGraph graph = env.getStreamGraph();
        graph.setSavepointRestoreSettings(SavepointRestoreSettings.forPath(
                savepointIn(fixture.resolve("savepoint")).toUri().toString()));

        assertThatThrownBy(() -> env.execute(graph))
                .satisfies(e -> assertThat(ExceptionUtils.stringifyException(e))
                        .contains("Max parallelism mismatch").contains("with max parallelism 1 to new program"));
    }

    /** Writes a fixture of this build into {@code -Dsavepoint.fixture.dir} (see the class comment). */
    @Test
    @EnabledIfSystemProperty(named = "savepoint.fixture.dir", matches = ".+")
    void writeFixture() throws Exception {
        Path fixture = Path.of(System.getProperty("savepoint.fixture.dir")).toAbsolutePath();
        WorkloadSimulator.write(tmp, WORKLOAD);
        copy(tmp.resolve("redo"), fixture.resolve("redo"));
        copy(tmp.resolve("expected"), fixture.resolve("expected"));
        Path catalog = tmp.resolve("redo/archived_logs.csv");
        List<String> allLogs = Files.readAllLines(catalog);
        Files.write(catalog, allLogs.subList(0, 1 + (allLogs.size() - 1) / 2));

        JobOptions firstRun = options(2, false, StateBackendKind.HASHMAP);
        StreamExecutionEnvironment env = environment(firstRun, new Configuration());
        CapturePipeline.build(env, firstRun);
        JobClient job = env.executeAsync("first half");
        long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
        while (ChangeFiles.dataChanges(tmp.resolve("output")).size() < 200) {
            assertThat(System.nanoTime()).as("no committed output in time").isLessThan(deadline);
            Thread.sleep(200);
        }
        String savepoint = job.stopWithSavepoint(false, tmp.resolve("savepoints").toUri().toString(),
                SavepointFormatType.CANONICAL).get();
        copy(Path.of(java.net.URI.create(savepoint)), fixture.resolve("savepoint"));
        copy(tmp.resolve("output"), fixture.resolve("output"));
    }

    private JobOptions options(int parallelism, boolean bounded, StateBackendKind backend) {
        return new JobOptions(tmp.resolve("redo"), tmp.resolve("output"), FileFormat.OGG_JSON, bounded, parallelism,
                backend, Duration.ofMillis(300), tmp.resolve("checkpoints"), null, Scn.ZERO, null,
                List.of("*.*"), null, "ORCL", Map.of(), false);
    }

    private static StreamExecutionEnvironment environment(JobOptions options, Configuration extra) {
        Configuration conf = JobConfiguration.of(options);
        conf.addAll(extra);
        return StreamExecutionEnvironment.getExecutionEnvironment(conf);
    }

    private static Path resource(String name) throws URISyntaxException {
        URL url = SavepointCompatibilityITCase.class.getResource(name);
        assertThat(url).as("test resource %s", name).isNotNull();
        return Path.of(url.toURI());
    }
}
