package io.redocdc.operators.ordering;

import io.redocdc.common.flink.StepMail;
import io.redocdc.operators.lcr.Lcr;
import io.redocdc.operators.lcr.Position;
import org.apache.flink.api.common.operators.MailboxExecutor;
import org.apache.flink.api.common.state.MapState;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.Gauge;
import org.apache.flink.metrics.MeterView;
import org.apache.flink.runtime.state.StateInitializationContext;
import org.apache.flink.runtime.state.StateSnapshotContext;
import org.apache.flink.runtime.state.VoidNamespace;
import org.apache.flink.runtime.state.VoidNamespaceSerializer;
import org.apache.flink.streaming.api.operators.AbstractStreamOperator;
import org.apache.flink.streaming.api.operators.InternalTimer;
import org.apache.flink.streaming.api.operators.InternalTimerService;
import org.apache.flink.streaming.api.operators.OneInputStreamOperator;
import org.apache.flink.streaming.api.operators.TimestampedCollector;
import org.apache.flink.streaming.api.operators.Triggerable;
import org.apache.flink.streaming.api.watermark.Watermark;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Holds LCRs per transaction ({@link PendingTransactions}: on the heap within a budget, in keyed state beyond it and
 * at checkpoints) and, when the watermark passes a commit SCN, emits every transaction committed up to there in
 * position order (commit SCN, then commit thread, then the commit record's
 * place in the redo), one LCR at a time. The assembler emits a transaction before forwarding the watermark that
 * released it, so at watermark W every transaction committed at or below W is complete here; anything else is a
 * bug and fails the job, as does a position that does not increase.
 *
 * <p>What a watermark releases goes out in steps of {@code emissionStep} LCRs, one mailbox mail each, so input and
 * checkpoint barriers are processed between steps; the watermark itself passes on once all of it is out. A step
 * ends within a transaction (the next ordinal is kept in state), or, for sinks that hold the open transaction in
 * their own checkpoint state ({@code wholeTransactions}), only between transactions.
 *
 * <p>Tracks the processed low position: the position of the last LCR of the last transaction emitted. A custom
 * operator rather than a KeyedProcessFunction for the mailbox. Builds up to dbccffc (2026-12-07) released
 * transactions with an event-time timer per commit SCN, in a timer service named as KeyedProcessOperator's: the
 * service is still set up so that the timers of their savepoints fire, and do nothing; the pending transactions
 * are read from the headers instead.
 */
final class CommitSequencerOperator extends AbstractStreamOperator<Lcr>
        implements OneInputStreamOperator<Lcr, Lcr>, Triggerable<Integer, VoidNamespace> {

    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(CommitSequencerOperator.class);
    private static final long PROGRESS_LOG_INTERVAL_MS = 10_000;
    /** The only key: the buffer lives in keyed MapState, which spills to disk with RocksDB. */
    static final Integer KEY = 0;
    /** Counter: LCRs handed to the sinks in commit order. */
    static final String EMITTED_LCRS = "emittedLcrs";
    /** Meter: LCRs handed to the sinks per second (changes/s), over {@link #RATE_SECONDS}. */
    static final String EMITTED_LCRS_PER_SECOND = "emittedLcrsPerSecond";
    private static final int RATE_SECONDS = 10;
    /** Heap for LCRs waiting for their watermark before they go to keyed state. */
    static final long DEFAULT_HEAP_BUDGET_BYTES = 64L << 20;

    private final int emissionStep;
    private final boolean wholeTransactions;
    private final long heapBudgetBytes;

    private transient PendingTransactions pending;
    private transient ValueState<String> processedLowPosition;
    private transient ValueState<BufferedLcrKey> nextToEmit;
    /**
     * {@link #nextToEmit}'s value, kept here so that the state is read once and written only when a step stops
     * part way through a transaction, not once per transaction.
     */
    private transient BufferedLcrKey resumeAt;
    private transient InternalTimerService<VoidNamespace> timers;
    private transient TimestampedCollector<Lcr> out;
    private transient Position lastEmitted;
    /** The watermark that released the transactions going out: those committed at or below it. */
    private transient long dueWatermark = Long.MIN_VALUE;
    /** Set when an emission failed: nothing more goes out, not even from finish(). */
    private transient boolean failed;
    /** The watermark held back while due transactions are still going out. */
    private transient Watermark heldWatermark;
    private transient StepMail steps;
    private transient boolean restored;
    private transient volatile long emittedTransactions;
    private transient Counter emittedLcrs;
    private transient long lastProgressLog;
    private transient long transactionsAtLastLog;

    /**
     * @param emissionStep      LCRs emitted per mailbox step
     * @param wholeTransactions true: a step ends only between transactions
     */
    CommitSequencerOperator(int emissionStep, boolean wholeTransactions) {
        this(emissionStep, wholeTransactions, DEFAULT_HEAP_BUDGET_BYTES);
    }

    /** @param heapBudgetBytes heap for waiting LCRs ({@link PendingTransactions#weight}); beyond it, keyed state */
    CommitSequencerOperator(int emissionStep, boolean wholeTransactions, long heapBudgetBytes) {
        if (emissionStep < 1) {
            throw new IllegalArgumentException("emissionStep must be at least 1 LCR, got " + emissionStep);
        }
        this.emissionStep = emissionStep;
        this.wholeTransactions = wholeTransactions;
        this.heapBudgetBytes = heapBudgetBytes;
    }

    @Override
    public void open() throws Exception {
        super.open();
        pending = new PendingTransactions(getPartitionedState(SequencerState.bufferedLcrs()),
                getPartitionedState(SequencerState.pendingTransactions()), heapBudgetBytes);
        processedLowPosition = getPartitionedState(SequencerState.processedLowPosition());
        nextToEmit = getPartitionedState(SequencerState.nextToEmit());
        timers = getInternalTimerService("user-timers", VoidNamespaceSerializer.INSTANCE, this);
        out = new TimestampedCollector<>(output);
        var metrics = getMetricGroup();
        metrics.gauge("processedLowPosition", (Gauge<String>) () -> lastEmitted == null ? "" : lastEmitted.toHex());
        metrics.gauge("processedCommitScn", (Gauge<Long>) () -> lastEmitted == null ? -1L : lastEmitted.commitScn());
        metrics.gauge("emittedTransactions", (Gauge<Long>) () -> emittedTransactions);
        metrics.gauge("pendingTransactions", (Gauge<Integer>) () -> pending.size());
        emittedLcrs = metrics.counter(EMITTED_LCRS);
        metrics.meter(EMITTED_LCRS_PER_SECOND, new MeterView(emittedLcrs, RATE_SECONDS));
        lastProgressLog = System.currentTimeMillis();
        setCurrentKey(KEY);
        if (processedLowPosition.value() != null) {
            lastEmitted = Position.fromHex(processedLowPosition.value());
        }
        resumeAt = nextToEmit.value();
        if (restored) {
            restorePending();
        }
    }

    @Override
    public void initializeState(StateInitializationContext context) throws Exception {
        super.initializeState(context);
        restored = context.isRestored();
    }

    /**
     * The pending transactions of the checkpoint, released by the next watermark that passes their commit SCN (one
     * taken part way out goes on at {@link #resumeAt}). The index by commit SCN of the builds from 4d4fb4a to
     * dbccffc is not needed any more: cleared, so that it does not stay in every later checkpoint.
     */
    private void restorePending() throws Exception {
        pending.restore();
        MapState<Long, String[]> formerIndex = getPartitionedState(SequencerState.pendingByCommitScn());
        formerIndex.clear();
        if (resumeAt != null) {
            LOG.info("restored part way through emitting transaction {}: it goes on at LCR ordinal {}",
                    resumeAt.transactionId(), resumeAt.ordinal());
        }
    }

    @Override
    public void snapshotState(StateSnapshotContext context) throws Exception {
        super.snapshotState(context);
        setCurrentKey(KEY);
        pending.writeOut(); // before the keyed state backend's snapshot, which runs after this method
        if (hasDue()) {
            LOG.info("checkpoint {}: transactions released by watermark {} not yet out{}", context.getCheckpointId(),
                    dueWatermark, resumeAt == null ? "" : "; transaction " + resumeAt.transactionId() + " goes on at "
                            + "LCR ordinal " + resumeAt.ordinal());
        }
    }

    /** Captures the task's mailbox, in which the steps of an emission run. */
    @Override
    public void setMailboxExecutor(MailboxExecutor mailboxExecutor) {
        super.setMailboxExecutor(mailboxExecutor);
        steps = new StepMail(mailboxExecutor, "emit the next LCRs in commit order", this::emissionStepMail);
    }

    @Override
    public void processElement(StreamRecord<Lcr> element) throws Exception {
        Lcr lcr = element.getValue();
        long watermark = timers.currentWatermark();
        if (lcr.commitScn() <= watermark) {
            throw new IllegalStateException("LCR " + describe(lcr) + " arrived after the watermark (" + watermark
                    + ") passed its commit SCN: the assembler must emit a transaction before that watermark");
        }
        String transaction = lcr.positionValue().transactionId();
        PendingTransaction header = pending.header(transaction);
        if (header == null) {
            header = PendingTransaction.first(lcr.commitScn());
        } else if (header.commitScn() != lcr.commitScn()) {
            throw new IllegalStateException("LCR " + describe(lcr) + " disagrees with earlier LCRs of its transaction"
                    + " (commit SCN " + header.commitScn() + ")");
        }
        if (!header.expects(lcr.ordinal())) {
            throw new IllegalStateException("LCR " + describe(lcr) + " is not the next of its transaction: "
                    + header.received() + " received" + (header.isComplete() ? ", the last among them" : "")
                    + " (duplicate or bad ordinal)");
        }
        pending.add(transaction, header.withOneMore(lcr.ordinal(), lcr.lastInTransaction()), lcr);
    }

    /** Timers of savepoints of earlier builds (see the class comment): the watermark releases their transactions. */
    @Override
    public void onEventTime(InternalTimer<Integer, VoidNamespace> timer) {
    }

    @Override
    public void onProcessingTime(InternalTimer<Integer, VoidNamespace> timer) {
        throw new IllegalStateException("the commit sequencer registers no processing-time timers");
    }

    @Override
    public void processWatermark(Watermark mark) throws Exception {
        if (hasDue()) {
            heldWatermark = mark;
        } else {
            advance(mark);
        }
    }

    /**
     * Releases the transactions committed at or below {@code mark} and emits a first step of them; the watermark
     * passes on once all of them are out, the rest goes out in mails. A new watermark is only taken once they are
     * out, and what arrives meanwhile commits above the watermark, so the released ones stay the first pending.
     */
    private void advance(Watermark mark) throws Exception {
        timeServiceManager.advanceWatermark(mark);
        dueWatermark = mark.getTimestamp();
        emissionStep();
        if (hasDue()) {
            heldWatermark = mark;
            queueStep();
        } else {
            output.emitWatermark(mark);
        }
    }

    private boolean hasDue() {
        String first = pending.first();
        return !failed && first != null && pending.header(first).commitScn() <= dueWatermark;
    }

    private void queueStep() {
        if (steps == null) {
            throw new IllegalStateException("the commit sequencer was set up without the task's mailbox");
        }
        steps.queue();
    }

    private void emissionStepMail() throws Exception {
        emissionStep();
        if (hasDue()) {
            queueStep();
        } else {
            releaseHeldWatermark();
        }
    }

    /** Once what a watermark released is out, that watermark (or a later one that came meanwhile) goes on. */
    private void releaseHeldWatermark() throws Exception {
        if (heldWatermark != null) {
            Watermark held = heldWatermark;
            heldWatermark = null;
            advance(held);
        }
    }

    /** Emits up to {@link #emissionStep} LCRs of the due transactions. */
    private void emissionStep() throws Exception {
        setCurrentKey(KEY);
        int budget = emissionStep;
        long transactionsBefore = emittedTransactions;
        try {
            while (hasDue() && budget > 0) { // a transaction that stops part way uses up the budget
                String transaction = pending.first(); // position order
                int limit = wholeTransactions ? Integer.MAX_VALUE : budget;
                budget -= emit(transaction, pending.header(transaction), limit);
            }
            if (emittedTransactions != transactionsBefore) {
                processedLowPosition.update(lastEmitted.toHex());
            }
        } catch (RuntimeException e) {
            failed = true; // the task fails: nothing more goes out, not even from finish()
            heldWatermark = null;
            throw e;
        }
        maybeLogProgress();
    }

    /** At the end of the input, whatever is due goes out here, in one go, and the last watermark after it. */
    @Override
    public void finish() throws Exception {
        while (hasDue() || heldWatermark != null) {
            emissionStep();
            if (!hasDue()) {
                releaseHeldWatermark();
            }
        }
        super.finish();
    }

    /**
     * Emits the next LCRs of a due transaction, at most {@code limit}; when its last is out, it leaves the pending
     * transactions.
     *
     * @return the LCRs emitted
     */
    private int emit(String transaction, PendingTransaction header, int limit) throws Exception {
        if (!header.isComplete()) {
            throw new IllegalStateException("transaction " + transaction + " (commit SCN " + header.commitScn()
                    + ") has " + header.received() + " LCR(s) but not its last at watermark " + dueWatermark
                    + ": the assembler must emit a whole transaction before the watermark passes its commit SCN");
        }
        int ordinal = resumeAt != null && resumeAt.transactionId().equals(transaction) ? resumeAt.ordinal() : 0;
        int stop = (int) Math.min(header.size(), (long) ordinal + limit);
        int first = ordinal;
        out.setAbsoluteTimestamp(header.commitScn());
        for (; ordinal < stop; ordinal++) {
            Lcr lcr = pending.take(transaction, ordinal);
            if (lcr == null) {
                throw new IllegalStateException("transaction " + transaction + ": LCR ordinal " + ordinal
                        + " is missing from the buffer although " + header.received() + " were counted");
            }
            Position position = lcr.positionValue();
            if (lastEmitted != null && position.compareTo(lastEmitted) <= 0) {
                throw new IllegalStateException("position " + position + " of LCR " + describe(lcr)
                        + " does not follow the last emitted position " + lastEmitted + ": commit order broken");
            }
            out.collect(lcr);
            emittedLcrs.inc();
            lastEmitted = position;
        }
        if (ordinal < header.size()) {
            resumeAt = new BufferedLcrKey(transaction, ordinal);
            nextToEmit.update(resumeAt);
        } else {
            if (resumeAt != null) {
                resumeAt = null;
                nextToEmit.clear();
            }
            pending.remove(transaction);
            emittedTransactions++;
        }
        return ordinal - first;
    }

    private void maybeLogProgress() {
        long now = System.currentTimeMillis();
        long elapsed = now - lastProgressLog;
        if (elapsed < PROGRESS_LOG_INTERVAL_MS || lastEmitted == null) {
            return;
        }
        double perSecond = (emittedTransactions - transactionsAtLastLog) * 1000.0 / elapsed;
        LOG.info("processed low position {} (commit SCN {}); {} transactions/s over the last {} s",
                lastEmitted, lastEmitted.commitScn(), String.format("%.1f", perSecond), elapsed / 1000);
        lastProgressLog = now;
        transactionsAtLastLog = emittedTransactions;
    }

    private static String describe(Lcr lcr) {
        return lcr.qualifiedTable() + " " + lcr.command() + " XID " + lcr.xid() + " SCN " + lcr.scn() + " commit SCN "
                + lcr.commitScn() + " ordinal " + lcr.ordinal() + (lcr.lastInTransaction() ? " (last)" : "")
                + " position " + lcr.position();
    }
}
