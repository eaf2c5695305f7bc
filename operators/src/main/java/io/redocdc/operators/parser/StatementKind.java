package io.redocdc.operators.parser;

/** What a SQL_REDO (or SQL_UNDO) text is. */
public enum StatementKind {
    INSERT,
    UPDATE,
    DELETE,
    /** {@code XML DOC BEGIN:  select "COL" from "OWNER"."TABLE" where ...}: an XMLTYPE document write starts. */
    XML_DOC_BEGIN,
    /** {@code XML_REDO := '...'}: a piece of an XMLTYPE document. */
    XML_REDO,
    /** {@code  amount: N}: the length written by the preceding XML or LOB piece. */
    AMOUNT,
    /** {@code Unsupported}: LogMiner could not render the change (BOOLEAN, JSON, VECTOR columns, ...). */
    UNSUPPORTED,
    /**
     * No statement: SQL_REDO is NULL, empty or only a comment (LogMiner writes
     * {@code /* No SQL_REDO for temporary tables *}{@code /} for rows it has no SQL for).
     */
    NONE
}
