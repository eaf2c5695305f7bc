package io.redocdc.source.logminer;

/**
 * What the start check does with captured tables that have columns LogMiner cannot show (BOOLEAN, JSON and VECTOR
 * in 23ai: their changes come as UNSUPPORTED rows, STATUS 2, with no usable SQL_REDO).
 */
public enum UnsupportedTypeCheck {
    /** Refuse to start, naming the tables and columns: each of their changes would stop the job. */
    REFUSE,
    /**
     * Warn and go on: their changes go to the dead-letter output ({@code --dead-letter}), or a job reading an
     * exported directory decides.
     */
    WARN
}
