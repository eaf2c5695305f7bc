package io.redocdc.source.retention;

import io.redocdc.source.enumerator.EnumeratorState;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.flink.metrics.Gauge;
import org.apache.flink.metrics.MetricGroup;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Purge advice for the whole job, in the one place that sees every redo thread: the source enumerator. At each
 * checkpoint it keeps which logs its state has not finished; when the checkpoint completes it combines them with
 * the open transactions' START logs that every assembler subtask reported for that checkpoint
 * ({@link RetentionBoard}) by {@link PurgeAdvice}'s rule, logs "archived logs of thread T before sequence S can
 * be purged" once whenever S changes, and shows S in the gauge {@code thread.<T>.purgeableBeforeSequence}.
 *
 * <p>Checkpoint by checkpoint on purpose: a restart resumes from the latest completed checkpoint, so the logs it
 * reads again are the ones unfinished there and the open transactions it restores are the ones open there. No
 * advice is given before the first checkpoint completes (a restart without one begins at the start SCN) nor for a
 * checkpoint some assembler subtask did not report.
 */
public final class LogRetention {

    private static final Logger LOG = LoggerFactory.getLogger(LogRetention.class);
    public static final String GAUGE = "purgeableBeforeSequence";

    private final String key;
    private final MetricGroup metrics;
    private final TreeMap<Long, SortedMap<Integer, Long>> unfinishedByCheckpoint = new TreeMap<>();
    private final Map<Integer, Long> advice = new ConcurrentHashMap<>();

    public LogRetention(String key, MetricGroup metrics) {
        this.key = key;
        this.metrics = metrics;
    }

    /** The enumerator took checkpoint {@code checkpointId} with {@code state}. */
    public void checkpointTaken(long checkpointId, EnumeratorState state) {
        unfinishedByCheckpoint.put(checkpointId, PurgeAdvice.firstUnfinished(state));
    }

    /** Checkpoint {@code checkpointId} completed; {@code now} is the enumerator's current state. */
    public void checkpointCompleted(long checkpointId, EnumeratorState now) {
        SortedMap<Integer, Long> unfinished = unfinishedByCheckpoint.get(checkpointId);
        unfinishedByCheckpoint.headMap(checkpointId, true).clear();
        Optional<Map<Integer, Long>> openStarts = RetentionBoard.takeCombined(key, checkpointId);
        if (unfinished == null || openStarts.isEmpty()) {
            return;
        }
        SortedMap<Integer, Long> needed = PurgeAdvice.oldestNeeded(unfinished, PurgeAdvice.firstUnfinished(now),
                openStarts.get());
        needed.forEach((thread, sequence) -> {
            Long before = advice.put(thread, sequence);
            if (before == null) {
                metrics.addGroup("thread", String.valueOf(thread)).gauge(GAUGE, (Gauge<Long>) () -> advice.get(thread));
            }
            if (!sequence.equals(before)) {
                Long open = openStarts.get().get(thread);
                LOG.info("Archived logs of thread {} before sequence {} can be purged (checkpoint {}: first log not "
                                + "read to its end {}, oldest log holding the START of an open transaction {})", thread,
                        sequence, checkpointId, unfinished.getOrDefault(thread, -1L), open == null ? "none" : open);
            }
        });
    }

    /** Per thread, the sequence below which logs can be purged, as last advised. */
    public Map<Integer, Long> advice() {
        return new TreeMap<>(advice);
    }

    public void close() {
        RetentionBoard.forget(key);
    }
}
