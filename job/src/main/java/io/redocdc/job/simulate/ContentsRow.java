package io.redocdc.job.simulate;

/**
 * One V$LOGMNR_CONTENTS row before the writer gives it TIMESTAMP, RS_ID and CSF (and splits it into pieces).
 * STATUS is always 0 and INFO always empty in the simulated redo. Null strings print as empty fields (NULL).
 */
record ContentsRow(
        long scn,
        int thread,
        String xid,
        String operation,
        int operationCode,
        boolean rollback,
        String segOwner,
        String tableName,
        long dataObj,
        String rowId,
        long ssn,
        String sqlRedo,
        String sqlUndo) {
}
