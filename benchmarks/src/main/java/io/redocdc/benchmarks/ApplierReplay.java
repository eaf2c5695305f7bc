package io.redocdc.benchmarks;

import io.redocdc.operators.lcr.Lcr;
import io.redocdc.sinks.jdbc.AppliedPositionStore;
import io.redocdc.sinks.jdbc.ApplyContext;
import io.redocdc.sinks.jdbc.JdbcSinkMetrics;
import io.redocdc.sinks.jdbc.JdbcSinkOptions;
import io.redocdc.sinks.jdbc.TransactionApplier;
import java.sql.Connection;
import java.sql.SQLException;
import org.apache.flink.metrics.groups.UnregisteredMetricsGroup;

/**
 * The sink's own applier on the same in-memory LCRs the naive replay gets, on one connection, without Flink:
 * the difference to the naive replay is only batching and one target transaction (with its applied position)
 * per source transaction.
 */
final class ApplierReplay {

    private ApplierReplay() {
    }

    static void apply(Connection connection, JdbcSinkOptions options, CapturedChanges changes) throws SQLException {
        ApplyContext context = new ApplyContext(options, new JdbcSinkMetrics(new UnregisteredMetricsGroup()));
        AppliedPositionStore positions = new AppliedPositionStore(context.dialect(), options.stateSchema(),
                options.sinkName());
        positions.createIfMissing(connection);
        try (TransactionApplier applier = new TransactionApplier(connection, context, positions)) {
            for (Lcr lcr : changes.lcrs()) {
                if (lcr.ordinal() == 0) {
                    applier.begin();
                }
                applier.apply(lcr);
                if (lcr.lastInTransaction()) {
                    applier.commit(lcr);
                }
            }
        }
    }
}
