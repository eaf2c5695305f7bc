package io.redocdc.sinks.jdbc.writer;

import io.redocdc.common.jdbc.SqlErrors;
import io.redocdc.operators.lcr.Lcr;
import io.redocdc.operators.lcr.Position;
import io.redocdc.sinks.jdbc.DdlHandling;
import io.redocdc.sinks.jdbc.JdbcApplyException;
import io.redocdc.sinks.jdbc.JdbcConnections;
import io.redocdc.sinks.jdbc.JdbcSinkOptions;
import io.redocdc.sinks.jdbc.apply.ApplyContext;
import io.redocdc.sinks.jdbc.apply.ReplayedDdl;
import io.redocdc.sinks.jdbc.apply.RowKeyExtractor;
import io.redocdc.sinks.jdbc.apply.TransactionApplier;
import io.redocdc.sinks.jdbc.errors.ErrorTable;
import io.redocdc.sinks.jdbc.parallel.ParallelApplyCoordinator;
import io.redocdc.sinks.jdbc.parallel.ParallelApplyException;
import io.redocdc.sinks.jdbc.parallel.ParallelApplyOptions;
import io.redocdc.sinks.jdbc.spool.TransactionSpool;
import io.redocdc.sinks.jdbc.state.AppliedPositionStore;
import io.redocdc.sinks.jdbc.state.JdbcWriterState;
import java.io.IOException;
import java.io.InterruptedIOException;
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
 * The parallel apply writer ({@code apply.parallelism} above 1): spools each transaction, computes the target rows
 * it writes, and after its last LCR hands it to a {@link ParallelApplyCoordinator}, whose workers apply
 * independent transactions at once, each on its own connection with its own {@link TransactionApplier};
 * transactions writing a common row keep commit order. The target ends up as with serial apply: same conflict
 * resolution, same error handling (see {@link SpoolReplay}), same bookkeeping ({@link AppliedPositionStore}).
 *
 * <p>{@link #flush} (before every checkpoint and at end of input) waits until everything handed in is committed
 * and moves the low mark. The writer state is the serial writer's: the LCRs of the transaction still arriving.
 * A transaction with DDL executed on the target is a barrier (it waits for everything before it, everything after
 * waits for it), and the writer drains after it, so it commits alone with its position and later footprints see
 * the new table definitions; the first transaction after a start may find its DDL applied ({@link ReplayedDdl}). A worker failure surfaces on the next write or flush: {@code sink.on-error=stop} fails the
 * job without restarts, anything else (a lost connection) with an IOException so that Flink restarts it.
 */
public final class ParallelJdbcApplyWriter implements JdbcSinkWriter {

    private static final Logger LOG = LoggerFactory.getLogger(ParallelJdbcApplyWriter.class);
    /** Heap budget per LCR the spools may hold in memory: parallelism x sink.spool-memory-lcrs x this. */
    static final long BUDGET_BYTES_PER_LCR = 1024;

    private final JdbcSinkOptions options;
    private final ApplyContext context;
    private final Connection metadataConnection;
    private final WorkerAppliers appliers;
    private final SpoolReplay replay;
    private final RowKeyExtractor keys;
    private final ParallelApplyCoordinator coordinator;
    /** Handed-in transactions with a spill file, deleted at the latest by close. */
    private final List<TransactionSpool> spilled = new ArrayList<>();
    private final Path spillDirectory = Path.of(System.getProperty("java.io.tmpdir"));
    private SpooledTransaction open;
    private long skipped;
    /** Nothing handed in since the writer opened: the next transaction may find its DDL applied. */
    private boolean firstTransaction = true;

    ParallelJdbcApplyWriter(ApplyContext context, Collection<JdbcWriterState> restored) throws IOException {
        this.options = context.options();
        this.context = context;
        AppliedPositionStore positions = new AppliedPositionStore(context.dialect(), options.stateSchema(),
                options.sinkName());
        ErrorTable errors = new ErrorTable(context.dialect(), options.stateSchema(), options.sinkName());
        this.appliers = new WorkerAppliers(context, positions);
        this.replay = new SpoolReplay(context, appliers, errors);
        long memoryLimit = options.applyParallelism() * (long) options.spoolMemoryLcrs() * BUDGET_BYTES_PER_LCR;
        Connection connection = null;
        try {
            connection = JdbcConnections.open(options);
            errors.createIfMissing(connection);
            context.metrics().errorQueueAtStart(errors.list(connection).size());
            this.coordinator = ParallelApplyCoordinator.start(new ParallelApplyOptions(options.sinkName(),
                    options.applyParallelism(), memoryLimit, options.groupMaxRows()), () -> JdbcConnections.open(options), positions);
        } catch (SQLException e) {
            closeQuietly(connection);
            throw new IOException("JDBC apply sink " + options.sinkName() + ": cannot open " + options.displayUrl()
                    + " (" + JdbcSinkOptions.APPLY_PARALLELISM + "=" + options.applyParallelism() + " connections"
                    + " and one more) or its tables " + AppliedPositionStore.TABLE + "/"
                    + AppliedPositionStore.TRANSACTION_TABLE + "/" + ErrorTable.TABLE + ": " + SqlErrors.describe(e), e);
        }
        this.metadataConnection = connection;
        this.keys = new RowKeyExtractor(connection, context);
        LOG.info("JDBC apply sink {} on {} ({}): parallel apply with {} workers, each committing up to {} rows at "
                + "once, low mark {}", options.sinkName(), options.displayUrl(), context.dialect().name(),
                options.applyParallelism(), options.groupMaxRows(),
                appliedPosition() == null ? "none (nothing applied yet)" : appliedPosition());
        JdbcSinkWriter.reapplyOpenTransactions(restored, LOG, lcr -> write(lcr, null));
    }

    @Override
    public Position appliedPosition() {
        return coordinator.lowMark();
    }

    @Override
    public void write(Lcr lcr, Context ignored) throws IOException {
        if (coordinator.appliedAtStart().contains(lcr.positionValue())) {
            context.metrics().skippedOnReplay().inc();
            skipped++;
            return;
        }
        if (skipped > 0) {
            LOG.info("skipped {} LCRs already applied (low mark {})", skipped, appliedPosition());
            skipped = 0;
        }
        if (lcr.ordinal() == 0) {
            if (open != null) {
                throw new IllegalStateException("transaction xid " + lcr.xid() + " (position " + lcr.position()
                        + ") started before the previous one ended");
            }
            open = new SpooledTransaction(new TransactionSpool(options.spoolMemoryLcrs(), spillDirectory), replay,
                    firstTransaction);
            firstTransaction = false;
        } else if (open == null) {
            throw new IllegalStateException("LCR at position " + lcr.position() + " (ordinal " + lcr.ordinal()
                    + " of xid " + lcr.xid() + ") arrived without the first LCR of its transaction");
        }
        open.add(lcr, keys);
        if (open.isComplete()) {
            SpooledTransaction complete = open;
            open = null;
            submit(complete);
        }
    }

    private void submit(SpooledTransaction transaction) throws IOException {
        if (transaction.spool().hasSpilled()) {
            spilled.add(transaction.spool());
        }
        try {
            coordinator.submit(transaction);
        } catch (ParallelApplyException e) {
            throw failed(e);
        } catch (InterruptedException e) {
            throw interrupted(e);
        }
        if (transaction.hasDdl() && options.ddl() == DdlHandling.EXECUTE) {
            drain();
        }
    }

    @Override
    public void flush(boolean endOfInput) throws IOException {
        if (endOfInput && open != null) {
            LOG.warn("input ended inside a transaction ({} LCRs received); it is not applied", open.spool().size());
        }
        drain();
    }

    private void drain() throws IOException {
        try {
            coordinator.drain();
        } catch (ParallelApplyException e) {
            throw failed(e);
        } catch (InterruptedException e) {
            throw interrupted(e);
        }
        // Everything handed in is applied, and its worker deleted its spill file.
        spilled.clear();
    }

    @Override
    public List<JdbcWriterState> snapshotState(long checkpointId) throws IOException {
        if (open == null) {
            return List.of();
        }
        List<Lcr> lcrs = new ArrayList<>(open.spool().size());
        try {
            open.spool().forEach(lcrs::add);
        } catch (SQLException e) {
            throw new IllegalStateException("unreachable: collecting the spool runs no SQL", e);
        }
        LOG.info("checkpoint {} taken inside a transaction: {} LCRs go into the writer state", checkpointId, lcrs.size());
        return List.of(new JdbcWriterState(lcrs));
    }

    @Override
    public void close() throws Exception {
        try (Connection ignored = metadataConnection) {
            coordinator.close();
            appliers.close();
            for (TransactionSpool spool : spilled) {
                spool.close();
            }
            if (open != null) {
                open.spool().close();
            }
        }
    }

    /** A worker failed: under sink.on-error=stop the job fails without restarts, otherwise it restarts. */
    private IOException failed(ParallelApplyException e) {
        if (e.getCause() instanceof JdbcApplyException stop) {
            throw new SuppressRestartsException(stop);
        }
        return e;
    }

    private IOException interrupted(InterruptedException e) {
        Thread.currentThread().interrupt();
        InterruptedIOException io = new InterruptedIOException("JDBC apply sink " + options.sinkName()
                + ": interrupted while waiting for the apply workers");
        io.initCause(e);
        return io;
    }

    private static void closeQuietly(Connection connection) {
        if (connection != null) {
            try {
                connection.close();
            } catch (SQLException e) {
                LOG.debug("closing a connection after a failed start failed: {}", SqlErrors.describe(e));
            }
        }
    }
}
