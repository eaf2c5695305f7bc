package io.redocdc.sinks.jdbc.apply;

import io.redocdc.sinks.jdbc.dialect.JdbcDialect;
import io.redocdc.sinks.jdbc.target.TableConstraints;
import java.util.List;

/**
 * {@code sink.batch-reorder}: one pending batch per shape, run in order of first use after the batches its rows'
 * foreign and unique keys make it follow; a batch runs earlier when it holds a row that a statement of another
 * shape writes next (see {@link PendingBatches}).
 */
class ReorderedBatching implements BatchingMode {

    static final ReorderedBatching INSTANCE = new ReorderedBatching();

    ReorderedBatching() {
    }

    @Override
    public boolean reorders() {
        return true;
    }

    @Override
    public StatementKeys keys(RowStatement row, ConflictPolicy policy, TableConstraints constraints,
                              JdbcDialect dialect) {
        return mayReorder(policy) ? StatementKeys.of(RowImages.of(row.row()), row.row().metadata().keyColumns(),
                constraints, dialect) : null;
    }

    /**
     * Whether rows of a table under this policy may be reordered. Not under discard: a reordered INSERT can hit
     * another unique key that the original order frees first, and discard would drop it as a conflict where
     * in order it applies (error fails and replays in order; overwrite, maximum and minimum upsert by key, which
     * fails the same way), so such tables are applied in order (their rows count as without key).
     */
    private static boolean mayReorder(ConflictPolicy policy) {
        return policy.resolution() != ConflictResolution.DISCARD;
    }

    @Override
    public List<Batch> batchesToRunBefore(RowStatement row, StatementKeys keys, PendingBatches pending) {
        return pending.takeBlocking(row.sql(), keys);
    }

    /** A row without keys keeps its place in the original order. */
    @Override
    public boolean isBarrier(StatementKeys keys) {
        return keys == null;
    }
}
