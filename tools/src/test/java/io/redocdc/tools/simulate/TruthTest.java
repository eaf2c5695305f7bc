package io.redocdc.tools.simulate;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.redocdc.tools.simulate.RedoFiles.Row;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
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
    static Map<String, List<String>> columns = new LinkedHashMap<>();

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
            List<String> names = new ArrayList<>();
            table.getValue().get("columns").forEach(c -> names.add(c.get("name").asText()));
            columns.put(table.getKey(), names);
        }
    }

    @Test
    void tablesJsonDescribesTheCapturedTablesAndTheirFinalRows() {
        assertThat(primaryKeys).containsOnlyKeys("OE.CUSTOMERS", "OE.PRODUCTS", "OE.ORDERS", "OE.ORDER_ITEMS",
                "OE.ORDER_HISTORY", "OE.DOCUMENTS");
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
                        assertThat(rows.put(key(table, after), merged(table, null, after)))
                                .as("insert of an existing key").isNull();
                    }
                    case "U" -> {
                        JsonNode current = rows.remove(key(table, before));
                        assertThat(shown(table, current, before)).as("update's before image").isEqualTo(before);
                        rows.put(key(table, after), merged(table, current, after));
                    }
                    case "D" -> {
                        assertThat(after.isNull()).isTrue();
                        assertThat(shown(table, rows.remove(key(table, before)), before)).as("delete's before image")
                                .isEqualTo(before);
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
    void documentChangesShowWhatTheOutputShowsAndBlobsAsLowerCaseHex() {
        Set<String> seen = new HashSet<>();
        for (JsonNode txn : transactions) {
            for (JsonNode change : txn.get("changes")) {
                if (!change.get("table").asText().equals("OE.DOCUMENTS")) {
                    continue;
                }
                String op = change.get("op_type").asText();
                JsonNode before = change.get("before");
                JsonNode after = change.get("after");
                if (!op.equals("I")) {
                    // the before image is LogMiner's WHERE clause: LOB columns never show
                    assertThat(names(before)).containsExactly("DOC_ID", "TITLE");
                }
                if (op.equals("I")) {
                    assertThat(names(after)).startsWith("DOC_ID", "TITLE", "BODY", "SUMMARY", "ATTACHMENT")
                            .hasSizeBetween(5, 6);
                    seen.add(after.has("META") ? "I with XML" : "I");
                } else if (op.equals("U")) {
                    assertThat(names(after)).hasSize(3).startsWith("DOC_ID", "TITLE");
                    seen.add("U");
                }
                if (after != null && after.hasNonNull("ATTACHMENT")) {
                    assertThat(after.get("ATTACHMENT").asText()).matches("([0-9a-f]{2})+");
                    seen.add("BLOB");
                }
                if (after != null && after.hasNonNull("BODY") && after.get("BODY").asText().length() > 32_768) {
                    seen.add("large CLOB");
                }
            }
        }
        assertThat(seen).contains("I", "I with XML", "U", "BLOB", "large CLOB");
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
                    if (row.rollback() && "DOCUMENTS".equals(row.get("TABLE_NAME"))) {
                        changes.remove(lastOfStatement(changes, row));
                    } else if (row.rollback()) {
                        changes.remove(lastWithRowId(changes, row.get("ROW_ID")));
                    } else if ("OE".equals(row.get("SEG_OWNER")) && !sameStatement(changes, row)) {
                        changes.add(row);
                    }
                }
                case 9 -> {
                    // a LOB update alone starts with its code 9 row: an update of the row
                    List<Row> changes = openBySlot.get(slot);
                    if (!sameStatement(changes, row)) {
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

    /** Rows of one statement on a LOB table share its SSN (the INSERT and UPDATE of LOB_SF 01 are one change). */
    private static boolean sameStatement(List<Row> changes, Row row) {
        if (changes.isEmpty() || !"DOCUMENTS".equals(row.get("TABLE_NAME"))) {
            return false;
        }
        Row last = changes.get(changes.size() - 1);
        return "DOCUMENTS".equals(last.get("TABLE_NAME")) && last.get("SSN").equals(row.get("SSN"));
    }

    private static List<String> names(JsonNode image) {
        List<String> names = new ArrayList<>();
        image.fieldNames().forEachRemaining(names::add);
        return names;
    }

    /** The columns of {@code row} that {@code image} shows. */
    private static JsonNode shown(String table, JsonNode row, JsonNode image) {
        assertThat(row).as("row of %s with key %s", table, image).isNotNull();
        ObjectNode shown = RedoFiles.JSON.createObjectNode();
        image.fieldNames().forEachRemaining(name -> shown.set(name, row.get(name)));
        return shown;
    }

    /** The row after a change: the image's columns over the current row (an insert's missing columns are null). */
    private static JsonNode merged(String table, JsonNode current, JsonNode image) {
        ObjectNode row = RedoFiles.JSON.createObjectNode();
        for (String column : columns.get(table)) {
            JsonNode value = image.has(column) ? image.get(column) : current == null ? null : current.get(column);
            row.set(column, value == null ? NullNode.getInstance() : value);
        }
        return row;
    }

    private static String describe(List<Row> changes) {
        StringBuilder sb = new StringBuilder();
        for (Row row : changes) {
            sb.append(row.get("SEG_OWNER")).append('.').append(row.get("TABLE_NAME")).append(' ')
                    .append(switch (row.code()) {
                        case 1 -> "I";
                        case 2 -> "D";
                        case 3, 9 -> "U";
                        default -> "DDL " + row.sqlRedo();
                    }).append('\n');
        }
        return sb.toString();
    }

    /** The undo row of a LOB statement names the real ROWID; the statement's rows share its SSN (LobShapesTest). */
    private static int lastOfStatement(List<Row> changes, Row undo) {
        for (int i = changes.size() - 1; i >= 0; i--) {
            Row change = changes.get(i);
            if ("DOCUMENTS".equals(change.get("TABLE_NAME")) && change.get("SSN").equals(undo.get("SSN"))) {
                return i;
            }
        }
        throw new AssertionError("rollback row of document statement SSN " + undo.get("SSN") + " undoes nothing");
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
