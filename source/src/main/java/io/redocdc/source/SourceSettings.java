package io.redocdc.source;

import io.redocdc.source.model.Scn;
import java.io.Serializable;
import java.time.Duration;

/**
 * The validated options of a {@link RedoLogSource}, shipped to the enumerator and the readers.
 *
 * @param startScn logs that end at or below it ({@code NEXT_CHANGE# <= startScn}) are skipped; 0 starts at the
 *        oldest log of each thread
 * @param maxScn last SCN to deliver; {@link Long#MAX_VALUE} when unbounded
 * @param bounded read the logs available at start and end (otherwise keep discovering logs)
 * @param discoveryInterval how often a continuous source lists the catalog
 * @param gapTimeout how long a continuous source waits for a missing log before failing
 */
public record SourceSettings(long startScn, long maxScn, boolean bounded, Duration discoveryInterval,
                             Duration gapTimeout) implements Serializable {

    public Scn start() {
        return Scn.of(startScn);
    }

    public Scn max() {
        return Scn.of(maxScn);
    }

    public boolean hasMaxScn() {
        return maxScn != Long.MAX_VALUE;
    }
}
