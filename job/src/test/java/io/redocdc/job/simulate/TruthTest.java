package io.redocdc.job.simulate;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.redocdc.job.simulate.RedoFiles.Row;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The truth checked against itself (final tables = replay of transactions.jsonl) and against the redo (the
 * committed transactions and their net changes, derived from the contents rows without parsing SQL).
 */
class TruthTest {

    private static final SimulationSettings SETTINGS = SimulationSettings.defaults().withSeed(99)
            .withTransactions(300).withThreads(2).withRowsPerLog(300).withSavepointRatio(0.3)
            .withRollbackRatio(0.1).withLongTransactions(1).withLargeTransactionRows(12_000);

    @TempDir
    static Path out;

    static SimulationResult result;
    static Path expected;
    static List<JsonNode> transactions;
    static Map<String, List<String>> primaryKeys = new LinkedHashMap<>();

    @BeforeAll
    static void simulate() throws IOException {
        result = WorkloadSimulator.write(out, SETTINGS);
        expected = out.resolve("expected");
        transactions = RedoFiles.jsonLines(expected.resolve("transactions.jsonl"));
        JsonNode tables = RedoFiles.JSON.readTree(expected.resolve("tables.json").toFile());
        for (Iterator<Map.Entry<String, JsonNode>> it = tables.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> table = it.next();
            List<String> keys = new ArrayList<>();
            table.getValue().get("primary_keys").forEach(k -> keys.add(k.asText()));
            primaryKeys.put(table.getKey(), keys);
        }
    }

    @Test
    void tablesJsonDescribesTheCapturedTablesAndTheirFinalRows() {
        assertThat(primaryKeys).containsOnlyKeys("OE.CUSTOMERS", "OE.PRODUCTS", "OE.ORDERS", "OE.ORDER_ITEMS",
                "OE.ORDER_HISTORY");
        assertThat(primaryKeys.get("OE.ORDER_ITEMS")).containsExactly("ORDER_ID", "LINE_NO");
        for (String table : primaryKeys.keySet()) {
            List<JsonNode> rows = finalRows(table);
            assertThat(rows).as(table).isNotEmpty();
            assertThat(rows.get(0).has(primaryKeys.get(table).get(0))).isTrue();
        }
    }

    @Test
    void finalTablesEqualTheReplayOfTheCommittedTransactions() {
        Map<String, Map<List<BigDecimal>, JsonNode>> replayed = new HashMap<>();
        for (JsonNode txn : transactions) {
            for (JsonNode change : txn.get("changes")) {
                String table = change.get("table").asText();
                String op = change.get("op_type").asText();
                if (op.equals("DDL")) {
                    continue;
                }
                Map<List<BigDecimal>, JsonNode> rows = replayed.computeIfAbsent(table,
                        t -> new TreeMap<>(KEY_ORDER));
                JsonNode before = change.get("before");
                JsonNode after = change.get("after");
                switch (op) {
                    case "I" -> {
                        assertThat(before.isNull()).isTrue();
                        assertThat(rows.put(key(table, after), after)).as("insert of an existing key").isNull();
                    }
                    case "U" -> {
                        assertThat(rows.get(key(table, before))).as("update's before image").isEqualTo(before);
                        rows.remove(key(table, before));
                        rows.put(key(table, after), after);
                    }
                    case "D" -> {
                        assertThat(after.isNull()).isTrue();
                        assertThat(rows.remove(key(table, before))).as("delete's before image").isEqualTo(before);
                    }
                    default -> throw new AssertionError("op_type " + op);
                }
            }
        }
        for (String table : primaryKeys.keySet()) {
            List<JsonNode> expectedRows = new ArrayList<>(replayed.getOrDefault(table, Map.of()).values());
            assertThat(finalRows(table)).as("final rows of %s, sorted by key", table)
                    .containsExactlyElementsOf(expectedRows);
        }
    }

    @Test
    void transactionsAreInCommitOrderWithUniqueCommitScns() {
        long previous = 0;
        for (JsonNode txn : transactions) {
            assertThat(txn.get("commit_scn").asLong()).isGreaterThan(previous);
            previous = txn.get("commit_scn").asLong();
            assertThat(txn.get("xid").asText()).matches("[0-9A-F]{16}");
            assertThat(txn.get("thread").asInt()).isBetween(1, SETTINGS.threads());
            assertThat(txn.get("changes").size()).isPositive();
        }
        assertThat(transactions).hasSize((int) result.committed());
    }

    @Test
    void truthHoldsTheNetChangesOfTheRedosCommittedTransactions() throws IOException {
        Map<String, String> netByXid = new LinkedHashMap<>();
        Map<String, Row> commitByXid = new HashMap<>();
        Map<String, List<Row>> openBySlot = new HashMap<>();
        Map<String, String> xidBySlot = new HashMap<>();
        for (Row row : RedoFiles.allRows(out.resolve("redo"))) {
            String slot = row.slot();
            switch (row.code()) {
                case 6 -> {
                    openBySlot.put(slot, new ArrayList<>());
                    xidBySlot.put(slot, row.xid());
                }
                case 7 -> {
                    netByXid.put(row.xid(), describe(openBySlot.remove(slot)));
                    commitByXid.put(row.xid(), row);
                }
                case 36 -> openBySlot.remove(slot);
                case 1, 2, 3, 5 -> {
                    List<Row> changes = openBySlot.get(slot);
                    if (row.rollback()) {
                        changes.remove(lastWithRowId(changes, row.get("ROW_ID")));
                    } else if ("OE".equals(row.get("SEG_OWNER"))) {
                        changes.add(row);
                    }
                }
                default -> {
                }
            }
        }
        Map<String, String> truthByXid = new LinkedHashMap<>();
        for (JsonNode txn : transactions) {
            String xid = txn.get("xid").asText();
            Row commit = commitByXid.get(xid);
            assertThat(commit).as("COMMIT row of %s", xid).isNotNull();
            assertThat(commit.scn()).isEqualTo(txn.get("commit_scn").asLong());
            assertThat(commit.log().thread()).isEqualTo(txn.get("thread").asInt());
            StringBuilder sb = new StringBuilder();
            for (JsonNode change : txn.get("changes")) {
                sb.append(change.get("table").asText()).append(' ').append(change.get("op_type").asText());
                if (change.has("ddl")) {
                    sb.append(' ').append(change.get("ddl").asText());
                }
                sb.append('\n');
            }
            truthByXid.put(xid, sb.toString());
        }
        netByXid.values().removeIf(String::isEmpty);
        assertThat(truthByXid).isEqualTo(netByXid);
    }

    @Test
    void largeTransactionIsOneCommittedTransactionOfAllItsRows() {
        assertThat(result.largestTransactionRows()).isEqualTo(SETTINGS.largeTransactionRows());
        JsonNode large = transactions.stream().filter(t -> t.get("changes").size() == SETTINGS.largeTransactionRows())
                .findFirst().orElseThrow();
        assertThat(large.get("changes").get(0).get("table").asText()).isEqualTo("OE.ORDER_HISTORY");
        assertThat(large.get("thread").asInt()).isEqualTo(1);
    }

    private static String describe(List<Row> changes) {
        StringBuilder sb = new StringBuilder();
        for (Row row : changes) {
            sb.append(row.get("SEG_OWNER")).append('.').append(row.get("TABLE_NAME")).append(' ')
                    .append(switch (row.code()) {
                        case 1 -> "I";
                        case 2 -> "D";
                        case 3 -> "U";
                        default -> "DDL " + row.sqlRedo();
                    }).append('\n');
        }
        return sb.toString();
    }

    private static int lastWithRowId(List<Row> changes, String rowId) {
        for (int i = changes.size() - 1; i >= 0; i--) {
            if (changes.get(i).get("ROW_ID").equals(rowId)) {
                return i;
            }
        }
        throw new AssertionError("rollback row of ROW_ID " + rowId + " undoes nothing");
    }

    private static final Comparator<List<BigDecimal>> KEY_ORDER = (a, b) -> {
        for (int i = 0; i < a.size(); i++) {
            int c = a.get(i).compareTo(b.get(i));
            if (c != 0) {
                return c;
            }
        }
        return 0;
    };

    private static List<BigDecimal> key(String table, JsonNode image) {
        return primaryKeys.get(table).stream().map(k -> new BigDecimal(image.get(k).asText())).toList();
    }

    private static List<JsonNode> finalRows(String table) {
        return RedoFiles.jsonLines(expected.resolve("tables").resolve(table + ".jsonl"));
    }
}
