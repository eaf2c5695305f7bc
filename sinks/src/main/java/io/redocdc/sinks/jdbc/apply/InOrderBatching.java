package io.redocdc.sinks.jdbc.apply;

import io.redocdc.sinks.jdbc.dialect.JdbcDialect;
import io.redocdc.sinks.jdbc.parallel.RowKey;
import java.util.List;

/** Statements run in the order of their LCRs, batched per consecutive run of one shape: one batch pending at most. */
final class InOrderBatching implements BatchingMode {

    static final InOrderBatching INSTANCE = new InOrderBatching();

    private InOrderBatching() {
    }

    @Override
    public boolean reorders() {
        return false;
    }

    @Override
    public List<RowKey> rowKeys(RowStatement row, ConflictPolicy policy, JdbcDialect dialect) {
        return null;
    }

    /** Everything pending unless the row has the pending batch's shape. */
    @Override
    public List<Batch> batchesToRunBefore(RowStatement row, List<RowKey> keys, PendingBatches pending) {
        return pending.get(row.sql()) == null ? pending.takeAll() : List.of();
    }

    @Override
    public boolean isBarrier(List<RowKey> keys) {
        return false;
    }
}
