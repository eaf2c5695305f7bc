package io.redocdc.operators.ordering;

/**
 * Header of a transaction the sequencer is buffering.
 *
 * @param commitScn its commit SCN (the event-time timer that releases it)
 * @param size      how many LCRs it has: known once its last LCR arrived ({@link #UNKNOWN} before)
 * @param received  how many have arrived
 */
public record PendingTransaction(long commitScn, int size, int received) {

    public static final int UNKNOWN = -1;

    public static PendingTransaction first(long commitScn) {
        return new PendingTransaction(commitScn, UNKNOWN, 0);
    }

    public boolean isComplete() {
        return received == size;
    }

    /**
     * Whether the LCR with this ordinal is the next one: a transaction's LCRs come from one assembler subtask, in
     * ordinal order, so anything else is a duplicate or a gap.
     */
    public boolean expects(int ordinal) {
        return !isComplete() && ordinal == received;
    }

    public PendingTransaction withOneMore(int ordinal, boolean last) {
        return new PendingTransaction(commitScn, last ? ordinal + 1 : size, received + 1);
    }
}
