package io.redocdc.sinks.jdbc;

/** {@code sink.ddl}: what the apply sink does with DDL LCRs. */
public enum DdlHandling {
    /** Log the DDL text at INFO and go on (default). */
    SKIP,
    /** Execute the DDL text on the target as is; only for an Oracle target. Oracle commits DDL implicitly. */
    EXECUTE
}
