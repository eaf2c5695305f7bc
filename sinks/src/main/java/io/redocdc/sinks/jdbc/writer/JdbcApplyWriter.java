package io.redocdc.sinks.jdbc.writer;

import io.redocdc.common.jdbc.SqlErrors;
import io.redocdc.operators.lcr.Lcr;
import io.redocdc.operators.lcr.LcrCommand;
import io.redocdc.operators.lcr.Position;
import io.redocdc.sinks.jdbc.DdlHandling;
import io.redocdc.sinks.jdbc.JdbcConnections;
import io.redocdc.sinks.jdbc.JdbcSinkMetrics;
import io.redocdc.sinks.jdbc.JdbcSinkOptions;
import io.redocdc.sinks.jdbc.apply.ApplyContext;
import io.redocdc.sinks.jdbc.apply.ReplayedDdl;
import io.redocdc.sinks.jdbc.apply.TransactionApplier;
import io.redocdc.sinks.jdbc.errors.ErrorTable;
import io.redocdc.sinks.jdbc.parallel.AppliedTransactions;
import io.redocdc.sinks.jdbc.spool.TransactionSpool;
import io.redocdc.sinks.jdbc.state.AppliedPositionStore;
import io.redocdc.sinks.jdbc.state.JdbcWriterState;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.apache.flink.api.common.operators.ProcessingTimeService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The serial apply writer: one target connection, transactions applied in commit order. Consecutive source
 * transactions share one target transaction (group commit, like GoldenGate's GROUPTRANSOPS) until they hold
 * {@code sink.group-max-rows} rows, the group is {@code sink.group-max-latency} old, or {@link #flush} (before a
 * checkpoint, at end of input); the commit records the position of the group's last transaction, so the target
 * itself knows what it has, and a replay after a restore skips exactly that. Every source transaction is in the
 * target whole or not at all, in commit order.
 *
 * <p>With {@code sink.batch-reorder} a group keeps one JDBC batch per statement shape, reordering statements of
 * different target rows (see {@link TransactionApplier}).
 *
 * <p>A failure inside a group (or in a reordered group of one) rolls the target transaction back and applies the
 * group's transactions again in their original statement order, one per target transaction, from their spools
 * ({@link GroupReplay}): the one the target rejects is then alone; with {@code sink.on-error=continue} it is
 * written whole to REDO_CDC_ERRORS (from the spool, then as its remaining LCRs arrive) in one target transaction
 * with the applied position; with {@code stop} the job fails without restarts. The group's latency timer is a
 * {@link GroupLatencyTimer}.
 *
 * <p>With {@code sink.ddl=execute} a transaction with DDL is a group of its own: the DDL commits implicitly (Oracle),
 * so it must never share a target transaction that a later failure rolls back and replays. The group before it is
 * committed with its position first, the DDL's transaction commits with its position as soon as it ends, and the
 * next transaction opens a new group. The first transaction after the writer opens may find its DDL already applied
 * (a crash between the DDL and its position record): see {@link ReplayedDdl}.
 * A lost connection fails the job with an IOException so that Flink restarts it from the last checkpoint.
 * Transactions a parallel run applied above the low mark before it crashed are skipped (see
 * {@link AppliedPositionStore}). {@link #close} commits a group of complete transactions (a half-received one
 * rolls the whole group back; a restart replays it).
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
    private final GroupReplay replay;
    private final AppliedTransactions appliedAtStart;
    private final GroupLatencyTimer groupTimer;
    private final Path spillDirectory = Path.of(System.getProperty("java.io.tmpdir"));
    private final TransactionGroup group = new TransactionGroup();
    /** The LCRs received of the source transaction in progress. */
    private TransactionSpool current;
    private volatile Position applied;
    private long skipped;
    private Phase phase = Phase.BETWEEN_TRANSACTIONS;
    /** The latency timer fired while a transaction was arriving: commit once it ends. */
    private boolean commitDue;
    /** The transaction arriving executed DDL: it commits alone as soon as it ends. */
    private boolean executedDdl;
    /** No transaction was applied since the writer opened: the next one may find its DDL applied. */
    private boolean firstTransaction = true;

    public JdbcApplyWriter(JdbcSinkOptions options, JdbcSinkMetrics metrics, Collection<JdbcWriterState> restored)
            throws IOException {
        this(new ApplyContext(options, metrics), restored, null);
    }

    /** With a prepared context (tests pass dialect variants) and the timer service of the sink's task, if any. */
    JdbcApplyWriter(ApplyContext context, Collection<JdbcWriterState> restored, ProcessingTimeService timers)
            throws IOException {
        this.options = context.options();
        this.context = context;
        this.groupTimer = new GroupLatencyTimer(timers, options.groupMaxLatencyMillis(), options.groupMaxRows());
        this.positions = new AppliedPositionStore(context.dialect(), options.stateSchema(), options.sinkName());
        this.errors = new ErrorTable(context.dialect(), options.stateSchema(), options.sinkName());
        Connection opened = null;
        try {
            opened = JdbcConnections.open(options);
            this.connection = opened;
            positions.createIfMissing(connection);
            errors.createIfMissing(connection);
            context.metrics().errorQueueAtStart(errors.list(connection).size());
            this.applier = new TransactionApplier(connection, context, positions);
            this.replay = new GroupReplay(context, connection, applier, errors, position -> applied = position,
                    this::rollbackQuietly);
            this.appliedAtStart = positions.load(connection);
            this.applied = appliedAtStart.lowMark();
        } catch (SQLException e) {
            closeAfterFailedOpen(opened, e);
            throw new IOException("JDBC apply sink " + options.sinkName() + ": cannot open " + options.displayUrl()
                    + " or its tables " + AppliedPositionStore.TABLE + "/" + AppliedPositionStore.TRANSACTION_TABLE + "/"
                    + ErrorTable.TABLE + ": "
                    + SqlErrors.describe(e), e);
        }
        LOG.info("JDBC apply sink {} on {} ({}): applied position {}, {} transactions applied above it by a "
                + "parallel run; group commit up to {} rows or {} ms, {}", options.sinkName(), options.displayUrl(),
                context.dialect().name(), applied == null ? "none (nothing applied yet)" : applied,
                appliedAtStart.aboveLowMark().size(), options.groupMaxRows(), options.groupMaxLatencyMillis(),
                !options.batchReorder() ? "batches in statement order" : options.batchMerge()
                        ? "batches reordered per statement shape, UPDATEs merged into their row's pending statement"
                        : "batches reordered per statement shape");
        JdbcSinkWriter.reapplyOpenTransactions(restored, LOG, lcr -> write(lcr, null));
    }

    /** The position of the last committed (or error-queued) transaction; null when none. */
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
            current.add(lcr);
            if (phase == Phase.APPLYING) {
                apply(lcr);
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
        current = newSpool();
        if (group.isEmpty()) {
            startGroup(options.batchReorder());
        }
        applier.mayFindDdlApplied(firstTransaction);
        firstTransaction = false;
        executedDdl = false;
        phase = Phase.APPLYING;
    }

    /** Opens a group; {@code reorder}: its statements may be batched out of order ({@code sink.batch-reorder}). */
    private void startGroup(boolean reorder) {
        applier.begin(reorder);
        commitDue = false;
        groupTimer.start(this::onGroupLatency);
    }

    /** Latency commit: runs in the task's mailbox thread, like {@link #write}. */
    private void onGroupLatency() throws IOException {
        if (phase != Phase.BETWEEN_TRANSACTIONS) {
            commitDue = true;
        } else if (!group.isEmpty()) {
            try {
                commitGroup();
            } catch (SQLException e) {
                rollbackQuietly();
                throw new IOException("JDBC apply sink " + options.sinkName() + " failed to commit "
                        + group.describe() + ": " + SqlErrors.describe(e), e);
            }
        }
    }

    private void apply(Lcr lcr) throws SQLException, IOException {
        if (lcr.command() == LcrCommand.DDL && options.ddl() == DdlHandling.EXECUTE) {
            applyDdl(lcr);
            return;
        }
        try {
            applier.apply(lcr);
        } catch (SQLException e) {
            if (SqlErrors.isConnectionLoss(e)) {
                throw e;
            }
            if (group.isEmpty() && !applier.reorders()) {
                fail(lcr, e);
            } else {
                // reordered statements may fail where the original order would not: the replay is in order
                LOG.info("{} failed inside a group of {} transactions and the one arriving ({}{}); applying them "
                        + "one by one in the original order", lcr.position(), group.size(),
                        applier.reorders() ? "statements reordered, " : "", SqlErrors.describe(e));
                separateFromGroup();
            }
        }
    }

    /**
     * Executes a DDL in a group of its own: DDL commits implicitly (Oracle), so the group's transactions are
     * committed with their position first, and the DDL's transaction commits as soon as it ends ({@link #end}).
     */
    private void applyDdl(Lcr ddl) throws SQLException, IOException {
        executedDdl = true;
        boolean first = current.size() == 1;
        if (!first && !group.isEmpty()) {
            // rows of this transaction came before its DDL (not a shape Oracle's redo has): apply them apart first
            separateFromGroup();
            return;
        }
        if (first && (!group.isEmpty() || applier.reorders())) {
            commitGroup();
            startGroup(false);
        }
        try {
            applier.apply(ddl);
        } catch (SQLException e) {
            if (SqlErrors.isConnectionLoss(e)) {
                throw e;
            }
            fail(ddl, e);
        }
    }

    private void end(Lcr last) throws SQLException, IOException {
        if (phase == Phase.APPLYING) {
            applier.endTransaction();
            group.add(current, last);
            current = null;
            phase = Phase.BETWEEN_TRANSACTIONS;
            // a group never holds more transactions than rows allowed: with 1, each transaction commits alone
            if (commitDue || executedDdl || applier.rowsInGroup() >= options.groupMaxRows()
                    || group.size() >= options.groupMaxRows()) {
                commitGroup();
            }
            return;
        }
        errors.finish(connection, last);
        applier.recordPosition(last);
        connection.commit();
        context.metrics().errorTransactions().inc();
        applied = last.positionValue();
        phase = Phase.BETWEEN_TRANSACTIONS;
        current.close();
        current = null;
    }

    /** Commits the group's target transaction; on a failure applies its transactions one by one instead. */
    private void commitGroup() throws SQLException, IOException {
        if (group.isEmpty()) {
            return;
        }
        Lcr last = group.last();
        try {
            applier.commitGroup(last);
        } catch (SQLException e) {
            if (SqlErrors.isConnectionLoss(e)) {
                throw e;
            }
            LOG.info("commit of {} failed ({}); applying them one by one", group.describe(), SqlErrors.describe(e));
            applier.rollback();
            replay.oneByOne(group);
            return;
        }
        applied = last.positionValue();
        group.clear();
    }

    /**
     * Rolls back the open target transaction, commits the group's complete transactions one per target
     * transaction, and applies what arrived of the current one again, alone (it continues as a group of one),
     * all in the original statement order (the group goes on without reordering until it commits).
     */
    private void separateFromGroup() throws SQLException, IOException {
        applier.rollback();
        replay.oneByOne(group);
        startGroup(false);
        GroupReplay.Failure failure = replay.reapply(current);
        if (failure != null) {
            fail(failure.at(), failure.cause());
        }
    }

    /** The current transaction failed alone: rolls it back and sends it to the error table, or stops the job. */
    private void fail(Lcr at, SQLException cause) throws SQLException, IOException {
        replay.queueAsFailed(current, at, cause);
        phase = Phase.FAILED;
    }

    /** Commits the group, so that a checkpoint's state holds at most the transaction still arriving. */
    @Override
    public void flush(boolean endOfInput) throws IOException {
        try {
            if (phase == Phase.BETWEEN_TRANSACTIONS) {
                commitGroup();
            } else if (!group.isEmpty()) {
                // rare: a checkpoint inside a transaction; its earlier part must not be committed
                separateFromGroup();
            }
        } catch (SQLException e) {
            rollbackQuietly();
            throw new IOException("JDBC apply sink " + options.sinkName() + " failed to commit " + group.describe()
                    + ": " + SqlErrors.describe(e), e);
        }
        if (endOfInput && phase != Phase.BETWEEN_TRANSACTIONS) {
            LOG.warn("input ended inside a transaction ({} LCRs received); it is not applied", current.size());
        }
    }

    @Override
    public List<JdbcWriterState> snapshotState(long checkpointId) throws IOException {
        if (phase == Phase.BETWEEN_TRANSACTIONS) {
            return List.of();
        }
        List<Lcr> open = new ArrayList<>(current.size());
        try {
            current.forEach(open::add);
        } catch (SQLException e) {
            throw new IllegalStateException("unreachable: collecting the spool runs no SQL", e);
        }
        LOG.info("checkpoint {} taken inside a transaction: {} LCRs go into the writer state", checkpointId, open.size());
        return List.of(new JdbcWriterState(open));
    }

    @Override
    public void close() throws Exception {
        try (Connection ignored = connection) {
            if (phase == Phase.BETWEEN_TRANSACTIONS && !group.isEmpty()) {
                try {
                    commitGroup();
                } catch (SQLException | IOException | RuntimeException e) {
                    LOG.warn("closing: committing {} failed, a restart applies them again: {}", group.describe(),
                            e instanceof SQLException sql ? SqlErrors.describe(sql) : e.toString());
                    rollbackQuietly();
                }
            } else if (phase != Phase.BETWEEN_TRANSACTIONS || !group.isEmpty()) {
                rollbackQuietly();
            }
            applier.close();
        } finally {
            group.clear();
            if (current != null) {
                current.close();
            }
        }
    }

    /** A connection opened before setting up failed would otherwise stay open, perhaps holding locks. */
    private static void closeAfterFailedOpen(Connection opened, SQLException failure) {
        if (opened != null) {
            try {
                opened.close();
            } catch (SQLException e) {
                failure.addSuppressed(e);
            }
        }
    }

    private TransactionSpool newSpool() {
        return new TransactionSpool(options.spoolMemoryLcrs(), spillDirectory);
    }

    /** After a failure: the open target transaction and the group are given up (a restart replays them). */
    private void rollbackQuietly() {
        try {
            applier.rollback();
        } catch (SQLException e) {
            LOG.warn("rollback after a failure failed too: {}", SqlErrors.describe(e));
        }
        try {
            group.clear();
            if (current != null) {
                current.close();
                current = null;
            }
        } catch (IOException e) {
            LOG.warn("deleting spill files after a failure failed: {}", e.toString());
        }
        phase = Phase.BETWEEN_TRANSACTIONS;
    }
}
