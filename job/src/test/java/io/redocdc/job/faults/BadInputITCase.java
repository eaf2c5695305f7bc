package io.redocdc.job.faults;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.redocdc.job.pipeline.CapturePipeline;
import io.redocdc.job.pipeline.JobConfiguration;
import io.redocdc.job.pipeline.JobOptions;
import io.redocdc.job.pipeline.StateBackendKind;
import io.redocdc.sinks.files.FileFormat;
import io.redocdc.source.model.Scn;
import io.redocdc.tools.simulate.SimulationSettings;
import io.redocdc.tools.simulate.WorkloadSimulator;
import io.redocdc.tools.verify.TruthComparison;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.StateRecoveryOptions;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.util.ExceptionUtils;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bad input in a redo directory: each case fails the job with an error naming the file and line (or the log),
 * and once the input is fixed, a restore from the newest retained checkpoint (or a fresh run when none completed)
 * finishes an output equal to the simulator's truth: nothing committed before the failure is lost or doubled.
 * Catalog rows that are duplicated or out of order are no error at all. The README's bad-input table quotes
 * these messages.
 */
class BadInputITCase {

    @RegisterExtension
    static final MiniClusterExtension CLUSTER = new MiniClusterExtension(
            new MiniClusterResourceConfiguration.Builder().setNumberTaskManagers(1).setNumberSlotsPerTaskManager(4)
                    .build());

    private static final SimulationSettings WORKLOAD = SimulationSettings.defaults().withSeed(31).withThreads(2)
            .withTransactions(600).withRowsPerLog(400);

    @TempDir
    Path tmp;
    private Path catalog;

    @BeforeEach
    void simulate() throws IOException {
        WorkloadSimulator.write(tmp, WORKLOAD);
        catalog = tmp.resolve("redo/archived_logs.csv");
    }

    @Test
    void aContentsFileCutInTheMiddleOfARow() throws Exception {
        Path file = contentsFileOfThread1(3);
        byte[] original = Files.readAllBytes(file);
        String text = new String(original, StandardCharsets.UTF_8);
        int insert = text.indexOf("\"insert into ", text.length() / 2);
        failsUntilFixed(file, text.substring(0, insert + 30).getBytes(StandardCharsets.UTF_8), "line ");
    }

    @Test
    void invalidUtf8InAContentsFile() throws Exception {
        Path file = contentsFileOfThread1(3);
        byte[] original = Files.readAllBytes(file);
        byte[] corrupt = original.clone();
        int at = new String(original, StandardCharsets.ISO_8859_1).indexOf("\"insert into ", original.length / 2) + 2;
        corrupt[at] = (byte) 0xC3; // a lead byte followed by ASCII: malformed
        corrupt[at + 1] = (byte) 0x28;
        failsUntilFixed(file, corrupt, "UTF-8");
    }

    @Test
    void aContentsFileWithoutAColumnOfTheContract() throws Exception {
        Path file = contentsFileOfThread1(3);
        List<String> lines = Files.readAllLines(file);
        lines.set(0, lines.get(0).replace("\"SQL_UNDO\"", "\"UNDO\""));
        failsUntilFixed(file, lines, "SQL_UNDO");
    }

    @Test
    void aRowOfAnotherThreadInALog() throws Exception {
        Path file = contentsFileOfThread1(3);
        List<String> lines = Files.readAllLines(file);
        int row = lines.size() / 2;
        while (!lines.get(row).contains(",1,\"")) {
            row++;
        }
        String[] fields = lines.get(row).split(",", 4);
        lines.set(row, fields[0] + "," + fields[1] + ",2," + fields[3]); // THREAD# is the third column
        failsUntilFixed(file, lines, "THREAD#");
    }

    @Test
    void aStatementThatDoesNotParse() throws Exception {
        Path file = contentsFileOfThread1(3);
        String text = Files.readString(file);
        int insert = text.indexOf("\"insert into \"\"OE\"\".\"\"ORDERS\"\"", text.length() / 2);
        assertThat(insert).as("an ORDERS insert in %s", file).isPositive();
        int end = text.indexOf(" values ", insert);
        failsUntilFixed(file, (text.substring(0, end) + " valuez " + text.substring(end + " values ".length()))
                .getBytes(StandardCharsets.UTF_8), "expected 'values' but found 'valuez'");
    }

    /** An OPERATION_CODE that operation-codes.md does not list, on an ORDERS row (made up: bad input). */
    @Test
    void anUnknownOperationCode() throws Exception {
        Path file = contentsFileOfThread1(3);
        List<String> lines = Files.readAllLines(file);
        Pattern insertOfOrders = Pattern.compile(
                "^([^,]*,[^,]*,[^,]*,[^,]*,\"?INSERT\"?,)1(,.*,\"?OE\"?,\"?ORDERS\"?,.*)$");
        int row = lines.size() / 2;
        while (!insertOfOrders.matcher(lines.get(row)).matches()) {
            row++;
        }
        lines.set(row, insertOfOrders.matcher(lines.get(row)).replaceFirst("$199$2"));
        failsUntilFixed(file, lines, "OPERATION_CODE 99 (OPERATION INSERT) is not an operation this version reads");
    }

    @Test
    void aSequenceGapInTheCatalog() throws Exception {
        List<String> rows = Files.readAllLines(catalog);
        String removed = rows.get(3);
        List<String> gap = new ArrayList<>(rows);
        gap.remove(3);
        Files.write(catalog, gap);
        String[] key = removed.replace("\"", "").split(",");

        assertFailsNaming(null, "thread " + key[0].trim() + " sequence " + key[1].trim());
        Files.write(catalog, rows);
        assertRestoredOutputEqualsTruth();
    }

    @Test
    void duplicatedAndShuffledCatalogRowsAreNoError() throws Exception {
        List<String> rows = Files.readAllLines(catalog);
        List<String> body = new ArrayList<>(rows.subList(1, rows.size()));
        body.addAll(rows.subList(2, 5)); // the same rows of three logs again
        Collections.shuffle(body, new java.util.Random(31));
        List<String> messy = new ArrayList<>(List.of(rows.get(0)));
        messy.addAll(body);
        Files.write(catalog, messy);

        run(Optional.empty());
        assertThat(TruthComparison.firstDifference(tmp.resolve("expected"), tmp.resolve("output"))).isEmpty();
    }

    @Test
    void conflictingDuplicateCatalogRowsAreAnError() throws Exception {
        List<String> rows = Files.readAllLines(catalog);
        List<String> conflicting = new ArrayList<>(rows);
        String[] fields = rows.get(2).split(",");
        fields[4] = Long.toString(Long.parseLong(fields[4].trim()) + 1); // NEXT_CHANGE#
        conflicting.add(String.join(",", fields));
        Files.write(catalog, conflicting);

        assertFailsNaming(catalog, "duplicate rows of one log must agree");
        Files.write(catalog, rows);
        assertRestoredOutputEqualsTruth();
    }

    /**
     * With {@code file} replaced by {@code corrupt} the job fails naming it and saying {@code text}; with the file
     * fixed, a restore completes the output as the truth.
     */
    private void failsUntilFixed(Path file, byte[] corrupt, String text) throws Exception {
        byte[] original = Files.readAllBytes(file);
        Files.write(file, corrupt);
        assertFailsNaming(file, text);
        Files.write(file, original);
        assertRestoredOutputEqualsTruth();
    }

    private void failsUntilFixed(Path file, List<String> corruptLines, String text) throws Exception {
        failsUntilFixed(file, (String.join("\n", corruptLines) + "\n").getBytes(StandardCharsets.UTF_8), text);
    }

    /** The job fails, and its error names {@code file} or its log (when given) and contains {@code text}. */
    private void assertFailsNaming(Path file, String text) {
        assertThatThrownBy(() -> run(Optional.empty())).satisfies(e -> {
            String error = ExceptionUtils.stringifyException(e);
            assertThat(error).contains(text);
            if (file != null) { // the contents file, or its log as 1_572_1029337344 (the file's name to the dot)
                String name = file.getFileName().toString();
                assertThat(error).contains(name.substring(0, name.indexOf('.')));
            }
        });
    }

    private void assertRestoredOutputEqualsTruth() throws Exception {
        run(RetainedCheckpoints.newest(tmp.resolve("checkpoints")));
        assertThat(TruthComparison.firstDifference(tmp.resolve("expected"), tmp.resolve("output"))).isEmpty();
    }

    private void run(Optional<Path> restore) throws Exception {
        JobOptions options = new JobOptions(tmp.resolve("redo"), tmp.resolve("output"), FileFormat.OGG_JSON, true, 2,
                StateBackendKind.HASHMAP, Duration.ofMillis(200), tmp.resolve("checkpoints"), null, Scn.ZERO, null,
                List.of("*.*"), null, "ORCL", Map.of(), false);
        Configuration conf = JobConfiguration.of(options);
        restore.ifPresent(path -> conf.set(StateRecoveryOptions.SAVEPOINT_PATH, path.toUri().toString()));
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(conf);
        CapturePipeline.build(env, options);
        env.execute("bad input");
    }

    /** The contents file of the {@code n}-th log of thread 1 (1-based), in sequence order. */
    private Path contentsFileOfThread1(int n) throws IOException {
        try (Stream<Path> files = Files.list(tmp.resolve("redo/contents"))) {
            List<Path> thread1 = files.filter(file -> file.getFileName().toString().startsWith("1_"))
                    .sorted(Comparator.comparingLong(file -> Long.parseLong(file.getFileName().toString()
                            .split("_")[1]))).toList();
            assertThat(thread1).hasSizeGreaterThan(n);
            return thread1.get(n - 1);
        }
    }

}
