package io.redocdc.operators.txn;

import io.redocdc.source.model.ThreadSequence;

/**
 * Where a buffered record of one slot sits in redo order: its log and its index among that slot's records of
 * that log (0, 1, 2, ... in arrival order, which within one log is redo order). Orders like
 * {@link ThreadSequence} (incarnation, thread, sequence), then by index.
 */
public record RowKey(long resetlogsId, int thread, long sequence, int index) implements Comparable<RowKey> {

    public static RowKey of(ThreadSequence log, int index) {
        return new RowKey(log.resetlogsId(), log.thread(), log.sequence(), index);
    }

    public ThreadSequence log() {
        return new ThreadSequence(thread, sequence, resetlogsId);
    }

    /** By incarnation, thread, sequence, index. Written out, as are equals and hashCode: a map lookup per row. */
    @Override
    public int compareTo(RowKey other) {
        int order = Long.compare(resetlogsId, other.resetlogsId);
        if (order == 0) {
            order = Integer.compare(thread, other.thread);
        }
        if (order == 0) {
            order = Long.compare(sequence, other.sequence);
        }
        return order != 0 ? order : Integer.compare(index, other.index);
    }

    /**
     * A record's generated equals runs through method handles, which showed in the assembler's profile; this one
     * compares the same components.
     */
    @Override
    public boolean equals(Object o) {
        return o instanceof RowKey other && index == other.index && sequence == other.sequence
                && thread == other.thread && resetlogsId == other.resetlogsId;
    }

    /** {@link ThreadSequence#hash}: a slot's rows of many logs (a large transaction) do not share buckets. */
    @Override
    public int hashCode() {
        return ThreadSequence.hash(resetlogsId, thread, sequence, index);
    }

    @Override
    public String toString() {
        return "log " + log().fileStem() + " #" + index;
    }
}
