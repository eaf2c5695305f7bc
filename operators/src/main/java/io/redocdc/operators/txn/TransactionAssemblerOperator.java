package io.redocdc.operators.txn;

import static io.redocdc.source.event.FrontierEvent.ALL_READ_WATERMARK;

import io.redocdc.common.flink.HeapHeldEntries;
import io.redocdc.common.flink.KeyedWriteBack;
import io.redocdc.common.flink.StepMail;
import io.redocdc.operators.lcr.Lcr;
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
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.stream.Stream;
import org.apache.flink.api.common.operators.MailboxExecutor;
import org.apache.flink.api.common.state.ListState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.runtime.execution.SuppressRestartsException;
import org.apache.flink.runtime.state.KeyedStateBackend;
import org.apache.flink.runtime.state.StateInitializationContext;
import org.apache.flink.runtime.state.StateSnapshotContext;
import org.apache.flink.runtime.state.VoidNamespace;
import org.apache.flink.runtime.state.heap.HeapKeyedStateBackend;
import org.apache.flink.runtime.state.VoidNamespaceSerializer;
import org.apache.flink.streaming.api.operators.AbstractStreamOperator;
import org.apache.flink.streaming.api.operators.InternalTimer;
import org.apache.flink.streaming.api.operators.InternalTimerService;
import org.apache.flink.streaming.api.operators.StreamingRuntimeContext;
import org.apache.flink.streaming.api.operators.OneInputStreamOperator;
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
 * This class keeps that state, buffers what arrives and drives progress; a timer at each end's SCN hands the
 * slot to the {@link TransactionFinisher}, which pairs ends with their STARTs, discards what needs no output and
 * releases state, and to the {@link CommittedTransactionEmitter}, which applies undo rows, converts and emits. A
 * large transaction goes out in steps of {@link AssemblerOptions#emissionStep()} LCRs, one mailbox mail each, so
 * input and checkpoint barriers are processed between steps (its {@link EmissionCursor} is in keyed state); the
 * watermark that released it is held back until it is out. A
 * custom operator rather than a KeyedProcessFunction, so that the per-subtask set of open transactions can be
 * rebuilt from keyed state on restore and the watermark drives progress logging.
 */
final class TransactionAssemblerOperator extends AbstractStreamOperator<Lcr>
        implements OneInputStreamOperator<RedoRecord, Lcr>, Triggerable<Integer, VoidNamespace>,
        AssemblerMetrics.Figures {

    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(TransactionAssemblerOperator.class);
    private static final long PROGRESS_LOG_INTERVAL_MS = 10_000;
    /** Cached slot-metadata entries before they are written out between checkpoints: some megabytes of heap. */
    private static final int SLOT_METADATA_ENTRIES = 65_536;
    /** Heap for the rows of open transactions before they are written to keyed state between checkpoints. */
    private static final long ROWS_HEAP_BUDGET_BYTES = 64L << 20;
    /** Heap for the changes converted as their rows arrived, kept for their commit (on every backend). */
    private static final long CONVERSIONS_HEAP_BUDGET_BYTES = 64L << 20;

    private final AssemblerOptions options;
    /** The source's retention key: at each checkpoint the open transactions' START logs go to it; null: not. */
    private final String retentionKey;

    private transient RedoOrderBuffer buffer;
    private transient SlotBoundaries boundaries;
    /**
     * Kept for the timers of earlier builds' checkpoints and for the ends registered at each checkpoint for them
     * ({@link #registerEndsAsTimers}); the ends themselves wait in {@link #dueEnds}.
     */
    private transient InternalTimerService<VoidNamespace> timers;
    private transient DueEnds dueEnds;
    private transient RowChangeConverter converter;
    private transient TransactionFinisher finisher;
    private transient OpenTransactions openTransactions;
    private transient long lastProgressLog;
    /** The last watermark processed: the completed-SCN frontier minus one, {@link #ALL_READ_WATERMARK} at the end. */
    private transient long lastWatermark = Long.MIN_VALUE;
    /** Whether {@link #ALL_READ_WATERMARK} was seen, kept across restores ({@link DrainGuard#allReadDescriptor}). */
    private transient ListState<Boolean> allRead;
    /** The job's start SCN: configured on the first start, then the one kept in state ({@link StartScnState}). */
    private transient Scn startScn;
    /** Rows buffered in keyed state on this subtask, counted as they come and go; null before {@link #open}. */
    private transient volatile BufferedRows bufferedRows;
    /** The rows buffered on this subtask as recounted on restore (0 on a first start), until {@link #open}. */
    private transient long restoredRows;
    /** The completed-SCN frontier of the last watermark below {@link #ALL_READ_WATERMARK}; -1 before one. */
    private transient volatile long frontier = -1;
    /** Slots whose emission stopped part way ({@link EmissionCursor}), in the order they go on. */
    private transient Set<Integer> stoppedSlots;
    /** The watermark held back while {@link #stoppedSlots} emit: it passes once they are out. */
    private transient Watermark heldWatermark;
    private transient StepMail steps;
    /**
     * The slots' small state read and written per record (chunk ranges and logs, boundaries, undo-row counts),
     * cached and written to keyed state at each checkpoint: on RocksDB these point reads and writes were a third of
     * the assembler thread (async-profiler, rocksdb:1, 2026-12-07).
     */
    private transient KeyedWriteBack<Integer> slotMetadata;
    /** The slots' rows, held on the heap until a checkpoint: most are committed and gone before it. */
    private transient HeapHeldEntries<Integer, RowKey, RedoRecord> heldRows;
    /** The changes converted as rows arrived, kept for their commit so that each row is parsed once. */
    private transient ArrivalConversions conversions;

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

    @Override
    public void initializeState(StateInitializationContext context) throws Exception {
        super.initializeState(context);
        startScn = StartScnState.initialize(context.getOperatorStateStore(), context.isRestored(), options);
        allRead = DrainGuard.allReadState(context.getOperatorStateStore());
        lastWatermark = DrainGuard.restoredWatermark(allRead);
        openTransactions = new OpenTransactions();
        stoppedSlots = new LinkedHashSet<>();
        dueEnds = new DueEnds();
        if (context.isRestored()) {
            KeyedStateBackend<Integer> backend = getKeyedStateBackend();
            backend.applyToAllKeys(VoidNamespace.INSTANCE, VoidNamespaceSerializer.INSTANCE,
                    EmissionCursor.descriptor(), (slotKey, cursor) -> {
                        if (cursor.value() != null) {
                            stoppedSlots.add(slotKey);
                        }
                    });
            int moved = SlotBoundaries.moveLegacy(backend);
            if (moved > 0) {
                LOG.info("moved the boundaries of {} slot(s) from the map state of an earlier build", moved);
            }
            backend.applyToAllKeys(VoidNamespace.INSTANCE, VoidNamespaceSerializer.INSTANCE,
                    SlotBoundaries.descriptor(), (slotKey, slotBoundaries) -> {
                        for (Boundary boundary : slotBoundaries.value()) {
                            if (boundary.isStart()) {
                                openTransactions.add(slotKey, boundary);
                            } else {
                                dueEnds.add(boundary.scn(), slotKey);
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
            restoredRows = rows[0];
            LOG.info("restored {} open transaction(s) and {} buffered row(s), {} of them part way through their "
                    + "emission; oldest: {}", openTransactions.size(), restoredRows, stoppedSlots.size(),
                    describe(openTransactions.oldest()));
        }
    }

    /**
     * Reports, per redo thread, the oldest log holding the START of a transaction open in this checkpoint to the
     * source's purge advice (io.redocdc.source.retention.LogRetention), through the JobMaster: synchronously, so
     * the report is there before this subtask acknowledges the checkpoint and thus before the checkpoint completes.
     */
    @Override
    public void snapshotState(StateSnapshotContext context) throws Exception {
        slotMetadata.flush(); // before the keyed state backend's snapshot, which follows this method
        heldRows.writeOut();
        registerEndsAsTimers();
        super.snapshotState(context);
        if (!stoppedSlots.isEmpty()) {
            LOG.info("checkpoint {}: {} committed transaction(s) part way through their emission, kept in state",
                    context.getCheckpointId(), stoppedSlots.size());
        }
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

    /**
     * The ends waiting for the watermark as event-time timers too, into this checkpoint: a build that finishes ends
     * by their timers then finishes these after restoring it. This build finds them in the slots' boundaries; their
     * timers fire later and find nothing left to do. A timer per (slot, SCN) at most: registering one again is a
     * no-op.
     */
    private void registerEndsAsTimers() {
        if (dueEnds.isEmpty()) {
            return;
        }
        Integer current = getCurrentKey() == null ? null : currentSlot();
        for (DueEnds.End end : dueEnds.all()) {
            setCurrentKey(end.slot());
            timers.registerEventTimeTimer(VoidNamespace.INSTANCE, end.scn());
        }
        if (current != null) {
            setCurrentKey(current);
        }
    }

    @Override
    public void open() throws Exception {
        super.open();
        slotMetadata = new KeyedWriteBack<>(this::currentSlot, this::setCurrentKey, SLOT_METADATA_ENTRIES);
        // the heap backend's state is a hash map on the heap already: nothing is held in front of it
        long rowsBudget = getKeyedStateBackend() instanceof HeapKeyedStateBackend ? 0 : ROWS_HEAP_BUDGET_BYTES;
        heldRows = new HeapHeldEntries<>(getPartitionedState(RedoOrderBuffer.rowsDescriptor()), this::currentSlot,
                this::setCurrentKey, rowsBudget, RedoOrderBuffer::heapBytes);
        conversions = new ArrivalConversions(this::currentSlot, CONVERSIONS_HEAP_BUDGET_BYTES);
        buffer = new RedoOrderBuffer(heldRows,
                slotMetadata.map(getPartitionedState(RedoOrderBuffer.chunksDescriptor())),
                slotMetadata.value(getPartitionedState(RedoOrderBuffer.logsDescriptor())), conversions);
        boundaries = new SlotBoundaries(slotMetadata.value(getPartitionedState(SlotBoundaries.descriptor())));
        BufferedRows rows = new BufferedRows(buffer, slotMetadata.value(getPartitionedState(undoRowsDescriptor())),
                restoredRows);
        UndoMatcher undoMatcher = new UndoMatcher(getPartitionedState(UndoMatcher.latestDescriptor()),
                getPartitionedState(UndoMatcher.previousDescriptor()));
        LobStatementUndo lobUndo = new LobStatementUndo(buffer,
                getPartitionedState(LobStatementUndo.precedingDescriptor()), options.undoMarkersKept());
        timers = getInternalTimerService("transaction-ends", VoidNamespaceSerializer.INSTANCE, this);
        converter = new RowChangeConverter(options.tableFilter(), new SqlRedoParser(options.nlsFormats()));
        bufferedRows = rows;
        AssemblerMetrics metrics = new AssemblerMetrics(getMetricGroup(), this);
        CommittedTransactionEmitter emitter = new CommittedTransactionEmitter(options, buffer, rows, undoMatcher,
                lobUndo, converter, metrics, output, getPartitionedState(EmissionCursor.descriptor()));
        finisher = new TransactionFinisher(buffer, rows, boundaries, openTransactions, this::currentSlot,
                lobUndo, emitter, metrics, startScn);
        lastProgressLog = System.currentTimeMillis();
        resumeRestoredEmissions();
    }

    /**
     * Emissions a checkpoint caught part way go on at once: the watermark had released them, so their rows are all
     * in state. Their slots' other ends are among the restored {@link #dueEnds}.
     */
    private void resumeRestoredEmissions() {
        if (!stoppedSlots.isEmpty()) {
            queueStep();
        }
    }

    /** Captures the task's mailbox: a stopped emission goes on in mails, between which input and barriers run. */
    @Override
    public void setMailboxExecutor(MailboxExecutor mailboxExecutor) {
        super.setMailboxExecutor(mailboxExecutor);
        steps = new StepMail(mailboxExecutor, "emit the next LCRs of a committed transaction", this::emissionStepMail);
    }

    @Override
    public void processElement(StreamRecord<RedoRecord> element) throws Exception {
        RedoRecord record = element.getValue();
        OperationCode op = record.op();
        boolean isBoundary = op == OperationCode.START || op.endsTransaction();
        RowChange converted = refuseUnconvertibleOnArrival(record);
        RowKey key = buffer.append(record, !isBoundary);
        if (!isBoundary) {
            bufferedRows.added(record);
            if (converted != null) {
                buffer.holdConversion(key, record, converted);
            }
            return;
        }
        Boundary boundary = Boundary.of(record, key);
        boundaries.add(boundary);
        if (boundary.isStart()) {
            openTransactions.add(currentSlot(), boundary, redoTimeMillis(record));
        } else {
            dueEnds.add(record.scn(), currentSlot());
        }
    }

    /**
     * Without dead letters, a row change that cannot be converted fails the job when it arrives, before any
     * checkpoint holds it: fixing the input and restoring from the latest checkpoint then reads the fixed row. Found
     * only at commit, the bad row would be in every later checkpoint. Rows LogMiner could not name (STATUS 2 and 3)
     * are left to the commit: a rollback may still discard them.
     *
     * @return the change, kept for the commit ({@link ArrivalConversions}); null when the row was not converted
     */
    private RowChange refuseUnconvertibleOnArrival(RedoRecord record) {
        if (options.deadLetter()) {
            return null;
        }
        if (record.op() == OperationCode.OTHER) {
            throw new SuppressRestartsException(RowChangeConverter.failure(record, record.xid().toRaw(),
                    CommittedTransactionEmitter.unreadableOperation(record), null));
        }
        if (!record.op().isRowChange() || record.status() != 0) {
            return null;
        }
        try {
            return converter.convert(record, record.xid().toRaw());
        } catch (RowConversionException e) {
            throw new SuppressRestartsException(e);
        }
    }

    /** A timer of an earlier build's checkpoint, or one {@link #registerEndsAsTimers} registered. */
    @Override
    public void onEventTime(InternalTimer<Integer, VoidNamespace> timer) throws Exception {
        endDue(currentSlot(), timer.getTimestamp());
    }

    /** Finishes the slot's transactions whose ends are at or below {@code frontier}; the slot's key is set. */
    private void endDue(int slot, long frontier) throws Exception {
        if (stoppedSlots.contains(slot)) {
            return; // its emission step finishes the slot's other due ends once that transaction is out
        }
        if (!finisher.finishDue(frontier)) {
            stoppedSlots.add(slot);
            queueStep();
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
        if (stoppedSlots.isEmpty()) {
            advance(mark);
        } else {
            heldWatermark = mark;
        }
        long now = System.currentTimeMillis();
        if (now - lastProgressLog >= PROGRESS_LOG_INTERVAL_MS && mark.getTimestamp() < ALL_READ_WATERMARK) {
            lastProgressLog = now;
            logRequiredCheckpoint(mark.getTimestamp());
        }
    }

    /**
     * Finishes the ends up to {@code mark} and passes it on, unless an emission it released stopped part way: the
     * sequencer takes a watermark to mean that every transaction committed at or below it is out.
     */
    private void advance(Watermark mark) throws Exception {
        timeServiceManager.advanceWatermark(mark); // timers: what a checkpoint holds for other builds, then no-ops
        DueEnds.End due;
        while ((due = dueEnds.pollDue(mark.getTimestamp())) != null) {
            setCurrentKey(due.slot());
            endDue(due.slot(), due.scn());
        }
        if (stoppedSlots.isEmpty()) {
            output.emitWatermark(mark);
        } else {
            heldWatermark = mark;
        }
    }

    private void queueStep() {
        if (steps == null) {
            throw new IllegalStateException("the transaction assembler was set up without the task's mailbox");
        }
        steps.queue();
    }

    private void emissionStepMail() throws Exception {
        emissionStep();
        if (!stoppedSlots.isEmpty()) {
            queueStep();
        }
    }

    /** One more step of the first stopped slot; once none is left, the held watermark goes on. */
    private void emissionStep() throws Exception {
        Iterator<Integer> slots = stoppedSlots.iterator();
        if (slots.hasNext()) {
            int slot = slots.next();
            setCurrentKey(slot);
            boolean out;
            try {
                out = finisher.resumeStopped(timers.currentWatermark());
            } catch (RuntimeException failed) {
                stoppedSlots.clear(); // the task fails: nothing more goes out, not even from finish()
                heldWatermark = null;
                throw failed;
            }
            if (out) {
                stoppedSlots.remove(slot);
            }
        }
        if (stoppedSlots.isEmpty() && heldWatermark != null) {
            Watermark held = heldWatermark;
            heldWatermark = null;
            advance(held);
        }
    }

    /** At the end of the input every stopped emission goes out here, in one go, and the last watermark after it. */
    @Override
    public void finish() throws Exception {
        while (!stoppedSlots.isEmpty() || heldWatermark != null) {
            emissionStep();
        }
        super.finish();
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
        BufferedRows rows = bufferedRows;
        return rows == null ? restoredRows : rows.count();
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

    /** The changes kept from the arrival check (for tests). */
    ArrivalConversions conversions() {
        return conversions;
    }

    /** Slot keys still holding any keyed state (timers aside); zero once every transaction has finished. */
    long slotsHoldingState() throws Exception {
        slotMetadata.flush();
        heldRows.writeOut();
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
