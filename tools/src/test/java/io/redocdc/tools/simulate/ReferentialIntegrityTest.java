package io.redocdc.tools.simulate;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The truth keeps the foreign keys the order-entry schema implies, in commit order, as Oracle enforces them at
 * the source: after each committed transaction every order names an existing customer and every order line an
 * existing order and product. ORDER_HISTORY keeps the events of deleted orders, so it has no foreign key.
 * tables.json and schema.sql declare exactly these keys.
 */
class ReferentialIntegrityTest {

    /** child table, child column, parent table (referencing the parent's single-column primary key). */
    private record ForeignKey(String table, String column, String parent) {
    }

    private static final List<ForeignKey> IMPLIED = List.of(
            new ForeignKey("OE.ORDERS", "CUSTOMER_ID", "OE.CUSTOMERS"),
            new ForeignKey("OE.ORDER_ITEMS", "ORDER_ID", "OE.ORDERS"),
            new ForeignKey("OE.ORDER_ITEMS", "PRODUCT_ID", "OE.PRODUCTS"));
    private static final Map<String, List<String>> PRIMARY_KEYS = Map.of(
            "OE.CUSTOMERS", List.of("CUSTOMER_ID"), "OE.PRODUCTS", List.of("PRODUCT_ID"),
            "OE.ORDERS", List.of("ORDER_ID"), "OE.ORDER_ITEMS", List.of("ORDER_ID", "LINE_NO"));

    @TempDir
    Path out;

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 7, 42, 2024})
    void everyCommittedTransactionLeavesTheForeignKeysIntact(long seed) throws IOException {
        WorkloadSimulator.write(out, SimulationSettings.defaults().withSeed(seed).withTransactions(3000)
                .withThreads(2).withRollbackRatio(0.15).withSavepointRatio(0.3).withLongTransactions(2)
                .withLargeTransactionRows(0));
        Map<String, Map<String, JsonNode>> rows = new HashMap<>();
        List<String> violations = new ArrayList<>();
        long checkedReferences = 0;
        for (JsonNode transaction : RedoFiles.jsonLines(out.resolve("expected/transactions.jsonl"))) {
            List<JsonNode> touched = new ArrayList<>();
            for (JsonNode change : transaction.get("changes")) {
                String table = change.get("table").asText();
                if (!PRIMARY_KEYS.containsKey(table)) {
                    continue;
                }
                Map<String, JsonNode> tableRows = rows.computeIfAbsent(table, t -> new HashMap<>());
                switch (change.get("op_type").asText()) {
                    case "I", "U" -> tableRows.put(key(table, change.get("after")), change.get("after"));
                    case "D" -> tableRows.remove(key(table, change.get("before")));
                    default -> throw new IllegalStateException("unexpected change " + change);
                }
                touched.add(change);
            }
            // Checked at commit: a row changed by this transaction and still there names parents that exist, and
            // no remaining row names a parent this transaction deleted.
            for (JsonNode change : touched) {
                String table = change.get("table").asText();
                String op = change.get("op_type").asText();
                for (ForeignKey fk : IMPLIED) {
                    if (fk.table().equals(table) && !op.equals("D")
                            && rows.get(table).containsKey(key(table, change.get("after")))) {
                        checkedReferences++;
                        String parent = number(change.get("after").get(fk.column()));
                        if (!rows.getOrDefault(fk.parent(), Map.of()).containsKey(parent)) {
                            violations.add("xid " + transaction.get("xid").asText() + ": " + table + " row "
                                    + key(table, change.get("after")) + " names " + fk.parent() + " " + parent
                                    + ", which does not exist at its commit");
                        }
                    }
                    if (fk.parent().equals(table) && op.equals("D")) {
                        String deleted = key(table, change.get("before"));
                        for (JsonNode child : rows.getOrDefault(fk.table(), Map.of()).values()) {
                            if (number(child.get(fk.column())).equals(deleted)) {
                                violations.add("xid " + transaction.get("xid").asText() + " deletes " + table
                                        + " " + deleted + " while " + fk.table() + " row " + key(fk.table(), child)
                                        + " still names it");
                            }
                        }
                    }
                }
            }
        }
        assertThat(checkedReferences).as("references checked").isGreaterThan(1000);
        assertThat(violations.subList(0, Math.min(5, violations.size())))
                .as("foreign key violations in commit order (first 5 of %d)", violations.size()).isEmpty();
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1})
    void tablesJsonAndSchemaSqlDeclareTheForeignKeys(long seed) throws IOException {
        WorkloadSimulator.write(out, SimulationSettings.defaults().withSeed(seed).withTransactions(20)
                .withLargeTransactionRows(0));
        JsonNode tables = RedoFiles.JSON.readTree(out.resolve("expected/tables.json").toFile());
        List<ForeignKey> declared = new ArrayList<>();
        tables.fields().forEachRemaining(table -> table.getValue().path("foreign_keys").forEach(fk -> {
            assertThat(fk.get("columns")).hasSize(1);
            assertThat(fk.get("referenced_columns").get(0).asText())
                    .isEqualTo(PRIMARY_KEYS.get(fk.get("references").asText()).get(0));
            declared.add(new ForeignKey(table.getKey(), fk.get("columns").get(0).asText(),
                    fk.get("references").asText()));
        }));
        assertThat(declared).containsExactlyInAnyOrderElementsOf(IMPLIED);

        String ddl = Files.readString(out.resolve("expected/schema.sql"));
        assertThat(ddl).contains("create table \"OE\".\"ORDER_ITEMS\"")
                .contains("constraint \"ORDER_ITEMS_PK\" primary key (\"ORDER_ID\", \"LINE_NO\")")
                .contains("constraint \"ORDER_ITEMS_PRODUCT_FK\" foreign key (\"PRODUCT_ID\") references "
                        + "\"OE\".\"PRODUCTS\" (\"PRODUCT_ID\")")
                .contains("constraint \"ORDERS_CUSTOMER_FK\" foreign key (\"CUSTOMER_ID\") references "
                        + "\"OE\".\"CUSTOMERS\" (\"CUSTOMER_ID\")");
        // Parents come first, so the script runs top to bottom.
        assertThat(ddl.indexOf("\"OE\".\"CUSTOMERS\" (")).isLessThan(ddl.indexOf("\"OE\".\"ORDERS\" ("));
        assertThat(ddl.indexOf("\"OE\".\"ORDERS\" (")).isLessThan(ddl.indexOf("\"OE\".\"ORDER_ITEMS\" ("));
    }

    private static String key(String table, JsonNode image) {
        StringBuilder key = new StringBuilder();
        for (String column : PRIMARY_KEYS.get(table)) {
            key.append(key.isEmpty() ? "" : ",").append(number(image.get(column)));
        }
        return key.toString();
    }

    private static String number(JsonNode value) {
        return new BigDecimal(value.asText()).stripTrailingZeros().toPlainString();
    }
}
