package io.redocdc.operators.txn;

import io.redocdc.source.model.OperationCode;
import io.redocdc.source.model.RedoRecord;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.functions.RichFilterFunction;
import org.apache.flink.metrics.Counter;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Drops, before the shuffle to the assembler, the redo rows no captured transaction needs: LogMiner's INTERNAL
 * rows (but the markers a savepoint rollback of a LOB statement needs, {@link #isUndoMarker}) and internal DDL,
 * rows outside any transaction (no XID), rows of tables the {@link TableFilter} does not capture (including their
 * undo rows), SELECT ... FOR UPDATE rows (they change nothing) and table-less rows other
 * than transaction control. Transaction control rows (START, COMMIT, ROLLBACK) always pass: the assembler needs
 * them for every slot.
 *
 * <p>A DML row without SEG_OWNER/TABLE_NAME passes: the assembler decides from its parsed SQL_REDO. So does a DML
 * row of a table LogMiner could not name ({@link TableFilter#mayCapture}): the assembler reports it.
 */
public final class CaptureFilter extends RichFilterFunction<RedoRecord> {

    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(CaptureFilter.class);
    /**
     * INFO of the DDL LogMiner records for the database's own recursive DDL, as opposed to "USER DDL". Not in
     * Oracle's V$LOGMNR_CONTENTS page; it is the value public LogMiner clients (Debezium's LogMiner event
     * processor among them) skip.
     */
    static final String INTERNAL_DDL_INFO = "INTERNAL DDL";

    private final TableFilter tableFilter;
    private transient Counter droppedInternal;
    private transient Counter droppedWithoutXid;
    private transient Counter droppedUncaptured;
    private transient Counter droppedOther;

    public CaptureFilter(TableFilter tableFilter) {
        this.tableFilter = tableFilter;
    }

    @Override
    public void open(OpenContext openContext) {
        var metrics = getRuntimeContext().getMetricGroup();
        droppedInternal = metrics.counter("droppedInternalRecords");
        droppedWithoutXid = metrics.counter("droppedRecordsWithoutXid");
        droppedUncaptured = metrics.counter("droppedUncapturedTableRecords");
        droppedOther = metrics.counter("droppedOtherRecords");
    }

    /**
     * An INTERNAL row that the assembler keeps as a marker, never as a change: with the real ROW_ID of a captured
     * table's row, it ends a LOB statement (or DBMS_LOB call) that a rollback to savepoint may reverse, and the undo
     * row names that ROW_ID (see LobStatementUndo). Rolled-back rows, placeholder ROWIDs, rows without a table
     * or XID never end such a statement.
     */
    boolean isUndoMarker(RedoRecord record) {
        return !record.rollback() && record.hasRealRowId() && !record.xid().isNone() && record.segOwner() != null
                && record.tableName() != null && tableFilter.captures(record.segOwner(), record.tableName());
    }

    @Override
    public boolean filter(RedoRecord record) {
        OperationCode op = record.op();
        switch (op) {
            case INTERNAL:
                if (isUndoMarker(record)) {
                    return true;
                }
                droppedInternal.inc();
                return false;
            case SELECT_FOR_UPDATE:
                droppedOther.inc();
                return false;
            case MISSING_SCN:
                LOG.warn("LogMiner reported MISSING_SCN at {} (SCN {}, XID {}): redo is missing there; "
                        + "changes in that range may be lost", record.origin(), record.scn(), record.xid().toRaw());
                droppedOther.inc();
                return false;
            default:
                break;
        }
        if (record.xid().isNone()) {
            // Nothing outside a transaction commits; keyed by this XID a START would stay open for ever and hold
            // back the required checkpoint SCN.
            droppedWithoutXid.inc();
            if (op.isRowChange()) {
                LOG.warn("dropping the {} row at {} (SCN {}, {}.{}): it has no XID, so no transaction commits it",
                        op, record.origin(), record.scn(), record.segOwner(), record.tableName());
            } else {
                LOG.debug("dropping the {} row at {} (SCN {}): it has no XID", op, record.origin(), record.scn());
            }
            return false;
        }
        if (op == OperationCode.START || op.endsTransaction()) {
            return true;
        }
        if (op == OperationCode.DDL && record.info() != null && record.info().startsWith(INTERNAL_DDL_INFO)) {
            droppedInternal.inc();
            return false;
        }
        if (record.segOwner() == null || record.tableName() == null) {
            if (op.isRowChange()) {
                return true;
            }
            droppedOther.inc();
            return false;
        }
        boolean kept = op.isRowChange() ? tableFilter.mayCapture(record.segOwner(), record.tableName())
                : tableFilter.captures(record.segOwner(), record.tableName());
        if (!kept) {
            droppedUncaptured.inc();
        }
        return kept;
    }
}
