package io.redocdc.sinks.jdbc;

/** A transaction the target rejected while {@code sink.on-error=stop}; the job stops without restarts. */
public final class JdbcApplyException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public JdbcApplyException(String message, Throwable cause) {
        super(message, cause);
    }
}
