package io.redocdc.operators.txn;

import io.redocdc.source.model.ThreadSequence;

/**
 * The buffered records of one slot in one log: local indexes {@code [first, next)}. Records are consumed from
 * the front, so the range only shrinks at the front and grows at the back.
 */
public record LogChunk(ThreadSequence log, int first, int next) {

    public LogChunk {
        if (log == null || first < 0 || next < first) {
            throw new IllegalArgumentException("invalid chunk of " + log + ": [" + first + ", " + next + ")");
        }
    }

    public boolean isEmpty() {
        return first == next;
    }
}
