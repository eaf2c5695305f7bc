package io.redocdc.job.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.redocdc.sinks.files.ChangeFiles;
import io.redocdc.sinks.files.FileFormat;
import io.redocdc.source.files.RedoCsvFormat;
import io.redocdc.source.model.NlsFormats;
import io.redocdc.source.model.Scn;
import io.redocdc.tools.simulate.SimulatedNls;
import io.redocdc.tools.simulate.SimulationSettings;
import io.redocdc.tools.simulate.WorkloadSimulator;
import io.redocdc.tools.verify.TruthComparison;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.apache.flink.api.common.JobID;
import org.apache.flink.client.program.rest.RestClusterClient;
import org.apache.flink.configuration.CheckpointingOptions;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.RestartStrategyOptions;
import org.apache.flink.configuration.StateRecoveryOptions;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.core.execution.SavepointFormatType;
import org.apache.flink.runtime.rest.messages.EmptyRequestBody;
import org.apache.flink.runtime.rest.messages.JobExceptionsHeaders;
import org.apache.flink.runtime.rest.messages.JobExceptionsInfoWithHistory;
import org.apache.flink.runtime.rest.messages.job.JobExceptionsMessageParameters;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.test.junit5.InjectClusterClient;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.util.ExceptionUtils;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The whole job on a MiniCluster against the simulator's truth: clean runs at several parallelisms, RAC, runs
 * failed on purpose and restored from checkpoints, stop-with-savepoint and restart at another parallelism, and a
 * sequence gap. Every workload writes LOB and XMLType values (OE.DOCUMENTS) as well.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class CapturePipelineITCase {

    @RegisterExtension
    static final MiniClusterExtension CLUSTER = new MiniClusterExtension(
            new MiniClusterResourceConfiguration.Builder().setNumberTaskManagers(1).setNumberSlotsPerTaskManager(4)
                    .build());

    @TempDir
    Path tmp;

    private static final SimulationSettings WORKLOAD = SimulationSettings.defaults()
            .withSeed(7).withTransactions(400).withRowsPerLog(400);

    @ParameterizedTest(name = "parallelism {0}, {1}")
    @CsvSource({"1, HASHMAP", "4, HASHMAP", "4, ROCKSDB"})
    void cleanRunEqualsTruth(int parallelism, StateBackendKind backend) throws Exception {
        WorkloadSimulator.write(tmp, WORKLOAD);
        run(options(parallelism, true, backend), Optional.empty());
        assertEqualsTruth();
    }

    @Test
    void racWorkloadOfTwoThreadsEqualsTruth() throws Exception {
        WorkloadSimulator.write(tmp, WORKLOAD.withThreads(2).withSeed(11));
        run(options(3, true), Optional.empty());
        assertEqualsTruth();
    }

    /**
     * Transactions writing documents that roll back to savepoints, in the row sequences Debezium observed on Oracle
     * 26ai (the simulator's 23ai shape; operators' LobSavepointRollbackTest): each undo row cancels a whole LOB
     * statement, and what is left is assembled as usual.
     */
    @Test
    void lobStatementsRolledBackToASavepointEqualTruth() throws Exception {
        WorkloadSimulator.write(tmp, WORKLOAD.withThreads(2).withSeed(19).withLobRatio(0.5).withSavepointRatio(0.5));
        assertThat(documentUndoRows()).as("undo rows of OE.DOCUMENTS in the redo").isGreaterThan(10);
        run(options(2, true, StateBackendKind.ROCKSDB), Optional.empty());
        assertEqualsTruth();
    }

    @Test
    void directoryMinedUnderOracleDefaultNlsEqualsTruth() throws Exception {
        // DD-MON-RR dates and DD-MON-RR HH.MI.SSXFF AM timestamps, no nls_session_parameters.csv (as other tools write)
        WorkloadSimulator.write(tmp, WORKLOAD.withThreads(2).withSeed(13).withNls(SimulatedNls.ORACLE_DEFAULT));
        assertThat(Files.readString(firstContentsFile())).contains("', 'DD-MON-RR')").contains(" AM')");
        run(options(2, true).withNls(NlsFormats.ORACLE_DEFAULT), Optional.empty());
        assertEqualsTruth();
    }

    @Test
    void directoryMinedUnderOracleDefaultNlsReadWithOursFailsNamingTheOption() throws Exception {
        WorkloadSimulator.write(tmp, WORKLOAD.withNls(SimulatedNls.ORACLE_DEFAULT));
        assertThatThrownBy(() -> run(options(1, true), Optional.empty()))
                .satisfies(e -> assertThat(ExceptionUtils.stringifyException(e))
                        // TO_DATE carries its mask and reads right; TO_TIMESTAMP has none
                        .contains("bad TO_TIMESTAMP value")
                        .contains("it does not fit the session's NLS format 'YYYY-MM-DD HH24:MI:SS.FF9'")
                        .contains("--source.nls oracle-default")
                        .containsPattern("log 1_\\d+_\\d+ line \\d+"));
    }

    /**
     * A directory mined in CDB$ROOT: SRC_CON_NAME names the PDB on the row changes and is empty on the control rows
     * (the SRC_CON_ columns "may not always have values", Utilities 12.1, "The V$LOGMNR_CONTENTS View in a CDB").
     * Every change says where it comes from.
     */
    @Test
    void changesMinedFromAPdbNameItInTheirTokens() throws Exception {
        WorkloadSimulator.write(tmp, WORKLOAD.withThreads(2).withSeed(17));
        try (Stream<Path> files = Files.list(tmp.resolve("redo/contents"))) {
            for (Path file : files.toList()) {
                nameContainerOnRowChanges(file, "ORCLPDB1");
            }
        }
        run(options(2, true), Optional.empty());
        assertEqualsTruth();
        assertThat(ChangeFiles.dataChanges(tmp.resolve("output")))
                .allSatisfy(change -> assertThat(change.at("/tokens/src_con_name").asText()).isEqualTo("ORCLPDB1"));
    }

    private static void nameContainerOnRowChanges(Path contents, String pdb) throws IOException {
        List<List<String>> rows = new ArrayList<>();
        List<String> header;
        try (CSVParser parser = CSVParser.parse(contents, StandardCharsets.UTF_8,
                RedoCsvFormat.CSV.builder().setHeader().setSkipHeaderRecord(true).build())) {
            header = parser.getHeaderNames();
            int owner = header.indexOf("SEG_OWNER");
            int container = header.indexOf("SRC_CON_NAME");
            assertThat(container).as("SRC_CON_NAME column in %s", contents).isPositive();
            for (CSVRecord record : parser) {
                List<String> row = new ArrayList<>(record.toList());
                String segOwner = row.get(owner);
                row.set(container, segOwner == null || segOwner.isEmpty() ? null : pdb);
                rows.add(row);
            }
        }
        RedoCsvFormat.writeAtomically(contents, printer -> {
            printer.printRecord(header);
            for (List<String> row : rows) {
                printer.printRecord(row);
            }
        });
    }

    /** A crash while a long transaction that writes LOBs is open: its rows and LOB rows come back from state. */
    @Test
    void failuresRestoredFromCheckpointsLoseAndDuplicateNothing() throws Exception {
        // long enough for three failures that each wait for an aligned checkpoint of their own
        WorkloadSimulator.write(tmp, WORKLOAD.withThreads(2).withTransactions(2400));
        Configuration conf = new Configuration();
        conf.set(RestartStrategyOptions.RESTART_STRATEGY, "fixed-delay");
        conf.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_ATTEMPTS, 10);
        conf.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_DELAY, Duration.ofMillis(100));
        // asked for as a cluster might; the job turns it off (CapturePipeline.pinAlignedCheckpoints)
        conf.set(CheckpointingOptions.ENABLE_UNALIGNED, true);
        StreamExecutionEnvironment env = environment(options(2, true), conf);
        CapturePipeline.build(env, options(2, true),
                lcrs -> lcrs.map(new FailureInjector(3, 400, true)).name("failure-injector").setParallelism(1));
        FailureInjector.INJECTED.set(0);
        FailureInjector.RESTORED.set(0);
        FailureInjector.FAILED_AT_COMMIT_SCN.clear();
        env.execute("failure injection");
        assertThat(FailureInjector.INJECTED).as("failures injected").hasValue(3);
        assertThat(FailureInjector.RESTORED.get()).as("LCRs passed before a restored checkpoint").isPositive();
        List<long[]> lobTransactions = lobTransactionSpans();
        assertThat(FailureInjector.FAILED_AT_COMMIT_SCN).as("failures inside a LOB-writing transaction")
                .anyMatch(scn -> lobTransactions.stream().anyMatch(span -> span[0] < scn && scn < span[1]));
        assertEqualsTruth();
    }

    /**
     * RocksDB writes the canonical savepoint and the heap backend restores it; and on heap state at parallelism 1,
     * where the commit sequencer shares the assembler's task, a savepoint restores at 3, where it does not, and
     * back: every operator's state has Flink's default maximum parallelism, one layout for both.
     */
    @ParameterizedTest(name = "{0} at parallelism {1}, then heap state at {2}")
    @CsvSource({"ROCKSDB, 2, 3", "HASHMAP, 1, 3", "HASHMAP, 3, 1"})
    void stopWithSavepointAndRestartAtAnotherParallelism(StateBackendKind firstBackend, int firstParallelism,
                                                         int secondParallelism) throws Exception {
        WorkloadSimulator.write(tmp, WORKLOAD.withThreads(2).withTransactions(600));
        Path catalog = tmp.resolve("redo/archived_logs.csv");
        List<String> allLogs = Files.readAllLines(catalog);
        // First run sees only the first half of the logs, continuously polling for more.
        Files.write(catalog, allLogs.subList(0, 1 + (allLogs.size() - 1) / 2));

        JobOptions firstRun = options(firstParallelism, false, firstBackend);
        StreamExecutionEnvironment env = environment(firstRun, new Configuration());
        CapturePipeline.build(env, firstRun);
        JobClient job = env.executeAsync("first half");
        waitForOutput(job.getJobID());
        String savepoint = job.stopWithSavepoint(false, tmp.resolve("savepoints").toUri().toString(),
                SavepointFormatType.CANONICAL).get();
        assertThat(RestoredMaxParallelism.of(savepoint)).as("so the sequencer may share the assembler's task")
                .containsExactly(128);

        Files.write(catalog, allLogs);
        JobOptions secondRun = options(secondParallelism, true);
        Configuration restore = new Configuration();
        restore.set(StateRecoveryOptions.SAVEPOINT_PATH, savepoint);
        StreamExecutionEnvironment resumed = environment(secondRun, restore);
        CapturePipeline.build(resumed, secondRun);
        resumed.execute("second half from savepoint");
        assertEqualsTruth();
    }

    /**
     * Issue 10, defect 6b: {@code stop --drain} while logs are unread sends the maximum watermark, which would fire
     * COMMITs whose rows or earlier commits are in those logs. It is refused; the job goes on from its latest
     * checkpoint, and a plain {@code stop} then gives a savepoint that resumes to the truth.
     */
    @Test
    void stopWithDrainBeforeEveryLogIsReadIsRefusedAndTheJobGoesOn(@InjectClusterClient RestClusterClient<?> client)
            throws Exception {
        WorkloadSimulator.write(tmp, WORKLOAD.withThreads(2).withTransactions(600));
        Path catalog = tmp.resolve("redo/archived_logs.csv");
        List<String> allLogs = Files.readAllLines(catalog);
        Files.write(catalog, allLogs.subList(0, 1 + (allLogs.size() - 1) / 2));

        JobOptions firstRun = options(2, false);
        Configuration restarts = new Configuration();
        restarts.set(RestartStrategyOptions.RESTART_STRATEGY, "fixed-delay");
        restarts.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_ATTEMPTS, 10);
        restarts.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_DELAY, Duration.ofMillis(100));
        StreamExecutionEnvironment env = environment(firstRun, restarts);
        CapturePipeline.build(env, firstRun);
        JobClient job = env.executeAsync("drained too early");
        waitForOutput(job.getJobID());
        String savepoints = tmp.resolve("savepoints").toUri().toString();

        assertThatThrownBy(() -> job.stopWithSavepoint(true, savepoints, SavepointFormatType.CANONICAL).get())
                .isInstanceOf(ExecutionException.class);
        assertThat(exceptionHistory(client, job.getJobID())).as("why the drain failed, in the job's exceptions")
                .anySatisfy(trace -> assertThat(trace).contains("stop --drain (stop-with-savepoint advancing to the "
                        + "end of event time) is refused while archived logs are still unread"));

        String savepoint = stopOnceRunningAgain(job, savepoints);
        Files.write(catalog, allLogs);
        Configuration restore = new Configuration();
        restore.set(StateRecoveryOptions.SAVEPOINT_PATH, savepoint);
        StreamExecutionEnvironment resumed = environment(options(2, true), restore);
        CapturePipeline.build(resumed, options(2, true));
        resumed.execute("after the refused drain");
        assertEqualsTruth();
    }

    private static List<String> exceptionHistory(RestClusterClient<?> client, JobID job) throws Exception {
        JobExceptionsMessageParameters parameters = new JobExceptionsMessageParameters();
        parameters.jobPathParameter.resolve(job);
        return client.sendRequest(JobExceptionsHeaders.getInstance(), parameters, EmptyRequestBody.getInstance())
                .get().getExceptionHistory().getEntries().stream()
                .map(JobExceptionsInfoWithHistory.ExceptionInfo::getStacktrace).toList();
    }

    /** After a failover the job's tasks take a moment to run again; a stop before that is declined. */
    private static String stopOnceRunningAgain(JobClient job, String savepoints) throws Exception {
        for (int attempt = 1; ; attempt++) {
            try {
                return job.stopWithSavepoint(false, savepoints, SavepointFormatType.CANONICAL).get();
            } catch (Exception notYet) {
                if (attempt == 100) {
                    throw notYet;
                }
                Thread.sleep(300);
            }
        }
    }

    @Test
    void sequenceGapFailsNamingTheMissingLog() throws Exception {
        WorkloadSimulator.write(tmp, WORKLOAD);
        Path catalog = tmp.resolve("redo/archived_logs.csv");
        List<String> rows = Files.readAllLines(catalog);
        assertThat(rows).hasSizeGreaterThan(4);
        String removed = rows.get(3);
        Files.write(catalog, Stream.concat(rows.subList(0, 3).stream(), rows.subList(4, rows.size()).stream())
                .toList());
        String sequence = removed.split(",")[1].replace("\"", "").trim();

        assertThatThrownBy(() -> run(options(2, true), Optional.empty()))
                .satisfies(e -> assertThat(ExceptionUtils.stringifyException(e))
                        .containsPattern("thread 1 sequence " + sequence + "\\b"));
    }

    private Path firstContentsFile() throws IOException {
        return contentsFiles().get(0);
    }

    private List<Path> contentsFiles() throws IOException {
        try (Stream<Path> files = Files.list(tmp.resolve("redo/contents"))) {
            return files.sorted().toList();
        }
    }

    private long documentUndoRows() throws IOException {
        long undoRows = 0;
        for (Path contents : contentsFiles()) {
            try (Reader in = Files.newBufferedReader(contents);
                 CSVParser rows = CSVFormat.RFC4180.builder().setHeader().setSkipHeaderRecord(true).build()
                         .parse(in)) {
                for (CSVRecord row : rows) {
                    if ("DOCUMENTS".equals(row.get("TABLE_NAME")) && "1".equals(row.get("ROLLBACK"))) {
                        undoRows++;
                    }
                }
            }
        }
        return undoRows;
    }

    /** START and COMMIT SCNs of the committed transactions that write OE.DOCUMENTS. */
    private List<long[]> lobTransactionSpans() throws IOException {
        Map<String, Long> startScns = new HashMap<>();
        for (Path contents : contentsFiles()) {
            try (Reader in = Files.newBufferedReader(contents);
                 CSVParser rows = CSVFormat.RFC4180.builder().setHeader().setSkipHeaderRecord(true).build()
                         .parse(in)) {
                for (CSVRecord row : rows) {
                    if (row.get("OPERATION_CODE").equals("6")) {
                        startScns.put(row.get("XID"), Long.parseLong(row.get("SCN")));
                    }
                }
            }
        }
        return ChangeFiles.readJsonLines(tmp.resolve("expected/transactions.jsonl")).stream()
                .filter(txn -> txn.get("changes").findValuesAsText("table").contains("OE.DOCUMENTS"))
                .map(txn -> new long[] {startScns.get(txn.get("xid").asText()), txn.get("commit_scn").asLong()})
                .toList();
    }

    private void assertEqualsTruth() {
        assertThat(ChangeFiles.dataChanges(tmp.resolve("output"))).isNotEmpty()
                .as("LOB changes captured").anyMatch(change -> change.get("table").asText().equals("OE.DOCUMENTS"));
        assertThat(TruthComparison.firstDifference(tmp.resolve("expected"), tmp.resolve("output"))).isEmpty();
    }

    private void run(JobOptions options, Optional<String> restore) throws Exception {
        Configuration conf = new Configuration();
        restore.ifPresent(path -> conf.set(StateRecoveryOptions.SAVEPOINT_PATH, path));
        StreamExecutionEnvironment env = environment(options, conf);
        CapturePipeline.build(env, options);
        env.execute("capture");
    }

    private static StreamExecutionEnvironment environment(JobOptions options, Configuration extra) {
        Configuration conf = JobConfiguration.of(options);
        conf.addAll(extra);
        return StreamExecutionEnvironment.getExecutionEnvironment(conf);
    }

    private JobOptions options(int parallelism, boolean bounded) {
        return options(parallelism, bounded, StateBackendKind.HASHMAP);
    }

    private JobOptions options(int parallelism, boolean bounded, StateBackendKind backend) {
        return new JobOptions(tmp.resolve("redo"), tmp.resolve("output"), FileFormat.OGG_JSON, bounded, parallelism,
                backend, Duration.ofMillis(300), tmp.resolve("checkpoints"), null, Scn.ZERO, null,
                List.of("*.*"), null, "ORCL", Map.of(), false);
    }

    private void waitForOutput(JobID job) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
        while (ChangeFiles.dataChanges(tmp.resolve("output")).size() < 100) {
            assertThat(System.nanoTime()).as("job %s wrote no committed output in time", job).isLessThan(deadline);
            Thread.sleep(200);
        }
    }
}
