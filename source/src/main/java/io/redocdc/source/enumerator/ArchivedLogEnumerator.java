package io.redocdc.source.enumerator;

import io.redocdc.source.SourceSettings;
import io.redocdc.source.catalog.ArchivedLogCatalog;
import io.redocdc.source.catalog.RedoInputException;
import io.redocdc.source.catalog.RedoThreadStatus;
import io.redocdc.source.event.BadInputEvent;
import io.redocdc.source.event.FinishedLogsAckEvent;
import io.redocdc.source.event.FrontierEvent;
import io.redocdc.source.event.LogFinishedEvent;
import io.redocdc.source.event.LogRef;
import io.redocdc.source.event.ReaderReadyEvent;
import io.redocdc.source.model.ArchivedLog;
import io.redocdc.source.model.Scn;
import io.redocdc.source.retention.LogRetention;
import io.redocdc.source.split.RedoLogSplit;
import java.io.IOException;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.function.LongSupplier;
import org.apache.flink.api.connector.source.SourceEvent;
import org.apache.flink.api.connector.source.SplitEnumerator;
import org.apache.flink.api.connector.source.SplitEnumeratorContext;
import org.apache.flink.runtime.execution.SuppressRestartsException;
import org.apache.flink.util.FlinkRuntimeException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Discovers archived logs, hands them to readers on request (lowest FIRST_CHANGE# first, so the frontier
 * advances), and publishes the completed-SCN frontier to every reader.
 *
 * <p>Restores: the frontier is published only once every reader of the current parallelism has registered and
 * sent its {@link ReaderReadyEvent}, because a restored reader may go on reading a log this enumerator already
 * counted as finished (the enumerator is not reset when only tasks fail over) and publishing the frontier
 * before would let watermarks pass records still to come. Logs handed to a reader after the checkpoint it
 * restores from come back through {@link #addSplitsBack} and are assigned again, but never to a reader that was
 * already sent a frontier above the log's FIRST_CHANGE# (its watermark would make the log's records late).
 */
public final class ArchivedLogEnumerator implements SplitEnumerator<RedoLogSplit, EnumeratorState> {

    private static final Logger LOG = LoggerFactory.getLogger(ArchivedLogEnumerator.class);
    private static final long PROGRESS_LOG_INTERVAL_MILLIS = 10_000;

    private final SplitEnumeratorContext<RedoLogSplit> context;
    private final ArchivedLogCatalog catalog;
    private final SourceSettings settings;
    private final LogSchedule schedule;
    private final LongSupplier clock;
    private final Set<Integer> readyReaders = new HashSet<>();
    private final Set<Integer> waitingForSplit = new LinkedHashSet<>();
    private final Map<Integer, Long> frontierSent = new HashMap<>();
    private final Set<Integer> noMoreSplitsSent = new HashSet<>();
    private long logsFinished;
    private long lastProgressLogMillis;
    /** Purge advice from the checkpoints; null when not wired (tests of the enumerator alone). */
    private LogRetention retention;
    /** The enumerator's gauges; null when not wired (tests of the enumerator alone). */
    private EnumeratorMetrics metrics;

    public ArchivedLogEnumerator(SplitEnumeratorContext<RedoLogSplit> context, ArchivedLogCatalog catalog,
                                 SourceSettings settings, EnumeratorState state) {
        this(context, catalog, settings, state, System::currentTimeMillis);
    }

    ArchivedLogEnumerator(SplitEnumeratorContext<RedoLogSplit> context, ArchivedLogCatalog catalog,
                          SourceSettings settings, EnumeratorState state, LongSupplier clock) {
        this.context = context;
        this.catalog = catalog;
        this.settings = settings;
        this.clock = clock;
        if (state.startScn().value() != settings.startScn()) {
            LOG.warn("Restored redo-log source started at SCN {}; ignoring the configured source.start-scn {}",
                    state.startScn(), settings.startScn());
        }
        this.schedule = new LogSchedule(settings, catalog.description(), state);
    }

    /** Gives purge advice at each completed checkpoint (see {@link LogRetention}). */
    public ArchivedLogEnumerator withRetention(LogRetention retention) {
        this.retention = retention;
        return this;
    }

    /** Shows the log counts, the frontier and the lag as metrics (see {@link EnumeratorMetrics}). */
    public ArchivedLogEnumerator withMetrics(EnumeratorMetrics metrics) {
        this.metrics = metrics;
        return this;
    }

    @Override
    public void start() {
        if (settings.bounded()) {
            context.callAsync(this::listCatalog, this::onLogsListed);
        } else {
            long interval = settings.discoveryInterval().toMillis();
            context.callAsync(this::listCatalog, this::onLogsListed, 0, interval);
        }
    }

    /** The logs first, then the thread states: a thread reported closed closed before the logs were listed. */
    private CatalogListing listCatalog() throws IOException {
        List<ArchivedLog> logs = catalog.listAvailableLogs();
        return new CatalogListing(logs, catalog.threadStatuses());
    }

    private record CatalogListing(List<ArchivedLog> logs, List<RedoThreadStatus> threadStatuses) {
    }

    private void onLogsListed(CatalogListing listing, Throwable error) {
        if (error instanceof SuppressRestartsException unrecoverable) {
            throw unrecoverable;
        }
        if (error instanceof RedoInputException input) {
            throw RedoInputException.unrecoverable(input);
        }
        if (error != null) {
            // An I/O error listing the catalog may pass (a remounted share); let the restart strategy retry.
            throw new FlinkRuntimeException("listing the archived logs of " + catalog.description() + " failed: "
                    + error, error);
        }
        if (schedule.isComplete()) {
            return;
        }
        try {
            schedule.update(listing.logs(), listing.threadStatuses(), clock.getAsLong());
        } catch (RedoInputException badInput) {
            throw RedoInputException.unrecoverable(badInput);
        }
        assignWaitingReaders();
        publishProgress();
    }

    @Override
    public void handleSplitRequest(int subtask, String requesterHostname) {
        waitingForSplit.add(subtask);
        assignWaitingReaders();
        publishProgress();
    }

    @Override
    public void addSplitsBack(List<RedoLogSplit> splits, int subtask) {
        LOG.info("Reader {} restarts; {} log(s) handed to it after its checkpoint go back to be assigned again: {}",
                subtask, splits.size(), splits.stream().map(RedoLogSplit::splitId).toList());
        forgetReader(subtask);
        for (RedoLogSplit split : splits) {
            schedule.giveBack(LogRef.of(split.log()));
        }
        assignWaitingReaders();
    }

    @Override
    public void addReader(int subtask) {
        LOG.debug("Reader {} registered", subtask);
        forgetReader(subtask);
    }

    /** A reader (re)starts: until its ReaderReadyEvent, it is not ready and its logs are not claimed. */
    private void forgetReader(int subtask) {
        readyReaders.remove(subtask);
        waitingForSplit.remove(subtask);
        frontierSent.remove(subtask);
        noMoreSplitsSent.remove(subtask);
        schedule.releaseReader(subtask);
    }

    @Override
    public void handleSourceEvent(int subtask, SourceEvent event) {
        if (event instanceof ReaderReadyEvent ready) {
            onReaderReady(subtask, ready);
        } else if (event instanceof LogFinishedEvent finished) {
            schedule.finish(finished.log());
            logsFinished++;
            LOG.debug("Reader {} finished {}", subtask, finished.log());
            context.sendEventToSourceReader(subtask, new FinishedLogsAckEvent(List.of(finished.log())));
        } else if (event instanceof BadInputEvent badInput) {
            throw RedoInputException.unrecoverable(new RedoInputException(badInput.message()));
        } else {
            throw new IllegalArgumentException("unexpected source event from reader " + subtask + ": " + event);
        }
        assignWaitingReaders();
        publishProgress();
    }

    private void onReaderReady(int subtask, ReaderReadyEvent ready) {
        for (LogRef log : ready.reading()) {
            schedule.claim(log, subtask);
        }
        for (LogRef log : ready.finished()) {
            schedule.finish(log);
        }
        if (!ready.finished().isEmpty()) {
            context.sendEventToSourceReader(subtask, new FinishedLogsAckEvent(ready.finished()));
        }
        if (!ready.reading().isEmpty() || !ready.finished().isEmpty()) {
            LOG.info("Reader {} restored {} log(s) to go on reading and {} finished log(s)", subtask,
                    ready.reading().size(), ready.finished().size());
        }
        readyReaders.add(subtask);
    }

    private void assignWaitingReaders() {
        Iterator<Integer> waiting = waitingForSplit.iterator();
        while (waiting.hasNext()) {
            int subtask = waiting.next();
            if (!context.registeredReaders().containsKey(subtask)) {
                waiting.remove();
                continue;
            }
            Long frontier = frontierSent.get(subtask);
            ArchivedLog log = schedule.nextToAssign(frontier == null ? Scn.ZERO : Scn.of(frontier));
            if (log == null) {
                continue;
            }
            schedule.assign(log, subtask);
            context.assignSplit(RedoLogSplit.fresh(log, catalog.recordSelection()), subtask);
            waiting.remove();
            LOG.info("Assigned {} [{}, {}) to reader {}", log.id(), log.firstChange(), log.nextChange(), subtask);
        }
    }

    /** Sends the frontier (and, at the end, noMoreSplits) once every reader is ready. */
    private void publishProgress() {
        if (metrics != null) {
            metrics.refresh(schedule);
        }
        if (!allReadersReady()) {
            return;
        }
        List<LogRef> unclaimed = schedule.unclaimed();
        if (!unclaimed.isEmpty()) {
            throw new IllegalStateException("the redo-log enumerator's checkpoint lists " + unclaimed
                    + " as being read, but no reader restored them; the checkpoints of enumerator and readers"
                    + " do not match");
        }
        boolean complete = schedule.isComplete();
        OptionalLong frontier = complete ? OptionalLong.of(FrontierEvent.END) : schedule.frontier();
        if (frontier.isEmpty()) {
            return;
        }
        long value = frontier.getAsLong();
        if (value != schedule.publishedFrontier()) {
            logProgress(value);
        }
        schedule.published(value);
        for (int subtask : context.registeredReaders().keySet()) {
            Long sent = frontierSent.put(subtask, value);
            if (sent == null || sent != value) {
                context.sendEventToSourceReader(subtask, new FrontierEvent(value));
            }
            if (complete && noMoreSplitsSent.add(subtask)) {
                context.signalNoMoreSplits(subtask);
            }
        }
        if (complete) {
            waitingForSplit.clear();
        }
    }

    /** The operator's progress line, at most every 10 s and at the end. */
    private void logProgress(long frontier) {
        long now = clock.getAsLong();
        if (frontier == FrontierEvent.END || now - lastProgressLogMillis >= PROGRESS_LOG_INTERVAL_MILLIS) {
            lastProgressLogMillis = now;
            LOG.info("Completed-SCN frontier {}; {} log(s) read by this enumerator run",
                    frontier == FrontierEvent.END ? "END (all logs read)" : frontier, logsFinished);
        }
    }

    private boolean allReadersReady() {
        Set<Integer> registered = context.registeredReaders().keySet();
        for (int subtask = 0; subtask < context.currentParallelism(); subtask++) {
            if (!registered.contains(subtask) || !readyReaders.contains(subtask)) {
                return false;
            }
        }
        return true;
    }

    @Override
    public EnumeratorState snapshotState(long checkpointId) {
        EnumeratorState state = schedule.snapshot();
        if (retention != null) {
            retention.checkpointTaken(checkpointId, state);
        }
        return state;
    }

    @Override
    public void notifyCheckpointComplete(long checkpointId) {
        if (retention != null) {
            retention.checkpointCompleted(checkpointId, schedule.snapshot());
        }
    }

    @Override
    public void close() {
        if (retention != null) {
            retention.close();
        }
    }
}
