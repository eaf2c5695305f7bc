package io.redocdc.operators.ordering;

/**
 * Header of a transaction the sequencer is buffering.
 *
 * @param commitScn its commit SCN (the event-time timer that releases it)
 * @param size      how many LCRs it has
 * @param received  how many have arrived
 */
public record PendingTransaction(long commitScn, int size, int received) {

    public boolean isComplete() {
        return received == size;
    }

    public PendingTransaction withOneMore() {
        return new PendingTransaction(commitScn, size, received + 1);
    }
}
