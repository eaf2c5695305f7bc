package io.redocdc.sinks.files;

import static io.redocdc.sinks.files.TestLcrs.ddl;
import static io.redocdc.sinks.files.TestLcrs.delete;
import static io.redocdc.sinks.files.TestLcrs.image;
import static io.redocdc.sinks.files.TestLcrs.insert;
import static io.redocdc.sinks.files.TestLcrs.nul;
import static io.redocdc.sinks.files.TestLcrs.position;
import static io.redocdc.sinks.files.TestLcrs.str;
import static io.redocdc.sinks.files.TestLcrs.update;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.redocdc.operators.lcr.ColumnValue;
import io.redocdc.operators.lcr.Lcr;
import io.redocdc.operators.lcr.ValueKind;
import org.apache.flink.api.common.functions.MapFunction;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.PipelineOptions;
import org.apache.flink.configuration.RestartStrategyOptions;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.bridge.java.StreamTableEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.types.Row;
import org.apache.flink.types.RowKind;
import org.apache.flink.util.CloseableIterator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * Writes a small changelog of OE.ORDERS (and one DDL) through {@link ChangeFileSink} on a MiniCluster, then reads
 * the table's data directory back with Flink SQL's own filesystem connector and ogg-json / debezium-json format.
 */
class FlinkSqlReadsOggJsonITCase {

    @RegisterExtension
    static final MiniClusterExtension CLUSTER = new MiniClusterExtension(
            new MiniClusterResourceConfiguration.Builder()
                    .setNumberTaskManagers(1)
                    .setNumberSlotsPerTaskManager(2)
                    .build());

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String NOTE_1 = "it's \"x\"\n ñ€😀";
    private static final String DDL = "alter table \"OE\".\"ORDERS\" add (X NUMBER)";

    private static final ColumnValue[] ROW_1 = image(str("ID", "1"), str("NOTE", NOTE_1), str("AMOUNT", "42.50"),
            date("2026-02-28 13:45:59"), timestamp("2026-03-29 01:30:00.123456000"));
    private static final ColumnValue[] ROW_1_UPDATED = image(str("ID", "1"), str("NOTE", "changed"),
            str("AMOUNT", "43"), date("2026-02-28 13:45:59"), timestamp("2026-03-29 01:30:00.123456000"));
    private static final ColumnValue[] ROW_2 = image(str("ID", "2"), nul("NOTE"), str("AMOUNT", "-0.01"),
            date("2026-03-01 00:00:00"), nul("UPDATED_AT"));

    /** Two inserts in one transaction, a DDL, then an update and a delete in a third transaction. */
    private static final List<Lcr> CHANGES = List.of(
            insert(1240, 0, 2, 1234, ROW_1),
            insert(1240, 1, 2, 1236, ROW_2),
            ddl(1250, 1250, DDL),
            update(1300, 0, 2, 1290, ROW_1, ROW_1_UPDATED),
            delete(1300, 1, 2, 1295, ROW_2));

    private static final String COLUMNS =
            "ID INT, NOTE STRING, AMOUNT DECIMAL(10, 2), CREATED TIMESTAMP(3), UPDATED_AT TIMESTAMP(6)";

    @TempDir
    Path dir;

    @ParameterizedTest
    @EnumSource(FileFormat.class)
    void flinkSqlReadsTheChangelogWithTypes(FileFormat format) throws Exception {
        write(format, streamOf(CHANGES), 500);

        // a checkpoint may fall between any two rows, so there may be several part files; each is committed
        List<Path> dataFiles = visibleFiles(dir.resolve("data"));
        assertThat(dataFiles).isNotEmpty().allSatisfy(file -> {
            assertThat(file.getParent()).isEqualTo(dir.resolve("data/OE.ORDERS"));
            assertThat(file.getFileName().toString()).matches("part-.*-\\d+\\.json");
        });
        assertThat(positionsInPartOrder(dataFiles, format)).containsExactlyElementsOf(
                CHANGES.stream().filter(lcr -> lcr.command().isRow()).map(Lcr::position).toList());

        LocalDateTime created1 = LocalDateTime.of(2026, 2, 28, 13, 45, 59);
        LocalDateTime updated1 = LocalDateTime.of(2026, 3, 29, 1, 30, 0, 123_456_000);
        LocalDateTime created2 = LocalDateTime.of(2026, 3, 1, 0, 0, 0);
        Row before = Row.ofKind(RowKind.UPDATE_BEFORE, 1, NOTE_1, new BigDecimal("42.50"), created1, updated1);
        Row after = Row.ofKind(RowKind.UPDATE_AFTER, 1, "changed", new BigDecimal("43.00"), created1, updated1);
        List<Row> read = readWithFlinkSql(format, dir.resolve("data/OE.ORDERS"));
        // Flink's file source reads part files in no particular order (see report): order only within a file
        assertThat(read).containsExactlyInAnyOrder(
                Row.ofKind(RowKind.INSERT, 1, NOTE_1, new BigDecimal("42.50"), created1, updated1),
                Row.ofKind(RowKind.INSERT, 2, null, new BigDecimal("-0.01"), created2, null),
                before,
                after,
                Row.ofKind(RowKind.DELETE, 2, null, new BigDecimal("-0.01"), created2, null));
        assertThat(read.indexOf(after)).isEqualTo(read.indexOf(before) + 1);

        Path ddlFile = assertThat(visibleFiles(dir.resolve("ddl"))).singleElement().actual();
        List<String> ddlLines = Files.readAllLines(ddlFile, StandardCharsets.UTF_8);
        assertThat(ddlLines).hasSize(1);
        JsonNode ddlLine = JSON.readTree(ddlLines.get(0));
        assertThat(ddlLine.get("ddl").asText()).isEqualTo(DDL);
        assertThat(ddlLine.get("table").asText()).isEqualTo("OE.ORDERS");
        assertThat(ddlLine.get("pos").asText()).isEqualTo(position(1250, 0, 1250));
    }

    @Test
    void rowsWrittenBeforeACheckpointAreNotVisible() throws Exception {
        Configuration conf = new Configuration();
        conf.set(RestartStrategyOptions.RESTART_STRATEGY, "none");
        StreamExecutionEnvironment env = environment(conf);
        // checkpointing is on, but the first checkpoint is at least 30 minutes away
        env.enableCheckpointing(Duration.ofHours(1).toMillis());
        env.getCheckpointConfig().setMinPauseBetweenCheckpoints(Duration.ofMinutes(30).toMillis());
        // more rows than the part writer buffers (EncodedLinesWriter), so that some reach the disk before the failure
        int rows = 2 * EncodedLinesWriter.BUFFER_BYTES / 200;
        List<Lcr> oneLargeTransaction = new ArrayList<>();
        for (int i = 0; i < rows; i++) {
            oneLargeTransaction.add(insert(1240, i, rows, 1234, ROW_1));
        }
        DataStream<Lcr> failsAtTheLastRow = env.fromData(oneLargeTransaction, TypeInformation.of(Lcr.class))
                .map(new FailAt(oneLargeTransaction.get(rows - 1).position())).returns(TypeInformation.of(Lcr.class));
        ChangeFileSink.attach(failsAtTheLastRow, FileSinkOptions.builder().directory(dir.toString()).build());

        assertThatThrownBy(() -> env.execute("fails before any checkpoint")).hasStackTraceContaining(FailAt.MESSAGE);

        assertThat(visibleFiles(dir)).isEmpty();
        // rows reached the disk, but only hidden in-progress files that readers skip
        List<Path> hidden = files(dir.resolve("data/OE.ORDERS"));
        assertThat(hidden).allSatisfy(file -> assertThat(file.getFileName().toString()).startsWith(".part-"));
        assertThat(readAll(hidden)).contains(position(1240, 0, 1234), position(1240, 1, 1234));
        assertThat(readWithFlinkSql(FileFormat.OGG_JSON, dir.resolve("data/OE.ORDERS"))).isEmpty();
    }

    private void write(FileFormat format, DataStream<Lcr> lcrs, long checkpointMillis) throws Exception {
        lcrs.getExecutionEnvironment().enableCheckpointing(checkpointMillis);
        ChangeFileSink.attach(lcrs, FileSinkOptions.builder()
                .directory(dir.toString())
                .format(format)
                .primaryKey("OE.ORDERS", "ID")
                .build());
        // a bounded input ends with a final checkpoint, which commits the last part files
        lcrs.getExecutionEnvironment().execute("write " + format);
    }

    private static DataStream<Lcr> streamOf(List<Lcr> lcrs) {
        return environment(new Configuration()).fromData(lcrs, TypeInformation.of(Lcr.class));
    }

    /** Parallelism 1 and no Kryo fallback, as in the job. */
    private static StreamExecutionEnvironment environment(Configuration conf) {
        conf.set(PipelineOptions.GENERIC_TYPES, false);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(conf);
        env.setParallelism(1);
        return env;
    }

    private static List<Row> readWithFlinkSql(FileFormat format, Path tableDirectory) throws Exception {
        StreamTableEnvironment tables = StreamTableEnvironment.create(environment(new Configuration()));
        tables.executeSql("CREATE TABLE orders (" + COLUMNS + ") WITH ('connector' = 'filesystem', "
                + "'path' = '" + tableDirectory.toUri() + "', 'format' = '" + sqlFormat(format) + "')");
        List<Row> rows = new ArrayList<>();
        try (CloseableIterator<Row> it = tables.executeSql("SELECT * FROM orders").collect()) {
            it.forEachRemaining(rows::add);
        }
        return rows;
    }

    private static String sqlFormat(FileFormat format) {
        return switch (format) {
            case OGG_JSON -> "ogg-json";
            case DEBEZIUM_JSON -> "debezium-json";
        };
    }

    /** Files a reader sees: Flink's file sources skip names starting with '.' or '_'. */
    private static List<Path> visibleFiles(Path root) throws IOException {
        return files(root).stream().filter(f -> !f.getFileName().toString().matches("[._].*")).toList();
    }

    private static List<Path> files(Path root) throws IOException {
        if (!Files.exists(root)) {
            return List.of();
        }
        try (Stream<Path> walk = Files.walk(root)) {
            return walk.filter(Files::isRegularFile).sorted().toList();
        }
    }

    /** The pos of every line, files in the order the sink wrote them (part counter). */
    private static List<String> positionsInPartOrder(List<Path> files, FileFormat format) throws IOException {
        String field = format == FileFormat.OGG_JSON ? "/pos" : "/source/lcr_position";
        List<String> positions = new ArrayList<>();
        for (Path file : files.stream().sorted(Comparator.comparingLong(FlinkSqlReadsOggJsonITCase::partCounter)).toList()) {
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                positions.add(JSON.readTree(line).at(field).asText());
            }
        }
        return positions;
    }

    private static long partCounter(Path file) {
        String name = file.getFileName().toString();
        return Long.parseLong(name.substring(name.lastIndexOf('-') + 1, name.length() - ".json".length()));
    }

    private static String readAll(List<Path> files) throws IOException {
        StringBuilder text = new StringBuilder();
        for (Path file : files) {
            text.append(Files.readString(file, StandardCharsets.UTF_8));
        }
        return text.toString();
    }

    private static ColumnValue date(String text) {
        return new ColumnValue("CREATED", ValueKind.DATE, text);
    }

    private static ColumnValue timestamp(String text) {
        return new ColumnValue("UPDATED_AT", ValueKind.TIMESTAMP, text);
    }

    /** Fails the job when the LCR at the given position arrives, after the earlier ones reached the sink. */
    private static final class FailAt implements MapFunction<Lcr, Lcr> {
        static final String MESSAGE = "injected failure before the first checkpoint";
        private final String position;

        FailAt(String position) {
            this.position = position;
        }

        @Override
        public Lcr map(Lcr lcr) {
            if (lcr.position().equals(position)) {
                throw new IllegalStateException(MESSAGE);
            }
            return lcr;
        }
    }
}
