package io.redocdc.source.enumerator;

import io.redocdc.source.event.LogRef;
import io.redocdc.source.model.ArchivedLog;
import io.redocdc.source.model.Scn;
import io.redocdc.source.model.ThreadSequence;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Which reader reads which selected log: the next log to hand out (lowest FIRST_CHANGE#, then THREAD#, each
 * thread's logs in sequence order), the logs handed out, and those that wait for a restored reader to claim them.
 * The logs themselves and whether they are finished are {@link LogSelection}'s.
 */
final class LogAssignments {

    /** Holder of an assigned log no reader has claimed since a restore. */
    static final int UNCLAIMED = -1;

    private static final Comparator<ArchivedLog> ASSIGNMENT_ORDER =
            Comparator.comparing(ArchivedLog::firstChange).thenComparingInt(log -> log.id().thread());

    private final Scn max;
    private final Map<ThreadSequence, Assignment> assigned = new LinkedHashMap<>();

    /** @param max the maximum SCN: logs starting above it are never handed out */
    LogAssignments(Scn max, List<LogRef> restored) {
        this.max = max;
        for (LogRef log : restored) {
            assigned.put(log.id(), new Assignment(log, UNCLAIMED));
        }
    }

    /**
     * Among the selected logs not finished and not assigned, the first of some thread's remaining ones, starting at
     * or above {@code notBelow}, with the lowest (FIRST_CHANGE#, THREAD#); or null.
     */
    ArchivedLog next(LogSelection selection, Scn notBelow) {
        ArchivedLog best = null;
        for (ThreadLogs thread : selection.threads()) {
            for (ArchivedLog log : thread.availableAfterPrefix()) {
                if (max.isBefore(log.firstChange())) {
                    break;
                }
                if (!thread.isFinished(log.id().sequence()) && !assigned.containsKey(log.id())
                        && !log.firstChange().isBefore(notBelow)) {
                    if (best == null || ASSIGNMENT_ORDER.compare(log, best) < 0) {
                        best = log;
                    }
                    break;
                }
            }
        }
        return best;
    }

    void assign(ArchivedLog log, int reader) {
        Assignment previous = assigned.putIfAbsent(log.id(), new Assignment(LogRef.of(log), reader));
        if (previous != null) {
            throw new IllegalStateException(log.id() + " is already assigned to reader " + previous.reader);
        }
    }

    /** The log is no longer assigned (finished, or given back to be assigned again). */
    void remove(LogRef log) {
        assigned.remove(log.id());
    }

    /** Checks that {@code reader} may claim a restored log: none but it or nobody holds it. */
    void checkClaim(LogRef log, int reader) {
        Assignment current = assigned.get(log.id());
        if (current != null && current.reader != UNCLAIMED && current.reader != reader) {
            throw new IllegalStateException("reader " + reader + " restored " + log + ", which is assigned to reader "
                    + current.reader + "; a log must be read by one reader only");
        }
    }

    /** A restored reader goes on reading {@code log}. */
    void claim(LogRef log, int reader) {
        assigned.put(log.id(), new Assignment(log, reader));
    }

    /** The reader restarts: its logs wait to be claimed by its restored state. */
    void releaseReader(int reader) {
        assigned.replaceAll((id, assignment) ->
                assignment.reader == reader ? new Assignment(assignment.log, UNCLAIMED) : assignment);
    }

    List<LogRef> unclaimed() {
        return assigned.values().stream().filter(a -> a.reader == UNCLAIMED).map(Assignment::log).toList();
    }

    /** Every assigned log, claimed or not, in order of assignment. */
    List<LogRef> logs() {
        return assigned.values().stream().map(Assignment::log).toList();
    }

    private record Assignment(LogRef log, int reader) {
    }
}
