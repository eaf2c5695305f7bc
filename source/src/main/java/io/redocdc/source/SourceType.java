package io.redocdc.source;

/** What {@code run} reads (option --source.type). */
public enum SourceType {
    /** A redo directory (archived_logs.csv + contents/), e.g. written by {@code export} or {@code simulate}. */
    DIRECTORY,
    /** An Oracle database: V$ARCHIVED_LOG and one LogMiner session per archived log. */
    ORACLE
}
