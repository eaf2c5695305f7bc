package io.redocdc.operators.ordering;

import io.redocdc.common.flink.StepMail;
import io.redocdc.operators.lcr.Lcr;
import io.redocdc.operators.lcr.Position;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
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
 * Buffers LCRs per transaction in keyed state and, when the watermark passes a commit SCN, emits every
 * transaction committed up to there in position order (commit SCN, then commit thread, then the commit record's
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
 * operator rather than a KeyedProcessFunction for the mailbox; its timer service keeps KeyedProcessOperator's name,
 * so the savepoints of the earlier function restore.
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

    private final int emissionStep;
    private final boolean wholeTransactions;

    private transient MapState<BufferedLcrKey, Lcr> buffered;
    private transient MapState<String, PendingTransaction> pending;
    private transient MapState<Long, String[]> pendingByCommitScn;
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
    /** Transactions due at {@link #dueWatermark} and not yet out, by transaction id (position order). */
    private transient TreeMap<String, Long> due;
    private transient long dueWatermark;
    /** The watermark held back while {@link #due} transactions are still going out. */
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
        if (emissionStep < 1) {
            throw new IllegalArgumentException("emissionStep must be at least 1 LCR, got " + emissionStep);
        }
        this.emissionStep = emissionStep;
        this.wholeTransactions = wholeTransactions;
    }

    @Override
    public void open() throws Exception {
        super.open();
        buffered = getPartitionedState(SequencerState.bufferedLcrs());
        pending = getPartitionedState(SequencerState.pendingTransactions());
        pendingByCommitScn = getPartitionedState(SequencerState.pendingByCommitScn());
        processedLowPosition = getPartitionedState(SequencerState.processedLowPosition());
        nextToEmit = getPartitionedState(SequencerState.nextToEmit());
        timers = getInternalTimerService("user-timers", VoidNamespaceSerializer.INSTANCE, this);
        out = new TimestampedCollector<>(output);
        var metrics = getMetricGroup();
        metrics.gauge("processedLowPosition", (Gauge<String>) () -> lastEmitted == null ? "" : lastEmitted.toHex());
        metrics.gauge("processedCommitScn", (Gauge<Long>) () -> lastEmitted == null ? -1L : lastEmitted.commitScn());
        metrics.gauge("emittedTransactions", (Gauge<Long>) () -> emittedTransactions);
        emittedLcrs = metrics.counter(EMITTED_LCRS);
        metrics.meter(EMITTED_LCRS_PER_SECOND, new MeterView(emittedLcrs, RATE_SECONDS));
        lastProgressLog = System.currentTimeMillis();
        setCurrentKey(KEY);
        if (processedLowPosition.value() != null) {
            lastEmitted = Position.fromHex(processedLowPosition.value());
        }
        resumeAt = nextToEmit.value();
        if (restored) {
            restoreTimers();
        }
    }

    @Override
    public void initializeState(StateInitializationContext context) throws Exception {
        super.initializeState(context);
        restored = context.isRestored();
    }

    /**
     * A checkpoint may have been taken while due transactions were going out: their timers fired before it, so
     * each pending transaction's timer is registered again (a timer that exists is not doubled).
     */
    private void restoreTimers() throws Exception {
        Map<Long, List<String>> byCommitScn = new HashMap<>();
        for (Map.Entry<String, PendingTransaction> entry : pending.entries()) {
            byCommitScn.computeIfAbsent(entry.getValue().commitScn(), scn -> new ArrayList<>()).add(entry.getKey());
        }
        for (Map.Entry<Long, List<String>> transactions : byCommitScn.entrySet()) {
            // rebuilt, not trusted: savepoints of earlier builds have no such index
            pendingByCommitScn.put(transactions.getKey(), transactions.getValue().toArray(String[]::new));
            timers.registerEventTimeTimer(VoidNamespace.INSTANCE, transactions.getKey());
        }
        if (resumeAt != null) {
            LOG.info("restored part way through emitting transaction {}: it goes on at LCR ordinal {}",
                    resumeAt.transactionId(), resumeAt.ordinal());
        }
    }

    @Override
    public void snapshotState(StateSnapshotContext context) throws Exception {
        super.snapshotState(context);
        if (hasDue()) {
            LOG.info("checkpoint {}: {} transaction(s) released and not yet out{}", context.getCheckpointId(),
                    due.size(), resumeAt == null ? "" : "; transaction " + resumeAt.transactionId() + " goes on at "
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
        PendingTransaction header = pending.get(transaction);
        if (header == null) {
            header = PendingTransaction.first(lcr.commitScn());
            timers.registerEventTimeTimer(VoidNamespace.INSTANCE, lcr.commitScn());
            index(lcr.commitScn(), transaction);
        } else if (header.commitScn() != lcr.commitScn()) {
            throw new IllegalStateException("LCR " + describe(lcr) + " disagrees with earlier LCRs of its transaction"
                    + " (commit SCN " + header.commitScn() + ")");
        }
        if (!header.expects(lcr.ordinal())) {
            throw new IllegalStateException("LCR " + describe(lcr) + " is not the next of its transaction: "
                    + header.received() + " received" + (header.isComplete() ? ", the last among them" : "")
                    + " (duplicate or bad ordinal)");
        }
        pending.put(transaction, header.withOneMore(lcr.ordinal(), lcr.lastInTransaction()));
        buffered.put(new BufferedLcrKey(transaction, lcr.ordinal()), lcr);
    }

    /**
     * All timers up to a new watermark fire in one go, one per commit SCN; each adds the transactions committed at
     * its SCN to a small sorted list, which the emission steps then take from in position order. A new watermark
     * is only taken once that list is out, so the list holds what the watermark released.
     */
    @Override
    public void onEventTime(InternalTimer<Integer, VoidNamespace> timer) throws Exception {
        if (due == null) {
            due = new TreeMap<>();
        }
        dueWatermark = timers.currentWatermark();
        String[] transactions = pendingByCommitScn.get(timer.getTimestamp());
        if (transactions != null) {
            for (String transaction : transactions) {
                due.put(transaction, timer.getTimestamp());
            }
        }
    }

    private void index(long commitScn, String transaction) throws Exception {
        String[] others = pendingByCommitScn.get(commitScn);
        String[] all = others == null ? new String[1] : Arrays.copyOf(others, others.length + 1);
        all[all.length - 1] = transaction;
        pendingByCommitScn.put(commitScn, all);
    }

    private void unindex(long commitScn, String transaction) throws Exception {
        String[] all = pendingByCommitScn.get(commitScn);
        String[] rest = all == null ? new String[0]
                : Arrays.stream(all).filter(other -> !other.equals(transaction)).toArray(String[]::new);
        if (rest.length == 0) {
            pendingByCommitScn.remove(commitScn);
        } else {
            pendingByCommitScn.put(commitScn, rest);
        }
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
     * Fires the timers up to {@code mark} and emits a first step of what they release; the watermark passes on
     * once all of it is out, the rest goes out in mails.
     */
    private void advance(Watermark mark) throws Exception {
        timeServiceManager.advanceWatermark(mark);
        emissionStep();
        if (hasDue()) {
            heldWatermark = mark;
            queueStep();
        } else {
            output.emitWatermark(mark);
        }
    }

    private boolean hasDue() {
        return due != null && !due.isEmpty();
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
            // lower-case hex of the big-endian position prefix sorts like its unsigned bytes: position order
            while (hasDue() && budget > 0) { // a transaction that stops part way uses up the budget
                String transaction = due.firstKey();
                budget -= emit(transaction, pending.get(transaction), wholeTransactions ? Integer.MAX_VALUE : budget);
            }
            if (emittedTransactions != transactionsBefore) {
                processedLowPosition.update(lastEmitted.toHex());
            }
        } catch (RuntimeException failed) {
            due = null; // the task fails: nothing more goes out, not even from finish()
            heldWatermark = null;
            throw failed;
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
     * Emits the next LCRs of a due transaction, at most {@code limit}; when its last is out, it leaves the due list
     * and the buffer.
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
            BufferedLcrKey key = new BufferedLcrKey(transaction, ordinal);
            Lcr lcr = buffered.get(key);
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
            buffered.remove(key);
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
            unindex(header.commitScn(), transaction);
            due.remove(transaction);
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
