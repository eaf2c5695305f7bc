package io.redocdc.sinks.jdbc.apply;

import io.redocdc.sinks.jdbc.dialect.JdbcDialect;
import io.redocdc.sinks.jdbc.target.TableConstraints;
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
    public StatementKeys keys(RowStatement row, ConflictPolicy policy, TableConstraints constraints,
                              JdbcDialect dialect) {
        return null;
    }

    /** Everything pending unless the row has the pending batch's shape. */
    @Override
    public List<Batch> batchesToRunBefore(RowStatement row, StatementKeys keys, PendingBatches pending) {
        return pending.get(row.sql()) == null ? pending.takeAll() : List.of();
    }

    @Override
    public boolean isBarrier(StatementKeys keys) {
        return false;
    }
}
