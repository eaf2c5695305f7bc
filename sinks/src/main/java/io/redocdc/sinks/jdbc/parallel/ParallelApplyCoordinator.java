package io.redocdc.sinks.jdbc.parallel;

import io.redocdc.operators.lcr.Position;
import io.redocdc.sinks.jdbc.parallel.DependencyTracker.Entry;
import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import org.apache.flink.util.function.SupplierWithException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Applies whole committed transactions on several connections at once. The writer hands transactions in
 * commit order to {@link #submit}; a {@link DependencyTracker} lets a worker start one once every earlier
 * transaction writing one of its rows has committed. A transaction whose rows are unknown, or that is bigger
 * than the memory limit, is a barrier and runs alone. {@link #drain} (called on flush, before a checkpoint)
 * waits until everything handed in has committed and moves the low mark (see {@link AppliedTransactionLog}).
 *
 * <p>Each worker commits a transaction together with its record in the {@link AppliedTransactionLog}; after a
 * restart, {@link #submit} skips the transactions the target already holds. A worker applies the transactions that
 * are ready for it one after another in one target transaction (group commit, up to
 * {@link ParallelApplyOptions#groupMaxRows()} row changes) and commits when none is ready or the group is full; a
 * transaction that depends on one of them becomes ready only once they are committed. When one fails in a group,
 * the group is rolled back and its transactions are applied again one per target transaction; a barrier always
 * runs alone. The first worker failure
 * stops all workers from taking more work and is thrown by the next {@link #submit} or {@link #drain}.
 * {@code submit}, {@code drain} and {@code close} are called from one thread (the sink writer's).
 */
public final class ParallelApplyCoordinator implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(ParallelApplyCoordinator.class);

    /** A handed-in transaction with the byte estimate it was admitted with. */
    private record Submitted(TransactionWork work, long bytes) { }

    private final ParallelApplyOptions options;
    private final AppliedTransactionLog appliedLog;
    private final Connection bookkeeping;
    private final AppliedTransactions appliedAtStart;
    private final List<Worker> workers = new ArrayList<>();

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition workAvailable = lock.newCondition();
    private final Condition progress = lock.newCondition();
    // Guarded by lock.
    private final DependencyTracker<Submitted> tracker = new DependencyTracker<>();
    private long pendingBytes;
    private long appliedCount;
    private boolean closed;
    private ParallelApplyException failure;

    // Writer thread only.
    private Position lastHandedIn;
    private volatile Position lowMark; // also read by the sink's appliedCommitScn gauge
    private long skippedCount;

    private ParallelApplyCoordinator(ParallelApplyOptions options, AppliedTransactionLog appliedLog,
                                     Connection bookkeeping, AppliedTransactions appliedAtStart) {
        this.options = options;
        this.appliedLog = appliedLog;
        this.bookkeeping = bookkeeping;
        this.appliedAtStart = appliedAtStart;
        this.lowMark = appliedAtStart.lowMark();
    }

    /**
     * Creates the bookkeeping tables if missing, reads what the target already holds, opens one connection per
     * worker (plus one for the bookkeeping) and starts the workers.
     */
    public static ParallelApplyCoordinator start(ParallelApplyOptions options,
                                                 SupplierWithException<Connection, SQLException> connections,
                                                 AppliedTransactionLog log) throws SQLException {
        Connection bookkeeping = openTransactional(connections);
        ParallelApplyCoordinator coordinator;
        try {
            log.createIfMissing(bookkeeping);
            bookkeeping.commit();
            AppliedTransactions applied = log.load(bookkeeping);
            bookkeeping.commit();
            coordinator = new ParallelApplyCoordinator(options, log, bookkeeping, applied);
        } catch (SQLException | RuntimeException e) {
            closeQuietly(bookkeeping, e);
            throw e;
        }
        try {
            for (int i = 0; i < options.workers(); i++) {
                coordinator.workers.add(coordinator.new Worker(i, openTransactional(connections)));
            }
        } catch (SQLException | RuntimeException e) {
            coordinator.close();
            throw e;
        }
        coordinator.workers.forEach(worker -> worker.thread.start());
        LOG.info("Parallel apply for sink '{}' started with {} workers; low mark {}, {} transactions applied above it",
                options.sinkName(), options.workers(), applied(coordinator.lowMark),
                coordinator.appliedAtStart.aboveLowMark().size());
        return coordinator;
    }

    /**
     * Hands in the next transaction in commit order; blocks while the transactions not yet committed hold more
     * than the memory limit.
     *
     * @return false when the target already holds the transaction (skipped, not applied again)
     * @throws ParallelApplyException when a worker has failed
     */
    public boolean submit(TransactionWork work) throws ParallelApplyException, InterruptedException {
        rethrowFailure();
        Position position = work.position();
        if (lastHandedIn != null && position.compareTo(lastHandedIn) <= 0) {
            throw new IllegalArgumentException("transaction ending at position " + position + " handed in after "
                    + lastHandedIn + ": transactions must come in commit order, each once");
        }
        lastHandedIn = position;
        if (appliedAtStart.contains(position)) {
            skippedCount++;
            return false;
        }
        long bytes = Math.max(0, work.estimatedBytes());
        TransactionFootprint footprint = work.footprint();
        boolean barrier = footprint.isBarrier() || bytes > options.memoryLimitBytes();
        lock.lockInterruptibly();
        try {
            while (failure == null && pendingBytes > 0 && pendingBytes + bytes > options.memoryLimitBytes()) {
                progress.await();
            }
            rethrowFailure();
            tracker.add(new Submitted(work, bytes), footprint, barrier);
            pendingBytes += bytes;
            workAvailable.signal();
        } finally {
            lock.unlock();
        }
        return true;
    }

    /**
     * Waits until every transaction handed in has committed, then sets the low mark to the last one handed in
     * and deletes the per-transaction rows it covers.
     *
     * @throws ParallelApplyException when a worker has failed, or the low mark cannot be written
     */
    public void drain() throws ParallelApplyException, InterruptedException {
        lock.lockInterruptibly();
        try {
            while (failure == null && tracker.unfinishedCount() > 0) {
                progress.await();
            }
            rethrowFailure();
        } finally {
            lock.unlock();
        }
        if (lastHandedIn == null || (lowMark != null && lastHandedIn.compareTo(lowMark) <= 0)) {
            return;
        }
        try {
            appliedLog.advanceLowMark(bookkeeping, lastHandedIn);
            bookkeeping.commit();
        } catch (SQLException e) {
            rollbackQuietly(bookkeeping, e);
            throw new ParallelApplyException("cannot move the low mark of sink '" + options.sinkName() + "' to "
                    + lastHandedIn + ": " + e.getMessage(), e);
        }
        lowMark = lastHandedIn;
    }

    /** What the target held when this coordinator started. */
    public AppliedTransactions appliedAtStart() {
        return appliedAtStart;
    }

    /** Position of the last transaction covered by the low mark; null before the first drain of a new sink. */
    public Position lowMark() {
        return lowMark;
    }

    public long appliedTransactions() {
        lock.lock();
        try {
            return appliedCount;
        } finally {
            lock.unlock();
        }
    }

    /** Transactions handed in that the target already held. */
    public long skippedTransactions() {
        return skippedCount;
    }

    /**
     * Stops the workers after the transactions they are applying (transactions not yet started are dropped: a
     * restart replays them) and closes the connections. Does not throw a worker's failure.
     */
    @Override
    public void close() {
        lock.lock();
        try {
            closed = true;
            workAvailable.signalAll();
            progress.signalAll();
        } finally {
            lock.unlock();
        }
        try {
            for (Worker worker : workers) {
                worker.thread.join();
            }
        } catch (InterruptedException e) {
            // Closing the connections below aborts statements still running.
            Thread.currentThread().interrupt();
        }
        for (Worker worker : workers) {
            closeQuietly(worker.connection, null);
        }
        closeQuietly(bookkeeping, null);
    }

    private void rethrowFailure() throws ParallelApplyException {
        lock.lock();
        try {
            if (failure != null) {
                throw new ParallelApplyException(failure.getMessage(), failure.getCause());
            }
            if (closed) {
                throw new IllegalStateException("parallel apply of sink '" + options.sinkName() + "' is closed");
            }
        } finally {
            lock.unlock();
        }
    }

    private static Connection openTransactional(SupplierWithException<Connection, SQLException> connections)
            throws SQLException {
        Connection connection = connections.get();
        try {
            connection.setAutoCommit(false);
        } catch (SQLException e) {
            closeQuietly(connection, e);
            throw e;
        }
        return connection;
    }

    private static void rollbackQuietly(Connection connection, Throwable cause) {
        try {
            connection.rollback();
        } catch (SQLException | RuntimeException e) {
            cause.addSuppressed(e);
        }
    }

    /** Rolls back first: some drivers (Oracle's) commit an open transaction on close. */
    private static void closeQuietly(Connection connection, Throwable cause) {
        try (connection) {
            connection.rollback();
        } catch (SQLException | RuntimeException e) {
            if (cause != null) {
                cause.addSuppressed(e);
            } else {
                LOG.debug("Closing an apply connection failed", e);
            }
        }
    }

    private static String applied(Position position) {
        return position == null ? "none" : position.toHex();
    }

    /** One apply thread with its own connection. */
    private final class Worker implements Runnable {
        private final int index;
        private final Connection connection;
        private final Thread thread;

        Worker(int index, Connection connection) {
            this.index = index;
            this.connection = connection;
            this.thread = new Thread(this, "redo-cdc-apply-" + options.sinkName() + "-" + index);
            this.thread.setDaemon(true);
        }

        @Override
        public void run() {
            List<Entry<Submitted>> group = new ArrayList<>();
            long rows = 0;
            while (true) {
                Entry<Submitted> entry = group.isEmpty() ? takeNext() : pollReady();
                if (entry == null) {
                    if (group.isEmpty() || !commit(group)) {
                        return;
                    }
                    rows = 0;
                    continue;
                }
                TransactionWork work = entry.transaction().work();
                if (entry.isBarrier() || options.groupMaxRows() == 1) {
                    if (!applyAlone(entry)) {
                        return;
                    }
                    continue;
                }
                try {
                    work.applyInGroup(connection);
                    appliedLog.recordTransaction(connection, work.position());
                } catch (SQLException e) {
                    rollbackQuietly(connection, e);
                    group.add(entry);
                    LOG.info("apply worker {} of sink '{}': the transaction ending at position {} failed in a group "
                            + "of {} ({}); applying them again one by one", index, options.sinkName(),
                            work.position(), group.size(), e.getMessage());
                    for (Entry<Submitted> member : group) {
                        if (!applyAlone(member)) {
                            return;
                        }
                    }
                    group.clear();
                    rows = 0;
                    continue;
                } catch (Throwable e) {
                    rollbackQuietly(connection, e);
                    fail(entry, e);
                    return;
                }
                group.add(entry);
                rows += work.size();
                if (rows >= options.groupMaxRows()) {
                    if (!commit(group)) {
                        return;
                    }
                    rows = 0;
                }
            }
        }

        /** Applies a transaction alone in a target transaction and commits it; false when it failed. */
        private boolean applyAlone(Entry<Submitted> entry) {
            TransactionWork work = entry.transaction().work();
            try {
                work.applyTo(connection);
                appliedLog.recordTransaction(connection, work.position());
                connection.commit();
            } catch (Throwable e) {
                rollbackQuietly(connection, e);
                fail(entry, e);
                return false;
            }
            finished(List.of(entry));
            return true;
        }

        /** Commits the group's target transaction; false when that failed. */
        private boolean commit(List<Entry<Submitted>> group) {
            try {
                connection.commit();
            } catch (Throwable e) {
                rollbackQuietly(connection, e);
                fail(group.get(group.size() - 1), e);
                return false;
            }
            finished(group);
            group.clear();
            return true;
        }

        private Entry<Submitted> takeNext() {
            lock.lock();
            try {
                while (!closed && failure == null) {
                    Entry<Submitted> next = tracker.pollReady();
                    if (next != null) {
                        return next;
                    }
                    workAvailable.await();
                }
                return null;
            } catch (InterruptedException e) {
                return null;
            } finally {
                lock.unlock();
            }
        }

        /** Counts committed transactions as applied and frees them. */
        private void finished(List<Entry<Submitted>> entries) {
            lock.lock();
            try {
                for (Entry<Submitted> entry : entries) {
                    tracker.finish(entry);
                    pendingBytes -= entry.transaction().bytes();
                    appliedCount++;
                }
                // Finishing can make several transactions ready, and lets submit and drain go on.
                workAvailable.signalAll();
                progress.signalAll();
            } finally {
                lock.unlock();
            }
            for (Entry<Submitted> entry : entries) {
                try {
                    entry.transaction().work().release();
                } catch (IOException | RuntimeException e) {
                    LOG.warn("apply worker {} of sink '{}': cannot free the spool of the transaction ending at {}: {}",
                            index, options.sinkName(), entry.transaction().work().position(), e.toString());
                }
            }
        }

        /** The next transaction ready now, or null (also once closed or failed). */
        private Entry<Submitted> pollReady() {
            lock.lock();
            try {
                return closed || failure != null ? null : tracker.pollReady();
            } finally {
                lock.unlock();
            }
        }

        private void fail(Entry<Submitted> entry, Throwable cause) {
            Position position = entry.transaction().work().position();
            String message = "apply worker " + index + " of sink '" + options.sinkName()
                    + "' failed on the transaction ending at position " + position + " (commit SCN "
                    + position.commitScn() + "): " + cause;
            LOG.error(message, cause);
            lock.lock();
            try {
                if (failure == null) {
                    failure = new ParallelApplyException(message, cause);
                }
                workAvailable.signalAll();
                progress.signalAll();
            } finally {
                lock.unlock();
            }
        }
    }
}
