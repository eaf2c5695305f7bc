package io.redocdc.source.model;

import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;

/**
 * One V$LOGMNR_CONTENTS row, with CSF continuation rows already joined into one SQL_REDO/SQL_UNDO, plus where
 * it came from: the log, its index among the log's (joined) records as this log's reading handed them on (after a
 * resume the numbering continues from the {@link ResumePoint}), and the line of the contents file (or the row number
 * of the LogMiner query) where it starts, for error messages.
 *
 * <p>Nullable columns are boxed; a NULL XID is {@link Xid#NONE}; TIMESTAMP keeps LogMiner's text
 * ({@code YYYY-MM-DD HH24:MI:SS}). Flink serializes this record as a POJO (no Kryo); savepoints written before
 * {@code container} existed restore with it null (RedoRecordStateCompatibilityTest).
 *
 * @param container SRC_CON_NAME: in a CDB, the PDB whose redo this is; null in a non-CDB, without a LogMiner
 *                  dictionary, on control rows LogMiner leaves without it, or when the contents file has no such column
 */
public record RedoRecord(
        long scn,
        String timestamp,
        int thread,
        Xid xid,
        String operation,
        int operationCode,
        boolean rollback,
        int status,
        String info,
        String container,
        String segOwner,
        String tableName,
        Long dataObj,
        String rowId,
        String rsId,
        long ssn,
        String sqlRedo,
        String sqlUndo,
        ThreadSequence log,
        long index,
        long line) {

    private static final DateTimeFormatter TIMESTAMP_FORMAT = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");

    /** TIMESTAMP as a LocalDateTime, or null when the row has none. */
    public LocalDateTime timestampValue() {
        return timestamp == null ? null : LocalDateTime.parse(timestamp, TIMESTAMP_FORMAT);
    }

    /** (RS_ID, SSN), or null when RS_ID is NULL or blank. */
    public RowChangeId rowChangeId() {
        return RowChangeId.of(rsId, ssn);
    }

    /**
     * LogMiner's placeholder ROW_ID, only 'A's, on the INSERT and LOB rows of tables with LOB columns (their
     * undo rows name the real one; osodevops/kafka-connect-oracle-cdc, reference/lob-redo-shapes.md).
     */
    public boolean hasPlaceholderRowId() {
        return rowId != null && !rowId.isEmpty() && rowId.chars().allMatch(c -> c == 'A');
    }

    /** A ROW_ID that names a stored row: neither missing nor the placeholder. */
    public boolean hasRealRowId() {
        return rowId != null && !rowId.isBlank() && !hasPlaceholderRowId();
    }

    public OperationCode op() {
        return OperationCode.of(operationCode);
    }

    public Scn scnValue() {
        return Scn.of(scn);
    }

    /** Key that routes every row of a transaction, including partial-XID undo rows, to the same place. */
    public int slotKey() {
        return xid.slotKey();
    }

    /** "contents file 1_42_1029337344 line 17": where this record came from, for error messages. */
    public String origin() {
        return "log " + log.fileStem() + " line " + line;
    }
}
