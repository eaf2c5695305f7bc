package io.redocdc.source.enumerator;

import io.redocdc.source.model.Scn;

/**
 * Consecutive finished logs of one thread, sequences {@code fromSequence..toSequence}, covering SCNs
 * [firstChange, nextChange), not yet connected to the thread's completed prefix.
 */
public record FinishedRun(long fromSequence, long toSequence, Scn firstChange, Scn nextChange) {

    public FinishedRun {
        if (toSequence < fromSequence || !firstChange.isBefore(nextChange)) {
            throw new IllegalArgumentException("invalid finished run of sequences " + fromSequence + ".." + toSequence
                    + " [" + firstChange + ", " + nextChange + ")");
        }
    }
}
