package io.redocdc.tools.export;

import io.redocdc.source.catalog.ArchivedLogCatalog;
import io.redocdc.source.catalog.LogContentsReader;
import io.redocdc.source.files.PendingContentsFile;
import io.redocdc.source.files.RedoDirectoryWriter;
import io.redocdc.source.model.ArchivedLog;
import io.redocdc.source.model.RedoRecord;
import io.redocdc.source.model.Scn;
import io.redocdc.source.model.ThreadSequence;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Copies archived logs from any catalog (V$ARCHIVED_LOG + LogMiner, or another redo directory) into a redo
 * directory, one contents file per log, so that mining and processing can run on different hosts. Re-running
 * resumes: logs already in the directory are skipped, each thread continues after its last exported log, and no
 * catalog row is ever written twice. A missing sequence stops the export with an error naming it (a following
 * export first waits up to the gap timeout for it to be archived).
 */
public final class LogExporter {

    private static final Logger LOG = LoggerFactory.getLogger(LogExporter.class);
    private static final int PROGRESS_CHECK_ROWS = 1024;

    /** Pause between two polls of a following export; returns false to stop following. Tests replace it. */
    @FunctionalInterface
    public interface FollowPause {
        boolean awaitNextPoll(Duration interval) throws InterruptedException;
    }

    private final ArchivedLogCatalog catalog;
    private final RedoDirectoryWriter writer;
    private final ExportSettings settings;
    private final StopSignal stop;
    private final FollowPause pause;
    private final Map<ThreadSequence, Long> gapSeenAt = new HashMap<>();
    /** Logs known to have their catalog row and contents file: checked on disk once, not on every poll. */
    private final Set<ThreadSequence> complete = new HashSet<>();

    private Scn startScn;
    private int logs;
    private long rows;

    public LogExporter(ArchivedLogCatalog catalog, RedoDirectoryWriter writer, ExportSettings settings,
                       StopSignal stop) {
        this(catalog, writer, settings, stop, interval -> !stop.await(interval));
    }

    public LogExporter(ArchivedLogCatalog catalog, RedoDirectoryWriter writer, ExportSettings settings,
                       StopSignal stop, FollowPause pause) {
        this.catalog = catalog;
        this.writer = writer;
        this.settings = settings;
        this.stop = stop;
        this.pause = pause;
    }

    /**
     * Exports until every available log is written (or, when following, until stopped or past the end SCN).
     *
     * @throws ExportException on a missing sequence or a start log the catalog does not list
     */
    public ExportSummary run() throws IOException {
        long began = System.nanoTime();
        boolean stopped = false;
        while (!stopped) {
            List<ArchivedLog> listed = catalog.listAvailableLogs();
            if (startScn == null) {
                startScn = startScn(listed);
            }
            ExportPlan plan = ExportPlan.of(listed, exportedLogs(), startScn, settings.toScn());
            checkGaps(plan.gaps());
            for (ArchivedLog log : plan.ready()) {
                if (stop.isRequested() || !export(log)) {
                    stopped = true;
                    break;
                }
            }
            if (stopped || !settings.follow() || plan.reachesEnd()) {
                break;
            }
            stopped = !awaitNextPoll();
        }
        return new ExportSummary(logs, rows, Duration.ofNanos(System.nanoTime() - began), stopped);
    }

    private Scn startScn(List<ArchivedLog> listed) {
        if (settings.start() instanceof ExportStart.FromScn fromScn) {
            return fromScn.scn();
        }
        ExportStart.FromSequence from = (ExportStart.FromSequence) settings.start();
        List<ArchivedLog> known = new ArrayList<>(listed);
        known.addAll(writer.logs());
        return known.stream()
                .filter(log -> log.id().thread() == from.thread() && log.id().sequence() == from.sequence())
                .max(Comparator.comparingLong(log -> log.id().resetlogsId()))
                .map(ArchivedLog::firstChange)
                .orElseThrow(() -> new ExportException("start " + from + " is not listed in " + catalog.description()
                        + " (nor in " + writer.directory().description() + "); was it purged?"));
    }

    private List<ArchivedLog> exportedLogs() {
        List<ArchivedLog> exported = new ArrayList<>();
        for (ArchivedLog log : writer.logs()) {
            if (complete.contains(log.id()) || writer.contains(log.id())) {
                complete.add(log.id());
                exported.add(log);
            }
        }
        return exported;
    }

    private void checkGaps(List<SequenceGap> gaps) {
        gapSeenAt.keySet().retainAll(gaps.stream().map(SequenceGap::missing).toList());
        for (SequenceGap gap : gaps) {
            if (!settings.follow()) {
                throw new ExportException(gap.describe() + " in " + catalog.description()
                        + "; restore it from backup (it cannot be skipped: its transactions would be lost)");
            }
            long now = System.nanoTime();
            Long since = gapSeenAt.putIfAbsent(gap.missing(), now);
            if (since == null) {
                LOG.warn("{}; waiting up to {} for it to be archived", gap.describe(), settings.gapTimeout());
                since = now;
            }
            if (Duration.ofNanos(now - since).compareTo(settings.gapTimeout()) >= 0) {
                throw new ExportException(gap.describe() + " in " + catalog.description() + ", still after "
                        + settings.gapTimeout() + "; restore it from backup (it cannot be skipped)");
            }
        }
    }

    /** Writes one log; false when a stop request discarded it. */
    private boolean export(ArchivedLog log) throws IOException {
        long began = System.nanoTime();
        long lastReport = began;
        long progressNanos = settings.progressInterval().toNanos();
        try (LogContentsReader contents = catalog.openContents(log);
             PendingContentsFile file = writer.begin(log)) {
            RedoRecord record;
            while ((record = contents.next()) != null) {
                if (stop.isRequested()) {
                    LOG.info("stop requested: discarded the unfinished contents of {} ({} rows)", log.id(),
                            file.rows());
                    return false;
                }
                file.append(record);
                if (file.rows() % PROGRESS_CHECK_ROWS == 0 && System.nanoTime() - lastReport >= progressNanos) {
                    lastReport = System.nanoTime();
                    LOG.info("exporting {}: {} rows so far ({})", log.id(), file.rows(),
                            rate(file.rows(), Duration.ofNanos(lastReport - began)));
                }
            }
            file.commit();
            complete.add(log.id());
            Duration took = Duration.ofNanos(System.nanoTime() - began);
            logs++;
            rows += file.rows();
            LOG.info("exported {} (SCN {} to {}): {} rows in {} ms ({})", log.id(), log.firstChange(),
                    log.nextChange(), file.rows(), took.toMillis(), rate(file.rows(), took));
            return true;
        }
    }

    private boolean awaitNextPoll() {
        try {
            return pause.awaitNextPoll(settings.pollInterval()) && !stop.isRequested();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    static String rate(long rows, Duration elapsed) {
        double seconds = Math.max(elapsed.toNanos(), 1) / 1e9;
        return String.format(Locale.ROOT, "%.0f rows/s", rows / seconds);
    }
}
