package io.redocdc.job.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.fasterxml.jackson.databind.JsonNode;
import io.redocdc.job.ReadmeSql;
import io.redocdc.operators.lcr.TimestampTzText;
import io.redocdc.sinks.files.ChangeFiles;
import io.redocdc.source.reader.RedoLogSourceReader;
import io.redocdc.tools.simulate.SimulationSettings;
import io.redocdc.tools.simulate.WorkloadSimulator;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Stream;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.flink.api.common.JobID;
import org.apache.flink.configuration.CheckpointingOptions;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.Metric;
import org.apache.flink.runtime.testutils.InMemoryReporter;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.table.api.ExplainDetail;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.TableResult;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.types.Row;
import org.apache.flink.types.RowKind;
import org.apache.flink.util.CloseableIterator;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The oracle-redo table source with the real planner over a simulated workload (two redo threads): a filter and
 * projection, an aggregation over updates and deletes, and a join of two captured tables each give what the
 * simulator's final rows imply; three captured tables share one redo-log source, which reads each log once; the changelog comes in commit
 * order with its metadata.
 */
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class OracleRedoTableSourceITCase {

    private static final InMemoryReporter REPORTER = InMemoryReporter.createWithRetainedMetrics();

    @RegisterExtension
    static final MiniClusterExtension CLUSTER = new MiniClusterExtension(
            new MiniClusterResourceConfiguration.Builder().setConfiguration(REPORTER.addToConfiguration(
                    new Configuration())).setNumberTaskManagers(1).setNumberSlotsPerTaskManager(4).build());

    private static final String README_MARKER =
            "<!-- OracleRedoTableSourceITCase runs the sql block of the oracle-redo table source";
    private static final String README_REDO = "'demo/redo'";
    private static final String CUSTOMERS = "CREATE TABLE customers (CUSTOMER_ID BIGINT, NAME STRING, "
            + "CREDIT_LIMIT DECIMAL(10, 2), CREATED TIMESTAMP(0), PRIMARY KEY (CUSTOMER_ID) NOT ENFORCED) "
            + "WITH (%s, 'table-name' = 'OE.CUSTOMERS')";
    private static final BigDecimal LARGE_ORDER = new BigDecimal("500");

    /** The README's CREATE TABLE statements (orders, order_items), and its queries. */
    private static final List<String> definitions = new ArrayList<>();
    private static final List<String> queries = new ArrayList<>();

    @TempDir
    static Path tmp;

    private static String with;
    private static List<JsonNode> ordersTruth;
    private static List<JsonNode> itemsTruth;

    @BeforeAll
    static void simulate() throws Exception {
        WorkloadSimulator.write(tmp, SimulationSettings.defaults().withSeed(29).withThreads(2)
                .withTransactions(3000).withRowsPerLog(2000));
        with = "'connector' = 'oracle-redo', 'source.type' = 'directory', 'source.dir' = '" + tmp.resolve("redo")
                + "', 'source.bounded' = 'true'";
        readReadme();
        ordersTruth = truthRows("OE.ORDERS");
        itemsTruth = truthRows("OE.ORDER_ITEMS");
    }

    @Test
    void aFilterAndProjectionGivesTheTruthsRows() throws Exception {
        TableEnvironment tables = readmeTables();
        assertThat(queries.get(0)).contains("WHERE ORDER_TOTAL > " + LARGE_ORDER);
        Map<Row, Integer> rows = finalRows(tables, queries.get(0));

        Map<Row, Integer> expected = new HashMap<>();
        for (JsonNode order : ordersTruth) {
            BigDecimal total = money(order.get("ORDER_TOTAL").asText());
            if (total.compareTo(LARGE_ORDER) > 0) {
                expected.put(Row.of(order.get("ORDER_ID").asLong(), order.get("STATUS").asText(), total,
                        time(order.get("ORDER_DATE")), time(order.get("SHIPPED_AT"))), 1);
            }
        }
        assertThat(expected).hasSizeGreaterThan(100);
        assertThat(rows).isEqualTo(expected);
    }

    @Test
    void anAggregationRetractsUpdatedAndDeletedOrders() throws Exception {
        Map<String, Totals> actual = totals(readmeTables(), queries.get(1));
        assertThat(actual).isEqualTo(totalsByStatus(ordersTruth, order -> order.get("STATUS").asText(),
                order -> money(order.get("ORDER_TOTAL").asText())));
    }

    /**
     * The aggregation with checkpoints every 100 ms and a failure injected once two checkpoints completed after the
     * first order reached the query: Flink restarts the job from its latest checkpoint (source, assembler and
     * sequencer state included) and the result is still the truth's. A run without failure counts the rows the
     * failing function sees; after the failure fewer than those are seen again, so the restart resumed from a
     * checkpoint, not from the first log.
     */
    @Test
    void anAggregationSurvivesAFailureRestoredFromACheckpoint() throws Exception {
        String query = "SELECT STATUS, COUNT(*), SUM(ORDER_TOTAL) FROM orders WHERE FAIL_ONCE(ORDER_ID) "
                + "GROUP BY STATUS";
        FailOnce.reset(null);
        totals(checkpointedTables(tmp.resolve("checkpoints-without-failure")), query);
        long rowsOfARun = FailOnce.CALLS.get();

        Path checkpoints = tmp.resolve("checkpoints-with-failure");
        FailOnce.reset(checkpoints);
        Map<String, Totals> actual = totals(checkpointedTables(checkpoints), query);

        assertThat(FailOnce.FAILED_AT.get()).as("rows seen when the failure was injected").isPositive();
        assertThat(FailOnce.CALLS.get() - FailOnce.FAILED_AT.get()).as("rows seen again after the restart")
                .isLessThan(rowsOfARun);
        assertThat(actual).isEqualTo(totalsByStatus(ordersTruth, order -> order.get("STATUS").asText(),
                order -> money(order.get("ORDER_TOTAL").asText())));
    }

    private static TableEnvironment checkpointedTables(Path checkpoints) {
        TableEnvironment tables = readmeTables();
        tables.getConfig().set(CheckpointingOptions.CHECKPOINTING_INTERVAL, Duration.ofMillis(100));
        tables.getConfig().set(CheckpointingOptions.CHECKPOINTS_DIRECTORY, checkpoints.toUri().toString());
        tables.createTemporarySystemFunction("FAIL_ONCE", FailOnce.class);
        return tables;
    }

    @Test
    void aJoinOfTwoCapturedTablesGivesTheTruthsTotals() throws Exception {
        Map<String, Totals> actual = totals(readmeTables(), queries.get(2));

        Map<String, String> statusOfOrder = new HashMap<>();
        ordersTruth.forEach(order -> statusOfOrder.put(order.get("ORDER_ID").asText(), order.get("STATUS").asText()));
        List<JsonNode> joined = itemsTruth.stream()
                .filter(item -> statusOfOrder.containsKey(item.get("ORDER_ID").asText())).toList();
        assertThat(actual).isEqualTo(totalsByStatus(joined, item -> statusOfOrder.get(item.get("ORDER_ID").asText()),
                item -> new BigDecimal(item.get("QUANTITY").asText())
                        .multiply(money(item.get("UNIT_PRICE").asText()))));
    }

    @Test
    void threeCapturedTablesReadTheRedoOnce() throws Exception {
        TableEnvironment tables = readmeTables();
        tables.executeSql(String.format(CUSTOMERS, with));
        String counts = "SELECT 'OE.CUSTOMERS', COUNT(*) FROM customers UNION ALL "
                + "SELECT 'OE.ORDERS', COUNT(*) FROM orders UNION ALL "
                + "SELECT 'OE.ORDER_ITEMS', COUNT(*) FROM order_items";

        String plan = tables.explainSql(counts, ExplainDetail.JSON_EXECUTION_PLAN);
        assertThat(sourceVertices(plan)).as("redo-log sources in %s", plan).containsExactly("Source: redo-log-source");

        TableResult result = tables.executeSql(counts);
        Map<String, Long> actual = new TreeMap<>();
        finalRows(result).keySet().forEach(row -> actual.put((String) row.getField(0), (Long) row.getField(1)));
        Map<String, Long> expected = new TreeMap<>();
        for (String table : List.of("OE.CUSTOMERS", "OE.ORDERS", "OE.ORDER_ITEMS")) {
            expected.put(table, (long) truthRows(table).size());
        }
        assertThat(actual).isEqualTo(expected);

        // the reader subtasks' logsRead counters: each archived log finished once, by one reader of one source
        JobID job = result.getJobClient().orElseThrow().getJobID();
        Map<String, Metric> logsRead = REPORTER.findMetrics(job, RedoLogSourceReader.LOGS_READ);
        long logs;
        try (Stream<Path> contents = Files.list(tmp.resolve("redo/contents"))) {
            logs = contents.count();
        }
        assertThat(logs).as("logs the simulator wrote").isGreaterThan(2);
        assertThat(logsRead.values().stream().mapToLong(counter -> ((Counter) counter).getCount()).sum())
                .as("logs read, per reader subtask: %s", logsRead.keySet()).isEqualTo(logs);
    }

    @Test
    void theChangelogComesInCommitOrderWithItsMetadata() throws Exception {
        TableEnvironment tables = tables(1, "CREATE TABLE orders_log (ORDER_ID BIGINT, STATUS STRING, "
                + "op_ts TIMESTAMP(6) METADATA, scn BIGINT METADATA, commit_scn BIGINT METADATA, xid STRING METADATA, "
                + "thread INT METADATA, schema_name STRING METADATA, table_name STRING METADATA, "
                + "`position` STRING METADATA) WITH (%s, 'table-name' = 'OE.ORDERS')");
        List<Row> changes = SqlChangelogs.changelog(tables, "SELECT * FROM orders_log");
        assertThat(changes).hasSizeGreaterThan(ordersTruth.size());
        Map<RowKind, Integer> kinds = new HashMap<>();
        String previous = "";
        for (Row change : changes) {
            kinds.merge(change.getKind(), 1, Integer::sum);
            String position = (String) change.getField("position");
            assertThat(position).as("position after %s", previous).isGreaterThanOrEqualTo(previous);
            previous = position;
            assertThat((Long) change.getField("commit_scn")).isGreaterThanOrEqualTo((Long) change.getField("scn"));
            assertThat(change.getField("thread")).isIn(1, 2);
            assertThat(change.getField("schema_name")).isEqualTo("OE");
            assertThat(change.getField("table_name")).isEqualTo("ORDERS");
            assertThat(change.getField("xid")).isNotNull();
            assertThat(change.getField("op_ts")).isInstanceOf(LocalDateTime.class);
        }
        assertThat(kinds.get(RowKind.UPDATE_BEFORE)).isPositive().isEqualTo(kinds.get(RowKind.UPDATE_AFTER));
        assertThat(kinds.get(RowKind.DELETE)).isPositive();
        assertThat(kinds.get(RowKind.INSERT) - kinds.get(RowKind.DELETE)).isEqualTo(ordersTruth.size());
    }

    @Test
    void aValueThatDoesNotFitItsDeclaredTypeFailsTheJobNamingTableColumnAndValue() {
        TableEnvironment tables = tables(2, "CREATE TABLE whole_totals (ORDER_ID BIGINT, ORDER_TOTAL INT, "
                + "PRIMARY KEY (ORDER_ID) NOT ENFORCED) WITH (%s, 'table-name' = 'OE.ORDERS')");
        Throwable thrown = catchThrowable(() -> finalRows(tables, "SELECT * FROM whole_totals"));
        StringBuilder messages = new StringBuilder();
        for (Throwable t = thrown; t != null; t = t.getCause()) {
            messages.append(t.getMessage()).append('\n');
        }
        assertThat(messages).as("the job's failure").containsPattern("oracle-redo table OE.ORDERS, column "
                + "ORDER_TOTAL: STRING value '[0-9]+\\.[0-9]+' does not fit INT: out of range or not a whole number");
    }

    /** The README's tables, reading the simulated redo. */
    private static TableEnvironment readmeTables() {
        TableEnvironment tables = tables(2);
        definitions.forEach(create -> tables.executeSql(create.replace(README_REDO, "'" + tmp.resolve("redo") + "'")));
        return tables;
    }

    /**
     * The SQL block after the README's marker that names this test: its CREATE statements, and the three queries
     * (a filter and projection, an aggregation, a join).
     */
    private static void readReadme() throws Exception {
        for (String sql : ReadmeSql.statements(ReadmeSql.blockAfter(README_MARKER))) {
            if (sql.startsWith("SELECT")) {
                queries.add(sql);
            } else {
                assertThat(sql).startsWith("CREATE TABLE").contains(README_REDO);
                definitions.add(sql);
            }
        }
        assertThat(definitions).hasSize(2);
        assertThat(queries).hasSize(3);
    }

    private static TableEnvironment tables(int parallelism, String... creates) {
        TableEnvironment tables = SqlChangelogs.streamingTables(parallelism);
        for (String create : creates) {
            tables.executeSql(String.format(create, with));
        }
        return tables;
    }

    /** The vertices of an execution plan that read data, by name. */
    private static List<String> sourceVertices(String plan) {
        List<String> sources = new ArrayList<>();
        Matcher node = Pattern.compile("\"type\"\\s*:\\s*\"([^\"]*)\",\\s*\"pact\"\\s*:\\s*\"Data Source\"")
                .matcher(plan);
        while (node.find()) {
            sources.add(node.group(1));
        }
        return sources;
    }

    /** A query's final result (its changelog applied), each row with its multiplicity. */
    private static Map<Row, Integer> finalRows(TableEnvironment tables, String query) throws Exception {
        return finalRows(tables.executeSql(query));
    }

    private static Map<Row, Integer> finalRows(TableResult result) throws Exception {
        Map<Row, Integer> rows = new HashMap<>();
        try (CloseableIterator<Row> it = result.collect()) {
            while (it.hasNext()) {
                Row row = it.next();
                boolean retraction = row.getKind() == RowKind.UPDATE_BEFORE || row.getKind() == RowKind.DELETE;
                row.setKind(RowKind.INSERT);
                rows.merge(row, retraction ? -1 : 1, (a, b) -> a + b == 0 ? null : a + b);
            }
        }
        return rows;
    }

    private static Map<String, Totals> totals(TableEnvironment tables, String query) throws Exception {
        Map<String, Totals> totals = new TreeMap<>();
        finalRows(tables, query).forEach((row, count) -> {
            assertThat(count).as("multiplicity of %s", row).isOne();
            totals.put((String) row.getField(0), new Totals(((Number) row.getField(1)).longValue(),
                    ((BigDecimal) row.getField(2)).setScale(2, RoundingMode.UNNECESSARY)));
        });
        return totals;
    }

    private static Map<String, Totals> totalsByStatus(List<JsonNode> rows, Function<JsonNode, String> status,
                                                      Function<JsonNode, BigDecimal> amount) {
        Map<String, Totals> totals = new TreeMap<>();
        for (JsonNode row : rows) {
            totals.merge(status.apply(row), new Totals(1, amount.apply(row).setScale(2, RoundingMode.UNNECESSARY)),
                    Totals::plus);
        }
        return totals;
    }

    private static List<JsonNode> truthRows(String table) {
        return ChangeFiles.readJsonLines(tmp.resolve("expected/tables").resolve(table + ".jsonl"));
    }

    private static LocalDateTime time(JsonNode value) {
        return value == null || value.isNull() ? null : TimestampTzText.parseLocal(value.asText());
    }

    private static BigDecimal money(String amount) {
        return new BigDecimal(amount).setScale(2, RoundingMode.UNNECESSARY);
    }

    private record Totals(long count, BigDecimal total) {
        Totals plus(Totals other) {
            return new Totals(count + other.count, total.add(other.total));
        }
    }
}
