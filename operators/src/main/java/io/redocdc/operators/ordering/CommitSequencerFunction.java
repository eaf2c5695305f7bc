package io.redocdc.operators.ordering;

import io.redocdc.operators.lcr.Lcr;
import io.redocdc.operators.lcr.Position;
import java.util.Map;
import java.util.TreeMap;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.MapState;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.Gauge;
import org.apache.flink.metrics.MeterView;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.util.Collector;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Buffers LCRs per transaction in keyed state and, when the watermark passes a commit SCN, emits every
 * transaction committed up to there in position order (commit SCN, then commit thread, then the commit record's
 * place in the redo), one LCR at a time. The assembler emits a transaction before forwarding the watermark that
 * released it, so at watermark W every transaction committed at or below W is complete here; anything else is a
 * bug and fails the job, as does a position that does not increase.
 *
 * <p>Tracks the processed low position: the position of the last LCR of the last transaction emitted.
 */
final class CommitSequencerFunction extends KeyedProcessFunction<Integer, Lcr, Lcr> {

    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(CommitSequencerFunction.class);
    private static final long PROGRESS_LOG_INTERVAL_MS = 10_000;
    /** Counter: LCRs handed to the sinks in commit order. */
    static final String EMITTED_LCRS = "emittedLcrs";
    /** Meter: LCRs handed to the sinks per second (changes/s), over {@link #RATE_SECONDS}. */
    static final String EMITTED_LCRS_PER_SECOND = "emittedLcrsPerSecond";
    private static final int RATE_SECONDS = 10;

    private transient MapState<BufferedLcrKey, Lcr> buffered;
    private transient MapState<String, PendingTransaction> pending;
    private transient ValueState<String> processedLowPosition;
    private transient Position lastEmitted;
    /** Transactions due at {@link #dueWatermark}, by transaction id (position order), to their commit SCN. */
    private transient TreeMap<String, Long> due;
    private transient long dueWatermark;
    private transient volatile long emittedTransactions;
    private transient Counter emittedLcrs;
    private transient long lastProgressLog;
    private transient long transactionsAtLastLog;

    @Override
    public void open(OpenContext openContext) {
        buffered = getRuntimeContext().getMapState(SequencerState.bufferedLcrs());
        pending = getRuntimeContext().getMapState(SequencerState.pendingTransactions());
        processedLowPosition = getRuntimeContext().getState(SequencerState.processedLowPosition());
        var metrics = getRuntimeContext().getMetricGroup();
        metrics.gauge("processedLowPosition", (Gauge<String>) () -> lastEmitted == null ? "" : lastEmitted.toHex());
        metrics.gauge("processedCommitScn", (Gauge<Long>) () -> lastEmitted == null ? -1L : lastEmitted.commitScn());
        metrics.gauge("emittedTransactions", (Gauge<Long>) () -> emittedTransactions);
        emittedLcrs = metrics.counter(EMITTED_LCRS);
        metrics.meter(EMITTED_LCRS_PER_SECOND, new MeterView(emittedLcrs, RATE_SECONDS));
        lastProgressLog = System.currentTimeMillis();
    }

    @Override
    public void processElement(Lcr lcr, Context ctx, Collector<Lcr> out) throws Exception {
        long watermark = ctx.timerService().currentWatermark();
        if (lcr.commitScn() <= watermark) {
            throw new IllegalStateException("LCR " + describe(lcr) + " arrived after the watermark (" + watermark
                    + ") passed its commit SCN: the assembler must emit a transaction before that watermark");
        }
        String transaction = lcr.positionValue().transactionId();
        PendingTransaction header = pending.get(transaction);
        if (header == null) {
            header = PendingTransaction.first(lcr.commitScn());
            ctx.timerService().registerEventTimeTimer(lcr.commitScn());
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

    @Override
    public void onTimer(long timestamp, OnTimerContext ctx, Collector<Lcr> out) throws Exception {
        if (lastEmitted == null && processedLowPosition.value() != null) {
            lastEmitted = Position.fromHex(processedLowPosition.value());
        }
        // All timers up to a new watermark fire in one go; the pending headers are scanned once per watermark
        // (not once per commit SCN) into a small sorted list that the timers then take from in position order.
        long watermark = ctx.timerService().currentWatermark();
        if (due == null || dueWatermark != watermark) {
            due = new TreeMap<>();
            for (Map.Entry<String, PendingTransaction> entry : pending.entries()) {
                if (entry.getValue().commitScn() <= watermark) {
                    due.put(entry.getKey(), entry.getValue().commitScn());
                }
            }
            dueWatermark = watermark;
        }
        // Lower-case hex of the big-endian prefix sorts like the unsigned bytes: position order.
        boolean emitted = false;
        while (!due.isEmpty() && due.firstEntry().getValue() <= timestamp) {
            String transaction = due.pollFirstEntry().getKey();
            emit(transaction, pending.get(transaction), timestamp, out);
            pending.remove(transaction);
            emittedTransactions++;
            emitted = true;
        }
        if (emitted) {
            processedLowPosition.update(lastEmitted.toHex());
        }
        maybeLogProgress();
    }

    private void emit(String transaction, PendingTransaction header, long watermark, Collector<Lcr> out)
            throws Exception {
        if (!header.isComplete()) {
            throw new IllegalStateException("transaction " + transaction + " (commit SCN " + header.commitScn()
                    + ") has " + header.received() + " LCR(s) but not its last at watermark " + watermark
                    + ": the assembler must emit a whole transaction before the watermark passes its commit SCN");
        }
        for (int ordinal = 0; ordinal < header.size(); ordinal++) {
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
