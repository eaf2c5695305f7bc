package io.redocdc.sinks.jdbc.apply;

import io.redocdc.sinks.jdbc.dialect.JdbcDialect;
import io.redocdc.sinks.jdbc.target.TableConstraints;
import java.util.List;

/**
 * How a {@link TransactionApplier} gathers row statements into JDBC batches, chosen for each transaction or
 * group at {@link TransactionApplier#begin(boolean)}: {@link InOrderBatching}, {@link ReorderedBatching}
 * ({@code sink.batch-reorder}) or {@link MergingBatching} (with {@code sink.batch-merge} too). Stateless.
 */
interface BatchingMode {

    static BatchingMode of(boolean reorder, boolean merge) {
        if (!reorder) {
            return InOrderBatching.INSTANCE;
        }
        return merge ? MergingBatching.INSTANCE : ReorderedBatching.INSTANCE;
    }

    /** Whether statements of different target rows may run out of order. */
    boolean reorders();

    /** Whether batches bind their rows only when they run, so that a merge can replace a pending row. */
    default boolean defersBinding() {
        return false;
    }

    /**
     * What the row touches, for the pending batches to track, given its table's {@code constraints} (read only when
     * {@link #reorders()}); null where it is not tracked.
     */
    StatementKeys keys(RowStatement row, ConflictPolicy policy, TableConstraints constraints, JdbcDialect dialect);

    /** Merges the row into a pending statement where that is provably the same; true when it did. */
    default boolean mergeIntoPending(RowStatement row, ConflictPolicy policy, StatementKeys keys,
                                     PendingBatches pending) {
        return false;
    }

    /** Removes and returns the pending batches that must run before the row joins the batch of its shape. */
    List<Batch> batchesToRunBefore(RowStatement row, StatementKeys keys, PendingBatches pending);

    /** Whether the row, with these keys, must keep its place in the original order (see {@link PendingBatches}). */
    boolean isBarrier(StatementKeys keys);
}
