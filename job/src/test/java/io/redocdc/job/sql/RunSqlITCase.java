package io.redocdc.job.sql;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.redocdc.job.CommandRun;
import io.redocdc.job.ReadmeSql;
import io.redocdc.sinks.files.ChangeFiles;
import io.redocdc.tools.simulate.SimulationSettings;
import io.redocdc.tools.simulate.WorkloadSimulator;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.core.execution.SavepointFormatType;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code run --sql FILE} with the README's SQL file, on the embedded MiniCluster: a first run sees half the
 * archived logs (continuous) and is stopped with a savepoint once both outputs have committed files; a second run
 * restores it and reads the rest (bounded). The totals per status (an aggregation over updates and deletes, whose
 * state the savepoint carries) and the large orders (a filter, replayed by position) equal what the simulator's
 * final rows imply, and no change of the first run is written again by the second.
 */
@Timeout(value = 8, unit = TimeUnit.MINUTES)
class RunSqlITCase {

    private static final String README_MARKER = "<!-- RunSqlITCase runs this file";
    private static final BigDecimal LARGE_ORDER = new BigDecimal("500");

    @TempDir
    Path tmp;

    @AfterEach
    void forgetTheJob() {
        SqlJob.submitted = client -> { };
    }

    @Test
    void theReadmesSqlFileSurvivesStopWithSavepointAndRestore() throws Exception {
        WorkloadSimulator.write(tmp, SimulationSettings.defaults().withSeed(31).withThreads(2)
                .withTransactions(3000).withRowsPerLog(1500));
        Path catalog = tmp.resolve("redo/archived_logs.csv");
        List<String> allLogs = Files.readAllLines(catalog);
        Files.write(catalog, allLogs.subList(0, 1 + (allLogs.size() - 1) / 2));
        Path output = tmp.resolve("sql-output");
        String sql = readmeSql().replace("'demo/redo'", "'" + tmp.resolve("redo") + "'")
                .replace("'demo/sql-output/", "'" + output + "/");
        Path continuous = Files.writeString(tmp.resolve("continuous.sql"),
                sql.replace("'source.bounded' = 'true'", "'source.bounded' = 'false'"));
        Path bounded = Files.writeString(tmp.resolve("bounded.sql"), sql);

        CompletableFuture<JobClient> submitted = new CompletableFuture<>();
        SqlJob.submitted = submitted::complete;
        CompletableFuture<String> firstRun = CompletableFuture.supplyAsync(() -> run(continuous));
        JobClient job = submitted.get(2, TimeUnit.MINUTES);
        Path totalsDir = output.resolve("order_totals");
        Path largeDir = output.resolve("large_orders");
        while (committedFiles(totalsDir).isEmpty() || committedFiles(largeDir).isEmpty()) {
            assertThat(firstRun).as("the first run ended early").isNotDone();
            Thread.sleep(200);
        }
        String savepoint = job.stopWithSavepoint(false, tmp.resolve("savepoints").toUri().toString(),
                SavepointFormatType.CANONICAL).get(2, TimeUnit.MINUTES);
        assertThat(firstRun.get(1, TimeUnit.MINUTES)).contains("redo-cdc: SQL job ");
        Set<Path> firstRunFiles = new HashSet<>(committedFiles(largeDir));
        List<JsonNode> firstRunChanges = changes(firstRunFiles.stream().toList());
        assertThat(firstRunChanges).as("large orders committed by the first run").isNotEmpty();

        Files.write(catalog, allLogs);
        SqlJob.submitted = client -> { };
        assertThat(run(bounded, "--restore", savepoint)).contains("redo-cdc: SQL job ");

        List<JsonNode> truth = ChangeFiles.readJsonLines(tmp.resolve("expected/tables/OE.ORDERS.jsonl"));
        assertThat(finalTotals(committedFiles(totalsDir))).isEqualTo(truthTotals(truth));
        assertThat(replayByPosition(changes(committedFiles(largeDir)))).isEqualTo(largeOrders(truth));

        String lastOfFirstRun = firstRunChanges.stream().map(change -> position(change)).max(String::compareTo)
                .orElseThrow();
        List<JsonNode> secondRunChanges = changes(committedFiles(largeDir).stream()
                .filter(file -> !firstRunFiles.contains(file)).toList());
        assertThat(secondRunChanges).as("large orders committed by the second run").isNotEmpty()
                .allSatisfy(change -> assertThat(position(change)).as("a change the second run wrote")
                        .isGreaterThan(lastOfFirstRun));
    }

    /** {@code run --sql FILE ...} on the embedded MiniCluster; what it printed, after checking it succeeded. */
    private String run(Path sqlFile, String... more) {
        List<String> args = new ArrayList<>(List.of("run", "--sql", sqlFile.toString(), "--parallelism", "2",
                "--checkpoint.interval", "500ms", "--checkpoint.dir", tmp.resolve("checkpoints").toString()));
        args.addAll(List.of(more));
        return CommandRun.succeeds(args);
    }

    /** The SQL block after the README's marker naming this test: the file {@code run --sql} takes. */
    private static String readmeSql() {
        String sql = ReadmeSql.blockAfter(README_MARKER);
        assertThat(sql).contains("'demo/redo'", "'demo/sql-output/order_totals'", "'demo/sql-output/large_orders'",
                "'source.bounded' = 'true'", "WHERE ORDER_TOTAL > " + LARGE_ORDER);
        return sql;
    }

    /** The part files a filesystem sink has committed (in-progress ones are hidden), oldest first. */
    private static List<Path> committedFiles(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(file -> file.getFileName().toString().startsWith("part-"))
                    .sorted(Comparator.comparing(RunSqlITCase::modified).thenComparing(Path::toString)).toList();
        }
    }

    private static long modified(Path file) {
        try {
            return Files.getLastModifiedTime(file).toMillis();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Flink's debezium-json changes of the files, in file order: op c (+I, +U) or d (-U, -D). */
    private static List<JsonNode> changes(List<Path> files) {
        List<JsonNode> changes = new ArrayList<>();
        files.forEach(file -> changes.addAll(ChangeFiles.readJsonLines(file)));
        return changes;
    }

    private static String position(JsonNode change) {
        return image(change).get("pos").asText();
    }

    private static JsonNode image(JsonNode change) {
        return change.get("op").asText().equals("d") ? change.get("before") : change.get("after");
    }

    /**
     * The totals per status after the aggregation's changelog: each status's last change (one sink subtask writes a
     * status, in file order) is its total, or none when that is a retraction.
     */
    private static Map<String, String> finalTotals(List<Path> files) {
        Map<String, String> totals = new TreeMap<>();
        for (JsonNode change : changes(files)) {
            JsonNode row = image(change);
            if (change.get("op").asText().equals("d")) {
                totals.remove(row.get("STATUS").asText());
            } else {
                totals.put(row.get("STATUS").asText(), row.get("orders").asLong() + " orders, "
                        + money(row.get("total").asText()));
            }
        }
        return totals;
    }

    private static Map<String, String> truthTotals(List<JsonNode> orders) {
        Map<String, Long> counts = new TreeMap<>();
        Map<String, BigDecimal> sums = new HashMap<>();
        for (JsonNode order : orders) {
            String status = order.get("STATUS").asText();
            counts.merge(status, 1L, Long::sum);
            sums.merge(status, money(order.get("ORDER_TOTAL").asText()), BigDecimal::add);
        }
        Map<String, String> totals = new TreeMap<>();
        counts.forEach((status, count) -> totals.put(status, count + " orders, " + sums.get(status)));
        return totals;
    }

    /** The large orders after the filter's changelog, replayed in commit order (an update's -U before its +U). */
    private static Map<Long, String> replayByPosition(List<JsonNode> changes) {
        List<JsonNode> ordered = new ArrayList<>(changes);
        ordered.sort(Comparator.comparing(RunSqlITCase::position)
                .thenComparing(change -> change.get("op").asText().equals("d") ? 0 : 1));
        Map<Long, String> rows = new TreeMap<>();
        for (JsonNode change : ordered) {
            JsonNode row = image(change);
            long id = row.get("ORDER_ID").asLong();
            if (change.get("op").asText().equals("d")) {
                assertThat(rows.remove(id)).as("order %d deleted or updated at %s", id, position(change)).isNotNull();
            } else {
                assertThat(rows.put(id, largeOrder(row))).as("order %d inserted at %s", id, position(change))
                        .isNull();
            }
        }
        return rows;
    }

    private static Map<Long, String> largeOrders(List<JsonNode> orders) {
        Map<Long, String> rows = new TreeMap<>();
        for (JsonNode order : orders) {
            if (money(order.get("ORDER_TOTAL").asText()).compareTo(LARGE_ORDER) > 0) {
                rows.put(order.get("ORDER_ID").asLong(), largeOrder(order));
            }
        }
        assertThat(rows).as("large orders in the truth").hasSizeGreaterThan(100);
        return rows;
    }

    private static String largeOrder(JsonNode row) {
        return row.get("STATUS").asText() + " " + money(row.get("ORDER_TOTAL").asText());
    }

    private static BigDecimal money(String amount) {
        return new BigDecimal(amount).setScale(2, RoundingMode.UNNECESSARY);
    }
}
