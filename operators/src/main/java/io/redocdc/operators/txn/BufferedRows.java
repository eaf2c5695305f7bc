package io.redocdc.operators.txn;

import io.redocdc.source.model.RedoRecord;
import org.apache.flink.api.common.state.ValueState;

/**
 * The current slot's buffered rows ({@link RedoOrderBuffer}) seen as counts: every row buffered on this subtask
 * (a figure the metrics reporter reads from its own thread, kept as rows come and go), and the slot's undo rows
 * in keyed state (while none, committing needs no undo pass). Rows leave the buffer through here so that both
 * stay right.
 */
final class BufferedRows {

    private final RedoOrderBuffer buffer;
    private final ValueState<Long> undoRows;
    private volatile long count;

    /** @param count the rows buffered on this subtask: recounted on restore, else 0 */
    BufferedRows(RedoOrderBuffer buffer, ValueState<Long> undoRows, long count) {
        this.buffer = buffer;
        this.undoRows = undoRows;
        this.count = count;
    }

    /** Counts a row change the buffer has just stored. */
    void added(RedoRecord row) throws Exception {
        count++;
        if (row.rollback()) {
            undoRows.update(undoRows() + 1);
        }
    }

    /** Removes a buffered row, keeping the count of buffered undo rows (which decides whether pass 1 runs). */
    void remove(RowKey key, RedoRecord row) throws Exception {
        buffer.remove(key);
        count--;
        if (row.rollback()) {
            long left = undoRows() - 1;
            undoRows.update(left == 0 ? null : left);
        }
    }

    /** Removes a row an undo row cancelled: a live row, never an undo row itself ({@link UndoMatcher}). */
    void removeUndone(RowKey key) throws Exception {
        buffer.remove(key);
        count--;
    }

    /** The undo (ROLLBACK=1) rows the current slot buffers. */
    long undoRows() throws Exception {
        Long buffered = undoRows.value();
        return buffered == null ? 0 : buffered;
    }

    /** The rows buffered on this subtask; safe to read from any thread. */
    long count() {
        return count;
    }
}
