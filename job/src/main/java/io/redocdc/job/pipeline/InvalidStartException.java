package io.redocdc.job.pipeline;

/** The resolved start position does not fit the other options (e.g. it lies at or above the stop SCN). */
public final class InvalidStartException extends RuntimeException {

    public InvalidStartException(String message) {
        super(message);
    }
}
