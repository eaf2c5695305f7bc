package io.redocdc.operators.txn;

import org.apache.flink.api.common.state.MapState;
import org.apache.flink.api.common.state.MapStateDescriptor;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;

/**
 * Pairs a partial-rollback undo row (ROLLBACK=1) with the row it undoes: the latest earlier live row of the
 * transaction with the same ROW_ID (reference/oracle/operation-codes.md, "Savepoint rollback"). Per ROW_ID it
 * keeps a stack of live rows in keyed state, as a linked list: {@code latest} holds the top, {@code previous}
 * links each row to the live row it covers. Nothing is held in memory, so a transaction of any size works.
 */
final class UndoMatcher {

    static MapStateDescriptor<String, RowKey> latestDescriptor() {
        return new MapStateDescriptor<>("latest-live-row-by-rowid", Types.STRING, TypeInformation.of(RowKey.class));
    }

    static MapStateDescriptor<RowKey, RowKey> previousDescriptor() {
        return new MapStateDescriptor<>(
                "previous-live-row", TypeInformation.of(RowKey.class), TypeInformation.of(RowKey.class));
    }

    private final MapState<String, RowKey> latest;
    private final MapState<RowKey, RowKey> previous;
    /** Whether anything was pushed since the last clear: clearing scans the key's state, costly on RocksDB. */
    private boolean used;

    UndoMatcher(MapState<String, RowKey> latest, MapState<RowKey, RowKey> previous) {
        this.latest = latest;
        this.previous = previous;
    }

    /** Records a live row as the newest change of its ROW_ID. */
    void push(String rowId, RowKey row) throws Exception {
        if (rowId == null) {
            return;
        }
        used = true;
        RowKey covered = latest.get(rowId);
        if (covered != null) {
            previous.put(row, covered);
        }
        latest.put(rowId, row);
    }

    /** Takes the newest live row of a ROW_ID off its stack: the row an undo row cancels. Null if there is none. */
    RowKey pop(String rowId) throws Exception {
        if (rowId == null) {
            return null;
        }
        RowKey top = latest.get(rowId);
        if (top == null) {
            return null;
        }
        RowKey covered = previous.get(top);
        if (covered == null) {
            latest.remove(rowId);
        } else {
            previous.remove(top);
            latest.put(rowId, covered);
        }
        return top;
    }

    /** Forgets the stacks of the transaction just finished. */
    void clear() {
        if (used) {
            latest.clear();
            previous.clear();
            used = false;
        }
    }
}
