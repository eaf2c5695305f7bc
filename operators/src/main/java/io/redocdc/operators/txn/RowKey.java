package io.redocdc.operators.txn;

import io.redocdc.source.model.ThreadSequence;
import java.util.Comparator;

/**
 * Where a buffered record of one slot sits in redo order: its log and its index among that slot's records of
 * that log (0, 1, 2, ... in arrival order, which within one log is redo order). Orders like
 * {@link ThreadSequence} (incarnation, thread, sequence), then by index.
 */
public record RowKey(long resetlogsId, int thread, long sequence, int index) implements Comparable<RowKey> {

    private static final Comparator<RowKey> ORDER = Comparator.comparingLong(RowKey::resetlogsId)
            .thenComparingInt(RowKey::thread)
            .thenComparingLong(RowKey::sequence)
            .thenComparingInt(RowKey::index);

    public static RowKey of(ThreadSequence log, int index) {
        return new RowKey(log.resetlogsId(), log.thread(), log.sequence(), index);
    }

    public ThreadSequence log() {
        return new ThreadSequence(thread, sequence, resetlogsId);
    }

    @Override
    public int compareTo(RowKey other) {
        return ORDER.compare(this, other);
    }

    @Override
    public String toString() {
        return "log " + log().fileStem() + " #" + index;
    }
}
