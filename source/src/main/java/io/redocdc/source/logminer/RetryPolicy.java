package io.redocdc.source.logminer;

import java.io.Serializable;
import java.time.Duration;

/**
 * How often and how patiently to retry a lost connection or a log that is missing for a moment.
 *
 * @param attempts total attempts, at least 1 (1 = no retry)
 * @param initialBackoff wait before the second attempt; doubled before each further one
 * @param maxBackoff upper bound of one wait
 */
public record RetryPolicy(int attempts, Duration initialBackoff, Duration maxBackoff) implements Serializable {

    public static final RetryPolicy DEFAULT = new RetryPolicy(5, Duration.ofSeconds(1), Duration.ofSeconds(30));
    public static final RetryPolicy NONE = new RetryPolicy(1, Duration.ZERO, Duration.ZERO);

    public RetryPolicy {
        if (attempts < 1) {
            throw new IllegalArgumentException("RetryPolicy attempts must be at least 1; got " + attempts);
        }
        if (initialBackoff == null || initialBackoff.isNegative() || maxBackoff == null
                || maxBackoff.compareTo(initialBackoff) < 0) {
            throw new IllegalArgumentException("RetryPolicy backoffs must satisfy 0 <= initialBackoff <= maxBackoff; "
                    + "got initialBackoff " + initialBackoff + ", maxBackoff " + maxBackoff);
        }
    }

    /** The wait after failed attempt {@code failedAttempt} (1-based): initial * 2^(n-1), capped at the maximum. */
    public Duration backoffAfter(int failedAttempt) {
        Duration wait = initialBackoff;
        for (int i = 1; i < failedAttempt && wait.compareTo(maxBackoff) < 0; i++) {
            wait = wait.multipliedBy(2);
        }
        return wait.compareTo(maxBackoff) > 0 ? maxBackoff : wait;
    }
}
