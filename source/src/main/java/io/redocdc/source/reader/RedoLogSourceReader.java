package io.redocdc.source.reader;

import io.redocdc.source.catalog.ArchivedLogCatalog;
import io.redocdc.source.catalog.RedoInputException;
import io.redocdc.source.event.BadInputEvent;
import io.redocdc.source.event.FinishedLogsAckEvent;
import io.redocdc.source.event.FrontierEvent;
import io.redocdc.source.event.LogFinishedEvent;
import io.redocdc.source.event.LogRef;
import io.redocdc.source.event.ReaderReadyEvent;
import io.redocdc.source.model.RedoRecord;
import io.redocdc.source.split.RedoLogSplit;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import org.apache.flink.api.common.eventtime.Watermark;
import org.apache.flink.api.connector.source.ReaderOutput;
import org.apache.flink.api.connector.source.SourceEvent;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.connector.base.source.reader.SingleThreadMultiplexSourceReaderBase;
import org.apache.flink.connector.base.source.reader.synchronization.FutureCompletingBlockingQueue;
import org.apache.flink.core.io.InputStatus;
import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.MeterView;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads the archived logs assigned to it one at a time on a fetcher thread ({@link LogContentsSplitReader}),
 * holding the next one while it reads one ({@link #LOGS_HELD}), and emits each record on the task thread with its SCN as timestamp ({@link LogRecordEmitter}). Watermarks come only
 * from the enumerator's completed-SCN frontier ({@code frontier - 1}), also while the reader has no log.
 *
 * <p>Order: every record of a log is emitted before the log is reported finished, and a log stays in this
 * reader's checkpoint (flagged finished) until the enumerator acknowledges the report.
 */
public final class RedoLogSourceReader
        extends SingleThreadMultiplexSourceReaderBase<RedoRecord, RedoRecord, RedoLogSplit, LogReading> {

    private static final Logger LOG = LoggerFactory.getLogger(RedoLogSourceReader.class);

    /** Counter: logs this reader read to their end. */
    public static final String LOGS_READ = "logsRead";
    /** Meter: redo rows handed on per second (the records counted by numRecordsIn). */
    public static final String ROWS_PER_SECOND = "rowsPerSecond";
    /** Window of the rate meters: short enough to show a run's pace, a multiple of Flink's 5 s view updates. */
    public static final int RATE_SECONDS = 10;
    /**
     * Logs a reader holds unfinished: the one its fetcher reads and the next, asked for as soon as the fetcher has
     * one, so that the fetcher goes from log to log without waiting for a split request to travel to the
     * enumerator and back (with the simulator's logs of 3,000 rows, that wait was between every 3,000 rows).
     */
    static final int LOGS_HELD = 2;

    private final Counter logsRead;
    /** Logs handed to the fetcher and not finished yet. */
    private final Set<String> reading = new HashSet<>();
    private final Map<String, RedoLogSplit> finishedUnacknowledged = new LinkedHashMap<>();
    /** Logs restored finished, whose per-split output (created by Flink's SourceOperator) is still held. */
    private final List<String> outputsToRelease = new ArrayList<>();
    private boolean started;
    private boolean splitRequested;
    private boolean noMoreSplits;
    private long frontierWatermark = Long.MIN_VALUE;
    private long emittedWatermark = Long.MIN_VALUE;
    /** Completed by a source event that gives pollNext something to do while no records are fetched. */
    private CompletableFuture<Void> eventArrived = new CompletableFuture<>();

    public RedoLogSourceReader(SourceReaderContext context, ArchivedLogCatalog catalog, long maxScn) {
        super(() -> new LogContentsSplitReader(catalog), new LogRecordEmitter(catalog, maxScn),
                context.getConfiguration(), context);
        this.logsRead = context.metricGroup().counter(LOGS_READ);
        // Flink's numRecordsInPerSecond averages over a minute; this one follows a run's pace within seconds.
        context.metricGroup().meter(ROWS_PER_SECOND,
                new MeterView(context.metricGroup().getIOMetricGroup().getNumRecordsInCounter(), RATE_SECONDS));
    }

    @Override
    public void start() {
        started = true;
        List<LogRef> readingLogs = snapshotOfReading().stream().map(split -> LogRef.of(split.log())).toList();
        List<LogRef> finished = finishedUnacknowledged.values().stream().map(split -> LogRef.of(split.log())).toList();
        context.sendSourceEventToCoordinator(new ReaderReadyEvent(readingLogs, finished));
        requestSplitIfShort();
    }

    @Override
    public InputStatus pollNext(ReaderOutput<RedoRecord> output) throws Exception {
        releaseRestoredFinishedOutputs(output);
        if (frontierWatermark > emittedWatermark) {
            output.emitWatermark(new Watermark(frontierWatermark));
            emittedWatermark = frontierWatermark;
        }
        try {
            return super.pollNext(output);
        } catch (RuntimeException failure) {
            RedoInputException badInput = badInputIn(failure);
            if (badInput == null) {
                throw failure;
            }
            context.sendSourceEventToCoordinator(new BadInputEvent(badInput.getMessage()));
            throw RedoInputException.unrecoverable(badInput);
        }
    }

    /** Bad input found on the fetcher thread reaches this one wrapped by the fetcher manager. */
    private static RedoInputException badInputIn(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof RedoInputException badInput) {
                return badInput;
            }
        }
        return null;
    }

    /**
     * Flink's SourceOperator creates an output and a split metric group for every split it hands over; only the
     * reader can release them. The base class releases those of the logs it reads; this, those restored finished.
     */
    private void releaseRestoredFinishedOutputs(ReaderOutput<RedoRecord> output) {
        if (!outputsToRelease.isEmpty()) {
            outputsToRelease.forEach(output::releaseOutputForSplit);
            outputsToRelease.clear();
        }
    }

    @Override
    public CompletableFuture<Void> isAvailable() {
        if (frontierWatermark > emittedWatermark || !outputsToRelease.isEmpty()) {
            return FutureCompletingBlockingQueue.AVAILABLE;
        }
        CompletableFuture<Void> records = super.isAvailable();
        if (records.isDone()) {
            return records;
        }
        if (eventArrived.isDone()) {
            eventArrived = new CompletableFuture<>();
        }
        return CompletableFuture.anyOf(records, eventArrived).thenApply(ignored -> null);
    }

    @Override
    protected LogReading initializedState(RedoLogSplit split) {
        return new LogReading(split);
    }

    @Override
    protected RedoLogSplit toSplitType(String splitId, LogReading reading) {
        return reading.state().toSplit();
    }

    @Override
    public void addSplits(List<RedoLogSplit> splits) {
        List<RedoLogSplit> toRead = new ArrayList<>();
        for (RedoLogSplit split : splits) {
            requireNew(split);
            if (split.finished()) {
                finishedUnacknowledged.put(split.splitId(), split);
                outputsToRelease.add(split.splitId());
                if (started) {
                    context.sendSourceEventToCoordinator(new LogFinishedEvent(LogRef.of(split.log())));
                }
            } else {
                reading.add(split.splitId());
                toRead.add(split);
            }
        }
        splitRequested = false;
        if (!toRead.isEmpty()) {
            super.addSplits(toRead);
        }
        requestSplitIfShort();
        eventArrived.complete(null);
    }

    private void requireNew(RedoLogSplit split) {
        if (finishedUnacknowledged.containsKey(split.splitId()) || reading.contains(split.splitId())) {
            throw new IllegalStateException("reader " + context.getIndexOfSubtask() + " already holds "
                    + split.log().id() + "; a log must be read once");
        }
    }

    @Override
    protected void onSplitFinished(Map<String, LogReading> finished) {
        finished.forEach((splitId, log) -> {
            log.state().markFinished();
            RedoLogSplit split = log.state().toSplit();
            reading.remove(splitId);
            finishedUnacknowledged.put(splitId, split);
            context.sendSourceEventToCoordinator(new LogFinishedEvent(LogRef.of(split.log())));
            logsRead.inc();
            LOG.info("Finished {}: {}", split.log().id(), log.describe());
        });
        requestSplitIfShort();
    }

    /** One request at a time, while the reader holds fewer than {@link #LOGS_HELD} logs to read. */
    private void requestSplitIfShort() {
        if (started && reading.size() < LOGS_HELD && !noMoreSplits && !splitRequested) {
            splitRequested = true;
            context.sendSplitRequest();
        }
    }

    @Override
    public List<RedoLogSplit> snapshotState(long checkpointId) {
        List<RedoLogSplit> splits = snapshotOfReading();
        splits.addAll(finishedUnacknowledged.values());
        return splits;
    }

    private List<RedoLogSplit> snapshotOfReading() {
        return new ArrayList<>(super.snapshotState(-1));
    }

    @Override
    public void notifyNoMoreSplits() {
        noMoreSplits = true;
        super.notifyNoMoreSplits();
    }

    @Override
    public void handleSourceEvents(SourceEvent event) {
        if (event instanceof FrontierEvent frontier) {
            frontierWatermark = Math.max(frontierWatermark, frontier.watermark());
            eventArrived.complete(null);
        } else if (event instanceof FinishedLogsAckEvent ack) {
            ack.logs().forEach(log -> finishedUnacknowledged.remove(log.id().fileStem()));
        } else {
            throw new IllegalArgumentException("unexpected source event for reader " + context.getIndexOfSubtask()
                    + ": " + event);
        }
    }
}
