package io.redocdc.source.retention;

import io.redocdc.source.enumerator.EnumeratorState;
import io.redocdc.source.enumerator.ThreadProgress;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The rule: per redo thread, the oldest archived log a restart still needs is the lowest of
 * <ul>
 *   <li>the first log not finished in the checkpoint the restart would use (it is unread, or being read and the
 *       reader resumes inside it; every later log is unfinished or beyond it),</li>
 *   <li>the first log not finished now (a log taken back from the finished ones since),</li>
 *   <li>the lowest log holding the START of a transaction open in any assembler subtask at that checkpoint.</li>
 * </ul>
 * Logs finished out of order beyond the first unfinished one are not a reason to purge it: with thread 1
 * sequence 99 being read and 100 finished, the logs before 99 can be purged, not 99.
 */
public final class PurgeAdvice {

    private PurgeAdvice() {
    }

    /** Per thread, the first log sequence not finished in {@code state}. */
    public static SortedMap<Integer, Long> firstUnfinished(EnumeratorState state) {
        SortedMap<Integer, Long> first = new TreeMap<>();
        for (ThreadProgress thread : state.threads()) {
            first.put(thread.thread(), thread.completedSequence() + 1);
        }
        return first;
    }

    /**
     * Per thread, the oldest log sequence still needed: every log of the thread below it can be purged.
     *
     * @param unfinishedAtCheckpoint {@link #firstUnfinished} of the enumerator's checkpoint
     * @param unfinishedNow {@link #firstUnfinished} of the enumerator's current state
     * @param openStarts per thread, the lowest sequence holding an open transaction's START, over all subtasks
     */
    public static SortedMap<Integer, Long> oldestNeeded(Map<Integer, Long> unfinishedAtCheckpoint,
                                                        Map<Integer, Long> unfinishedNow,
                                                        Map<Integer, Long> openStarts) {
        SortedMap<Integer, Long> needed = new TreeMap<>(unfinishedAtCheckpoint);
        for (Map<Integer, Long> other : java.util.List.of(unfinishedNow, openStarts)) {
            other.forEach((thread, sequence) -> needed.merge(thread, sequence, Math::min));
        }
        return needed;
    }
}
