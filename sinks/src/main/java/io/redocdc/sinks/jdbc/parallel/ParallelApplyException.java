package io.redocdc.sinks.jdbc.parallel;

import java.io.IOException;

/** An apply worker failed; the coordinator takes no more work and every later call throws this again. */
public final class ParallelApplyException extends IOException {

    public ParallelApplyException(String message, Throwable cause) {
        super(message, cause);
    }
}
