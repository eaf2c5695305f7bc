package io.redocdc.tools.simulate;

/**
 * One V$LOGMNR_CONTENTS row before the writer gives it TIMESTAMP, RS_ID and CSF (and splits it into pieces).
 * STATUS is 0 and INFO empty but on LOB and XML rows (lob-redo-shapes.md, sql-redo-shapes.md). Null strings print
 * as empty fields (NULL). {@code record}: whether the row shares its redo record, so its RS_ID, with others of its
 * statement (the SEL_LOB_LOCATOR rows of a LOB statement share its INSERT's or UPDATE's, see
 * {@link DocumentStatements}).
 */
record ContentsRow(
        long scn,
        int thread,
        String xid,
        String operation,
        int operationCode,
        boolean rollback,
        int status,
        String info,
        String segOwner,
        String tableName,
        long dataObj,
        String rowId,
        long ssn,
        String sqlRedo,
        String sqlUndo,
        Record record) {

    /** A row's redo record: its own, or one that later rows of its statement share. */
    enum Record {
        OWN,
        /** Later {@link #SHARED} rows on the thread take this row's RS_ID. */
        OPENS,
        /** The RS_ID of the last {@link #OPENS} row on the thread. */
        SHARED
    }
}
