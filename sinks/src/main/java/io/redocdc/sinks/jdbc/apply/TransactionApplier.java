package io.redocdc.sinks.jdbc.apply;

import io.redocdc.common.jdbc.SqlErrors;
import io.redocdc.operators.lcr.Lcr;
import io.redocdc.operators.lcr.LcrCommand;
import io.redocdc.sinks.jdbc.DdlHandling;
import io.redocdc.sinks.jdbc.JdbcSinkOptions;
import io.redocdc.sinks.jdbc.dialect.JdbcDialect;
import io.redocdc.sinks.jdbc.state.AppliedPositionStore;
import io.redocdc.sinks.jdbc.target.MappedRow;
import java.sql.BatchUpdateException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.sql.Statement;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Applies transactions, LCR by LCR, on one connection: {@link #begin}, {@link #apply} for each LCR,
 * {@link #commit} with the last one (which records the applied position in the same target transaction), or
 * {@link #rollback}. Group commit applies several source transactions in one target transaction: {@link #begin},
 * then {@link #apply} and {@link #endTransaction} for each, then {@link #commitGroup} with the last LCR of the
 * last one; batches run on across the source transactions' boundaries. One applier per connection and thread;
 * several appliers may share an {@link ApplyContext}. Statements stay prepared until {@link #close}.
 *
 * <p>Statements run as LCRs arrive (a transaction is never collected in memory), batched up to
 * {@code sink.batch-size} as the {@link BatchingMode} chosen at {@link #begin(boolean)} says: per consecutive
 * run of the same statement shape (table, command, column list, null mask), or with reordering
 * ({@code sink.batch-reorder}) one pending batch per shape, run in order of first use at {@link #flush}; one runs
 * earlier when it is full or holds a row that a statement of another shape writes next (see
 * {@link PendingBatches}): statements of different target rows may then run in another order. Every update count
 * is checked: an UPDATE or DELETE that changed no row, or an INSERT with a duplicate key, is a
 * conflict, handled by the table's {@link ConflictPolicy}. Where a driver cannot report batch update counts
 * ({@link JdbcDialect#reportsBatchUpdateCounts()}, or SUCCESS_NO_INFO seen once), UPDATE and DELETE run one by
 * one. Errors are thrown as SQLException; the caller rolls back.
 *
 * <p>With reordering and {@code sink.batch-merge}, an UPDATE of a row whose statement is still pending may be
 * merged into it ({@link RowMerge}; tables with conflict policy error only); pending batches then bind their
 * rows when they run, so that a merged statement can replace a pending one. The caller's in-order replay after
 * a failure applies the original LCRs.
 */
public class TransactionApplier implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(TransactionApplier.class);

    private final Connection connection;
    private final ApplyContext context;
    private final AppliedPositionStore positions;
    private final StatementCache statements;
    private final ConflictResolver resolver;
    private boolean batchCountsReported;
    private final PendingBatches pending = new PendingBatches();
    private BatchingMode batching = InOrderBatching.INSTANCE;
    private long rowsInTransaction;
    /** Source transactions and their rows ended in the open target transaction, counted as applied at commit. */
    private long transactionsInGroup;
    private long rowsInGroup;
    /** UPDATEs merged in the open target transaction, counted at its commit (a replay in order merges none). */
    private long mergedInGroup;
    /** See {@link #mayFindDdlApplied}. */
    private boolean ddlMayBeApplied;

    public TransactionApplier(Connection connection, ApplyContext context, AppliedPositionStore positions)
            throws SQLException {
        this.connection = connection;
        this.context = context;
        this.positions = positions;
        this.statements = new StatementCache(connection);
        this.resolver = new ConflictResolver(connection, context, statements);
        this.batchCountsReported = context.dialect().reportsBatchUpdateCounts();
        connection.setAutoCommit(false);
    }

    public Connection connection() {
        return connection;
    }

    /** Starts a transaction applied in order (JDBC opens the target transaction with the first statement). */
    public void begin() {
        begin(false);
    }

    /**
     * Starts a transaction or group; with {@code reorder}, statements of different target rows may be batched
     * out of order until the next begin. The caller must apply again in order (begin(false)) what failed so.
     */
    public void begin(boolean reorder) {
        this.batching = BatchingMode.of(reorder, context.options().batchMerge());
        pending.clear();
        rowsInTransaction = 0;
        transactionsInGroup = 0;
        rowsInGroup = 0;
        mergedInGroup = 0;
    }

    /**
     * Whether the transaction applied next may find its DDL already executed: true only for the first transaction
     * a writer applies after it opened (see {@link ReplayedDdl}). Kept until changed; {@link #begin} leaves it.
     */
    public void mayFindDdlApplied(boolean ddlMayBeApplied) {
        this.ddlMayBeApplied = ddlMayBeApplied;
    }

    /** True when this transaction or group may run statements out of order (see {@link #begin(boolean)}). */
    public boolean reorders() {
        return batching.reorders();
    }

    /** Applies one LCR of the current transaction (possibly only adding it to a batch). */
    public void apply(Lcr lcr) throws SQLException {
        if (lcr.command() == LcrCommand.DDL) {
            flush();
            applyDdl(lcr);
            return;
        }
        RowStatement row = RowStatement.of(MappedRow.of(lcr, connection, context.catalog(), context.mapping()),
                context.dialect());
        ConflictPolicy policy = context.options().conflictPolicy(lcr.qualifiedTable());
        rowsInTransaction++;
        StatementKeys keys = batching.keys(row, policy, batching.reorders()
                ? context.catalog().constraints(connection, lcr.owner(), lcr.table()) : null, context.dialect());
        if (batching.mergeIntoPending(row, policy, keys, pending)) {
            mergedInGroup++;
            return;
        }
        if (row.command() != LcrCommand.INSERT && !batchCountsReported) {
            flush();
            executeRow(row, policy);
            return;
        }
        run(batching.batchesToRunBefore(row, keys, pending));
        Batch batch = pending.get(row.sql());
        if (batch != null && batch.rows.size() >= context.options().batchSize()) {
            run(pending.takeWithPredecessors(batch));
            batch = null;
        }
        if (batch == null) {
            PreparedStatement statement = statements.get(row.sql());
            statements.pin(statement);
            batch = new Batch(row.sql(), statement, policy, row.command(), batching.defersBinding());
        }
        pending.add(batch, batch.rows.size(), keys, batching.isBarrier(keys)); // first: a failed bind leaves it to discard
        batch.add(row);
    }

    /** Executes the pending batches in order of first use, resolving conflicts. */
    public void flush() throws SQLException {
        run(pending.takeAll());
    }

    /** Executes batches taken from the pending ones; after a failure the rest are dropped (the caller rolls back). */
    private void run(List<Batch> batches) throws SQLException {
        for (int i = 0; i < batches.size(); i++) {
            try {
                execute(batches.get(i));
            } catch (SQLException | RuntimeException e) {
                for (Batch unexecuted : batches.subList(i + 1, batches.size())) {
                    discard(unexecuted);
                }
                throw e;
            }
        }
    }

    private void discard(Batch batch) throws SQLException {
        statements.unpin(batch.statement);
        batch.statement.clearBatch();
    }

    private void execute(Batch batch) throws SQLException {
        statements.unpin(batch.statement);
        try {
            batch.bindDeferred();
        } catch (SQLException | RuntimeException e) {
            batch.statement.clearBatch();
            throw e;
        }
        Savepoint savepoint = batch.policy.resolution().resolvesInPlace() ? connection.setSavepoint() : null;
        int conflict;
        try {
            conflict = firstConflict(batch, batch.statement.executeBatch());
        } catch (BatchUpdateException e) {
            batch.statement.clearBatch();
            if (batch.command != LcrCommand.INSERT || !context.dialect().isDuplicateKey(e)) {
                throw e;
            }
            if (savepoint == null) {
                int failed = failedIndex(e, batch.rows.size());
                throw new ApplyConflictException(batch.rows.get(failed), e);
            }
            conflict = 0;
        }
        if (conflict >= 0) {
            if (savepoint == null) {
                throw new ApplyConflictException(batch.rows.get(conflict), null);
            }
            connection.rollback(savepoint);
            for (RowStatement row : batch.rows) {
                executeRow(row, batch.policy);
            }
        }
        release(savepoint);
    }

    /** Flushes, records {@code last} as applied and commits the target transaction (serial apply). */
    public void commit(Lcr last) throws SQLException {
        endTransaction();
        commitGroup(last);
    }

    /**
     * Ends a source transaction without committing: the next one continues the same target transaction (group
     * commit), and the pending batches may take its rows too.
     */
    public void endTransaction() {
        transactionsInGroup++;
        rowsInGroup += rowsInTransaction;
        rowsInTransaction = 0;
    }

    /**
     * Flushes, records {@code last} (the last LCR of the last source transaction ended) as applied and commits
     * every source transaction ended since {@link #begin} in one target transaction.
     */
    public void commitGroup(Lcr last) throws SQLException {
        flush();
        positions.record(connection, last);
        connection.commit();
        context.metrics().appliedTransactions().inc(transactionsInGroup);
        context.metrics().appliedRows().inc(rowsInGroup);
        context.metrics().mergedRows().inc(mergedInGroup);
        transactionsInGroup = 0;
        rowsInGroup = 0;
        mergedInGroup = 0;
    }

    /** Records {@code last} as applied in the open target transaction, e.g. with a transaction sent to the error table. */
    public void recordPosition(Lcr last) throws SQLException {
        positions.record(connection, last);
    }

    /** Source transactions ended in the open target transaction and not yet committed. */
    public long transactionsInGroup() {
        return transactionsInGroup;
    }

    /** Rows applied in the open target transaction (ended source transactions and the current one). */
    public long rowsInGroup() {
        return rowsInGroup + rowsInTransaction;
    }

    /**
     * Flushes and counts the transaction as applied, without committing: for parallel apply, where the
     * coordinator records the transaction and commits.
     */
    public void prepareCommit() throws SQLException {
        flush();
        countApplied();
    }

    private void countApplied() {
        context.metrics().appliedTransactions().inc();
        context.metrics().appliedRows().inc(rowsInTransaction);
        rowsInTransaction = 0;
    }

    /** Drops the pending batches and rolls the target transaction back. */
    public void rollback() throws SQLException {
        discardPending();
        connection.rollback();
    }

    /** Drops the pending batches, leaving the target transaction to the caller (who rolls it back). */
    public void discardPending() throws SQLException {
        for (Batch batch : pending.takeAll()) {
            discard(batch);
        }
        rowsInTransaction = 0;
        transactionsInGroup = 0;
        rowsInGroup = 0;
        mergedInGroup = 0;
    }

    /** Closes the prepared statements (not the connection, which the caller owns). */
    @Override
    public void close() throws SQLException {
        try (StatementCache ignored = statements) {
            positions.release(connection);
        }
    }

    private void executeRow(RowStatement row, ConflictPolicy policy) throws SQLException {
        PreparedStatement statement = statements.get(row.sql());
        row.bind(statement);
        if (row.command() != LcrCommand.INSERT) {
            if (statement.executeUpdate() == 0) {
                if (!policy.resolution().resolvesInPlace()) {
                    throw new ApplyConflictException(row, null);
                }
                resolver.resolve(row, policy);
            }
            return;
        }
        // a failed statement aborts a PostgreSQL transaction: a savepoint keeps it usable
        Savepoint savepoint = policy.resolution().resolvesInPlace() ? connection.setSavepoint() : null;
        try {
            statement.executeUpdate();
        } catch (SQLException e) {
            if (!context.dialect().isDuplicateKey(e)) {
                throw e;
            }
            if (savepoint == null) {
                throw new ApplyConflictException(row, e);
            }
            connection.rollback(savepoint);
            resolver.resolve(row, policy);
        }
        release(savepoint);
    }

    /** Index of the first UPDATE/DELETE that changed no row, or -1. */
    private int firstConflict(Batch batch, int[] counts) {
        if (batch.command == LcrCommand.INSERT) {
            return -1;
        }
        for (int i = 0; i < counts.length; i++) {
            if (counts[i] == 0) {
                return i;
            }
            if (counts[i] == Statement.SUCCESS_NO_INFO && batchCountsReported) {
                // this batch's conflicts cannot be known; from now on UPDATE and DELETE run one by one
                batchCountsReported = false;
                LOG.warn("the {} driver returned SUCCESS_NO_INFO for a batch of {} on {}: conflicts in that batch "
                        + "could not be detected; UPDATE and DELETE now run one by one", context.dialect().name(),
                        batch.command, batch.rows.get(i).row().table());
            }
        }
        return -1;
    }

    /** Index of the failed statement: drivers stop at it (counts so far) or mark it EXECUTE_FAILED. */
    private static int failedIndex(BatchUpdateException e, int size) {
        int[] counts = e.getUpdateCounts();
        if (counts == null) {
            return 0;
        }
        for (int i = 0; i < counts.length; i++) {
            if (counts[i] == Statement.EXECUTE_FAILED) {
                return i;
            }
        }
        return Math.min(counts.length, size - 1);
    }

    private void release(Savepoint savepoint) throws SQLException {
        if (savepoint != null && context.dialect().supportsReleaseSavepoint()) {
            connection.releaseSavepoint(savepoint);
        }
    }

    private void applyDdl(Lcr lcr) throws SQLException {
        if (context.options().ddl() == DdlHandling.EXECUTE) {
            try (Statement statement = connection.createStatement()) {
                statement.execute(lcr.ddlText());
            } catch (SQLException e) {
                if (!ddlMayBeApplied || !ReplayedDdl.foundApplied(context.dialect(), lcr.ddlText(), e)) {
                    throw e;
                }
                context.catalog().invalidate();
                LOG.warn("DDL at position {} (xid {}) failed with {} as the first transaction after a restart: its "
                        + "effect is already there, so it is taken as applied (a crash came between its implicit commit "
                        + "and the record of its position): {}", lcr.position(), lcr.xid(), SqlErrors.describe(e),
                        lcr.ddlText());
                return;
            }
            context.catalog().invalidate();
            LOG.info("executed DDL at position {} (xid {}): {}", lcr.position(), lcr.xid(), lcr.ddlText());
        } else {
            LOG.info("skipped DDL at position {} (xid {}; {}=skip): {}", lcr.position(), lcr.xid(),
                    JdbcSinkOptions.DDL, lcr.ddlText());
        }
    }
}
