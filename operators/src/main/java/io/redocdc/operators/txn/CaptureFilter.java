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
 * rows, rows of tables the {@link TableFilter} does not capture (including their undo rows), SELECT ... FOR
 * UPDATE rows (they change nothing) and table-less rows other than transaction control. Transaction control
 * rows (START, COMMIT, ROLLBACK) always pass: the assembler needs them for every slot.
 *
 * <p>A DML row without SEG_OWNER/TABLE_NAME passes: the assembler decides from its parsed SQL_REDO.
 */
public final class CaptureFilter extends RichFilterFunction<RedoRecord> {

    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(CaptureFilter.class);

    private final TableFilter tableFilter;
    private transient Counter droppedInternal;
    private transient Counter droppedUncaptured;
    private transient Counter droppedOther;

    public CaptureFilter(TableFilter tableFilter) {
        this.tableFilter = tableFilter;
    }

    @Override
    public void open(OpenContext openContext) {
        var metrics = getRuntimeContext().getMetricGroup();
        droppedInternal = metrics.counter("droppedInternalRecords");
        droppedUncaptured = metrics.counter("droppedUncapturedTableRecords");
        droppedOther = metrics.counter("droppedOtherRecords");
    }

    @Override
    public boolean filter(RedoRecord record) {
        OperationCode op = record.op();
        switch (op) {
            case START, COMMIT, ROLLBACK:
                return true;
            case INTERNAL:
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
        if (record.segOwner() == null || record.tableName() == null) {
            if (op.isRowChange()) {
                return true;
            }
            droppedOther.inc();
            return false;
        }
        if (tableFilter.captures(record.segOwner(), record.tableName())) {
            return true;
        }
        droppedUncaptured.inc();
        return false;
    }
}
