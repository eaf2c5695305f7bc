package io.redocdc.sinks.jdbc;

import io.redocdc.operators.lcr.Lcr;
import io.redocdc.operators.lcr.Position;
import io.redocdc.sinks.jdbc.parallel.AppliedTransactions;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.apache.flink.runtime.execution.SuppressRestartsException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The serial apply writer: one target connection, transactions applied in commit order, each in one target
 * transaction that also records the applied position (so the target itself knows what it has, and a replay
 * after a restore skips exactly that).
 *
 * <p>A transaction the target rejects is rolled back; with {@code sink.on-error=continue} it is then written
 * whole (from the spool, then as its remaining LCRs arrive) to REDO_CDC_ERRORS, in one target transaction with
 * the applied position; with {@code stop} the job fails without restarts. A lost connection fails the job
 * with an IOException so that Flink restarts it from the last checkpoint. Transactions a parallel run applied
 * above the low mark before it crashed are skipped (see {@link AppliedPositionStore}).
 */
public final class JdbcApplyWriter implements JdbcSinkWriter {

    private static final Logger LOG = LoggerFactory.getLogger(JdbcApplyWriter.class);

    private enum Phase { BETWEEN_TRANSACTIONS, APPLYING, FAILED }

    private final JdbcSinkOptions options;
    private final ApplyContext context;
    private final Connection connection;
    private final AppliedPositionStore positions;
    private final ErrorTable errors;
    private final TransactionApplier applier;
    private final TransactionSpool spool;
    private final AppliedTransactions appliedAtStart;
    private Position applied;
    private long skipped;
    private Phase phase = Phase.BETWEEN_TRANSACTIONS;

    public JdbcApplyWriter(JdbcSinkOptions options, JdbcSinkMetrics metrics, Collection<JdbcWriterState> restored)
            throws IOException {
        this(new ApplyContext(options, metrics), restored);
    }

    /** With a prepared context (tests pass dialect variants). */
    JdbcApplyWriter(ApplyContext context, Collection<JdbcWriterState> restored) throws IOException {
        this.options = context.options();
        this.context = context;
        this.positions = new AppliedPositionStore(context.dialect(), options.stateSchema(), options.sinkName());
        this.errors = new ErrorTable(context.dialect(), options.stateSchema(), options.sinkName());
        this.spool = new TransactionSpool(options.spoolMemoryLcrs(), Path.of(System.getProperty("java.io.tmpdir")));
        try {
            this.connection = JdbcConnections.open(options);
            positions.createIfMissing(connection);
            errors.createIfMissing(connection);
            this.applier = new TransactionApplier(connection, context, positions);
            this.appliedAtStart = positions.load(connection);
            this.applied = appliedAtStart.lowMark();
        } catch (SQLException e) {
            throw new IOException("JDBC apply sink " + options.sinkName() + ": cannot open " + options.jdbcUrl()
                    + " or its tables " + AppliedPositionStore.TABLE + "/" + AppliedPositionStore.TRANSACTION_TABLE + "/"
                    + ErrorTable.TABLE + ": "
                    + SqlErrors.describe(e), e);
        }
        LOG.info("JDBC apply sink {} on {} ({}): applied position {}, {} transactions applied above it by a "
                + "parallel run", options.sinkName(), options.jdbcUrl(), context.dialect().name(),
                applied == null ? "none (nothing applied yet)" : applied, appliedAtStart.aboveLowMark().size());
        for (JdbcWriterState state : restored) {
            LOG.info("re-applying {} LCRs of the transaction open at the restored checkpoint",
                    state.openTransaction().size());
            for (Lcr lcr : state.openTransaction()) {
                write(lcr, null);
            }
        }
    }

    /** The position of the last applied (or error-queued) transaction; null when none. */
    @Override
    public Position appliedPosition() {
        return applied;
    }

    @Override
    public void write(Lcr lcr, Context ignored) throws IOException {
        Position position = lcr.positionValue();
        if ((applied != null && position.compareTo(applied) <= 0) || appliedAtStart.contains(position)) {
            context.metrics().skippedOnReplay().inc();
            skipped++;
            return;
        }
        if (skipped > 0) {
            LOG.info("skipped {} LCRs already applied (low mark {})", skipped, applied);
            skipped = 0;
        }
        try {
            if (lcr.ordinal() == 0) {
                begin(lcr);
            } else if (phase == Phase.BETWEEN_TRANSACTIONS) {
                throw new IllegalStateException("LCR at position " + lcr.position() + " (ordinal " + lcr.ordinal()
                        + " of xid " + lcr.xid() + ") arrived without the first LCR of its transaction");
            }
            spool.add(lcr);
            if (phase == Phase.APPLYING) {
                applyOrFail(lcr);
            } else {
                errors.insert(connection, lcr, null);
            }
            if (lcr.lastInTransaction()) {
                end(lcr);
            }
        } catch (SQLException e) {
            rollbackQuietly();
            throw new IOException("JDBC apply sink " + options.sinkName() + " failed at position " + lcr.position()
                    + " (xid " + lcr.xid() + ", commit SCN " + lcr.commitScn() + ", " + lcr.qualifiedTable() + "): "
                    + SqlErrors.describe(e), e);
        }
    }

    private void begin(Lcr first) throws IOException {
        if (phase != Phase.BETWEEN_TRANSACTIONS) {
            throw new IllegalStateException("transaction xid " + first.xid() + " (position " + first.position()
                    + ") started before the previous one ended");
        }
        spool.clear();
        applier.begin();
        phase = Phase.APPLYING;
    }

    private void applyOrFail(Lcr lcr) throws SQLException, IOException {
        try {
            applier.apply(lcr);
        } catch (SQLException e) {
            if (SqlErrors.isConnectionLoss(e)) {
                throw e;
            }
            fail(lcr, e);
        }
    }

    private void end(Lcr last) throws SQLException, IOException {
        if (phase == Phase.APPLYING) {
            try {
                applier.commit(last);
            } catch (SQLException e) {
                if (SqlErrors.isConnectionLoss(e)) {
                    throw e;
                }
                fail(last, e);
            }
        }
        if (phase == Phase.FAILED) {
            errors.finish(connection, last);
            positions.record(connection, last);
            connection.commit();
            context.metrics().errorTransactions().inc();
        }
        applied = last.positionValue();
        phase = Phase.BETWEEN_TRANSACTIONS;
        spool.clear();
    }

    /** Rolls the transaction back and sends it to the error table (continue) or stops the job (stop). */
    private void fail(Lcr at, SQLException cause) throws SQLException, IOException {
        applier.rollback();
        String message = SqlErrors.describe(cause);
        String transaction = ApplyFailures.describe(at, message);
        if (options.onError() == OnError.STOP) {
            throw new SuppressRestartsException(ApplyFailures.stop(transaction, cause));
        }
        LOG.warn("{}; writing the whole transaction to {} ({}=continue)", transaction, ErrorTable.TABLE,
                JdbcSinkOptions.ON_ERROR);
        phase = Phase.FAILED;
        boolean[] first = {true};
        spool.forEach(spooled -> {
            errors.insert(connection, spooled, first[0] ? message : null);
            first[0] = false;
        });
    }

    @Override
    public void flush(boolean endOfInput) {
        if (endOfInput && phase != Phase.BETWEEN_TRANSACTIONS) {
            LOG.warn("input ended inside a transaction ({} LCRs received); it is not applied", spool.size());
        }
    }

    @Override
    public List<JdbcWriterState> snapshotState(long checkpointId) throws IOException {
        if (phase == Phase.BETWEEN_TRANSACTIONS) {
            return List.of();
        }
        List<Lcr> open = new ArrayList<>(spool.size());
        try {
            spool.forEach(open::add);
        } catch (SQLException e) {
            throw new IllegalStateException("unreachable: collecting the spool runs no SQL", e);
        }
        LOG.info("checkpoint {} taken inside a transaction: {} LCRs go into the writer state", checkpointId, open.size());
        return List.of(new JdbcWriterState(open));
    }

    @Override
    public void close() throws Exception {
        try (Connection ignored = connection; TransactionSpool ignoredSpool = spool) {
            if (phase != Phase.BETWEEN_TRANSACTIONS) {
                rollbackQuietly();
            }
            applier.close();
        }
    }

    private void rollbackQuietly() {
        try {
            applier.rollback();
        } catch (SQLException e) {
            LOG.warn("rollback after a failure failed too: {}", SqlErrors.describe(e));
        }
        phase = Phase.BETWEEN_TRANSACTIONS;
    }
}
