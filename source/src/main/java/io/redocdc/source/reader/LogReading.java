package io.redocdc.source.reader;

import io.redocdc.source.model.RedoRecord;
import io.redocdc.source.split.RedoLogSplit;
import io.redocdc.source.split.RedoLogSplitState;
import java.util.Locale;

/** A log being read by one reader: its checkpointed progress, and the counts and time of the progress log. */
final class LogReading {

    private final RedoLogSplitState state;
    private final long firstIndex;
    private final long startNanos = System.nanoTime();
    private long emitted;

    LogReading(RedoLogSplit split) {
        this.state = new RedoLogSplitState(split);
        this.firstIndex = split.position().handedOn();
    }

    RedoLogSplitState state() {
        return state;
    }

    void handedOn(RedoRecord record, boolean wasEmitted) {
        state.recordHandedOn(record);
        if (wasEmitted) {
            emitted++;
        }
    }

    String describe() {
        long read = state.position().handedOn() - firstIndex;
        double seconds = Math.max(System.nanoTime() - startNanos, 1) / 1e9;
        return String.format(Locale.ROOT,
                "%d records read from record %d (%d emitted, %d above the maximum SCN) in %.3f s, %.0f records/s",
                read, firstIndex, emitted, read - emitted, seconds, read / seconds);
    }
}
