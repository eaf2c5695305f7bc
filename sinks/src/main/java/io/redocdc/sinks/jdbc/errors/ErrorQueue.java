package io.redocdc.sinks.jdbc.errors;

import io.redocdc.sinks.jdbc.JdbcConnections;
import io.redocdc.sinks.jdbc.JdbcSinkMetrics;
import io.redocdc.sinks.jdbc.JdbcSinkOptions;
import io.redocdc.sinks.jdbc.apply.ApplyContext;
import io.redocdc.sinks.jdbc.apply.TransactionApplier;
import io.redocdc.sinks.jdbc.state.AppliedPositionStore;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import org.apache.flink.metrics.groups.UnregisteredMetricsGroup;

/**
 * The apply error queue, for the CLI: the failed transactions of one sink in REDO_CDC_ERRORS, and retrying
 * or deleting one of them. A retry re-executes the transaction from its stored LCRs in one target transaction
 * (with the same mapping and conflict policies as the sink) and deletes its rows in that same transaction.
 */
public final class ErrorQueue implements AutoCloseable {

    private final Connection connection;
    private final ErrorTable errors;
    private final TransactionApplier applier;
    private final String sinkName;

    private ErrorQueue(Connection connection, JdbcSinkOptions options) throws SQLException {
        this.connection = connection;
        this.sinkName = options.sinkName();
        ApplyContext context = new ApplyContext(options, new JdbcSinkMetrics(new UnregisteredMetricsGroup()));
        this.errors = ErrorTable.of(options);
        errors.createIfMissing(connection);
        this.applier = new TransactionApplier(connection, context, AppliedPositionStore.of(options));
    }

    /** Opens a connection to the sink's target. */
    public static ErrorQueue open(JdbcSinkOptions options) throws SQLException {
        Connection connection = JdbcConnections.open(options);
        try {
            return new ErrorQueue(connection, options);
        } catch (SQLException | RuntimeException e) {
            connection.close();
            throw e;
        }
    }

    /** The failed transactions, in position order. */
    public List<ErrorTransaction> list() throws SQLException {
        try {
            return errors.list(connection);
        } finally {
            connection.rollback();
        }
    }

    /**
     * Re-executes the transaction whose last LCR has {@code position} and removes it from the queue; on
     * failure nothing changes and the SQLException says why.
     */
    public void retry(String position) throws SQLException {
        applier.begin();
        try {
            int count = errors.forEachLcr(connection, position, applier::apply);
            if (count == 0) {
                throw new SQLException("no failed transaction at position " + position + " in " + ErrorTable.TABLE
                        + " for sink " + sinkName, "02000");
            }
            applier.flush();
            errors.delete(connection, position);
            connection.commit();
        } catch (SQLException | RuntimeException e) {
            applier.rollback();
            throw e;
        }
    }

    /** Removes the transaction from the queue without applying it; returns the rows deleted (0: not found). */
    public int delete(String position) throws SQLException {
        int deleted = errors.delete(connection, position);
        connection.commit();
        return deleted;
    }

    @Override
    public void close() throws SQLException {
        try (Connection ignored = connection) {
            applier.close();
        }
    }
}
