package io.redocdc.source.enumerator;

import io.redocdc.source.catalog.RedoInputException;
import io.redocdc.source.event.LogRef;
import io.redocdc.source.model.ArchivedLog;
import io.redocdc.source.model.Scn;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The logs of one redo thread: the completed prefix (every log up to {@code completedSequence} finished), logs
 * finished out of order beyond it, and the contiguous, continuity-checked chain of available logs after the
 * prefix. The thread's share of the frontier is the NEXT_CHANGE# of the completed prefix.
 */
final class ThreadLogs {

    private final int thread;
    private final long resetlogsId;
    private long completedSequence;
    private Scn completedNext;
    private final TreeMap<Long, FinishedRun> runs = new TreeMap<>();
    private final TreeMap<Long, ArchivedLog> available = new TreeMap<>();

    ThreadLogs(long resetlogsId, ThreadProgress progress) {
        this.thread = progress.thread();
        this.resetlogsId = resetlogsId;
        this.completedSequence = progress.completedSequence();
        this.completedNext = progress.completedNextChange();
        progress.finishedRuns().forEach(run -> runs.put(run.fromSequence(), run));
    }

    /** A thread whose first selected log is {@code first}: nothing finished yet. */
    static ThreadLogs startingAt(ArchivedLog first) {
        return new ThreadLogs(first.id().resetlogsId(),
                new ThreadProgress(first.id().thread(), first.id().sequence() - 1, first.firstChange(), List.of()));
    }

    int thread() {
        return thread;
    }

    /** NEXT_CHANGE# of the completed prefix: every record of this thread below it has been emitted. */
    Scn frontier() {
        return completedNext;
    }

    ThreadProgress progress() {
        return new ThreadProgress(thread, completedSequence, completedNext, new ArrayList<>(runs.values()));
    }

    /**
     * Rebuilds the chain of available logs after the completed prefix from the catalog's logs of this thread
     * (sorted by sequence), checking that each log starts where the previous one ends.
     *
     * @return the first gap in the chain that matters (its missing logs start at or below {@code maxScn}), or null
     */
    LogGap refresh(List<ArchivedLog> logsBySequence, Scn maxScn, String catalog) {
        available.clear();
        long expected = completedSequence + 1;
        Scn expectedFirst = completedNext;
        for (ArchivedLog log : logsBySequence) {
            long sequence = log.id().sequence();
            if (sequence < expected) {
                continue;
            }
            if (sequence > expected) {
                return maxScn.isBefore(expectedFirst) ? null
                        : new LogGap(thread, resetlogsId, expected, sequence - 1, expected - 1, sequence);
            }
            if (!log.firstChange().equals(expectedFirst)) {
                throw new RedoInputException("archived log thread " + thread + " sequence " + sequence + " (resetlogs "
                        + resetlogsId + ") starts at FIRST_CHANGE# " + log.firstChange() + ", but sequence "
                        + (sequence - 1) + " ends at NEXT_CHANGE# " + expectedFirst + " in " + catalog
                        + "; consecutive logs of a thread must connect (NEXT_CHANGE# = next FIRST_CHANGE#)");
            }
            available.put(sequence, log);
            expected++;
            expectedFirst = log.nextChange();
        }
        return null;
    }

    /** Available logs after the completed prefix, in sequence order (finished ones included). */
    Iterable<ArchivedLog> availableAfterPrefix() {
        return available.tailMap(completedSequence, false).values();
    }

    /** True when no available log at or below {@code maxScn} is left unfinished. */
    boolean exhausted(Scn maxScn) {
        for (ArchivedLog log : availableAfterPrefix()) {
            if (!maxScn.isBefore(log.firstChange()) && !isFinished(log.id().sequence())) {
                return false;
            }
        }
        return true;
    }

    /** True when every log of this thread up to {@code sequence} is finished. */
    boolean completedThrough(long sequence) {
        return sequence <= completedSequence;
    }

    boolean isFinished(long sequence) {
        if (sequence <= completedSequence) {
            return true;
        }
        Map.Entry<Long, FinishedRun> run = runs.floorEntry(sequence);
        return run != null && run.getValue().toSequence() >= sequence;
    }

    /** Records a finished log; false if it was already finished. */
    boolean finish(LogRef log) {
        long sequence = log.sequence();
        if (isFinished(sequence)) {
            return false;
        }
        FinishedRun run = new FinishedRun(sequence, sequence, log.first(), log.next());
        Map.Entry<Long, FinishedRun> before = runs.floorEntry(sequence);
        if (before != null && before.getValue().toSequence() == sequence - 1) {
            run = join(before.getValue(), run);
            runs.remove(before.getKey());
        }
        FinishedRun after = runs.remove(sequence + 1);
        if (after != null) {
            run = join(run, after);
        }
        runs.put(run.fromSequence(), run);
        FinishedRun connected = runs.get(completedSequence + 1);
        if (connected != null) {
            requireConnects(completedSequence, completedNext, connected.fromSequence(), connected.firstChange());
            runs.remove(connected.fromSequence());
            completedSequence = connected.toSequence();
            completedNext = connected.nextChange();
        }
        return true;
    }

    /**
     * Takes back a finished log that a restored reader reads again (or a log given back after a failure); the
     * completed prefix shrinks to end before it. False if it was not finished.
     */
    boolean unfinish(LogRef log) {
        long sequence = log.sequence();
        if (sequence <= completedSequence) {
            if (completedSequence > sequence) {
                runs.put(sequence + 1, new FinishedRun(sequence + 1, completedSequence, log.next(), completedNext));
            }
            completedSequence = sequence - 1;
            completedNext = log.first();
            return true;
        }
        Map.Entry<Long, FinishedRun> entry = runs.floorEntry(sequence);
        if (entry == null || entry.getValue().toSequence() < sequence) {
            return false;
        }
        FinishedRun run = runs.remove(entry.getKey());
        if (run.fromSequence() < sequence) {
            runs.put(run.fromSequence(), new FinishedRun(run.fromSequence(), sequence - 1, run.firstChange(), log.first()));
        }
        if (sequence < run.toSequence()) {
            runs.put(sequence + 1, new FinishedRun(sequence + 1, run.toSequence(), log.next(), run.nextChange()));
        }
        return true;
    }

    private FinishedRun join(FinishedRun first, FinishedRun second) {
        requireConnects(first.toSequence(), first.nextChange(), second.fromSequence(), second.firstChange());
        return new FinishedRun(first.fromSequence(), second.toSequence(), first.firstChange(), second.nextChange());
    }

    private void requireConnects(long sequence, Scn next, long followingSequence, Scn followingFirst) {
        if (!next.equals(followingFirst)) {
            throw new IllegalStateException("thread " + thread + ": finished sequence " + followingSequence
                    + " starts at SCN " + followingFirst + " but sequence " + sequence + " ends at " + next
                    + "; the catalog changed its SCN ranges while the job was running");
        }
    }
}
