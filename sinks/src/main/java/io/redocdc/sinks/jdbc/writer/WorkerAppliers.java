package io.redocdc.sinks.jdbc.writer;

import io.redocdc.common.jdbc.SqlErrors;
import io.redocdc.sinks.jdbc.apply.ApplyContext;
import io.redocdc.sinks.jdbc.apply.TransactionApplier;
import io.redocdc.sinks.jdbc.state.AppliedPositionStore;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.IdentityHashMap;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** One {@link TransactionApplier} per apply worker connection, made on the worker's first transaction. */
final class WorkerAppliers implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(WorkerAppliers.class);

    private final ApplyContext context;
    private final AppliedPositionStore positions;
    private final Map<Connection, TransactionApplier> byConnection = new IdentityHashMap<>();

    WorkerAppliers(ApplyContext context, AppliedPositionStore positions) {
        this.context = context;
        this.positions = positions;
    }

    synchronized TransactionApplier of(Connection connection) throws SQLException {
        TransactionApplier applier = byConnection.get(connection);
        if (applier == null) {
            applier = new TransactionApplier(connection, context, positions);
            byConnection.put(connection, applier);
        }
        return applier;
    }

    /** Closes the appliers' statements; call once the workers have stopped. */
    @Override
    public synchronized void close() {
        for (TransactionApplier applier : byConnection.values()) {
            try {
                applier.close();
            } catch (SQLException e) {
                LOG.debug("closing the statements of an apply worker failed: {}", SqlErrors.describe(e));
            }
        }
        byConnection.clear();
    }
}
