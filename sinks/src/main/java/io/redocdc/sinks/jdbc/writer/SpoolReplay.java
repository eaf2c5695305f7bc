package io.redocdc.sinks.jdbc.writer;

import io.redocdc.common.jdbc.SqlErrors;
import io.redocdc.operators.lcr.Lcr;
import io.redocdc.sinks.jdbc.JdbcApplyException;
import io.redocdc.sinks.jdbc.JdbcSinkOptions;
import io.redocdc.sinks.jdbc.OnError;
import io.redocdc.sinks.jdbc.apply.ApplyContext;
import io.redocdc.sinks.jdbc.apply.ReplayedDdl;
import io.redocdc.sinks.jdbc.apply.TransactionApplier;
import io.redocdc.sinks.jdbc.errors.ErrorTable;
import io.redocdc.sinks.jdbc.spool.TransactionSpool;
import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Applies one spooled transaction on an apply worker's connection with that worker's {@link TransactionApplier},
 * with the serial writer's error handling: a transaction the target rejects alone in its target transaction is
 * rolled back and then, with
 * {@code sink.on-error=continue}, written whole to REDO_CDC_ERRORS in the same target transaction (which the
 * coordinator then records as applied and commits); with {@code stop} a {@link JdbcApplyException} naming the XID
 * fails the worker. A lost connection is thrown as is (the job restarts). Thread-safe.
 */
final class SpoolReplay {

    private static final Logger LOG = LoggerFactory.getLogger(SpoolReplay.class);

    private final ApplyContext context;
    private final WorkerAppliers appliers;
    private final ErrorTable errors;

    SpoolReplay(ApplyContext context, WorkerAppliers appliers, ErrorTable errors) {
        this.context = context;
        this.appliers = appliers;
        this.errors = errors;
    }

    /**
     * Applies the transaction (or, {@code alone} in its target transaction, queues it as failed) without committing;
     * not alone, what the target rejects is thrown. {@code mayFindDdlApplied}: it is the first transaction after a
     * start, whose DDL may have run before a crash (see {@link ReplayedDdl}).
     */
    void replay(Connection connection, TransactionSpool spool, Lcr last, boolean mayFindDdlApplied, boolean alone)
            throws SQLException, IOException {
        TransactionApplier applier = appliers.of(connection);
        applier.begin();
        applier.mayFindDdlApplied(mayFindDdlApplied);
        Lcr[] current = {null};
        try {
            spool.forEach(lcr -> {
                current[0] = lcr;
                applier.apply(lcr);
            });
            current[0] = last;
            applier.prepareCommit();
        } catch (SQLException e) {
            if (SqlErrors.isConnectionLoss(e) || !alone) {
                try {
                    applier.discardPending();
                } catch (SQLException | RuntimeException discarding) {
                    e.addSuppressed(discarding);
                }
                throw e;
            }
            queueAsFailed(connection, applier, spool, current[0], last, e);
        } finally {
            applier.mayFindDdlApplied(false);
        }
    }

    private void queueAsFailed(Connection connection, TransactionApplier applier, TransactionSpool spool, Lcr at,
                               Lcr last, SQLException cause) throws SQLException, IOException {
        applier.rollback();
        String message = SqlErrors.describe(cause);
        String transaction = ApplyFailures.describe(at, message);
        if (context.options().onError() == OnError.STOP) {
            throw ApplyFailures.stop(transaction, cause);
        }
        LOG.warn("{}; writing the whole transaction to {} ({}=continue)", transaction, ErrorTable.TABLE,
                JdbcSinkOptions.ON_ERROR);
        errors.insertAll(connection, spool, message);
        errors.finish(connection, last);
        context.metrics().errorTransactions().inc();
    }
}
