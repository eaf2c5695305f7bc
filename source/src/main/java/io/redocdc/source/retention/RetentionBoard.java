package io.redocdc.source.retention;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Where the assemblers' {@link OpenTransactionStarts} meet the enumerator, inside the JobManager: the assembler
 * subtasks send them at each checkpoint through Flink's global aggregate RPC ({@link ReportOpenStarts}, run by the
 * JobMaster), and the enumerator, a coordinator in the same JobManager process, reads them once the checkpoint
 * is complete. No Flink channel connects an operator downstream of the source to the source's enumerator; this
 * process-wide map, keyed by a key made once per job graph, is that connection. After a JobManager failover it
 * starts empty and fills again with the next checkpoint.
 */
public final class RetentionBoard {

    /** Reports kept per subtask: checkpoints that complete out of order or are aborted leave some behind. */
    private static final int KEPT_PER_SUBTASK = 8;

    private static final Map<String, Map<Integer, TreeMap<Long, OpenTransactionStarts>>> BOARDS =
            new ConcurrentHashMap<>();

    private RetentionBoard() {
    }

    static void record(String key, OpenTransactionStarts starts) {
        Map<Integer, TreeMap<Long, OpenTransactionStarts>> board = BOARDS.computeIfAbsent(key, k -> new HashMap<>());
        synchronized (board) {
            TreeMap<Long, OpenTransactionStarts> reports = board.computeIfAbsent(starts.subtask(), s -> new TreeMap<>());
            reports.put(starts.checkpointId(), starts);
            while (reports.size() > KEPT_PER_SUBTASK) {
                reports.pollFirstEntry();
            }
        }
    }

    /**
     * Per thread, the lowest START sequence over every assembler subtask at {@code checkpointId}; empty unless all
     * subtasks reported that checkpoint. Reports of that checkpoint and older ones are dropped.
     */
    static Optional<Map<Integer, Long>> takeCombined(String key, long checkpointId) {
        Map<Integer, TreeMap<Long, OpenTransactionStarts>> board = BOARDS.get(key);
        if (board == null) {
            return Optional.empty();
        }
        synchronized (board) {
            Map<Integer, Long> combined = new TreeMap<>();
            Integer parallelism = null;
            int reported = 0;
            for (TreeMap<Long, OpenTransactionStarts> reports : board.values()) {
                OpenTransactionStarts starts = reports.get(checkpointId);
                if (starts == null) {
                    continue;
                }
                parallelism = starts.parallelism();
                reported++;
                starts.oldestStartSequenceByThread().forEach((thread, sequence) -> combined.merge(thread, sequence,
                        Math::min));
            }
            for (TreeMap<Long, OpenTransactionStarts> reports : board.values()) {
                reports.headMap(checkpointId, true).clear();
            }
            return parallelism != null && reported == parallelism ? Optional.of(combined) : Optional.empty();
        }
    }

    static void forget(String key) {
        BOARDS.remove(key);
    }
}
