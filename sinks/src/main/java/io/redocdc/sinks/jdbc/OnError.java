package io.redocdc.sinks.jdbc;

/**
 * {@code sink.on-error}: what happens to a transaction the target rejects (a conflict under policy ERROR, a
 * constraint violation, a value the target type cannot take, any SQL error that is not a lost connection).
 * The default is {@link #CONTINUE}, as Oracle Streams' apply error queue: the stream goes on and the failed
 * transaction waits in the error table for a DBA to retry or delete it.
 */
public enum OnError {
    /** Roll back, write the whole transaction to REDO_CDC_ERRORS (exactly once, with the applied position), go on. */
    CONTINUE,
    /** Roll back and fail the job without restarts, naming the transaction. */
    STOP
}
