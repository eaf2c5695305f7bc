package io.redocdc.job.inspect;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.redocdc.job.RedoCdc;
import io.redocdc.job.faults.RetainedCheckpoints;
import io.redocdc.job.pipeline.CapturePipeline;
import io.redocdc.job.pipeline.JobConfiguration;
import io.redocdc.job.pipeline.JobOptions;
import io.redocdc.job.pipeline.StateBackendKind;
import io.redocdc.operators.txn.AssemblerState;
import io.redocdc.sinks.files.FileFormat;
import io.redocdc.source.model.Scn;
import io.redocdc.tools.simulate.SimulationSettings;
import io.redocdc.tools.simulate.WorkloadSimulator;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import org.apache.flink.configuration.CheckpointingOptions;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.core.execution.SavepointFormatType;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import picocli.CommandLine;

/**
 * {@code inspect --json} on a savepoint taken mid-workload, checked against the simulator's truth. Like the fixture
 * of SavepointCompatibilityITCase, the job reads a 2-thread workload whose catalog lists only its first half of the
 * logs, so the large transaction, the long ones and some ordinary ones are open; once every catalogued log is read
 * (the continuous source then waits for more) the job is stopped with a savepoint. The open transactions (XID,
 * thread, start SCN, rows), the frontier, the required checkpoint SCN and the purge advice must be what
 * expected/redo_transactions.jsonl says of that cut. The same holds of a retained incremental RocksDB checkpoint
 * taken after that point, which only a RocksDB backend reads.
 */
class InspectSavepointITCase {

    @RegisterExtension
    static final MiniClusterExtension CLUSTER = new MiniClusterExtension(
            new MiniClusterResourceConfiguration.Builder().setNumberTaskManagers(1).setNumberSlotsPerTaskManager(3)
                    .build());

    /** 2 threads, a large transaction over most of the run and the default two long ones. */
    private static final SimulationSettings WORKLOAD = SimulationSettings.defaults()
            .withSeed(7).withThreads(2).withTransactions(400).withRowsPerLog(250).withLargeTransactionRows(1500);

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    /** What is inspected: a canonical savepoint, or a retained incremental RocksDB checkpoint (as a cluster keeps). */
    enum Taken { SAVEPOINT, INCREMENTAL_ROCKSDB_CHECKPOINT }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Taken.class)
    void openTransactionsAndPurgeAdviceOfAMidWorkloadSavepointAreTheTruths(Taken taken) throws Exception {
        WorkloadSimulator.write(tmp, WORKLOAD);
        Path catalog = tmp.resolve("redo/archived_logs.csv");
        List<String> allLogs = Files.readAllLines(catalog);
        Files.write(catalog, allLogs.subList(0, 1 + (allLogs.size() - 1) / 2));
        RedoTruth truth = new RedoTruth(tmp.resolve("expected"), catalog);
        Set<RedoTruth.Open> expectedOpen = truth.openTransactions();
        assertThat(expectedOpen).as("the cut leaves transactions open").hasSizeGreaterThan(2)
                .anyMatch(open -> open.rows() > 500);

        boolean rocksdb = taken == Taken.INCREMENTAL_ROCKSDB_CHECKPOINT;
        JobOptions options = new JobOptions(tmp.resolve("redo"), tmp.resolve("output"), FileFormat.OGG_JSON, false,
                2, rocksdb ? StateBackendKind.ROCKSDB : StateBackendKind.HASHMAP, Duration.ofMillis(300),
                tmp.resolve("checkpoints"), null, Scn.ZERO, null, List.of("*.*"), null, "ORCL", Map.of(), false);
        Configuration conf = JobConfiguration.of(options);
        conf.set(CheckpointingOptions.INCREMENTAL_CHECKPOINTS, rocksdb);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(conf);
        CapturePipeline.build(env, options);
        JobClient job = env.executeAsync("inspect: first half of the logs");
        Path inspected;
        try {
            waitUntilEveryCataloguedLogIsProcessed(job, truth);
            inspected = rocksdb ? checkpointAfterNow(job) : Path.of(URI.create(job.stopWithSavepoint(false,
                    tmp.resolve("savepoints").toUri().toString(), SavepointFormatType.CANONICAL).get()));
        } catch (Exception | AssertionError e) {
            job.cancel().get();
            throw e;
        }
        if (rocksdb) {
            job.cancel().get();
            assertThat(CheckpointMetadataFile.load(inspected).incrementalKeyedState(AssemblerState.UID))
                    .as("an incremental RocksDB checkpoint").isTrue();
        }

        JsonNode state = JSON.readTree(inspect("--json", inspected.toString()));
        assertThat(state.get("completedFrontier").asLong()).isEqualTo(truth.frontier());
        Set<RedoTruth.Open> open = new HashSet<>();
        for (JsonNode tx : state.get("openTransactions")) {
            open.add(new RedoTruth.Open(tx.get("xid").asText(), tx.get("thread").asInt(), tx.get("startScn").asLong(),
                    tx.get("rows").asLong()));
        }
        assertThat(open).containsExactlyInAnyOrderElementsOf(expectedOpen);
        assertThat(state.get("requiredCheckpointScn").asLong())
                .isEqualTo(expectedOpen.stream().mapToLong(RedoTruth.Open::startScn).min().orElseThrow());
        SortedMap<Integer, Long> purge = new TreeMap<>();
        for (JsonNode advice : state.get("purgeAdvice")) {
            purge.put(advice.get("thread").asInt(), advice.get("purgeBeforeSequence").asLong());
        }
        assertThat(purge).isEqualTo(truth.purgeBefore());
        assertThat(state.get("sequencer").get("processedCommitScn").asLong())
                .isEqualTo(truth.lastCommitBelowFrontier());
    }

    @Test
    void aSavepointOfAnotherJobIsRefusedNamingThePathAndTheOperatorsExpected() throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(1);
        env.enableCheckpointing(200);
        env.fromSequence(0, Long.MAX_VALUE).uid("numbers").sinkTo(new DiscardingSink<>()).uid("discard");
        JobClient job = env.executeAsync("another job");
        String savepoint = null;
        long deadline = System.nanoTime() + Duration.ofMinutes(1).toNanos();
        while (savepoint == null) {
            try {
                savepoint = job.stopWithSavepoint(false, tmp.resolve("other").toUri().toString(),
                        SavepointFormatType.CANONICAL).get();
            } catch (ExecutionException e) {
                assertThat(System.nanoTime()).as("no savepoint of the other job: %s", e).isLessThan(deadline);
                Thread.sleep(200); // its tasks are not running yet
            }
        }
        Path path = Path.of(URI.create(savepoint));

        StringWriter err = new StringWriter();
        CommandLine cmd = RedoCdc.commandLine();
        cmd.setOut(new PrintWriter(new StringWriter(), true));
        cmd.setErr(new PrintWriter(err, true));
        assertThat(cmd.execute("inspect", path.toString())).isEqualTo(2);
        assertThat(err.toString()).contains(path + " is a Flink savepoint or checkpoint, but not of the redo-cdc "
                + "capture job").contains("[redo-log-source, transaction-assembler, commit-sequencer]");
    }

    /** A retained checkpoint completed after this call (the job's state no longer changes by then). */
    private Path checkpointAfterNow(JobClient job) throws Exception {
        long now = System.currentTimeMillis();
        long deadline = System.nanoTime() + Duration.ofMinutes(1).toNanos();
        while (true) {
            Optional<Path> newest = RetainedCheckpoints.newest(tmp.resolve("checkpoints"));
            if (newest.isPresent() && newest.get().resolve("_metadata").toFile().lastModified() > now + 1000) {
                return newest.get();
            }
            assertThat(System.nanoTime()).as("no checkpoint completed in time").isLessThan(deadline);
            assertThat(job.getJobStatus().get().isGloballyTerminalState()).as("the job ended").isFalse();
            Thread.sleep(200);
        }
    }

    /**
     * Polls savepoints until the job has read every catalogued log and delivered every commit below the frontier:
     * from then on its state no longer changes.
     */
    private void waitUntilEveryCataloguedLogIsProcessed(JobClient job, RedoTruth truth) throws Exception {
        long deadline = System.nanoTime() + Duration.ofMinutes(3).toNanos();
        StateInspection state = null;
        while (true) {
            assertThat(job.getJobStatus().get().isGloballyTerminalState()).as("the job ended").isFalse();
            String savepoint;
            try {
                savepoint = job.triggerSavepoint(tmp.resolve("polled").toUri().toString(),
                        SavepointFormatType.CANONICAL).get();
            } catch (ExecutionException e) {
                savepoint = null; // not all tasks running yet
            }
            if (savepoint != null) {
                state = SavepointInspector.inspect(Path.of(URI.create(savepoint)));
                if (everyLogRead(state, truth) && state.sequencer().processedCommitScn() != null
                        && state.sequencer().processedCommitScn() == truth.lastCommitBelowFrontier()) {
                    return;
                }
            }
            assertThat(System.nanoTime()).as("the job did not process the catalogued logs in time; last: %s", state)
                    .isLessThan(deadline);
            Thread.sleep(500);
        }
    }

    private static boolean everyLogRead(StateInspection state, RedoTruth truth) {
        for (StateInspection.ThreadState thread : state.threads()) {
            RedoTruth.LastLog last = truth.lastLogs().get(thread.thread());
            if (last == null || thread.nextSequence() != last.sequence() + 1) {
                return false;
            }
        }
        return state.threads().size() == truth.lastLogs().size();
    }

    private static String inspect(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cmd = RedoCdc.commandLine();
        cmd.setOut(new PrintWriter(out, true));
        cmd.setErr(new PrintWriter(err, true));
        String[] all = new String[args.length + 1];
        all[0] = "inspect";
        System.arraycopy(args, 0, all, 1, args.length);
        assertThat(cmd.execute(all)).as("inspect exit code; stderr: %s", err).isZero();
        return out.toString();
    }
}
