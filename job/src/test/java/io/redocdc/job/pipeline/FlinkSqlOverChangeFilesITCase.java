package io.redocdc.job.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.redocdc.job.ReadmeSql;
import io.redocdc.operators.lcr.Lcr;
import io.redocdc.operators.lcr.Position;
import io.redocdc.sinks.files.ChangeFiles;
import io.redocdc.sinks.files.FileFormat;
import io.redocdc.source.model.Scn;
import io.redocdc.tools.simulate.SimulationSettings;
import io.redocdc.tools.simulate.WorkloadSimulator;
import io.redocdc.tools.verify.TruthComparison;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Function;
import java.util.regex.Pattern;
import org.apache.flink.api.common.RuntimeExecutionMode;
import org.apache.flink.api.common.functions.MapFunction;
import org.apache.flink.configuration.CoreOptions;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.types.Row;
import org.apache.flink.types.RowKind;
import org.apache.flink.util.CloseableIterator;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The README's Flink SQL over the change files ("Reading the files with Flink SQL"), run as it stands there on a
 * simulated workload captured with a checkpoint every second (many part files, read by two readers): the order
 * totals per status and the order lines joined to their orders per status equal what the simulator's final
 * rows imply. The plain ogg-json changelog read the README once suggested gives other results on the same files,
 * because Flink's filesystem source applies the part files' changes out of commit order.
 */
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class FlinkSqlOverChangeFilesITCase {

    @RegisterExtension
    static final MiniClusterExtension CLUSTER = new MiniClusterExtension(
            new MiniClusterResourceConfiguration.Builder().setNumberTaskManagers(1).setNumberSlotsPerTaskManager(4)
                    .build());

    private static final String README_MARKER = "<!-- FlinkSqlOverChangeFilesITCase runs the sql block";
    private static final String OGG_JSON_SECTION = README_MARKER + "s of ogg-json files";
    private static final String DEBEZIUM_JSON_SECTION = README_MARKER + " of debezium-json files";
    private static final String README_OUTPUT = "'demo/output/";
    private static final Pattern POSITION = Pattern.compile("[0-9a-f]{" + 2 * Position.LENGTH + "}");
    private static final int READERS = 2;
    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * The ogg-json changelog read the README and the demo suggested before (same columns as the README's); with
     * 'debezium-json' instead for debezium-json files.
     */
    private static final List<String> PLAIN_CHANGELOG_TABLES = List.of(
            "CREATE TABLE orders (ORDER_ID BIGINT, CUSTOMER_ID BIGINT, STATUS STRING, ORDER_TOTAL DECIMAL(12, 2), "
                    + "ORDER_DATE TIMESTAMP(0), SHIPPED_AT TIMESTAMP(6), COMMENTS STRING) WITH ("
                    + "'connector' = 'filesystem', 'path' = 'demo/output/data/OE.ORDERS', 'format' = 'ogg-json')",
            "CREATE TABLE order_items (ORDER_ID BIGINT, LINE_NO INT, PRODUCT_ID BIGINT, QUANTITY INT, "
                    + "UNIT_PRICE DECIMAL(10, 2)) WITH ('connector' = 'filesystem', "
                    + "'path' = 'demo/output/data/OE.ORDER_ITEMS', 'format' = 'ogg-json')");

    @TempDir
    static Path tmp;

    private static ReadmeStatements readme;
    private static ReadmeStatements readmeDebezium;
    private static Map<String, StatusTotals> ordersTruth;
    private static Map<String, StatusTotals> joinTruth;

    @BeforeAll
    static void captureASimulatedWorkload() throws Exception {
        readme = ReadmeStatements.read(OGG_JSON_SECTION);
        readmeDebezium = ReadmeStatements.read(DEBEZIUM_JSON_SECTION);
        WorkloadSimulator.write(tmp, SimulationSettings.defaults().withSeed(23).withThreads(2)
                .withTransactions(4000).withRowsPerLog(2000));
        capture(FileFormat.OGG_JSON, "output");
        capture(FileFormat.DEBEZIUM_JSON, "output-debezium");

        List<JsonNode> orders = truthRows("OE.ORDERS");
        Map<String, String> statusOfOrder = new HashMap<>();
        orders.forEach(order -> statusOfOrder.put(order.get("ORDER_ID").asText(), order.get("STATUS").asText()));
        ordersTruth = totalsByStatus(orders, order -> order.get("STATUS").asText(),
                order -> new BigDecimal(order.get("ORDER_TOTAL").asText()));
        List<JsonNode> joined = truthRows("OE.ORDER_ITEMS").stream()
                .filter(item -> statusOfOrder.containsKey(item.get("ORDER_ID").asText())).toList();
        joinTruth = totalsByStatus(joined, item -> statusOfOrder.get(item.get("ORDER_ID").asText()),
                item -> new BigDecimal(item.get("QUANTITY").asText())
                        .multiply(new BigDecimal(item.get("UNIT_PRICE").asText())));
    }

    private static void capture(FileFormat format, String output) throws Exception {
        JobOptions options = new JobOptions(tmp.resolve("redo"), tmp.resolve(output), format, true, READERS,
                StateBackendKind.HASHMAP, Duration.ofSeconds(1), tmp.resolve("checkpoints-" + output), null, Scn.ZERO, null,
                List.of("*.*"), null, "ORCL", Map.of(), false);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(
                JobConfiguration.of(options));
        // Slowed down so that the capture spans several checkpoints, each committing new part files, however fast
        // the machine: a capture inside one checkpoint interval writes one file per table, which even a plain
        // changelog read takes in order.
        CapturePipeline.build(env, options, lcrs -> lcrs.map(new Throttle()).setParallelism(1).name("throttle"));
        env.execute("capture " + format + " for Flink SQL");
    }

    /** Holds each LCR for half a millisecond: about 7 s for the workload's changes. */
    private static final class Throttle implements MapFunction<Lcr, Lcr> {
        @Override
        public Lcr map(Lcr lcr) {
            LockSupport.parkNanos(500_000);
            return lcr;
        }
    }

    @Test
    void theCapturedOggJsonFilesEqualTheTruth() {
        // so that a difference in the SQL tests below is the reading's, not the capture's (the comparison reads
        // ogg-json; the debezium-json capture runs the same pipeline)
        assertThat(TruthComparison.firstDifference(tmp.resolve("expected"), tmp.resolve("output"))).isEmpty();
    }

    @Test
    void theCaptureWroteManyPartFilesWhosePositionsSortAsStringsInCommitOrder() {
        for (String table : List.of("OE.ORDERS", "OE.ORDER_ITEMS")) {
            List<Path> parts = ChangeFiles.committedFiles(tmp.resolve("output/data").resolve(table));
            System.out.printf("%s: %d part files%n", table, parts.size());
            assertThat(parts).as("part files of %s", table).hasSizeGreaterThanOrEqualTo(4);
        }
        List<String> positions = ChangeFiles.dataChanges(tmp.resolve("output")).stream()
                .map(change -> change.get("pos").asText()).toList();
        assertThat(positions).hasSizeGreaterThan(10_000)
                .allSatisfy(position -> assertThat(position).matches(POSITION));
        List<String> byString = positions.stream().sorted().toList();
        List<String> byBytes = positions.stream().map(Position::fromHex).sorted().map(Position::toHex).toList();
        assertThat(byString).isEqualTo(byBytes);
    }

    @ParameterizedTest
    @EnumSource(value = RuntimeExecutionMode.class, names = {"BATCH", "STREAMING"})
    void theReadmeSqlGivesTheTruthsTotals(RuntimeExecutionMode mode) throws Exception {
        TableEnvironment tables = tables(mode);
        readme.definitions().forEach(statement -> tables.executeSql(atOutput(statement, tmp.resolve("output"))));
        assertThat(readme.queries()).hasSize(2);

        assertThat(totals(tables, readme.queries().get(0))).as("orders per status").isEqualTo(ordersTruth);
        assertThat(totals(tables, readme.queries().get(1))).as("order lines per status").isEqualTo(joinTruth);
    }

    @ParameterizedTest
    @EnumSource(value = RuntimeExecutionMode.class, names = {"BATCH", "STREAMING"})
    void theReadmeSqlOfDebeziumJsonFilesGivesTheTruthsTotals(RuntimeExecutionMode mode) throws Exception {
        TableEnvironment tables = tables(mode);
        readmeDebezium.definitions()
                .forEach(statement -> tables.executeSql(atOutput(statement, tmp.resolve("output-debezium"))));
        assertThat(totals(tables, readme.queries().get(0))).as("orders per status").isEqualTo(ordersTruth);
    }

    /**
     * Changes the simulator does not make, in files listed out of commit order: an update that moves a row to
     * another key (the old key is gone), and a key deleted and inserted again.
     */
    @ParameterizedTest
    @EnumSource(value = RuntimeExecutionMode.class, names = {"BATCH", "STREAMING"})
    void theReadmeViewsFollowKeyChangesAndReinsertsAcrossFiles(RuntimeExecutionMode mode, @TempDir Path output)
            throws Exception {
        Path orders = Files.createDirectories(output.resolve("data/OE.ORDERS"));
        Files.createDirectories(output.resolve("data/OE.ORDER_ITEMS"));
        writeLines(orders.resolve("part-a-0.json"),
                oggJson("U", position(20, 0), order(1, "NEW", "10.00"), order(2, "PAID", "10.00")),
                oggJson("D", position(20, 1), order(3, "NEW", "30.00"), null));
        writeLines(orders.resolve("part-b-0.json"),
                oggJson("I", position(10, 0), null, order(1, "NEW", "10.00")),
                oggJson("I", position(10, 1), null, order(3, "NEW", "30.00")),
                oggJson("I", position(30, 0), null, order(3, "SHIPPED", "33.00")));

        TableEnvironment tables = tables(mode);
        readme.definitions().forEach(statement -> tables.executeSql(atOutput(statement, output)));
        List<String> rows = new ArrayList<>();
        try (CloseableIterator<Row> it = tables.executeSql("SELECT ORDER_ID, STATUS, ORDER_TOTAL FROM orders")
                .collect()) {
            it.forEachRemaining(row -> rows.add(row.getKind().shortString() + row.getField(0) + " "
                    + row.getField(1) + " " + row.getField(2)));
        }
        List<String> current = new ArrayList<>();
        for (String row : rows) {
            if (row.startsWith("+")) {
                current.add(row.substring(2));
            } else {
                assertThat(current.remove(row.substring(2))).as("%s retracts a row it added", row).isTrue();
            }
        }
        assertThat(current).containsExactlyInAnyOrder("2 PAID 10.00", "3 SHIPPED 33.00");
    }

    @ParameterizedTest
    @EnumSource(FileFormat.class)
    void thePlainChangelogReadGivesOtherTotals(FileFormat format) throws Exception {
        TableEnvironment tables = tables(RuntimeExecutionMode.STREAMING);
        Path output = tmp.resolve(format == FileFormat.OGG_JSON ? "output" : "output-debezium");
        PLAIN_CHANGELOG_TABLES.forEach(statement -> tables.executeSql(atOutput(statement, output)
                .replace("'ogg-json'", "'" + format.displayName() + "'")));

        Map<String, StatusTotals> orders = totals(tables, readme.queries().get(0));
        Map<String, StatusTotals> joined = totals(tables, readme.queries().get(1));
        System.out.printf("plain %s read: %d of %d order groups and %d of %d join groups differ from the"
                        + " truth%n", format.displayName(), differing(orders, ordersTruth), ordersTruth.size(), differing(joined, joinTruth),
                joinTruth.size());
        // out of commit order, a line's deletion can reach the join before its insertion, which then stays
        assertThat(List.of(orders, joined)).isNotEqualTo(List.of(ordersTruth, joinTruth));
    }

    private static TableEnvironment tables(RuntimeExecutionMode mode) {
        EnvironmentSettings.Builder settings = EnvironmentSettings.newInstance();
        TableEnvironment tables = TableEnvironment.create((mode == RuntimeExecutionMode.BATCH
                ? settings.inBatchMode() : settings.inStreamingMode()).build());
        tables.getConfig().set(CoreOptions.DEFAULT_PARALLELISM, READERS);
        return tables;
    }

    /** The README's path of the demo's output in a CREATE TABLE, replaced by another. */
    private static String atOutput(String statement, Path output) {
        if (!statement.startsWith("CREATE TABLE")) {
            return statement;
        }
        assertThat(statement).contains(README_OUTPUT);
        return statement.replace(README_OUTPUT, "'" + output.toUri().toString().replaceAll("/?$", "/"));
    }

    /** A query's final result (a streaming query's changelog applied), as STATUS to count and sum. */
    private static Map<String, StatusTotals> totals(TableEnvironment tables, String query) throws Exception {
        Map<Row, Integer> rows = new HashMap<>();
        try (CloseableIterator<Row> it = tables.executeSql(query).collect()) {
            while (it.hasNext()) {
                Row row = it.next();
                boolean retraction = row.getKind() == RowKind.UPDATE_BEFORE || row.getKind() == RowKind.DELETE;
                row.setKind(RowKind.INSERT);
                rows.merge(row, retraction ? -1 : 1, (a, b) -> a + b == 0 ? null : a + b);
            }
        }
        Map<String, StatusTotals> totals = new TreeMap<>();
        rows.forEach((row, count) -> {
            assertThat(count).as("multiplicity of %s", row).isOne();
            totals.put((String) row.getField(0),
                    new StatusTotals(((Number) row.getField(1)).longValue(), money((BigDecimal) row.getField(2))));
        });
        return totals;
    }

    private static Map<String, StatusTotals> totalsByStatus(List<JsonNode> rows, Function<JsonNode, String> status,
                                                            Function<JsonNode, BigDecimal> amount) {
        Map<String, StatusTotals> totals = new TreeMap<>();
        for (JsonNode row : rows) {
            totals.merge(status.apply(row), new StatusTotals(1, money(amount.apply(row))), StatusTotals::plus);
        }
        return totals;
    }

    private static long differing(Map<String, StatusTotals> actual, Map<String, StatusTotals> truth) {
        return truth.entrySet().stream().filter(e -> !e.getValue().equals(actual.get(e.getKey()))).count();
    }

    private static List<JsonNode> truthRows(String table) {
        return ChangeFiles.readJsonLines(tmp.resolve("expected/tables").resolve(table + ".jsonl"));
    }

    private static ObjectNode order(long id, String status, String total) {
        return JSON.createObjectNode().put("ORDER_ID", String.valueOf(id)).put("CUSTOMER_ID", "7")
                .put("STATUS", status).put("ORDER_TOTAL", total).put("ORDER_DATE", "2026-03-01 08:00:00")
                .putNull("SHIPPED_AT").put("COMMENTS", "order " + id);
    }

    /** A line as the sink writes it (the fields the README's tables read, and the table name). */
    private static String oggJson(String opType, String position, ObjectNode before, ObjectNode after) {
        ObjectNode line = JSON.createObjectNode().put("table", "OE.ORDERS").put("op_type", opType)
                .put("pos", position);
        line.set("before", before);
        line.set("after", after);
        return line.toString();
    }

    private static String position(long commitScn, int ordinal) {
        return Position.of(commitScn, 1, 1, commitScn, ordinal, commitScn - 1).toHex();
    }

    private static void writeLines(Path file, String... lines) throws IOException {
        Files.write(file, List.of(lines), StandardCharsets.UTF_8);
    }

    private static BigDecimal money(BigDecimal amount) {
        return amount.setScale(2, RoundingMode.UNNECESSARY);
    }

    private record StatusTotals(long count, BigDecimal total) {
        StatusTotals plus(StatusTotals other) {
            return new StatusTotals(count + other.count, total.add(other.total));
        }
    }

    /**
     * The SQL blocks after a marker of the README that names this test, up to the next marker or heading: CREATE
     * statements, and SELECT queries.
     */
    private record ReadmeStatements(List<String> definitions, List<String> queries) {

        static ReadmeStatements read(String marker) {
            List<String> definitions = new ArrayList<>();
            List<String> queries = new ArrayList<>();
            for (String block : ReadmeSql.blocksAfter(marker, README_MARKER)) {
                for (String sql : ReadmeSql.statements(block)) {
                    (sql.startsWith("SELECT") ? queries : definitions).add(sql);
                }
            }
            assertThat(definitions).as("CREATE statements after %s", marker).isNotEmpty()
                    .allSatisfy(sql -> assertThat(sql).startsWith("CREATE "));
            return new ReadmeStatements(definitions, queries);
        }
    }
}
