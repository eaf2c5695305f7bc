package io.redocdc.tools.simulate;

import io.redocdc.tools.simulate.OpenTransaction.Savepoint;
import io.redocdc.tools.simulate.OpenTransaction.UndoEntry;
import java.io.IOException;
import java.util.List;

/**
 * Row changes and transaction ends, applied at once to the model, the redo and the truth: the model keeps the
 * row locks and undo log, the redo gets the rows LogMiner would show, the truth gets the committed net changes.
 */
final class RowOperations {

    private final RedoEmitter redo;
    private final TruthWriter truth;
    private final XidAllocator xids;
    private final References references;
    private long rolledBack;

    RowOperations(RedoEmitter redo, TruthWriter truth, XidAllocator xids, References references) {
        this.redo = redo;
        this.truth = truth;
        this.xids = xids;
        this.references = references;
    }

    long rolledBack() {
        return rolledBack;
    }

    ModelRow insert(OpenTransaction tx, TableModel table, String[] values) throws IOException {
        ModelRow row = table.insert(values);
        row.lockedBy = tx;
        references.inserted(table, row);
        apply(tx, new UndoEntry(SimulatedRowChange.insert(table.def(), row.rowId, values, tx.nextSsn()), table, row,
                true));
        return row;
    }

    void update(OpenTransaction tx, TableModel table, ModelRow row, int[] setColumns, String[] newValues)
            throws IOException {
        boolean tookLock = lock(tx, row);
        String[] before = row.values;
        row.values = newValues;
        apply(tx, new UndoEntry(SimulatedRowChange.update(table.def(), row.rowId, before, newValues, setColumns,
                tx.nextSsn()), table, row, tookLock));
    }

    void delete(OpenTransaction tx, TableModel table, ModelRow row) throws IOException {
        boolean tookLock = lock(tx, row);
        table.remove(row);
        apply(tx, new UndoEntry(SimulatedRowChange.delete(table.def(), row.rowId, row.values, tx.nextSsn()), table, row,
                tookLock));
    }

    /** A change of a row nobody else touches and that is never rolled back: redo and truth only. */
    void untracked(OpenTransaction tx, SimulatedRowChange change) throws IOException {
        redo.change(tx, change);
        recordTruth(tx, change);
    }

    /**
     * A statement whose redo rows the caller wrote ({@link DocumentStatements}): the undo log keeps the row lock it
     * took, the truth its change as the output shows it.
     */
    void written(OpenTransaction tx, UndoEntry entry, String truthChange) throws IOException {
        tx.undoLog.add(entry);
        tx.changes.add(truthChange);
    }

    /** Rollback to savepoint: rollback rows for the later changes, newest first; the transaction goes on. */
    void rollbackTo(OpenTransaction tx, Savepoint savepoint) throws IOException {
        List<UndoEntry> log = tx.undoLog;
        for (int i = log.size() - 1; i >= savepoint.undoEntries(); i--) {
            UndoEntry entry = log.get(i);
            redo.undo(tx, entry.change());
            revert(entry);
        }
        log.subList(savepoint.undoEntries(), log.size()).clear();
        tx.changes.truncate(savepoint.changes());
    }

    void commit(OpenTransaction tx) throws IOException {
        long commitScn = redo.commit(tx);
        truth.committed(tx.xid, commitScn, tx.thread, tx.changes);
        for (UndoEntry entry : tx.undoLog) {
            if (entry.tookLock()) {
                entry.row().lockedBy = null;
            }
            if (entry.change().op() == SimulatedRowChange.OpType.D) {
                references.gone(entry.table(), entry.row());
            }
        }
        end(tx);
    }

    /** Full rollback: rollback rows for every change, newest first, then the ROLLBACK row. */
    void rollback(OpenTransaction tx) throws IOException {
        rollbackTo(tx, new Savepoint(0, 0));
        redo.rollback(tx);
        rolledBack++;
        end(tx);
    }

    private void end(OpenTransaction tx) throws IOException {
        xids.release(tx.xid);
        tx.close();
    }

    static boolean lock(OpenTransaction tx, ModelRow row) {
        if (row.lockedBy == tx) {
            return false;
        }
        if (row.lockedBy != null) {
            throw new IllegalStateException("row " + row.rowId + " is locked by " + row.lockedBy.xid
                    + ", not by " + tx.xid);
        }
        row.lockedBy = tx;
        return true;
    }

    private void apply(OpenTransaction tx, UndoEntry entry) throws IOException {
        tx.undoLog.add(entry);
        redo.change(tx, entry.change());
        recordTruth(tx, entry.change());
    }

    private static void recordTruth(OpenTransaction tx, SimulatedRowChange c) throws IOException {
        if (OrderEntrySchema.OWNER.equals(c.table().owner())) {
            tx.changes.add(ChangeJson.rowChange(c.table(), c.op().name(), c.before(), c.after()));
        }
    }

    private void revert(UndoEntry entry) {
        ModelRow row = entry.row();
        switch (entry.change().op()) {
            case I -> {
                entry.table().remove(row);
                references.gone(entry.table(), row);
            }
            case U -> row.values = entry.change().before();
            case D -> entry.table().add(row);
        }
        if (entry.tookLock()) {
            row.lockedBy = null;
        }
    }
}
