package io.redocdc.operators.parser;

/** What a SQL_REDO (or SQL_UNDO) text is. */
public enum StatementKind {
    INSERT,
    UPDATE,
    DELETE,
    /** {@code XML DOC BEGIN:  select "COL" from "OWNER"."TABLE" where ...}: an XMLTYPE document write starts. */
    XML_DOC_BEGIN,
    /**
     * A PL/SQL block (or, in 19c, a piece of one) of a SEL_LOB_LOCATOR, LOB_WRITE, LOB_TRIM or LOB_ERASE row:
     * {@code DECLARE ... BEGIN select "C" into loc_c from "O"."T" where ... for update; buf_c := '...';
     * dbms_lob.write(loc_c, n, offset, buf_c); END;}.
     */
    LOB,
    /** {@code XML_REDO := '...'} (optionally followed by {@code amount: N}): a piece of an XMLTYPE document. */
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
