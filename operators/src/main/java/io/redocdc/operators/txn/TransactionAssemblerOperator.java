package io.redocdc.operators.txn;

import static io.redocdc.source.event.FrontierEvent.ALL_READ_WATERMARK;

import io.redocdc.operators.lcr.Lcr;
import io.redocdc.operators.lcr.Position;
import io.redocdc.operators.parser.ParsedStatement;
import io.redocdc.operators.parser.SqlRedoParser;
import io.redocdc.source.model.OperationCode;
import io.redocdc.source.model.RedoRecord;
import io.redocdc.source.model.Scn;
import io.redocdc.source.model.Xid;
import io.redocdc.source.retention.OpenTransactionStarts;
import io.redocdc.source.retention.ReportOpenStarts;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.apache.flink.api.common.state.ListState;
import org.apache.flink.api.common.state.MapState;
import org.apache.flink.api.common.state.MapStateDescriptor;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.runtime.execution.SuppressRestartsException;
import org.apache.flink.runtime.state.KeyedStateBackend;
import org.apache.flink.runtime.state.StateInitializationContext;
import org.apache.flink.runtime.state.StateSnapshotContext;
import org.apache.flink.runtime.state.VoidNamespace;
import org.apache.flink.runtime.state.VoidNamespaceSerializer;
import org.apache.flink.streaming.api.operators.AbstractStreamOperator;
import org.apache.flink.streaming.api.operators.InternalTimer;
import org.apache.flink.streaming.api.operators.InternalTimerService;
import org.apache.flink.streaming.api.operators.StreamingRuntimeContext;
import org.apache.flink.streaming.api.operators.OneInputStreamOperator;
import org.apache.flink.streaming.api.operators.TimestampedCollector;
import org.apache.flink.streaming.api.operators.Triggerable;
import org.apache.flink.streaming.api.watermark.Watermark;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Assembles the redo records of one undo slot (key: {@link Xid#slotKey()}) into committed transactions and emits
 * each, LCR by LCR, once the watermark passes its commit SCN; by then every record up to the commit in redo order
 * has arrived, whatever order the parallel log readers delivered them in.
 *
 * <p>Keyed state per slot: the buffered records ({@link RedoOrderBuffer}), the pending START/COMMIT/ROLLBACK
 * boundaries, the number of buffered undo rows, and during emission the savepoint-rollback stacks
 * ({@link UndoMatcher}) and, in tables with LOB rows, the links between live rows ({@link LobStatementUndo}).
 * Emission walks the transaction in redo order: only when undo rows are buffered, pass 1 cancels undone rows;
 * then one pass converts, emits and deletes (dead letters go to the side output in that same pass). A START
 * pairs with the end of its slot on its own redo thread, or with the end of its XID on another thread
 * ({@link TransactionRows}: RAC instance recovery, XA COMMIT FORCE). A custom operator rather than a
 * KeyedProcessFunction, so that the per-subtask set
 * of open transactions can be rebuilt from keyed state on restore and the watermark drives progress logging.
 */
final class TransactionAssemblerOperator extends AbstractStreamOperator<Lcr>
        implements OneInputStreamOperator<RedoRecord, Lcr>, Triggerable<Integer, VoidNamespace>,
        AssemblerMetrics.Figures {

    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(TransactionAssemblerOperator.class);
    private static final long PROGRESS_LOG_INTERVAL_MS = 10_000;

    private final AssemblerOptions options;
    /** The source's retention key: at each checkpoint the open transactions' START logs go to it; null: not. */
    private final String retentionKey;

    private transient RedoOrderBuffer buffer;
    private transient MapState<RowKey, Boundary> boundaries;
    private transient UndoMatcher undoMatcher;
    private transient LobStatementUndo lobUndo;
    private transient ValueState<Long> undoRows;
    private transient InternalTimerService<VoidNamespace> timers;
    private transient TimestampedCollector<Lcr> collector;
    private transient RowChangeConverter converter;
    private transient OpenTransactions openTransactions;
    private transient AssemblerMetrics metrics;
    private transient long lastProgressLog;
    /** The last watermark processed: the completed-SCN frontier minus one, {@link #ALL_READ_WATERMARK} at the end. */
    private transient long lastWatermark = Long.MIN_VALUE;
    /** Whether {@link #ALL_READ_WATERMARK} was seen, kept across restores ({@link DrainGuard#allReadDescriptor}). */
    private transient ListState<Boolean> allRead;
    /** The job's start SCN: configured on the first start, then the one kept in state ({@link StartScnState}). */
    private transient Scn startScn;
    /** Rows buffered in keyed state on this subtask, counted as they come and go (recounted once on restore). */
    private transient volatile long bufferedRows;
    /** The completed-SCN frontier of the last watermark below {@link #ALL_READ_WATERMARK}; -1 before one. */
    private transient volatile long frontier = -1;

    TransactionAssemblerOperator(AssemblerOptions options) {
        this(options, null);
    }

    TransactionAssemblerOperator(AssemblerOptions options, String retentionKey) {
        this.options = options;
        this.retentionKey = retentionKey;
    }

    /** How many ROLLBACK=1 rows the slot buffers: while none, committing needs no undo pass. */
    static ValueStateDescriptor<Long> undoRowsDescriptor() {
        return new ValueStateDescriptor<>("buffered-undo-rows", Types.LONG);
    }

    static MapStateDescriptor<RowKey, Boundary> boundariesDescriptor() {
        return new MapStateDescriptor<>(
                "boundaries", TypeInformation.of(RowKey.class), TypeInformation.of(Boundary.class));
    }

    @Override
    public void initializeState(StateInitializationContext context) throws Exception {
        super.initializeState(context);
        startScn = StartScnState.initialize(context.getOperatorStateStore(), context.isRestored(), options);
        allRead = DrainGuard.allReadState(context.getOperatorStateStore());
        lastWatermark = DrainGuard.restoredWatermark(allRead);
        openTransactions = new OpenTransactions();
        if (context.isRestored()) {
            KeyedStateBackend<Integer> backend = getKeyedStateBackend();
            backend.applyToAllKeys(VoidNamespace.INSTANCE, VoidNamespaceSerializer.INSTANCE, boundariesDescriptor(),
                    (slotKey, slotBoundaries) -> {
                        for (Boundary boundary : slotBoundaries.values()) {
                            if (boundary.isStart()) {
                                openTransactions.add(slotKey, boundary);
                            }
                        }
                    });
            long[] rows = {0};
            backend.applyToAllKeys(VoidNamespace.INSTANCE, VoidNamespaceSerializer.INSTANCE,
                    RedoOrderBuffer.rowsDescriptor(), (slotKey, slotRows) -> {
                        for (RowKey ignored : slotRows.keys()) {
                            rows[0]++;
                        }
                    });
            bufferedRows = rows[0];
            LOG.info("restored {} open transaction(s) and {} buffered row(s); oldest: {}", openTransactions.size(),
                    bufferedRows, describe(openTransactions.oldest()));
        }
    }

    /**
     * Reports, per redo thread, the oldest log holding the START of a transaction open in this checkpoint to the
     * source's purge advice (io.redocdc.source.retention.LogRetention), through the JobMaster: synchronously, so
     * the report is there before this subtask acknowledges the checkpoint and thus before the checkpoint completes.
     */
    @Override
    public void snapshotState(StateSnapshotContext context) throws Exception {
        super.snapshotState(context);
        if (retentionKey == null) {
            return;
        }
        StreamingRuntimeContext runtime = getRuntimeContext();
        OpenTransactionStarts starts = new OpenTransactionStarts(context.getCheckpointId(),
                runtime.getTaskInfo().getIndexOfThisSubtask(), runtime.getTaskInfo().getNumberOfParallelSubtasks(),
                openTransactions.oldestStartSequenceByThread());
        runtime.getGlobalAggregateManager().updateGlobalAggregate(ReportOpenStarts.aggregateName(retentionKey),
                starts.toRpcValue(), new ReportOpenStarts(retentionKey));
    }

    @Override
    public void open() throws Exception {
        super.open();
        buffer = new RedoOrderBuffer(getPartitionedState(RedoOrderBuffer.rowsDescriptor()),
                getPartitionedState(RedoOrderBuffer.chunksDescriptor()),
                getPartitionedState(RedoOrderBuffer.logsDescriptor()));
        boundaries = getPartitionedState(boundariesDescriptor());
        undoRows = getPartitionedState(undoRowsDescriptor());
        undoMatcher = new UndoMatcher(getPartitionedState(UndoMatcher.latestDescriptor()),
                getPartitionedState(UndoMatcher.previousDescriptor()));
        lobUndo = new LobStatementUndo(buffer, getPartitionedState(LobStatementUndo.precedingDescriptor()),
                options.undoMarkersKept());
        timers = getInternalTimerService("transaction-ends", VoidNamespaceSerializer.INSTANCE, this);
        collector = new TimestampedCollector<>(output);
        converter = new RowChangeConverter(options.tableFilter(), new SqlRedoParser(options.nlsFormats()));
        metrics = new AssemblerMetrics(getMetricGroup(), this);
        lastProgressLog = System.currentTimeMillis();
    }

    @Override
    public void processElement(StreamRecord<RedoRecord> element) throws Exception {
        RedoRecord record = element.getValue();
        OperationCode op = record.op();
        boolean isBoundary = op == OperationCode.START || op.endsTransaction();
        refuseUnconvertibleOnArrival(record);
        RowKey key = buffer.append(record, !isBoundary);
        if (!isBoundary) {
            bufferedRows++;
            if (record.rollback()) {
                undoRows.update(bufferedUndoRows() + 1);
            }
            return;
        }
        Boundary boundary = Boundary.of(record, key);
        boundaries.put(key, boundary);
        if (boundary.isStart()) {
            openTransactions.add(currentSlot(), boundary, redoTimeMillis(record));
        } else {
            timers.registerEventTimeTimer(VoidNamespace.INSTANCE, record.scn());
        }
    }

    /**
     * Without dead letters, a row change that cannot be converted fails the job when it arrives, before any
     * checkpoint holds it: fixing the input and restoring from the latest checkpoint then reads the fixed row. Found
     * only at commit, the bad row would be in every later checkpoint. Rows LogMiner could not name (STATUS 2 and 3)
     * are left to the commit: a rollback may still discard them.
     */
    private void refuseUnconvertibleOnArrival(RedoRecord record) {
        if (options.deadLetter()) {
            return;
        }
        if (record.op() == OperationCode.OTHER) {
            throw new SuppressRestartsException(RowChangeConverter.failure(record, record.xid().toRaw(),
                    unreadableOperation(record), null));
        }
        if (!record.op().isRowChange() || record.status() != 0) {
            return;
        }
        try {
            converter.convert(record, record.xid().toRaw());
        } catch (RowConversionException e) {
            throw new SuppressRestartsException(e);
        }
    }

    @Override
    public void onEventTime(InternalTimer<Integer, VoidNamespace> timer) throws Exception {
        long frontier = timer.getTimestamp();
        List<Boundary> pending = new ArrayList<>();
        for (Boundary boundary : boundaries.values()) {
            pending.add(boundary);
        }
        pending.sort((a, b) -> a.key().compareTo(b.key()));
        // Ends are finished in redo order; an end not yet due holds back the later ends of its thread.
        Set<Integer> heldThreads = new HashSet<>();
        List<Boundary> due = new ArrayList<>();
        for (Boundary end : pending) {
            if (!end.isEnd() || heldThreads.contains(end.key().thread())) {
                continue;
            }
            if (end.scn() > frontier) {
                heldThreads.add(end.key().thread());
                continue;
            }
            due.add(end);
        }
        for (Boundary end : due) {
            if (pending.contains(end)) { // an end that pairs across threads may have finished it already
                finish(end, pending, due);
            }
        }
    }

    @Override
    public void onProcessingTime(InternalTimer<Integer, VoidNamespace> timer) {
        throw new IllegalStateException("the transaction assembler registers no processing-time timers");
    }

    @Override
    public void processWatermark(Watermark mark) throws Exception {
        DrainGuard.check(mark.getTimestamp(), lastWatermark);
        lastWatermark = mark.getTimestamp();
        if (lastWatermark < ALL_READ_WATERMARK && lastWatermark >= 0) {
            frontier = lastWatermark + 1;
        }
        DrainGuard.noteWatermark(lastWatermark, allRead);
        super.processWatermark(mark);
        long now = System.currentTimeMillis();
        if (now - lastProgressLog >= PROGRESS_LOG_INTERVAL_MS && mark.getTimestamp() < ALL_READ_WATERMARK) {
            lastProgressLog = now;
            logRequiredCheckpoint(mark.getTimestamp());
        }
    }

    /** Finishes the transaction that {@code end} ends: everything of its thread up to {@code end} leaves state. */
    private void finish(Boundary end, List<Boundary> pending, List<Boundary> due) throws Exception {
        Boundary start = startOnThreadOf(end, pending);
        if (start == null || !start.xid().equals(end.xid())) {
            Boundary elsewhere = startOnAnotherThread(end, pending);
            if (elsewhere != null) {
                finishEarlierEnds(elsewhere, pending, due);
                finishAcrossThreads(elsewhere, end, pending);
                return;
            }
        }
        discardRowsBefore(start != null ? start.key() : end.key(), start, end, pending);
        if (start != null) {
            finishRows(start, end, TransactionRows.onOneThread(start.key(), end.key()));
            forget(start, pending);
        }
        forget(end, pending);
        buffer.releaseThrough(end.key());
        undoMatcher.clear();
        lobUndo.clear();
    }

    /** The last START of the slot before {@code end} on {@code end}'s thread, or null. */
    private static Boundary startOnThreadOf(Boundary end, List<Boundary> pending) {
        Boundary start = null;
        for (Boundary boundary : pending) {
            if (boundary.isStart() && boundary.sameThread(end.key()) && boundary.key().compareTo(end.key()) < 0
                    && (start == null || boundary.key().compareTo(start.key()) > 0)) {
                start = boundary;
            }
        }
        return start;
    }

    /**
     * The START with {@code end}'s XID on another thread, or null. Only a full XID pairs across threads: an XID
     * names one transaction in the whole database, while a partial XID (SQN 0xFFFFFFFF) names only its slot.
     */
    private static Boundary startOnAnotherThread(Boundary end, List<Boundary> pending) {
        if (Xid.fromRaw(end.xid()).isPartial()) {
            return null;
        }
        for (Boundary boundary : pending) {
            if (boundary.isStart() && !boundary.sameThread(end.key()) && boundary.xid().equals(end.xid())) {
                return boundary;
            }
        }
        return null;
    }

    /** Finishes the due ends that precede {@code start} on its thread: they end the slot's earlier transactions. */
    private void finishEarlierEnds(Boundary start, List<Boundary> pending, List<Boundary> due) throws Exception {
        for (Boundary earlier : due) {
            if (earlier.sameThread(start.key()) && earlier.key().compareTo(start.key()) < 0
                    && pending.contains(earlier)) {
                finish(earlier, pending, due);
            }
        }
    }

    /**
     * A transaction whose START one RAC thread wrote and whose end another did: its rows are those of the START's
     * thread up to the slot's next boundary there, then those of the end's thread before the end.
     */
    private void finishAcrossThreads(Boundary start, Boundary end, List<Boundary> pending) throws Exception {
        discardRowsBefore(start.key(), start, end, pending);
        Boundary next = null;
        for (Boundary boundary : pending) {
            if (boundary.sameThread(start.key()) && boundary.key().compareTo(start.key()) > 0
                    && (next == null || boundary.key().compareTo(next.key()) < 0)) {
                next = boundary;
            }
        }
        TransactionRows rows = TransactionRows.acrossThreads(start.key(),
                next != null ? next.key() : TransactionRows.endOfThread(start.key().thread()), end.key());
        LOG.debug("transaction {} started on thread {} ({}) and ended on thread {} ({} at SCN {})", end.xid(),
                start.key().thread(), start.origin(), end.key().thread(), end.op(), end.scn());
        finishRows(start, end, rows);
        forget(start, pending);
        forget(end, pending);
        buffer.releaseThrough(rows.lastOnStartThread());
        buffer.releaseThrough(end.key());
        undoMatcher.clear();
        lobUndo.clear();
    }

    /** Discards a rolled-back transaction or one committed before the start SCN, and emits any other. */
    private void finishRows(Boundary start, Boundary end, TransactionRows rows) throws Exception {
        if (end.op() == OperationCode.ROLLBACK) {
            long discarded = discard(rows);
            metrics.rolledBackTransactions.inc();
            LOG.debug("transaction {} rolled back at SCN {}: {} row(s) discarded", end.xid(), end.scn(), discarded);
        } else if (end.scn() < startScn.value()) {
            long discarded = discard(rows);
            metrics.committedBeforeStartScn.inc();
            LOG.debug("transaction {} committed at SCN {}, before start SCN {}: {} row(s) discarded",
                    end.xid(), end.scn(), startScn, discarded);
        } else {
            emitCommitted(start, end, rows);
        }
    }

    /**
     * Drops the rows of {@code end}'s thread that precede {@code bound}: rows of a transaction whose START was not
     * read (it began before capture started) or, when a later START exists, rows and STARTs of a transaction
     * whose end was not read.
     */
    private void discardRowsBefore(RowKey bound, Boundary start, Boundary end, List<Boundary> pending)
            throws Exception {
        int staleStarts = 0;
        String staleXid = null;
        for (Boundary boundary : List.copyOf(pending)) {
            if (boundary.isStart() && boundary.sameThread(bound) && boundary.key().compareTo(bound) < 0) {
                staleXid = boundary.xid();
                staleStarts++;
                forget(boundary, pending);
            }
        }
        long rows = 0;
        String firstXid = null;
        for (RowKey key : buffer.between(null, bound)) {
            RedoRecord row = buffer.get(key);
            if (row != null) {
                firstXid = firstXid == null ? row.xid().toRaw() : firstXid;
                removeRow(key, row);
                rows++;
            }
        }
        metrics.discardedRowsWithoutStart.inc(rows);
        if (start == null && rows > 0) {
            metrics.transactionsWithoutStart.inc();
            // Only a commit at or after the start SCN loses changes the user asked for.
            boolean lost = end.op() == OperationCode.COMMIT && end.scn() >= startScn.value();
            if (lost) {
                LOG.warn("transaction {} ({} at SCN {}, {}) has no START in the redo read: it began before capture "
                        + "started; discarding its {} buffered row(s)", end.xid(), end.op(), end.scn(), end.origin(),
                        rows);
            } else {
                LOG.debug("transaction {} ({} at SCN {}) began before capture started and needs no output; "
                        + "discarding its {} buffered row(s)", end.xid(), end.op(), end.scn(), rows);
            }
        } else if (start != null && (rows > 0 || staleStarts > 0)) {
            LOG.warn("slot of transaction {}: discarding {} row(s) (first XID {}) and {} START(s) (last XID {}) "
                    + "that precede its START at {} on thread {}: their transaction's START or end was not read",
                    start.xid(), rows, firstXid, staleStarts, staleXid, start.origin(), bound.thread());
        }
    }

    private long discard(TransactionRows rows) throws Exception {
        long discarded = 0;
        for (RowKey key : rows.keys(buffer)) {
            RedoRecord row = buffer.get(key);
            if (row != null) {
                removeRow(key, row);
                discarded++;
            }
        }
        return discarded;
    }

    /**
     * Streams a committed transaction out of state in redo order, one LCR at a time. LOB and XML rows are folded
     * into the change they complete ({@link LobAssembly}), which is held back until they are; each LCR is emitted
     * one step late so that the last one can carry {@code lastInTransaction}; nothing counts the transaction first.
     */
    private void emitCommitted(Boundary start, Boundary end, TransactionRows rows) throws Exception {
        String xid = Xid.fromRaw(end.xid()).isPartial() ? start.xid() : end.xid();
        TransactionNotes notes = new TransactionNotes(xid);
        if (bufferedUndoRows() > 0 && !cancelUndoneRows(rows, end, notes, xid)) {
            return;
        }
        collector.setAbsoluteTimestamp(end.scn());
        Emission emission = new Emission(xid, end);
        LobAssembly lobs = new LobAssembly(emission::emit);
        for (RowKey key : rows.keys(buffer)) {
            RedoRecord row = buffer.get(key);
            if (row == null) {
                continue;
            }
            removeRow(key, row);
            OperationCode op = row.op();
            if (op == OperationCode.START || op.endsTransaction()) {
                throw new IllegalStateException("transaction " + end.xid() + ": unexpected " + op + " record at "
                        + row.origin() + " between its START and its end");
            }
            if (op == OperationCode.INTERNAL) {
                continue; // kept only for matching undo rows (CaptureFilter), never a change
            }
            if (RowChangeConverter.isLobRow(op)) {
                lobRow(lobs, row, xid, end);
                continue;
            }
            if (!RowChangeConverter.isConvertible(op)) {
                metrics.unsupportedRows.inc();
                unconvertible(row, xid, end, unreadableOperation(row));
                continue;
            }
            RowChange change = convertOrRefuse(row, xid, end);
            if (change != null) {
                lobs.change(change, row);
            }
        }
        lobs.finish();
        emission.finish();
        notes.log(LOG, end.scn());
        metrics.unmatchedUndoRows.inc(notes.unmatchedUndoRows());
        if (emission.ordinal > 0) {
            metrics.committedTransactions.inc();
            metrics.emittedLcrs.inc(emission.ordinal);
        }
    }

    /** Folds a LOB or XML row into its change; one that cannot be applied fails or goes to the dead letters. */
    private void lobRow(LobAssembly lobs, RedoRecord row, String xid, Boundary end) {
        try {
            ParsedStatement statement = converter.parseLob(row, xid);
            if (statement == null) {
                lobs.skip();
            } else {
                lobs.lob(statement, row);
            }
        } catch (IllegalArgumentException e) {
            unconvertible(row, xid, end, e.getMessage());
        } catch (RowConversionException e) {
            divertOrFail(row, xid, end, e);
        }
    }

    /** A row no LCR can show: the job fails for good, or (dead letters on) the row goes there. */
    private void unconvertible(RedoRecord row, String xid, Boundary end, String reason) {
        divertOrFail(row, xid, end, RowChangeConverter.failure(row, xid, reason, null));
    }

    /**
     * Why a captured table's row that is neither a row change, DDL nor LOB row cannot be applied: UNSUPPORTED
     * (255), or an OPERATION_CODE this version does not know (reference/oracle/operation-codes.md lists those it
     * reads). Dropping it would lose whatever change it records.
     */
    private static String unreadableOperation(RedoRecord row) {
        if (row.op() == OperationCode.UNSUPPORTED) {
            return "LogMiner cannot show this change (OPERATION UNSUPPORTED: the table has a column of a type "
                    + "LogMiner does not mine, such as BOOLEAN, JSON or VECTOR)";
        }
        return "OPERATION_CODE " + row.operationCode() + " (OPERATION " + row.operation() + ") is not an operation "
                + "this version reads, so the change it records cannot be applied";
    }

    /**
     * A row that cannot be converted fails the same way after every restart, so the job fails without the restart
     * loop that would bury the message (fix the input, or run with dead letters, and restart); with dead letters
     * it goes to the side output and its transaction goes on.
     */
    private void divertOrFail(RedoRecord row, String xid, Boundary end, RowConversionException e) {
        if (!options.deadLetter()) {
            throw new SuppressRestartsException(e);
        }
        divert(row, xid, end, e);
    }

    /** The LCRs of one transaction, each emitted one step late so the last can carry {@code lastInTransaction}. */
    /** A large transaction's emission logs its progress every this many LCRs (the fault suite kills there too). */
    static final int LARGE_TRANSACTION_PROGRESS = 10_000;

    private final class Emission {
        private final String xid;
        private final Boundary end;
        private Lcr held;
        private int ordinal;

        Emission(String xid, Boundary end) {
            this.xid = xid;
            this.end = end;
        }

        void emit(LobAssembly.Ready ready) {
            if (ready == null) {
                return;
            }
            if (ordinal == Integer.MAX_VALUE) {
                throw new IllegalStateException("transaction " + xid + " has more changes than an LCR ordinal can "
                        + "number");
            }
            if (held != null) {
                collector.collect(held);
            }
            held = toLcr(ready.change(), ready.row(), xid, end, ordinal++);
            if (ordinal % LARGE_TRANSACTION_PROGRESS == 0) {
                LOG.info("transaction {} (commit SCN {}): {} LCRs emitted so far", xid, end.scn(), ordinal);
            }
        }

        void finish() {
            if (held != null) {
                collector.collect(held.asLast());
            }
        }
    }

    /**
     * Pass 1, only when undo rows are buffered: applies rollback-to-savepoint undo rows. In a table without LOB rows
     * in the transaction each cancels the newest earlier live row with its ROW_ID (a stack per ROW_ID kept in
     * state, see {@link UndoMatcher}); in a table with LOB rows each cancels the LOB statement it reverses
     * ({@link LobStatementUndo}), or the transaction is refused.
     *
     * @return false when the transaction cannot be undone reliably and went to the dead letters
     */
    private boolean cancelUndoneRows(TransactionRows rows, Boundary end, TransactionNotes notes, String xid)
            throws Exception {
        Set<String> lobTables = lobTablesWithUndoRows(rows);
        for (RowKey key : rows.keys(buffer)) {
            RedoRecord row = buffer.get(key);
            if (row == null) {
                continue;
            }
            boolean lobTable = lobTables.contains(tableOf(row));
            if (row.rollback() && lobTable) {
                try {
                    lobUndo.apply(row, this::removeRow);
                } catch (LobStatementUndo.Refused refused) {
                    undoUnreliable(rows, end, row, refused.getMessage(), xid);
                    return false;
                }
                removeRow(key, row);
            } else if (row.rollback()) {
                removeRow(key, row);
                RowKey undone = undoMatcher.pop(row.rowId());
                if (undone == null) {
                    notes.unmatchedUndo(row);
                } else if (buffer.get(undone) != null) {
                    buffer.remove(undone);
                    bufferedRows--;
                }
            } else {
                if (!lobTables.isEmpty()) {
                    lobUndo.push(key);
                }
                if (row.op().isRowChange() && !lobTable) {
                    undoMatcher.push(row.rowId(), key);
                }
            }
        }
        return true;
    }

    private static String tableOf(RedoRecord row) {
        return row.segOwner() + "." + row.tableName();
    }

    /**
     * The tables with undo rows and LOB rows in the transaction: there LogMiner writes the INSERT and LOB rows with
     * a placeholder ROWID of only 'A's, while the undo row that reverses their statement names the real one
     * (lob-redo-shapes.md of osodevops/kafka-connect-oracle-cdc), so matching by ROW_ID alone would cancel the
     * wrong change.
     */
    private Set<String> lobTablesWithUndoRows(TransactionRows rows) throws Exception {
        Set<String> undoneTables = new HashSet<>();
        Set<String> lobTables = new HashSet<>();
        for (RowKey key : rows.keys(buffer)) {
            RedoRecord row = buffer.get(key);
            if (row == null) {
                continue;
            }
            if (row.rollback()) {
                undoneTables.add(tableOf(row));
            } else if (RowChangeConverter.isLobRow(row.op())
                    || (row.op().isRowChange() && row.hasPlaceholderRowId())) {
                lobTables.add(tableOf(row));
            }
        }
        lobTables.retainAll(undoneTables);
        return lobTables;
    }

    /** The job fails for good, or (dead letters on) every row of the transaction left in state goes there. */
    private void undoUnreliable(TransactionRows rows, Boundary end, RedoRecord undo, String why, String xid)
            throws Exception {
        String reason = "the transaction rolled back to a savepoint in " + tableOf(undo) + ", a table with LOB "
                + "columns, and its undo row (" + undo.operation() + " with ROW_ID " + undo.rowId() + " at "
                + undo.origin() + ") does not fit the row sequences observed for LOB statements: " + why + "; so it "
                + "is not replicated";
        if (!options.deadLetter()) {
            throw new SuppressRestartsException(RowChangeConverter.failure(undo, xid, reason, null));
        }
        for (RowKey key : rows.keys(buffer)) {
            RedoRecord row = buffer.get(key);
            if (row != null) {
                removeRow(key, row);
                divert(row, xid, end, RowChangeConverter.failure(row, xid, reason, null));
            }
        }
    }

    /** Converts a row; one that cannot be converted fails the job or goes to the dead letters. */
    private RowChange convertOrRefuse(RedoRecord row, String xid, Boundary end) {
        try {
            return convert(row, xid);
        } catch (RowConversionException e) {
            divertOrFail(row, xid, end, e);
            return null;
        }
    }

    private void divert(RedoRecord row, String xid, Boundary end, RowConversionException e) {
        metrics.deadLetters.inc();
        LOG.warn("dead letter: {}", e.getMessage());
        output.collect(TransactionAssembler.DEAD_LETTERS, new StreamRecord<>(
                new DeadLetter(row.origin(), xid, row.scn(), row.sqlRedo(), e.reason()), end.scn()));
    }

    /** Converts a row; a row change LogMiner could not name or decode is refused ({@link UnreadableRows}). */
    private RowChange convert(RedoRecord row, String xid) {
        boolean rowChange = row.op().isRowChange();
        if (rowChange && row.segOwner() != null) {
            UnreadableRows.check(row, xid, row.segOwner(), row.tableName()); // before parsing: it may not parse
        }
        RowChange change = converter.convert(row, xid);
        if (rowChange && change != null && row.segOwner() == null) {
            UnreadableRows.check(row, xid, change.owner(), change.table());
        }
        return change;
    }

    /** Removes a buffered row, keeping the count of buffered undo rows (which decides whether pass 1 runs). */
    private void removeRow(RowKey key, RedoRecord row) throws Exception {
        buffer.remove(key);
        bufferedRows--;
        if (row.rollback()) {
            long left = bufferedUndoRows() - 1;
            undoRows.update(left == 0 ? null : left);
        }
    }

    private long bufferedUndoRows() throws Exception {
        Long count = undoRows.value();
        return count == null ? 0 : count;
    }

    private Lcr toLcr(RowChange change, RedoRecord row, String xid, Boundary commit, int ordinal) {
        Position position = Position.of(commit.scn(), commit.key().thread(), commit.key().sequence(),
                commit.recordIndex(), ordinal, row.scn());
        return new Lcr(options.sourceDatabase(), row.container(), change.owner(), change.table(), change.command(),
                xid, row.scn(),
                commit.scn(), row.thread(), row.rsId(), row.ssn(), row.timestamp(), change.oldValues(),
                change.newValues(), change.ddlText(), ordinal, false, position.toHex());
    }

    private void forget(Boundary boundary, List<Boundary> pending) throws Exception {
        boundaries.remove(boundary.key());
        pending.remove(boundary);
        if (boundary.isStart()) {
            openTransactions.remove(currentSlot(), boundary);
        }
    }

    /** The start SCN this run drops earlier commits by. */
    Scn startScn() {
        return startScn;
    }

    /** Open transactions on this subtask (also the "openTransactions" gauge). */
    int openTransactionCount() {
        return openTransactions.size();
    }

    @Override
    public int openTransactions() {
        return openTransactions.size();
    }

    /** Start SCN of the oldest open transaction on this subtask, -1 when none (also a gauge). */
    @Override
    public long oldestOpenStartScn() {
        return openTransactions.oldestScn();
    }

    @Override
    public long bufferedRows() {
        return bufferedRows;
    }

    /**
     * Now minus the redo time of the oldest open transaction's START; 0 when none is open, -1 when that START was
     * restored from a checkpoint (the state keeps no redo times).
     */
    @Override
    public long oldestOpenTransactionAgeMillis() {
        if (openTransactions.oldestScn() < 0) {
            return 0;
        }
        long started = openTransactions.oldestStartTimeMillis();
        return started == OpenTransactions.UNKNOWN_TIME ? -1 : Math.max(0, System.currentTimeMillis() - started);
    }

    /**
     * This subtask's required checkpoint SCN: the oldest open transaction's start SCN, else the completed-SCN
     * frontier; -1 before either is known. The job's value is the minimum over the subtasks.
     */
    @Override
    public long requiredCheckpointScn() {
        long oldest = openTransactions.oldestScn();
        return oldest >= 0 ? oldest : frontier;
    }

    /** The redo TIMESTAMP of a record in this JVM's time zone, or {@link OpenTransactions#UNKNOWN_TIME}. */
    private static long redoTimeMillis(RedoRecord record) {
        try {
            LocalDateTime time = record.timestampValue();
            return time == null ? OpenTransactions.UNKNOWN_TIME
                    : time.atZone(ZoneId.systemDefault()).toInstant().toEpochMilli();
        } catch (DateTimeParseException unreadable) {
            return OpenTransactions.UNKNOWN_TIME; // a metric is no reason to fail; the row itself is checked elsewhere
        }
    }

    /** Slot keys still holding any keyed state (timers aside); zero once every transaction has finished. */
    long slotsHoldingState() throws Exception {
        KeyedStateBackend<Integer> backend = getKeyedStateBackend();
        Set<Integer> slots = new HashSet<>();
        for (String state : AssemblerState.keyedStateNames()) {
            try (Stream<Integer> keys = backend.getKeys(state, VoidNamespace.INSTANCE)) {
                keys.forEach(slots::add);
            }
        }
        return slots.size();
    }

    private int currentSlot() {
        return (Integer) getCurrentKey();
    }

    private void logRequiredCheckpoint(long watermark) {
        OpenTransactions.OpenStart oldest = openTransactions.oldest();
        int subtask = getRuntimeContext().getTaskInfo().getIndexOfThisSubtask();
        if (oldest == null) {
            LOG.info("subtask {}: required checkpoint SCN {} (the completed-SCN frontier; no open transaction)",
                    subtask, watermark + 1);
            return;
        }
        RowKey at = oldest.start().key();
        // no purge advice here: that needs every subtask and the unread logs (the source enumerator gives it)
        LOG.info("subtask {}: required checkpoint SCN {}: oldest open transaction {} started in thread {} sequence "
                        + "{} ({} open transaction(s) on this subtask; the job's value is the minimum over all subtasks)",
                subtask, oldest.scn(), oldest.start().xid(), at.thread(), at.sequence(), openTransactions.size());
    }

    private static String describe(OpenTransactions.OpenStart open) {
        return open == null ? "none" : open.start().xid() + " started at SCN " + open.scn() + " (" + open.start()
                .origin() + ")";
    }
}
