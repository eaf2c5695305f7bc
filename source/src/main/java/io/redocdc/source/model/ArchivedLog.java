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

    public boolean contains(Scn scn) {
        return !scn.isBefore(firstChange) && scn.isBefore(nextChange);
    }
}
