package io.redocdc.operators.txn;

import java.util.ArrayList;
import java.util.List;
import org.apache.flink.api.common.state.MapState;
import org.apache.flink.api.common.state.MapStateDescriptor;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;

/**
 * Pairs a partial-rollback undo row (ROLLBACK=1) with the row it undoes: the latest earlier live row of the
 * transaction with the same ROW_ID (reference/oracle/operation-codes.md, "Savepoint rollback"). Per ROW_ID it
 * keeps a stack of live rows in keyed state, as a linked list: {@code latest} holds the top, {@code previous}
 * links each row to the live row it covers. Only the keys of up to {@link #REMEMBERED_PUSHES} pushes are held in
 * memory (to clear the stacks), so a transaction of any size works.
 */
final class UndoMatcher {

    static MapStateDescriptor<String, RowKey> latestDescriptor() {
        return new MapStateDescriptor<>("latest-live-row-by-rowid", Types.STRING, TypeInformation.of(RowKey.class));
    }

    static MapStateDescriptor<RowKey, RowKey> previousDescriptor() {
        return new MapStateDescriptor<>(
                "previous-live-row", TypeInformation.of(RowKey.class), TypeInformation.of(RowKey.class));
    }

    /**
     * Pushes remembered (in memory) so that {@link #clear} can delete their entries one by one; a transaction with
     * more falls back to clearing the maps, which on RocksDB iterates the slot's key range past every entry deleted
     * there since the last compaction, costly for slots that transaction after transaction reuse.
     */
    static final int REMEMBERED_PUSHES = 4096;

    private final MapState<String, RowKey> latest;
    private final MapState<RowKey, RowKey> previous;
    /** Every ROW_ID pushed since the last clear (the keys of {@code latest}), unless more than remembered. */
    private final List<String> pushedRowIds = new ArrayList<>();
    /** Every row pushed over another since the last clear (the keys of {@code previous}), likewise. */
    private final List<RowKey> coveringRows = new ArrayList<>();
    private boolean tooManyToRemember;

    UndoMatcher(MapState<String, RowKey> latest, MapState<RowKey, RowKey> previous) {
        this.latest = latest;
        this.previous = previous;
    }

    /** Records a live row as the newest change of its ROW_ID. */
    void push(String rowId, RowKey row) throws Exception {
        if (rowId == null) {
            return;
        }
        RowKey covered = latest.get(rowId);
        if (covered != null) {
            previous.put(row, covered);
        }
        latest.put(rowId, row);
        remember(rowId, covered == null ? null : row);
    }

    private void remember(String rowId, RowKey covering) {
        if (tooManyToRemember) {
            return;
        }
        if (pushedRowIds.size() == REMEMBERED_PUSHES) {
            tooManyToRemember = true;
            pushedRowIds.clear();
            coveringRows.clear();
            return;
        }
        pushedRowIds.add(rowId);
        if (covering != null) {
            coveringRows.add(covering);
        }
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

    /**
     * Forgets the stacks of the transaction whose undo rows were just matched. Every entry was put by a push (a pop
     * only moves a ROW_ID's top to a row pushed before), so the remembered pushes name them all.
     */
    void clear() throws Exception {
        if (tooManyToRemember) {
            latest.clear();
            previous.clear();
        } else {
            for (String rowId : pushedRowIds) {
                latest.remove(rowId);
            }
            for (RowKey row : coveringRows) {
                previous.remove(row);
            }
        }
        tooManyToRemember = false;
        pushedRowIds.clear();
        coveringRows.clear();
    }
}
