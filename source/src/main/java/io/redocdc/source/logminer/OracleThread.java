package io.redocdc.source.logminer;

/**
 * One row of V$THREAD.
 *
 * @param thread THREAD#
 * @param open STATUS = 'OPEN': an instance generates redo in this thread
 * @param enabled ENABLED: DISABLED, PRIVATE or PUBLIC
 */
public record OracleThread(int thread, boolean open, String enabled) {
}
