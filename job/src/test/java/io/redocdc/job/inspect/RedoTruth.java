package io.redocdc.job.inspect;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.HashSet;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;

/**
 * What the simulator's truth says a capture job holds once it has read a prefix of the logs (a catalog cut) and the
 * completed-SCN frontier stands at that prefix's lowest per-thread end: from expected/redo_transactions.jsonl (each
 * transaction's START, end and rows per log) and expected/transactions.jsonl (commit SCNs of the output).
 */
final class RedoTruth {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** An open transaction as inspect shows it. */
    record Open(String xid, int thread, long startScn, long rows) {
    }

    /** Last catalogued sequence and its NEXT_CHANGE#, per thread. */
    record LastLog(long sequence, long nextChange) {
    }

    private final Path expected;
    private final SortedMap<Integer, LastLog> lastLogs;

    RedoTruth(Path expected, Path catalog) throws IOException {
        this.expected = expected;
        this.lastLogs = lastLogs(catalog);
    }

    SortedMap<Integer, LastLog> lastLogs() {
        return lastLogs;
    }

    /** The completed-SCN frontier once every catalogued log is read: the lowest per-thread NEXT_CHANGE#. */
    long frontier() {
        return lastLogs.values().stream().mapToLong(LastLog::nextChange).min().orElseThrow();
    }

    /**
     * Transactions whose START is in a read log and that are not finished: their end is not read, or it is at or
     * above the frontier (the assembler finishes an end once the watermark, frontier minus one, reaches it). Rows
     * are those in the read logs.
     */
    Set<Open> openTransactions() throws IOException {
        Set<Open> open = new HashSet<>();
        for (JsonNode tx : openLines()) {
            long last = lastLogs.get(tx.get("thread").asInt()).sequence();
            long rows = 0;
            for (Iterator<Map.Entry<String, JsonNode>> it = tx.get("rows_per_sequence").fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> perLog = it.next();
                if (Long.parseLong(perLog.getKey()) <= last) {
                    rows += perLog.getValue().asLong();
                }
            }
            open.add(new Open(tx.get("xid").asText(), tx.get("thread").asInt(), tx.get("start_scn").asLong(), rows));
        }
        return open;
    }

    private List<JsonNode> openLines() throws IOException {
        long frontier = frontier();
        List<JsonNode> open = new ArrayList<>();
        for (JsonNode tx : lines("redo_transactions.jsonl")) {
            long last = lastLogs.get(tx.get("thread").asInt()).sequence();
            boolean started = tx.get("start_sequence").asLong() <= last;
            boolean finished = tx.get("end_sequence").asLong() <= last && tx.get("end_scn").asLong() < frontier;
            if (started && !finished) {
                open.add(tx);
            }
        }
        return open;
    }

    /**
     * PurgeAdviceITCase's rule: per thread, logs before the lowest of the first unread log and the oldest log holding
     * an open transaction's START can be purged.
     */
    SortedMap<Integer, Long> purgeBefore() throws IOException {
        SortedMap<Integer, Long> before = new TreeMap<>();
        lastLogs.forEach((thread, last) -> before.put(thread, last.sequence() + 1));
        for (JsonNode tx : openLines()) {
            before.merge(tx.get("thread").asInt(), tx.get("start_sequence").asLong(), Math::min);
        }
        return before;
    }

    /** The highest commit SCN of the output below the frontier: the processed low position's once all is read. */
    long lastCommitBelowFrontier() throws IOException {
        long frontier = frontier();
        long last = -1;
        for (JsonNode tx : lines("transactions.jsonl")) {
            long commit = tx.get("commit_scn").asLong();
            if (commit < frontier) {
                last = Math.max(last, commit);
            }
        }
        return last;
    }

    private List<JsonNode> lines(String file) throws IOException {
        List<JsonNode> nodes = new ArrayList<>();
        for (String line : Files.readAllLines(expected.resolve(file))) {
            if (!line.isBlank()) {
                nodes.add(JSON.readTree(line));
            }
        }
        return nodes;
    }

    private static SortedMap<Integer, LastLog> lastLogs(Path catalog) throws IOException {
        SortedMap<Integer, LastLog> last = new TreeMap<>();
        try (Reader in = Files.newBufferedReader(catalog)) {
            for (CSVRecord log : CSVFormat.RFC4180.builder().setHeader().setSkipHeaderRecord(true).build().parse(in)) {
                int thread = Integer.parseInt(log.get("THREAD#"));
                LastLog candidate = new LastLog(Long.parseLong(log.get("SEQUENCE#")),
                        Long.parseLong(log.get("NEXT_CHANGE#")));
                last.merge(thread, candidate, (a, b) -> a.sequence() >= b.sequence() ? a : b);
            }
        }
        return last;
    }
}
