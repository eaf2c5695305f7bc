package io.redocdc.sinks.jdbc;

import io.redocdc.operators.lcr.Lcr;
import io.redocdc.operators.lcr.LcrCommand;
import java.sql.BatchUpdateException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.sql.Statement;
import java.util.ArrayList;
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
 * <p>Statements run as LCRs arrive (a transaction is never collected in memory), batched per consecutive run
 * of the same statement shape (table, command, column list, null mask) up to {@code sink.batch-size}. Every
 * update count is checked: an UPDATE or DELETE that changed no row, or an INSERT with a duplicate key, is a
 * conflict, handled by the table's {@link ConflictPolicy}. Where a driver cannot report batch update counts
 * ({@link JdbcDialect#reportsBatchUpdateCounts()}, or SUCCESS_NO_INFO seen once), UPDATE and DELETE run one by
 * one. Errors are thrown as SQLException; the caller rolls back.
 */
public class TransactionApplier implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(TransactionApplier.class);

    private final Connection connection;
    private final ApplyContext context;
    private final AppliedPositionStore positions;
    private final StatementCache statements;
    private final ConflictResolver resolver;
    private boolean batchCountsReported;
    private Batch batch;
    private long rowsInTransaction;
    /** Source transactions and their rows ended in the open target transaction, counted as applied at commit. */
    private long transactionsInGroup;
    private long rowsInGroup;

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

    /** Starts a transaction (JDBC opens the target transaction with the first statement). */
    public void begin() {
        batch = null;
        rowsInTransaction = 0;
        transactionsInGroup = 0;
        rowsInGroup = 0;
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
        boolean oneByOne = row.command() != LcrCommand.INSERT && !batchCountsReported;
        if (batch != null && (oneByOne || !batch.sql.equals(row.sql())
                || batch.rows.size() >= context.options().batchSize())) {
            flush();
        }
        rowsInTransaction++;
        if (oneByOne) {
            executeRow(row, policy);
            return;
        }
        if (batch == null) {
            batch = new Batch(row.sql(), statements.get(row.sql()), policy, row.command());
        }
        row.bind(batch.statement);
        batch.statement.addBatch();
        batch.rows.add(row);
    }

    /** Executes the pending batch, resolving conflicts. */
    public void flush() throws SQLException {
        if (batch == null) {
            return;
        }
        Batch pending = batch;
        batch = null;
        Savepoint savepoint = pending.policy.resolution().resolvesInPlace() ? connection.setSavepoint() : null;
        int conflict;
        try {
            conflict = firstConflict(pending, pending.statement.executeBatch());
        } catch (BatchUpdateException e) {
            pending.statement.clearBatch();
            if (pending.command != LcrCommand.INSERT || !context.dialect().isDuplicateKey(e)) {
                throw e;
            }
            if (savepoint == null) {
                int failed = failedIndex(e, pending.rows.size());
                throw new ApplyConflictException(pending.rows.get(failed), e);
            }
            conflict = 0;
        }
        if (conflict >= 0) {
            if (savepoint == null) {
                throw new ApplyConflictException(pending.rows.get(conflict), null);
            }
            connection.rollback(savepoint);
            for (RowStatement row : pending.rows) {
                executeRow(row, pending.policy);
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
     * commit), and the pending batch may take its rows too.
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
        transactionsInGroup = 0;
        rowsInGroup = 0;
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

    /** Drops the pending batch and rolls the target transaction back. */
    public void rollback() throws SQLException {
        if (batch != null) {
            batch.statement.clearBatch();
            batch = null;
        }
        rowsInTransaction = 0;
        transactionsInGroup = 0;
        rowsInGroup = 0;
        connection.rollback();
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
    private int firstConflict(Batch pending, int[] counts) {
        if (pending.command == LcrCommand.INSERT) {
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
                        pending.command, pending.rows.get(i).row().table());
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
            }
            context.catalog().invalidate();
            LOG.info("executed DDL at position {} (xid {}): {}", lcr.position(), lcr.xid(), lcr.ddlText());
        } else {
            LOG.info("skipped DDL at position {} (xid {}; {}=skip): {}", lcr.position(), lcr.xid(),
                    JdbcSinkOptions.DDL, lcr.ddlText());
        }
    }

    private static final class Batch {
        final String sql;
        final PreparedStatement statement;
        final ConflictPolicy policy;
        final LcrCommand command;
        final List<RowStatement> rows = new ArrayList<>();

        Batch(String sql, PreparedStatement statement, ConflictPolicy policy, LcrCommand command) {
            this.sql = sql;
            this.statement = statement;
            this.policy = policy;
            this.command = command;
        }
    }
}
