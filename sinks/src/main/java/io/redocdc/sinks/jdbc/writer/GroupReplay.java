package io.redocdc.sinks.jdbc.writer;

import io.redocdc.common.jdbc.SqlErrors;
import io.redocdc.operators.lcr.Lcr;
import io.redocdc.operators.lcr.Position;
import io.redocdc.sinks.jdbc.JdbcSinkOptions;
import io.redocdc.sinks.jdbc.OnError;
import io.redocdc.sinks.jdbc.apply.ApplyContext;
import io.redocdc.sinks.jdbc.apply.TransactionApplier;
import io.redocdc.sinks.jdbc.errors.ErrorTable;
import io.redocdc.sinks.jdbc.spool.TransactionSpool;
import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.function.Consumer;
import org.apache.flink.runtime.execution.SuppressRestartsException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The serial writer's replay after a failure inside a group (see {@link JdbcApplyWriter}): the group's
 * transactions again from their spools, one per target transaction, in their original statement order, so that
 * the one the target rejects is alone; with {@code sink.on-error=continue} it is written whole to
 * REDO_CDC_ERRORS in one target transaction with its applied position, with {@code stop} the job fails without
 * restarts. A lost connection is thrown as it is (Flink restarts from the last checkpoint).
 */
final class GroupReplay {

    /** The writer's logger: these lines are the writer's story. */
    private static final Logger LOG = LoggerFactory.getLogger(JdbcApplyWriter.class);

    /** Where re-applying the arrived part of a transaction failed. */
    record Failure(Lcr at, SQLException cause) { }

    private final ApplyContext context;
    private final Connection connection;
    private final TransactionApplier applier;
    private final ErrorTable errors;
    /** Told the position of each transaction committed or error-queued. */
    private final Consumer<Position> applied;
    /** Under {@code sink.on-error=stop}: gives up the open target transaction and the group before the job stops. */
    private final Runnable giveUp;

    GroupReplay(ApplyContext context, Connection connection, TransactionApplier applier, ErrorTable errors,
                Consumer<Position> applied, Runnable giveUp) {
        this.context = context;
        this.connection = connection;
        this.applier = applier;
        this.errors = errors;
        this.applied = applied;
        this.giveUp = giveUp;
    }

    /**
     * Commits each transaction of the group in its own target transaction, in order, or queues it as failed; then
     * empties the group.
     */
    void oneByOne(TransactionGroup group) throws SQLException, IOException {
        for (TransactionGroup.Member transaction : group) {
            applyAlone(transaction);
        }
        group.clear();
    }

    private void applyAlone(TransactionGroup.Member transaction) throws SQLException, IOException {
        applier.begin(false);
        Lcr[] at = {null};
        try {
            transaction.spool().forEach(lcr -> {
                at[0] = lcr;
                applier.apply(lcr);
            });
            at[0] = transaction.last();
            applier.commit(transaction.last());
        } catch (SQLException e) {
            if (SqlErrors.isConnectionLoss(e)) {
                throw e;
            }
            queueAsFailed(transaction.spool(), at[0], e);
            errors.finish(connection, transaction.last());
            applier.recordPosition(transaction.last());
            connection.commit();
            context.metrics().errorTransactions().inc();
        }
        applied.accept(transaction.last().positionValue());
    }

    /**
     * Applies what arrived of a transaction again, in order, in the target transaction the caller opened; stops
     * at the first LCR the target rejects and returns it with its cause; null when all applied.
     */
    Failure reapply(TransactionSpool arrived) throws SQLException, IOException {
        Failure[] failure = {null};
        arrived.forEach(lcr -> {
            if (failure[0] != null) {
                return;
            }
            try {
                applier.apply(lcr);
            } catch (SQLException e) {
                if (SqlErrors.isConnectionLoss(e)) {
                    throw e;
                }
                failure[0] = new Failure(lcr, e);
            }
        });
        return failure[0];
    }

    /** Rolls back and writes the spooled LCRs to the error table (continue), or stops the job (stop). */
    void queueAsFailed(TransactionSpool spool, Lcr at, SQLException cause) throws SQLException, IOException {
        applier.rollback();
        String message = SqlErrors.describe(cause);
        String transaction = ApplyFailures.describe(at, message);
        if (context.options().onError() == OnError.STOP) {
            // give up the rest of the group too: close() must not commit it with a position past this one
            giveUp.run();
            throw new SuppressRestartsException(ApplyFailures.stop(transaction, cause));
        }
        LOG.warn("{}; writing the whole transaction to {} ({}=continue)", transaction, ErrorTable.TABLE,
                JdbcSinkOptions.ON_ERROR);
        errors.insertAll(connection, spool, message);
    }
}
