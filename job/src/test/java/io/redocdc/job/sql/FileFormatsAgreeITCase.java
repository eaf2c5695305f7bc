package io.redocdc.job.sql;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.redocdc.job.pipeline.CapturePipeline;
import io.redocdc.job.pipeline.JobConfiguration;
import io.redocdc.job.pipeline.JobOptions;
import io.redocdc.job.pipeline.StateBackendKind;
import io.redocdc.sinks.files.ChangeFiles;
import io.redocdc.sinks.files.FileFormat;
import io.redocdc.source.model.Scn;
import io.redocdc.tools.simulate.SimulationSettings;
import io.redocdc.tools.simulate.WorkloadSimulator;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.types.Row;
import org.apache.flink.types.RowKind;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The oracle-redo table source and Flink's own ogg-json and debezium-json formats reading our change files of the
 * same simulated workload (two redo threads, updates and deletes) give the same changelog, row for row: RowKind and
 * every field, with the same declared columns and no primary key. The files are captured by the job's own pipeline,
 * once per format; a table's lines from all part files, sorted by position, go into one file that Flink's
 * filesystem source reads with one reader, so it applies them in commit order, as the table source emits them.
 * Each row also comes from the same change: its line's position is the table source's {@code position}.
 */
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class FileFormatsAgreeITCase {

    @RegisterExtension
    static final MiniClusterExtension CLUSTER = new MiniClusterExtension(
            new MiniClusterResourceConfiguration.Builder().setNumberTaskManagers(1).setNumberSlotsPerTaskManager(2)
                    .build());

    private static final ObjectMapper JSON = new ObjectMapper();
    /** Writers of the capture; a checkpoint every 200 ms commits part files, so a table has several. */
    private static final int WRITERS = 2;
    private static final Duration CHECKPOINTS = Duration.ofMillis(200);

    @TempDir
    static Path tmp;

    private static final Map<FileFormat, Path> outputs = new EnumMap<>(FileFormat.class);

    @BeforeAll
    static void simulateAndCaptureInBothFormats() throws Exception {
        WorkloadSimulator.write(tmp, SimulationSettings.defaults().withSeed(31).withThreads(2)
                .withTransactions(1500).withRowsPerLog(2000));
        for (FileFormat format : FileFormat.values()) {
            Path output = tmp.resolve("output-" + format.displayName());
            JobOptions options = new JobOptions(tmp.resolve("redo"), output, format, true, WRITERS,
                    StateBackendKind.HASHMAP, CHECKPOINTS, tmp.resolve("checkpoints-" + format.displayName()), null,
                    Scn.ZERO, null, List.of("*.*"), null, "ORCL", Map.of(), false);
            StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(
                    JobConfiguration.of(options));
            CapturePipeline.build(env, options);
            env.execute("capture " + format.displayName());
            outputs.put(format, output);
        }
    }

    /** The columns as the README's CREATE TABLE declares them (section "Flink SQL: the oracle-redo table source"). */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "OE.ORDERS | ORDER_ID BIGINT, CUSTOMER_ID BIGINT, STATUS STRING, ORDER_TOTAL DECIMAL(12, 2), "
                    + "ORDER_DATE TIMESTAMP(0), SHIPPED_AT TIMESTAMP(6), COMMENTS STRING",
            "OE.ORDER_ITEMS | ORDER_ID BIGINT, LINE_NO INT, PRODUCT_ID BIGINT, QUANTITY INT, "
                    + "UNIT_PRICE DECIMAL(10, 2)"})
    void bothFormatsReadTheTableSourcesChangelog(String table, String columns) throws Exception {
        TableEnvironment tables = SqlChangelogs.streamingTables(1);
        tables.executeSql("CREATE TABLE redo_changes (" + columns + ", `position` STRING METADATA VIRTUAL) WITH ("
                + "'connector' = 'oracle-redo', 'source.type' = 'directory', 'source.dir' = '" + tmp.resolve("redo")
                + "', 'source.bounded' = 'true', 'table-name' = '" + table + "')");
        List<Row> withPositions = SqlChangelogs.changelog(tables, "SELECT * FROM redo_changes");
        int declared = withPositions.isEmpty() ? 0 : withPositions.get(0).getArity() - 1;
        List<Row> source = withPositions.stream().map(row -> declaredFields(row, declared)).toList();
        List<String> sourcePositions = withPositions.stream().map(row -> (String) row.getField(declared)).toList();

        assertThat(source).as("changes of %s", table).hasSizeGreaterThan(1000);
        assertThat(source).extracting(Row::getKind).as("kinds of the changes of %s", table)
                .contains(RowKind.INSERT, RowKind.UPDATE_BEFORE, RowKind.UPDATE_AFTER, RowKind.DELETE);

        for (FileFormat format : FileFormat.values()) {
            SortedLines lines = SortedLines.of(outputs.get(format).resolve("data").resolve(table),
                    tmp.resolve("sorted-" + format.displayName()).resolve(table));
            System.out.printf("%s %s: %d lines from %d part files%n", table, format.displayName(),
                    lines.count(), lines.partFiles());
            tables.executeSql("CREATE TEMPORARY TABLE file_changes (" + columns + ") WITH ('connector' = "
                    + "'filesystem', 'path' = '" + lines.directory().toUri() + "', 'format' = '"
                    + format.displayName() + "')");
            List<Row> read = SqlChangelogs.changelog(tables, "SELECT * FROM file_changes");
            tables.executeSql("DROP TEMPORARY TABLE file_changes");
            assertSameInOrder(format.displayName() + " rows of " + table, read, source, sourcePositions);
            // the same changes: the lines' positions, a changelog row each (two for an update), are the source's
            assertSameInOrder(format.displayName() + " positions of " + table, lines.rowPositions(),
                    sourcePositions, sourcePositions);
        }
    }

    private static Row declaredFields(Row row, int declared) {
        Row fields = new Row(row.getKind(), declared);
        for (int i = 0; i < declared; i++) {
            fields.setField(i, row.getField(i));
        }
        return fields;
    }

    /** Element for element, naming the first change that differs, its position and the change before it. */
    private static <T> void assertSameInOrder(String what, List<T> actual, List<T> expected,
                                              List<String> positions) {
        for (int i = 0; i < Math.min(actual.size(), expected.size()); i++) {
            assertThat(actual.get(i)).as("%s: change %d of %d (position %s), after %s", what, i, expected.size(),
                    positions.get(i), i == 0 ? "none" : expected.get(i - 1)).isEqualTo(expected.get(i));
        }
        assertThat(actual).as("%s: changes", what).hasSameSizeAs(expected);
    }

    /**
     * A table's data lines from all its part files, sorted by position into one file (in a directory of its own,
     * for the filesystem connector's path).
     *
     * @param rowPositions the position of each changelog row the lines make: an update is two rows
     */
    private record SortedLines(Path directory, int count, int partFiles, List<String> rowPositions) {

        static SortedLines of(Path tableDir, Path directory) throws IOException {
            List<Path> parts = ChangeFiles.committedFiles(tableDir);
            List<Line> lines = new ArrayList<>();
            for (Path part : parts) {
                Files.readAllLines(part, StandardCharsets.UTF_8).stream().filter(text -> !text.isBlank())
                        .map(Line::parse).forEach(lines::add);
            }
            lines.sort(Comparator.comparing(Line::position));
            Files.createDirectories(directory);
            Files.write(directory.resolve("changes.json"), lines.stream().map(Line::text).toList(),
                    StandardCharsets.UTF_8);
            List<String> rowPositions = new ArrayList<>();
            for (Line line : lines) {
                rowPositions.add(line.position());
                if (line.update()) {
                    rowPositions.add(line.position());
                }
            }
            return new SortedLines(directory, lines.size(), parts.size(), rowPositions);
        }
    }

    private record Line(String text, String position, boolean update) {

        static Line parse(String text) {
            try {
                JsonNode json = JSON.readTree(text);
                String op = json.has("op_type") ? json.get("op_type").asText() : json.path("op").asText();
                return new Line(text, ChangeFiles.position(json), op.equalsIgnoreCase("U"));
            } catch (IOException e) {
                throw new UncheckedIOException(text, e);
            }
        }
    }
}
