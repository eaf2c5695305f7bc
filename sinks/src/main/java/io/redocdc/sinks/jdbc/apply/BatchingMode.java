package io.redocdc.sinks.jdbc.apply;

import io.redocdc.sinks.jdbc.dialect.JdbcDialect;
import io.redocdc.sinks.jdbc.parallel.RowKey;
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

    /** The target rows the row writes, for the pending batches to track; null where they are not tracked. */
    List<RowKey> rowKeys(RowStatement row, ConflictPolicy policy, JdbcDialect dialect);

    /** Merges the row into a pending statement where that is provably the same; true when it did. */
    default boolean mergeIntoPending(RowStatement row, ConflictPolicy policy, List<RowKey> keys,
                                     PendingBatches pending) {
        return false;
    }

    /** Removes and returns the pending batches that must run before the row joins the batch of its shape. */
    List<Batch> batchesToRunBefore(RowStatement row, List<RowKey> keys, PendingBatches pending);

    /** Whether the row, with these keys, must keep its place in the original order (see {@link PendingBatches}). */
    boolean isBarrier(List<RowKey> keys);
}
