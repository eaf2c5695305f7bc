package io.redocdc.operators.lcr;

/**
 * What an SQL_REDO literal says about its value. LogMiner quotes numbers as strings, so a number is a
 * {@link #STRING}; only the literal's own form (TO_DATE, HEXTORAW, ...) makes a value typed.
 */
public enum ValueKind {
    NULL,
    /** '...' or UNISTR('...'); text is the decoded string (numbers too). */
    STRING,
    /** TO_DATE(...); text is {@code yyyy-MM-dd HH:mm:ss}. */
    DATE,
    /** TO_TIMESTAMP(...); text is {@code yyyy-MM-dd HH:mm:ss[.f...]} as LogMiner printed it. */
    TIMESTAMP,
    /** TO_TIMESTAMP_TZ(...); text as LogMiner printed it, with its offset or region when it has one. */
    TIMESTAMP_TZ,
    /** HEXTORAW(...); text is lower-case hex. */
    RAW,
    /** TO_YMINTERVAL(...); text as printed, e.g. {@code +0012-03}. */
    INTERVAL_YM,
    /** TO_DSINTERVAL(...); text as printed, e.g. {@code +00005 04:03:02.123456}. */
    INTERVAL_DS,
    /** EMPTY_CLOB(); text is the empty string. */
    EMPTY_CLOB,
    /** EMPTY_BLOB(); text is the empty string. */
    EMPTY_BLOB,
    /** LogMiner printed {@code Unsupported Type} for this column; text is null. */
    UNSUPPORTED
}
