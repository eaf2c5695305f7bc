package io.redocdc.source.split;

import io.redocdc.source.model.ArchivedLog;
import io.redocdc.source.model.RedoRecord;
import io.redocdc.source.model.ResumePoint;

/** The mutable progress of the split a reader is reading; advanced only as records are handed on. */
public final class RedoLogSplitState {

    private final ArchivedLog log;
    private final String recordSelection;
    private ResumePoint position;
    private boolean finished;

    public RedoLogSplitState(RedoLogSplit split) {
        this.log = split.log();
        this.recordSelection = split.recordSelection();
        this.position = split.position();
        this.finished = split.finished();
    }

    public ArchivedLog log() {
        return log;
    }

    public String recordSelection() {
        return recordSelection;
    }

    public ResumePoint position() {
        return position;
    }

    public boolean isFinished() {
        return finished;
    }

    /** {@code record} was emitted (or dropped above the maximum SCN). */
    public void recordHandedOn(RedoRecord record) {
        if (finished) {
            throw new IllegalStateException(log.id() + " is already finished");
        }
        position = position.after(record);
    }

    public void markFinished() {
        finished = true;
    }

    public RedoLogSplit toSplit() {
        return new RedoLogSplit(log, position, finished, recordSelection);
    }
}
