package io.redocdc.operators.txn;

import java.util.Iterator;
import java.util.NoSuchElementException;

/**
 * Where one transaction's rows sit in its slot's buffer, in redo order: after its START and before its end on one
 * redo thread, or, when another RAC thread wrote the end (a surviving instance's SMON rolls back the transactions
 * of a failed one; an in-doubt XA transaction is committed with COMMIT FORCE elsewhere), the rows of the START's
 * thread up to its next boundary, then the rows of the end's thread before the end. The keys are read from the
 * buffer anew on every {@link #keys} call, so each pass sees what earlier passes removed.
 */
final class TransactionRows {

    private final RowKey start;
    private final RowKey startThreadLimit;
    private final RowKey end;

    private TransactionRows(RowKey start, RowKey startThreadLimit, RowKey end) {
        this.start = start;
        this.startThreadLimit = startThreadLimit;
        this.end = end;
    }

    static TransactionRows onOneThread(RowKey start, RowKey end) {
        return new TransactionRows(start, null, end);
    }

    /**
     * @param startThreadLimit the next boundary of the slot on the START's thread, or {@link #endOfThread} when
     *                         none is buffered
     */
    static TransactionRows acrossThreads(RowKey start, RowKey startThreadLimit, RowKey end) {
        if (start.thread() == end.thread() || startThreadLimit.thread() != start.thread()) {
            throw new IllegalArgumentException("a transaction across threads starts on one thread and ends on "
                    + "another: " + start + ", " + startThreadLimit + ", " + end);
        }
        return new TransactionRows(start, startThreadLimit, end);
    }

    /** A key after every key of {@code thread}, in every incarnation. */
    static RowKey endOfThread(int thread) {
        return new RowKey(Long.MAX_VALUE, thread, Long.MAX_VALUE, Integer.MAX_VALUE);
    }

    boolean acrossThreads() {
        return startThreadLimit != null;
    }

    /** On the START's thread, the last key that belonged to this transaction's span (released with it). */
    RowKey lastOnStartThread() {
        return new RowKey(startThreadLimit.resetlogsId(), startThreadLimit.thread(), startThreadLimit.sequence(),
                startThreadLimit.index() - 1);
    }

    Iterable<RowKey> keys(RedoOrderBuffer buffer) throws Exception {
        if (startThreadLimit == null) {
            return buffer.between(start, end);
        }
        Iterable<RowKey> first = buffer.between(start, startThreadLimit);
        Iterable<RowKey> second = buffer.between(null, end);
        return () -> new Concatenation(first.iterator(), second.iterator());
    }

    private static final class Concatenation implements Iterator<RowKey> {
        private final Iterator<RowKey> first;
        private final Iterator<RowKey> second;

        Concatenation(Iterator<RowKey> first, Iterator<RowKey> second) {
            this.first = first;
            this.second = second;
        }

        @Override
        public boolean hasNext() {
            return first.hasNext() || second.hasNext();
        }

        @Override
        public RowKey next() {
            if (first.hasNext()) {
                return first.next();
            }
            if (second.hasNext()) {
                return second.next();
            }
            throw new NoSuchElementException();
        }
    }
}
