package io.redocdc.source.split;

import io.redocdc.source.model.ArchivedLog;

/** The mutable progress of the split a reader is reading; advanced only as records are handed on. */
public final class RedoLogSplitState {

    private final ArchivedLog log;
    private final String recordSelection;
    private long nextRecordIndex;
    private boolean finished;

    public RedoLogSplitState(RedoLogSplit split) {
        this.log = split.log();
        this.recordSelection = split.recordSelection();
        this.nextRecordIndex = split.nextRecordIndex();
        this.finished = split.finished();
    }

    public ArchivedLog log() {
        return log;
    }

    public String recordSelection() {
        return recordSelection;
    }

    public long nextRecordIndex() {
        return nextRecordIndex;
    }

    public boolean isFinished() {
        return finished;
    }

    /** One more record emitted (or dropped above the maximum SCN). */
    public void recordHandedOn() {
        if (finished) {
            throw new IllegalStateException(log.id() + " is already finished");
        }
        nextRecordIndex++;
    }

    public void markFinished() {
        finished = true;
    }

    public RedoLogSplit toSplit() {
        return new RedoLogSplit(log, nextRecordIndex, finished, recordSelection);
    }
}
