package io.redocdc.source.reader;

import io.redocdc.source.catalog.ArchivedLogCatalog;
import io.redocdc.source.catalog.LogContentsReader;
import io.redocdc.source.catalog.RedoInputException;
import io.redocdc.source.event.FinishedLogsAckEvent;
import io.redocdc.source.event.FrontierEvent;
import io.redocdc.source.event.LogFinishedEvent;
import io.redocdc.source.event.LogRef;
import io.redocdc.source.event.ReaderReadyEvent;
import io.redocdc.source.model.ArchivedLog;
import io.redocdc.source.model.RedoRecord;
import io.redocdc.source.model.ResumePoint;
import io.redocdc.source.split.RedoLogSplit;
import io.redocdc.source.split.RedoLogSplitState;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.apache.flink.api.common.eventtime.Watermark;
import org.apache.flink.api.connector.source.ReaderOutput;
import org.apache.flink.api.connector.source.SourceEvent;
import org.apache.flink.api.connector.source.SourceReader;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.core.io.InputStatus;
import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.MeterView;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads one archived log at a time, synchronously, in small batches per {@link #pollNext} call, and emits each
 * record with its SCN as timestamp. Watermarks come only from the enumerator's completed-SCN frontier
 * ({@code frontier - 1}), also while the reader has no log.
 *
 * <p>Order: every record of a log is emitted before the log is reported finished, and a log stays in this
 * reader's checkpoint (flagged finished) until the enumerator acknowledges the report.
 */
public final class RedoLogSourceReader implements SourceReader<RedoRecord, RedoLogSplit> {

    private static final Logger LOG = LoggerFactory.getLogger(RedoLogSourceReader.class);

    /** Records handed on per pollNext call: small, so checkpoints and events are not held up. */
    static final int BATCH_SIZE = 256;

    /** Counter: logs this reader read to their end. */
    public static final String LOGS_READ = "logsRead";
    /** Meter: redo rows handed on per second (the records counted by numRecordsIn). */
    public static final String ROWS_PER_SECOND = "rowsPerSecond";
    /** Window of the rate meters: short enough to show a run's pace, a multiple of Flink's 5 s view updates. */
    public static final int RATE_SECONDS = 10;

    private final SourceReaderContext context;
    private final ArchivedLogCatalog catalog;
    private final long maxScn;
    private final Counter numRecordsIn;
    private final Counter logsRead;
    private final ArrayDeque<RedoLogSplitState> queued = new ArrayDeque<>();
    private final Map<String, RedoLogSplit> finishedUnacknowledged = new LinkedHashMap<>();
    /** Finished logs whose per-split output (created by Flink's SourceOperator for every split) is still held. */
    private final List<String> outputsToRelease = new ArrayList<>();
    private RedoLogSplitState current;
    private LogContentsReader contents;
    private ReadProgress progress;
    private boolean started;
    private boolean splitRequested;
    private boolean noMoreSplits;
    private long frontierWatermark = Long.MIN_VALUE;
    private long emittedWatermark = Long.MIN_VALUE;
    private CompletableFuture<Void> available = CompletableFuture.completedFuture(null);

    public RedoLogSourceReader(SourceReaderContext context, ArchivedLogCatalog catalog, long maxScn) {
        this.context = context;
        this.catalog = catalog;
        this.maxScn = maxScn;
        this.numRecordsIn = context.metricGroup().getIOMetricGroup().getNumRecordsInCounter();
        this.logsRead = context.metricGroup().counter(LOGS_READ);
        // Flink's numRecordsInPerSecond averages over a minute; this one follows a run's pace within seconds.
        context.metricGroup().meter(ROWS_PER_SECOND, new MeterView(numRecordsIn, RATE_SECONDS));
    }

    @Override
    public void start() {
        started = true;
        List<LogRef> reading = queued.stream().map(split -> LogRef.of(split.log())).toList();
        List<LogRef> finished = finishedUnacknowledged.values().stream().map(split -> LogRef.of(split.log())).toList();
        context.sendSourceEventToCoordinator(new ReaderReadyEvent(reading, finished));
    }

    @Override
    public InputStatus pollNext(ReaderOutput<RedoRecord> output) throws Exception {
        try {
            return readBatch(output);
        } catch (RedoInputException badInput) {
            throw RedoInputException.unrecoverable(badInput);
        }
    }

    private InputStatus readBatch(ReaderOutput<RedoRecord> output) throws IOException {
        releaseFinishedOutputs(output);
        if (frontierWatermark > emittedWatermark) {
            output.emitWatermark(new Watermark(frontierWatermark));
            emittedWatermark = frontierWatermark;
        }
        if (current == null && !openNextSplit()) {
            if (noMoreSplits) {
                return InputStatus.END_OF_INPUT;
            }
            requestSplit();
            return waitForEvents();
        }
        for (int i = 0; i < BATCH_SIZE; i++) {
            RedoRecord record = contents.next();
            if (record == null) {
                finishCurrent();
                break;
            }
            handOn(record, output);
        }
        releaseFinishedOutputs(output);
        return InputStatus.MORE_AVAILABLE;
    }

    /**
     * Flink's SourceOperator creates an output and a split metric group for every split it hands over; only the
     * reader can release them, so without this one of each per archived log would stay until the task restarts.
     */
    private void releaseFinishedOutputs(ReaderOutput<RedoRecord> output) {
        for (String splitId : outputsToRelease) {
            output.releaseOutputForSplit(splitId);
        }
        outputsToRelease.clear();
    }

    private boolean openNextSplit() throws IOException {
        current = queued.poll();
        if (current == null) {
            return false;
        }
        ResumePoint resumeAt = current.position();
        if (resumeAt.isCount() && resumeAt.handedOn() > 0
                && !current.recordSelection().equals(catalog.recordSelection())) {
            throw new RedoInputException(current.log().id() + " was checkpointed " + resumeAt + " selected by ["
                    + current.recordSelection() + "], but this run selects ["
                    + catalog.recordSelection() + "] from " + catalog.description() + ", so that count no longer "
                    + "names the same record (none of them had an RS_ID to resume by). Restore with the settings of "
                    + "the checkpointed run (capture include/exclude, dictionary mode), or start a new job from a "
                    + "start SCN instead of the checkpoint");
        }
        contents = catalog.openContents(current.log());
        if (!resumeAt.isStart()) {
            contents.skipTo(resumeAt);
        }
        progress = new ReadProgress(resumeAt.handedOn(), System.nanoTime());
        LOG.info("Reading {} [{}, {}) {}", current.log().id(), current.log().firstChange(),
                current.log().nextChange(), resumeAt.isStart() ? "from its start" : resumeAt);
        return true;
    }

    private void handOn(RedoRecord record, ReaderOutput<RedoRecord> output) {
        if (record.index() != current.position().handedOn()) {
            throw new IllegalStateException(record.origin() + ": record index " + record.index() + ", expected "
                    + current.position().handedOn());
        }
        requireInLogRange(record);
        if (record.scn() <= maxScn) {
            output.collect(record, record.scn());
            numRecordsIn.inc();
            progress.emitted++;
        }
        current.recordHandedOn(record);
    }

    /**
     * V$ARCHIVED_LOG's FIRST_CHANGE# is the first change in the log, so no record of the log can be below it. One
     * that is (a row in the wrong contents file, or a catalog row that does not match it) would reach the
     * assembler behind a watermark the enumerator already let pass, and break commit order downstream on every
     * restart; it stops the job here instead, naming where it is, until the input is fixed.
     */
    private void requireInLogRange(RedoRecord record) {
        ArchivedLog log = current.log();
        if (record.scn() < log.firstChange().value()) {
            throw new RedoInputException(record.origin() + " of " + catalog.description() + " (" + log.name()
                    + "): SCN " + record.scn() + " is below the log's FIRST_CHANGE# " + log.firstChange()
                    + " (the log covers [" + log.firstChange() + ", " + log.nextChange() + ")): the row belongs to "
                    + "another log, or the catalog row of " + log.id() + " does not match its contents; fix the "
                    + "input and restore");
        }
    }

    private void finishCurrent() throws IOException {
        contents.close();
        contents = null;
        current.markFinished();
        RedoLogSplit split = current.toSplit();
        finishedUnacknowledged.put(split.splitId(), split);
        outputsToRelease.add(split.splitId());
        context.sendSourceEventToCoordinator(new LogFinishedEvent(LogRef.of(split.log())));
        logsRead.inc();
        LOG.info("Finished {}: {}", split.log().id(), progress.describe(split.position().handedOn()));
        current = null;
        progress = null;
    }

    private void requestSplit() {
        if (!splitRequested) {
            splitRequested = true;
            context.sendSplitRequest();
        }
    }

    private InputStatus waitForEvents() {
        if (available.isDone()) {
            available = new CompletableFuture<>();
        }
        return InputStatus.NOTHING_AVAILABLE;
    }

    private void signalAvailable() {
        available.complete(null);
    }

    @Override
    public List<RedoLogSplit> snapshotState(long checkpointId) {
        List<RedoLogSplit> splits = new ArrayList<>();
        if (current != null) {
            splits.add(current.toSplit());
        }
        queued.forEach(split -> splits.add(split.toSplit()));
        splits.addAll(finishedUnacknowledged.values());
        return splits;
    }

    @Override
    public CompletableFuture<Void> isAvailable() {
        return available;
    }

    @Override
    public void addSplits(List<RedoLogSplit> splits) {
        for (RedoLogSplit split : splits) {
            requireNew(split);
            if (split.finished()) {
                finishedUnacknowledged.put(split.splitId(), split);
                outputsToRelease.add(split.splitId());
                if (started) {
                    context.sendSourceEventToCoordinator(new LogFinishedEvent(LogRef.of(split.log())));
                }
            } else {
                queued.add(new RedoLogSplitState(split));
            }
        }
        splitRequested = false;
        signalAvailable();
    }

    private void requireNew(RedoLogSplit split) {
        boolean held = finishedUnacknowledged.containsKey(split.splitId())
                || (current != null && current.log().id().equals(split.log().id()))
                || queued.stream().anyMatch(state -> state.log().id().equals(split.log().id()));
        if (held) {
            throw new IllegalStateException("reader " + context.getIndexOfSubtask() + " already holds "
                    + split.log().id() + "; a log must be read once");
        }
    }

    @Override
    public void notifyNoMoreSplits() {
        noMoreSplits = true;
        signalAvailable();
    }

    @Override
    public void handleSourceEvents(SourceEvent event) {
        if (event instanceof FrontierEvent frontier) {
            frontierWatermark = Math.max(frontierWatermark, frontier.watermark());
            signalAvailable();
        } else if (event instanceof FinishedLogsAckEvent ack) {
            ack.logs().forEach(log -> finishedUnacknowledged.remove(log.id().fileStem()));
        } else {
            throw new IllegalArgumentException("unexpected source event for reader " + context.getIndexOfSubtask()
                    + ": " + event);
        }
    }

    @Override
    public void close() throws Exception {
        if (contents != null) {
            contents.close();
        }
    }

    /** Counts and times the reading of one log for the progress log. */
    private static final class ReadProgress {
        private final long firstIndex;
        private final long startNanos;
        private long emitted;

        ReadProgress(long firstIndex, long startNanos) {
            this.firstIndex = firstIndex;
            this.startNanos = startNanos;
        }

        String describe(long endIndex) {
            long read = endIndex - firstIndex;
            double seconds = Math.max(System.nanoTime() - startNanos, 1) / 1e9;
            return String.format(Locale.ROOT, "%d records read from record %d (%d emitted, %d above the maximum SCN) in %.3f s, %.0f records/s",
                    read, firstIndex, emitted, read - emitted, seconds, read / seconds);
        }
    }
}
