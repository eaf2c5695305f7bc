package io.redocdc.source.model;

import java.time.LocalDateTime;

/**
 * One row of V$ARCHIVED_LOG (or of a redo directory's archived_logs.csv): the log covers the half-open SCN
 * range [firstChange, nextChange).
 */
public record ArchivedLog(
        ThreadSequence id,
        Scn firstChange,
        Scn nextChange,
        LocalDateTime firstTime,
        LocalDateTime nextTime,
        String name,
        boolean dictionaryBegin,
        boolean dictionaryEnd) {

    public ArchivedLog {
        if (!firstChange.isBefore(nextChange)) {
            throw new IllegalArgumentException(
                    id + ": FIRST_CHANGE# " + firstChange + " must be below NEXT_CHANGE# " + nextChange);
        }
    }

    /** The same log at another file name (another destination's copy). */
    public ArchivedLog withName(String otherName) {
        return new ArchivedLog(id, firstChange, nextChange, firstTime, nextTime, otherName, dictionaryBegin,
                dictionaryEnd);
    }

    public boolean contains(Scn scn) {
        return !scn.isBefore(firstChange) && scn.isBefore(nextChange);
    }
}
