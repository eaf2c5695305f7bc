package io.redocdc.source.enumerator;

import io.redocdc.source.SourceSettings;
import io.redocdc.source.catalog.RedoInputException;
import io.redocdc.source.catalog.RedoThreadStatus;
import io.redocdc.source.event.LogRef;
import io.redocdc.source.model.ArchivedLog;
import io.redocdc.source.model.Scn;
import io.redocdc.source.model.ThreadSequence;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Which archived logs the source reads, from the catalog's listings: logs of one incarnation with
 * {@code NEXT_CHANGE# > start SCN}; per thread a chain of consecutive sequences where each log starts at the
 * previous log's NEXT_CHANGE#. A gap stops the chain (fails at once when bounded, after the gap timeout when
 * continuous); a mismatch fails at once. It also keeps which of those logs are finished, and so the completed-SCN
 * frontier: the minimum over threads of the NEXT_CHANGE# of the thread's completed prefix. Which reader reads
 * which log is {@link LogAssignments}'s; {@link LogSchedule} joins the two for the enumerator.
 */
final class LogSelection {

    /** The schedule's logger: these lines have always been the schedule's. */
    private static final Logger LOG = LoggerFactory.getLogger(LogSchedule.class);

    private final SourceSettings settings;
    private final String catalog;
    private final Scn startScn;
    private long resetlogsId;
    private boolean listed;
    private final TreeMap<Integer, ThreadLogs> threads = new TreeMap<>();
    /** Threads whose first selected log starts after the start SCN while its predecessor is missing. */
    private final Map<Integer, LogGap> startGaps = new TreeMap<>();
    /** Open threads (V$THREAD) with no log ending after the start SCN yet, and where their next log will start. */
    private final Map<Integer, Scn> waitingOpenThreads = new TreeMap<>();
    /** Closed threads (V$THREAD) and the sequence of their last redo: read through it, they hold nothing back. */
    private final Map<Integer, Long> closedThreads = new TreeMap<>();
    private Map<String, Long> gapFirstSeen = new HashMap<>();
    /** Figures of the latest listing, for the metrics: the logs to read, the newest NEXT_CHANGE#, redo times by SCN. */
    private long logsCatalogued;
    private long newestCataloguedScn = -1;
    private Map<Long, LocalDateTime> redoTimeAtScn = Map.of();

    LogSelection(SourceSettings settings, String catalog, EnumeratorState state) {
        this.settings = settings;
        this.catalog = catalog;
        this.startScn = state.startScn();
        this.resetlogsId = state.resetlogsId();
        for (ThreadProgress progress : state.threads()) {
            threads.put(progress.thread(), new ThreadLogs(resetlogsId, progress));
        }
    }

    /**
     * Takes in a fresh listing of the catalog and the database's thread states (listed after the logs). Throws on
     * inconsistent input and on gaps that may not wait. A thread not seen before must not start below
     * {@code publishedFrontier} (the frontier the enumerator already published). An open thread
     * that has no log ending after the start SCN yet holds the frontier at most at the start SCN, and not above
     * the NEXT_CHANGE# of its last archived log, where its next log will start; a closed thread whose logs are
     * read through its last redo sequence no longer holds it (it writes no redo until it opens again, and then
     * above every SCN archived before this listing).
     */
    void update(List<ArchivedLog> listing, List<RedoThreadStatus> threadStatuses, long nowMillis,
                long publishedFrontier) {
        Map<ThreadSequence, ArchivedLog> all = deduplicate(listing);
        List<ArchivedLog> selected = all.values().stream()
                .filter(log -> startScn.isBefore(log.nextChange()))
                .toList();
        chooseIncarnation(selected);
        noteListing(selected);
        Map<Integer, List<ArchivedLog>> byThread = selected.stream()
                .sorted(Comparator.comparing(ArchivedLog::id))
                .collect(Collectors.groupingBy(log -> log.id().thread(), TreeMap::new, Collectors.toList()));
        Set<Integer> threadNumbers = new TreeSet<>(threads.keySet());
        threadNumbers.addAll(byThread.keySet());
        List<LogGap> gaps = new ArrayList<>();
        for (int number : threadNumbers) {
            List<ArchivedLog> logs = byThread.getOrDefault(number, List.of());
            ThreadLogs thread = threads.get(number);
            if (thread == null) {
                thread = startThread(logs, all, gaps, publishedFrontier);
            }
            if (thread != null) {
                LogGap gap = thread.refresh(logs, settings.max(), catalog);
                if (gap != null) {
                    gaps.add(gap);
                }
            }
        }
        holdForOpenThreads(threadStatuses.stream().filter(RedoThreadStatus::open).map(RedoThreadStatus::thread)
                .collect(Collectors.toCollection(TreeSet::new)), all);
        closedThreads.clear();
        threadStatuses.stream().filter(status -> !status.open())
                .forEach(status -> closedThreads.put(status.thread(), status.lastRedoSequence()));
        checkGaps(gaps, nowMillis);
        listed = true;
    }

    /** Keeps what the metrics show of a listing: logs of the job's incarnation up to the maximum SCN. */
    private void noteListing(List<ArchivedLog> selected) {
        long count = 0;
        long newest = -1;
        Map<Long, LocalDateTime> times = new HashMap<>();
        for (ArchivedLog log : selected) {
            if (log.id().resetlogsId() != resetlogsId || settings.max().isBefore(log.firstChange())) {
                continue;
            }
            count++;
            newest = Math.max(newest, log.nextChange().value());
            putTime(times, log.firstChange().value(), log.firstTime());
            putTime(times, log.nextChange().value(), log.nextTime());
        }
        logsCatalogued = count;
        newestCataloguedScn = newest;
        redoTimeAtScn = times;
    }

    private static void putTime(Map<Long, LocalDateTime> times, long scn, LocalDateTime time) {
        if (time != null) {
            times.putIfAbsent(scn, time);
        }
    }

    /** Logs of the latest listing this job reads (its incarnation, starting at or below the maximum SCN). */
    long logsCatalogued() {
        return logsCatalogued;
    }

    /** The highest NEXT_CHANGE# of the latest listing's logs (all threads), -1 before any. */
    long newestCataloguedScn() {
        return newestCataloguedScn;
    }

    /** Available logs not read to their end (at or below the maximum SCN), over all threads. */
    long logsUnfinished() {
        long unfinished = 0;
        for (ThreadLogs thread : threads.values()) {
            for (ArchivedLog log : thread.availableAfterPrefix()) {
                if (!settings.max().isBefore(log.firstChange()) && !thread.isFinished(log.id().sequence())) {
                    unfinished++;
                }
            }
        }
        return unfinished;
    }

    /**
     * The redo time at an SCN where a listed log begins or ends (FIRST_TIME, NEXT_TIME), or null: the frontier is
     * always such an SCN (a thread's completed NEXT_CHANGE#, where its next log begins).
     */
    LocalDateTime redoTimeAt(long scn) {
        return redoTimeAtScn.get(scn);
    }

    private void holdForOpenThreads(Set<Integer> openThreads, Map<ThreadSequence, ArchivedLog> all) {
        Map<Integer, Scn> waiting = new TreeMap<>();
        for (int thread : openThreads) {
            if (threads.containsKey(thread) || startGaps.containsKey(thread)) {
                continue;
            }
            Scn nextStart = all.values().stream()
                    .filter(log -> log.id().thread() == thread && (resetlogsId == EnumeratorState.NO_INCARNATION
                            || log.id().resetlogsId() == resetlogsId))
                    .map(ArchivedLog::nextChange)
                    .max(Comparator.naturalOrder())
                    .orElse(startScn);
            Scn hold = nextStart.isBefore(startScn) ? nextStart : startScn;
            if (!waitingOpenThreads.containsKey(thread)) {
                LOG.info("Redo thread {} is open but has no archived log ending after start SCN {} in {} yet; the "
                        + "completed-SCN frontier stays at or below {} until it has", thread, startScn, catalog, hold);
            }
            waiting.put(thread, hold);
        }
        waitingOpenThreads.clear();
        waitingOpenThreads.putAll(waiting);
    }

    private Map<ThreadSequence, ArchivedLog> deduplicate(List<ArchivedLog> listing) {
        Map<ThreadSequence, ArchivedLog> all = new HashMap<>();
        for (ArchivedLog log : listing) {
            ArchivedLog other = all.putIfAbsent(log.id(), log);
            if (other != null && !(other.firstChange().equals(log.firstChange())
                    && other.nextChange().equals(log.nextChange()))) {
                throw new RedoInputException(catalog + " lists " + log.id() + " twice with different SCN ranges: ["
                        + other.firstChange() + ", " + other.nextChange() + ") and [" + log.firstChange() + ", "
                        + log.nextChange() + "); rows of one log must agree");
            }
        }
        return all;
    }

    private void chooseIncarnation(List<ArchivedLog> selected) {
        Set<Long> incarnations = selected.stream().map(log -> log.id().resetlogsId())
                .collect(Collectors.toCollection(TreeSet::new));
        if (resetlogsId != EnumeratorState.NO_INCARNATION) {
            incarnations.remove(resetlogsId);
            if (!incarnations.isEmpty()) {
                throw new RedoInputException(catalog + " has archived logs of incarnation (RESETLOGS_ID) "
                        + incarnations + " ending after start SCN " + startScn + ", but the job reads incarnation "
                        + resetlogsId + "; a RESETLOGS is not supported yet: start a new job at an SCN after it");
            }
        } else if (incarnations.size() > 1) {
            throw new RedoInputException(catalog + " has archived logs of several incarnations (RESETLOGS_ID "
                    + incarnations + ") ending after start SCN " + startScn + "; only one incarnation is supported: "
                    + "choose a start SCN at or above the NEXT_CHANGE# of the older incarnation's last log");
        } else if (incarnations.size() == 1) {
            resetlogsId = incarnations.iterator().next();
        }
    }

    /** Starts tracking a thread at its first selected log, unless the log covering the start SCN is missing. */
    private ThreadLogs startThread(List<ArchivedLog> selected, Map<ThreadSequence, ArchivedLog> all,
                                   List<LogGap> gaps, long publishedFrontier) {
        ArchivedLog first = selected.get(0);
        int thread = first.id().thread();
        if (settings.max().isBefore(first.firstChange())) {
            return null;
        }
        long sequence = first.id().sequence();
        if (startScn.value() > 0 && startScn.isBefore(first.firstChange()) && sequence > 1) {
            ArchivedLog previous = all.get(new ThreadSequence(thread, sequence - 1, resetlogsId));
            if (previous != null) {
                throw new RedoInputException("archived log thread " + thread + " sequence " + sequence + " (resetlogs "
                        + resetlogsId + ") starts at FIRST_CHANGE# " + first.firstChange() + ", but sequence "
                        + (sequence - 1) + " ends at NEXT_CHANGE# " + previous.nextChange() + " in " + catalog
                        + "; consecutive logs of a thread must connect (NEXT_CHANGE# = next FIRST_CHANGE#)");
            }
            LogGap gap = new LogGap(thread, resetlogsId, sequence - 1, sequence - 1, 0, sequence);
            startGaps.put(thread, gap);
            gaps.add(gap);
            return null;
        }
        if (publishedFrontier != EnumeratorState.NOTHING_PUBLISHED && first.firstChange().value() < publishedFrontier) {
            throw new RedoInputException("archived log thread " + thread + " sequence " + sequence + " (resetlogs "
                    + resetlogsId + ") in " + catalog + " is the first log of a thread not seen before, and it starts at"
                    + " SCN " + first.firstChange() + ", below the completed-SCN frontier " + publishedFrontier
                    + " already published; its records would arrive late. Every redo thread must have an archived "
                    + "log ending after the start SCN when the job starts");
        }
        startGaps.remove(thread);
        ThreadLogs logs = ThreadLogs.startingAt(first);
        threads.put(thread, logs);
        LOG.info("Reading redo thread {} from {} (FIRST_CHANGE# {}) in {}", thread, first.id(), first.firstChange(),
                catalog);
        return logs;
    }

    private void checkGaps(List<LogGap> gaps, long nowMillis) {
        Map<String, Long> stillOpen = new HashMap<>();
        for (LogGap gap : gaps) {
            if (settings.bounded()) {
                throw new RedoInputException(gap.describe(catalog));
            }
            Long since = gapFirstSeen.get(gap.key());
            if (since == null) {
                since = nowMillis;
                LOG.warn("Waiting up to {} for {}", settings.gapTimeout(), gap.describe(catalog));
            }
            if (nowMillis - since >= settings.gapTimeout().toMillis()) {
                throw new RedoInputException(gap.describe(catalog) + " (waited "
                        + Duration.ofMillis(nowMillis - since) + " for it, source.gap-timeout is "
                        + settings.gapTimeout() + ")");
            }
            stillOpen.put(gap.key(), since);
        }
        gapFirstSeen = stillOpen;
    }

    /**
     * The completed-SCN frontier, or empty when no log is selected yet. Also empty until the catalog was listed
     * by this instance: a restored state does not know threads that were waiting for a missing first log.
     */
    OptionalLong frontier() {
        if (!listed) {
            return OptionalLong.empty();
        }
        long frontier = Long.MAX_VALUE;
        boolean any = false;
        long closedAndRead = -1;
        for (ThreadLogs thread : threads.values()) {
            Long lastRedoSequence = closedThreads.get(thread.thread());
            if (lastRedoSequence != null && thread.completedThrough(lastRedoSequence)) {
                closedAndRead = Math.max(closedAndRead, thread.frontier().value());
                continue;
            }
            frontier = Math.min(frontier, thread.frontier().value());
            any = true;
        }
        if (!startGaps.isEmpty()) {
            frontier = Math.min(frontier, startScn.value());
            any = true;
        }
        for (Scn hold : waitingOpenThreads.values()) {
            frontier = Math.min(frontier, hold.value());
            any = true;
        }
        if (!any && closedAndRead >= 0) {
            // every thread is closed and read to its end: all redo there is has been read
            return OptionalLong.of(closedAndRead);
        }
        return any ? OptionalLong.of(frontier) : OptionalLong.empty();
    }

    /**
     * True when there is nothing left to read: the frontier passed the maximum SCN, or (bounded) every selected
     * log is finished.
     */
    boolean isComplete() {
        OptionalLong frontier = frontier();
        if (settings.hasMaxScn() && frontier.isPresent() && frontier.getAsLong() > settings.maxScn()) {
            return true;
        }
        if (!settings.bounded() || !listed || !startGaps.isEmpty()) {
            return false;
        }
        return threads.values().stream().allMatch(thread -> thread.exhausted(settings.max()));
    }

    /** The threads being read, by number, each with its selected logs and which of them are finished. */
    Collection<ThreadLogs> threads() {
        return threads.values();
    }

    /** The thread of a log this source selected; throws for any other log. */
    ThreadLogs track(LogRef log) {
        ThreadLogs thread = threads.get(log.thread());
        if (thread == null || log.resetlogsId() != resetlogsId) {
            throw new IllegalStateException(log + " is not one of the logs this source selected (threads "
                    + threads.keySet() + ", resetlogs " + resetlogsId + ")");
        }
        return thread;
    }

    boolean listed() {
        return listed;
    }

    Scn startScn() {
        return startScn;
    }

    long resetlogsId() {
        return resetlogsId;
    }

    List<ThreadProgress> progress() {
        return threads.values().stream().map(ThreadLogs::progress).toList();
    }
}
