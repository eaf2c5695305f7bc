package io.redocdc.tools.export;

import io.redocdc.source.model.Scn;
import java.time.Duration;

/**
 * How an export runs.
 *
 * @param start            where threads without an exported log start
 * @param toScn            last SCN needed: logs that begin above it are not exported; null for no limit
 * @param follow           keep polling for new logs until stopped (or, with {@code toScn}, until every thread
 *                         has a log past it)
 * @param pollInterval     pause between polls when following
 * @param gapTimeout       how long a following export waits for a missing sequence before failing
 * @param progressInterval how often a long log reports its progress
 */
public record ExportSettings(ExportStart start, Scn toScn, boolean follow, Duration pollInterval,
                             Duration gapTimeout, Duration progressInterval) {

    public static final Duration DEFAULT_POLL_INTERVAL = Duration.ofSeconds(10);
    public static final Duration DEFAULT_GAP_TIMEOUT = Duration.ofMinutes(5);
    public static final Duration DEFAULT_PROGRESS_INTERVAL = Duration.ofSeconds(10);

    public ExportSettings {
        if (start == null) {
            throw new IllegalArgumentException("export start must be set");
        }
        if (pollInterval.isNegative() || pollInterval.isZero()) {
            throw new IllegalArgumentException("poll interval must be positive, got " + pollInterval);
        }
        if (gapTimeout.isNegative()) {
            throw new IllegalArgumentException("gap timeout must not be negative, got " + gapTimeout);
        }
    }

    /** A one-pass export of every available log from {@code start}. */
    public static ExportSettings once(ExportStart start) {
        return new ExportSettings(start, null, false, DEFAULT_POLL_INTERVAL, DEFAULT_GAP_TIMEOUT,
                DEFAULT_PROGRESS_INTERVAL);
    }

    public ExportSettings following(Duration interval) {
        return new ExportSettings(start, toScn, true, interval, gapTimeout, progressInterval);
    }

    public ExportSettings upTo(Scn scn) {
        return new ExportSettings(start, scn, follow, pollInterval, gapTimeout, progressInterval);
    }

    public ExportSettings withGapTimeout(Duration timeout) {
        return new ExportSettings(start, toScn, follow, pollInterval, timeout, progressInterval);
    }
}
