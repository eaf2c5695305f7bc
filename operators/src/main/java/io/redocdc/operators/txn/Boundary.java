package io.redocdc.operators.txn;

import io.redocdc.source.model.OperationCode;
import io.redocdc.source.model.RedoRecord;

/**
 * A pending transaction boundary of one slot: a START, COMMIT or ROLLBACK record, kept small because every
 * timer of the slot reads all of them.
 *
 * @param operationCode START (6), COMMIT (7) or ROLLBACK (36)
 * @param scn           the record's SCN
 * @param key           where the record sits in the slot's redo order
 * @param recordIndex   the record's index in its log ({@link RedoRecord#index()}), part of the LCR position
 * @param xid           the record's XID (RAW hex)
 * @param origin        where it came from, for log messages
 */
public record Boundary(int operationCode, long scn, RowKey key, long recordIndex, String xid, String origin) {

    public static Boundary of(RedoRecord record, RowKey key) {
        return new Boundary(record.operationCode(), record.scn(), key, record.index(), record.xid().toRaw(),
                record.origin());
    }

    public OperationCode op() {
        return OperationCode.of(operationCode);
    }

    public boolean isStart() {
        return operationCode == OperationCode.START.code();
    }

    public boolean isEnd() {
        return op().endsTransaction();
    }

    public boolean sameThread(RowKey other) {
        return key.thread() == other.thread();
    }
}
