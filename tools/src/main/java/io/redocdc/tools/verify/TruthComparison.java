package io.redocdc.tools.verify;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.redocdc.operators.lcr.Position;
import io.redocdc.sinks.files.ChangeFiles;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Compares a run's change files with the simulator's truth ({@code expected/transactions.jsonl}): the same
 * committed transactions, in the same order, each with the same changes in the same order, and the same DDL.
 */
public final class TruthComparison {

    private static final int TRANSACTION_HEX = Position.TRANSACTION_PREFIX * 2;

    private TruthComparison() {
    }

    /** Empty when the output equals the truth, else a description of the first difference. */
    public static Optional<String> firstDifference(Path expectedDir, Path sinkDir) {
        List<JsonNode> expected = ChangeFiles.readJsonLines(expectedDir.resolve("transactions.jsonl"));
        List<ObjectNode> expectedData = new ArrayList<>();
        List<String> expectedDdl = new ArrayList<>();
        for (JsonNode txn : expected) {
            for (JsonNode change : txn.get("changes")) {
                if ("DDL".equals(change.path("op_type").asText())) {
                    expectedDdl.add(change.path("ddl").asText());
                } else {
                    expectedData.add(withTransaction(change, txn));
                }
            }
        }
        List<JsonNode> actual = ChangeFiles.dataChanges(sinkDir);
        for (int i = 0; i < Math.max(expectedData.size(), actual.size()); i++) {
            if (i >= actual.size()) {
                return Optional.of("output ends after " + actual.size() + " changes; expected " + expectedData.size()
                        + ", next expected: " + expectedData.get(i));
            }
            if (i >= expectedData.size()) {
                return Optional.of("output has " + actual.size() + " changes, expected only " + expectedData.size()
                        + "; first extra: " + actual.get(i));
            }
            ObjectNode got = comparable(actual.get(i));
            if (!got.equals(expectedData.get(i))) {
                return Optional.of("change #" + i + " differs:\n  expected " + expectedData.get(i) + "\n  actual   "
                        + got);
            }
        }
        Optional<String> order = transactionsContiguous(actual);
        if (order.isPresent()) {
            return order;
        }
        List<String> actualDdl = ChangeFiles.ddlChanges(sinkDir).stream().map(n -> n.path("ddl").asText()).toList();
        if (!actualDdl.equals(expectedDdl)) {
            return Optional.of("DDL differs:\n  expected " + expectedDdl + "\n  actual   " + actualDdl);
        }
        return Optional.empty();
    }

    private static ObjectNode withTransaction(JsonNode change, JsonNode txn) {
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        node.put("xid", txn.path("xid").asText());
        node.put("commit_scn", txn.path("commit_scn").asText());
        node.put("table", change.path("table").asText());
        node.put("op_type", change.path("op_type").asText());
        node.set("before", change.path("before").isMissingNode() ? null : change.get("before"));
        node.set("after", change.path("after").isMissingNode() ? null : change.get("after"));
        return node;
    }

    private static ObjectNode comparable(JsonNode line) {
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        node.put("xid", line.path("tokens").path("xid").asText());
        node.put("commit_scn", line.path("tokens").path("commit_scn").asText());
        node.put("table", line.path("table").asText());
        node.put("op_type", line.path("op_type").asText());
        node.set("before", line.get("before"));
        node.set("after", line.get("after"));
        return node;
    }

    /** Every transaction's changes are contiguous and carry txind 0..2 or 3 consistently. */
    private static Optional<String> transactionsContiguous(List<JsonNode> actual) {
        String current = null;
        for (int i = 0; i < actual.size(); i++) {
            String pos = actual.get(i).path("pos").asText();
            String txn = pos.substring(0, Math.min(TRANSACTION_HEX, pos.length()));
            String txind = actual.get(i).path("tokens").path("txind").asText();
            boolean starts = !Objects.equals(txn, current);
            boolean claimsStart = txind.equals("0") || txind.equals("3");
            if (starts != claimsStart) {
                return Optional.of("change #" + i + " has txind " + txind + " but "
                        + (starts ? "starts" : "continues") + " a transaction: " + actual.get(i));
            }
            current = txn;
        }
        return Optional.empty();
    }
}
