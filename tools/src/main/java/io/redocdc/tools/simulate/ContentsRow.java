package io.redocdc.tools.simulate;

/**
 * One V$LOGMNR_CONTENTS row before the writer gives it TIMESTAMP, RS_ID and CSF (and splits it into pieces).
 * STATUS is 0 and INFO empty but on LOB and XML rows (lob-redo-shapes.md, sql-redo-shapes.md). Null strings print
 * as empty fields (NULL).
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
        String sqlUndo) {
}
