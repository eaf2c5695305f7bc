package io.redocdc.source.logminer;

import java.io.Serializable;
import java.sql.SQLException;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs a JDBC action, retrying connection loss and temporarily missing logs with exponential backoff; other errors
 * fail at once.
 */
final class Retrying implements Serializable {

    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(Retrying.class);

    /** One attempt; {@code attempt} is 1-based. */
    @FunctionalInterface
    interface Attempt<T> {
        T run(int attempt) throws SQLException;
    }

    /** The last error after every attempt failed (or the first error that a retry cannot cure). */
    static final class Exhausted extends Exception {
        private static final long serialVersionUID = 1L;
        private final int attempts;

        Exhausted(SQLException cause, int attempts) {
            super(cause);
            this.attempts = attempts;
        }

        SQLException sqlCause() {
            return (SQLException) getCause();
        }

        /** How many attempts were made. */
        int attempts() {
            return attempts;
        }

        /** "ORA-03113 after 5 attempts: <message>". */
        String describe() {
            return OracleErrors.describeCode(sqlCause()) + (attempts > 1 ? " after " + attempts + " attempts" : "")
                    + ": " + sqlCause().getMessage();
        }
    }

    private final RetryPolicy policy;
    private final Sleeper sleeper;

    Retrying(RetryPolicy policy, Sleeper sleeper) {
        this.policy = policy;
        this.sleeper = sleeper;
    }

    <T> T run(String what, Attempt<T> action) throws Exhausted, InterruptedException {
        for (int attempt = 1; ; attempt++) {
            try {
                return action.run(attempt);
            } catch (SQLException e) {
                if (!OracleErrors.isRetryable(e) || attempt >= policy.attempts()) {
                    throw new Exhausted(e, attempt);
                }
                Duration wait = policy.backoffAfter(attempt);
                LOG.warn("{} failed (attempt {} of {}, {}): {}; retrying in {}", what, attempt, policy.attempts(),
                        OracleErrors.describeCode(e), e.getMessage(), wait);
                sleeper.sleep(wait);
            }
        }
    }
}
