package io.redocdc.source.enumerator;

import io.redocdc.source.SourceSettings;
import io.redocdc.source.catalog.RedoThreadStatus;
import io.redocdc.source.event.LogRef;
import io.redocdc.source.model.ArchivedLog;
import io.redocdc.source.model.Scn;
import java.time.LocalDateTime;
import java.util.List;
import java.util.OptionalLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The enumerator's bookkeeping, free of Flink so it can be tested directly: which archived logs to read and the
 * completed-SCN frontier ({@link LogSelection}), and which reader reads which of them ({@link LogAssignments}).
 * This class joins the two where a reader's report touches both.
 */
final class LogSchedule {

    private static final Logger LOG = LoggerFactory.getLogger(LogSchedule.class);

    /** Holder of an assigned log no reader has claimed since a restore. */
    static final int UNCLAIMED = LogAssignments.UNCLAIMED;

    private final LogSelection selection;
    private final LogAssignments assignments;
    private long publishedFrontier;

    LogSchedule(SourceSettings settings, String catalog, EnumeratorState state) {
        this.selection = new LogSelection(settings, catalog, state);
        this.assignments = new LogAssignments(settings.max(), state.assigned());
        this.publishedFrontier = state.publishedFrontier();
    }

    /** Takes in a fresh listing of the catalog. Throws on inconsistent input and on gaps that may not wait. */
    void update(List<ArchivedLog> listing, long nowMillis) {
        update(listing, List.of(), nowMillis);
    }

    /** Like {@link #update(List, long)}, with the database's thread states: see {@link LogSelection#update}. */
    void update(List<ArchivedLog> listing, List<RedoThreadStatus> threadStatuses, long nowMillis) {
        selection.update(listing, threadStatuses, nowMillis, publishedFrontier);
    }

    /** Logs of the latest listing this job reads (its incarnation, starting at or below the maximum SCN). */
    long logsCatalogued() {
        return selection.logsCatalogued();
    }

    /** The highest NEXT_CHANGE# of the latest listing's logs (all threads), -1 before any. */
    long newestCataloguedScn() {
        return selection.newestCataloguedScn();
    }

    /** Available logs not read to their end (at or below the maximum SCN), over all threads. */
    long logsUnfinished() {
        return selection.logsUnfinished();
    }

    /** The redo time at an SCN where a listed log begins or ends, or null: see {@link LogSelection#redoTimeAt}. */
    LocalDateTime redoTimeAt(long scn) {
        return selection.redoTimeAt(scn);
    }

    /** The unassigned, unfinished available log with the lowest (FIRST_CHANGE#, THREAD#), or null. */
    ArchivedLog nextToAssign() {
        return nextToAssign(Scn.ZERO);
    }

    /**
     * Like {@link #nextToAssign()}, among logs starting at or above {@code notBelow}: a reader that already
     * emitted the watermark {@code notBelow - 1} must not get a log (given back after a failure) with lower SCNs.
     */
    ArchivedLog nextToAssign(Scn notBelow) {
        return selection.isComplete() ? null : assignments.next(selection, notBelow);
    }

    void assign(ArchivedLog log, int reader) {
        assignments.assign(log, reader);
    }

    /** A reader reports a log finished (again, perhaps, after a restore); false if it already was. */
    boolean finish(LogRef log) {
        assignments.remove(log);
        return selection.track(log).finish(log);
    }

    /** A restored reader goes on reading {@code log}: it is assigned to it and no longer finished. */
    void claim(LogRef log, int reader) {
        assignments.checkClaim(log, reader);
        if (selection.track(log).unfinish(log)) {
            LOG.info("Reader {} restored {} unfinished: taking it back from the completed logs", reader, log);
        }
        assignments.claim(log, reader);
    }

    /** A log handed to a failed reader after the checkpoint it restores from: to be assigned again. */
    void giveBack(LogRef log) {
        assignments.remove(log);
        if (selection.track(log).unfinish(log)) {
            LOG.info("{} was given back by a failed reader: taking it back from the completed logs", log);
        }
    }

    /** The reader restarts: its logs wait to be claimed by its restored state. */
    void releaseReader(int reader) {
        assignments.releaseReader(reader);
    }

    List<LogRef> unclaimed() {
        return assignments.unclaimed();
    }

    /** The completed-SCN frontier, or empty: see {@link LogSelection#frontier}. */
    OptionalLong frontier() {
        return selection.frontier();
    }

    /** True when there is nothing left to read: see {@link LogSelection#isComplete}. */
    boolean isComplete() {
        return selection.isComplete();
    }

    long publishedFrontier() {
        return publishedFrontier;
    }

    void published(long frontier) {
        publishedFrontier = frontier;
    }

    boolean listed() {
        return selection.listed();
    }

    EnumeratorState snapshot() {
        return new EnumeratorState(selection.startScn(), selection.resetlogsId(), publishedFrontier,
                selection.progress(), assignments.logs());
    }
}
