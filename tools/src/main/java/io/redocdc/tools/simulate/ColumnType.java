package io.redocdc.tools.simulate;

/** The Oracle column types of the simulated schema; each has its own literal form in SQL_REDO. */
enum ColumnType {
    /** '42.5': LogMiner prints numbers as quoted strings. */
    NUMBER,
    /** 'it''s': plain quoted text (the database character set is AL32UTF8). */
    VARCHAR2,
    /** UNISTR('caf\00E9'): national character set text, non-ASCII as UTF-16 escapes. */
    NVARCHAR2,
    /** TO_DATE('2026-02-28 13:45:59', 'YYYY-MM-DD HH24:MI:SS'). */
    DATE,
    /** TO_TIMESTAMP('2026-03-29 01:30:00.123456000'). */
    TIMESTAMP,
    /** HEXTORAW('deadbeef'). */
    RAW,
    /** EMPTY_CLOB() in an INSERT; the value follows as an UPDATE literal or LOB_WRITE rows (lob-redo-shapes.md). */
    CLOB,
    /** As CLOB (EMPTY_CLOB() too); literals as UNISTR('...'). */
    NCLOB,
    /** EMPTY_BLOB() in an INSERT; HEXTORAW('...') literals and LOB_WRITE buffers. */
    BLOB,
    /** Never in an INSERT; the document follows in XML DOC rows (sqlredo-corpus-types-and-lobs.sql, T20). */
    XMLTYPE;

    /** Written apart from its row; never in a WHERE clause (LogMiner leaves LOB columns out). */
    boolean isLob() {
        return this == CLOB || this == NCLOB || this == BLOB || this == XMLTYPE;
    }
}
