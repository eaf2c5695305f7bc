package io.redocdc.tools.export;

import io.redocdc.source.model.ArchivedLog;
import io.redocdc.source.model.ThreadSequence;

/** A log sequence missing from the catalog while a later one of the same thread is listed. */
record SequenceGap(ThreadSequence missing, ArchivedLog nextListed) {

    String describe() {
        return "thread " + missing.thread() + " sequence " + missing.sequence() + " (resetlogs "
                + missing.resetlogsId() + ") is missing: the catalog lists sequence " + nextListed.id().sequence()
                + " next (FIRST_CHANGE# " + nextListed.firstChange() + ")";
    }
}
