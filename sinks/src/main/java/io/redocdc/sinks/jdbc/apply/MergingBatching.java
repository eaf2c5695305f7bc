package io.redocdc.sinks.jdbc.apply;

import io.redocdc.operators.lcr.LcrCommand;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code sink.batch-reorder} with {@code sink.batch-merge}: reordered batching where an UPDATE of a row whose
 * statement is still pending may be merged into it ({@link RowMerge}); batches bind their rows when they run,
 * so that the merged statement can replace the pending one.
 */
final class MergingBatching extends ReorderedBatching {

    static final MergingBatching INSTANCE = new MergingBatching();

    /** Logged as the applier, where these lines came from before the modes were classes. */
    private static final Logger LOG = LoggerFactory.getLogger(TransactionApplier.class);

    private MergingBatching() {
    }

    @Override
    public boolean defersBinding() {
        return true;
    }

    /**
     * Merges an UPDATE into the pending statement of its row where {@link RowMerge} proves it the same, under
     * conflict policy error only: a policy resolving conflicts in place would have to resolve the merged
     * statement's conflicts as the two statements' ones. Not an UPDATE that sets a foreign key or changes a unique
     * value: merged, it would run at the pending statement's place, which need not come after the parent row.
     */
    @Override
    public boolean mergeIntoPending(RowStatement row, ConflictPolicy policy, StatementKeys keys,
                                    PendingBatches pending) {
        if (row.command() != LcrCommand.UPDATE || policy.resolution() != ConflictResolution.ERROR || keys == null
                || keys.touchesConstraints()) {
            return false;
        }
        PendingBatches.PendingRow target = pending.lastWrite(keys.rows());
        if (target == null || target.batch().policy.resolution() != ConflictResolution.ERROR) {
            return false;
        }
        RowStatement merged = RowMerge.of(target.statement(), row);
        if (merged == null) {
            return false;
        }
        target.replace(merged);
        if (LOG.isDebugEnabled()) {
            LOG.debug("merged the UPDATE at position {} (xid {}) on {} into the pending {} of the same row from "
                    + "position {}", row.row().lcr().position(), row.row().lcr().xid(), row.row().table(),
                    target.statement().command(), target.statement().row().lcr().position());
        }
        return true;
    }
}
