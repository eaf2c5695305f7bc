package io.redocdc.source.catalog;

import io.redocdc.source.model.RedoRecord;
import io.redocdc.source.model.ResumePoint;
import io.redocdc.source.model.RowChangeId;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Finds a {@link ResumePoint} in a log read again from its start, by the rule the point documents, and fails naming
 * the log and the point when the log does not hold it: resuming anywhere else would lose or double changes.
 */
public final class ResumeSearch {

    private static final Logger LOG = LoggerFactory.getLogger(ResumeSearch.class);

    /** The records of a log, in order; null after the last. */
    @FunctionalInterface
    public interface Records<E extends Exception> {
        RedoRecord next() throws E;
    }

    private ResumeSearch() {
    }

    /**
     * Reads {@code records} up to and including the last record {@code target} was taken after.
     *
     * @param where names the log being read, for the error
     */
    public static <E extends Exception> void skipTo(ResumePoint target, String where, Records<E> records) throws E {
        ResumePoint read = ResumePoint.START;
        if (target.isCount()) {
            while (read.handedOn() < target.handedOn()) {
                read = read.after(next(records, read, target, where));
            }
            return;
        }
        RedoRecord record;
        do {
            record = next(records, read, target, where);
            read = read.after(record);
        } while (!target.newest().equals(record.rowChangeId()));
        for (long passed = 0; passed < target.sinceNewest(); passed++) {
            record = next(records, read, target, where);
            RowChangeId id = record.rowChangeId();
            if (id != null && id.compareTo(target.newest()) > 0) {
                throw notFound(where, target, record.origin() + " has " + id + ", greater than any id of the "
                        + "records handed on");
            }
            read = read.after(record);
        }
        if (read.handedOn() != target.handedOn()) {
            // rows the first reading did not have (or had more of) before the point: visible, never re-emitted
            LOG.warn("{}: resumed {}, found after {} records of this reading where the checkpointed reading had "
                    + "handed on {}; the log's rows before that point differ between the two readings",
                    where, target, read.handedOn(), target.handedOn());
        }
    }

    private static <E extends Exception> RedoRecord next(Records<E> records, ResumePoint read, ResumePoint target,
                                                         String where) throws E {
        RedoRecord record = records.next();
        if (record == null) {
            throw notFound(where, target, "the log ends after " + read.handedOn() + " records");
        }
        return record;
    }

    private static RedoInputException notFound(String where, ResumePoint target, String problem) {
        return new RedoInputException(where + ": cannot resume " + target + ": " + problem + "; the log was read "
                + "differently before (its contents changed, or it was mined under other settings), and resuming "
                + "anywhere else would lose or repeat changes. Start a new job from a start SCN instead");
    }
}
