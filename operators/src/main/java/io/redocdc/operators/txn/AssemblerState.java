package io.redocdc.operators.txn;

import io.redocdc.source.model.RedoRecord;
import io.redocdc.source.model.ThreadSequence;
import java.util.List;
import org.apache.flink.api.common.state.ListStateDescriptor;
import org.apache.flink.api.common.state.MapStateDescriptor;
import org.apache.flink.api.common.state.ValueStateDescriptor;

/**
 * The transaction assembler's state, named in one place for the operator's helpers and for readers of its
 * savepoints (the {@code inspect} command). Keyed state is per undo slot ({@link RedoRecord#slotKey()}, an Integer);
 * the two union list states are operator state. Names and types are the savepoint layout: changing one breaks
 * restores of earlier savepoints.
 */
public final class AssemblerState {

    /** The operator's uid ({@link TransactionAssembler#UID}). */
    public static final String UID = TransactionAssembler.UID;

    private AssemblerState() {
    }

    /** Pending START, COMMIT and ROLLBACK records of the slot, in redo order ({@link SlotBoundaries}). */
    public static ValueStateDescriptor<Boundary[]> boundaries() {
        return SlotBoundaries.descriptor();
    }

    /** Where builds before 2026-12-07 kept the slot's boundaries, by their place in redo order; empty after. */
    public static MapStateDescriptor<RowKey, Boundary> legacyBoundaries() {
        return SlotBoundaries.legacyDescriptor();
    }

    /** Buffered row records of the slot (boundaries are not stored here). */
    public static MapStateDescriptor<RowKey, RedoRecord> rows() {
        return RedoOrderBuffer.rowsDescriptor();
    }

    public static MapStateDescriptor<ThreadSequence, ChunkBounds> chunks() {
        return RedoOrderBuffer.chunksDescriptor();
    }

    public static ValueStateDescriptor<ThreadSequence[]> chunkLogs() {
        return RedoOrderBuffer.logsDescriptor();
    }

    public static MapStateDescriptor<String, RowKey> latestLiveRowByRowId() {
        return UndoMatcher.latestDescriptor();
    }

    public static MapStateDescriptor<RowKey, RowKey> previousLiveRow() {
        return UndoMatcher.previousDescriptor();
    }

    /** While a transaction's undo rows are applied: each live row's predecessor ({@link LobStatementUndo}). */
    public static MapStateDescriptor<RowKey, RowKey> precedingRow() {
        return LobStatementUndo.precedingDescriptor();
    }

    public static ValueStateDescriptor<Long> bufferedUndoRows() {
        return TransactionAssemblerOperator.undoRowsDescriptor();
    }

    /** Where a committed transaction's emission stopped between two steps ({@link EmissionCursor}). */
    public static ValueStateDescriptor<EmissionCursor> emissionCursor() {
        return EmissionCursor.descriptor();
    }

    /** Union list state: the start SCN the job began with ({@link StartScnState}). */
    public static ListStateDescriptor<Long> startScn() {
        return StartScnState.descriptor();
    }

    /** Union list state: whether every log was read ({@link DrainGuard}). */
    public static ListStateDescriptor<Boolean> allLogsRead() {
        return DrainGuard.allReadDescriptor();
    }

    /** Names of every keyed state of the operator. */
    public static List<String> keyedStateNames() {
        return List.of(rows().getName(), chunks().getName(), chunkLogs().getName(), boundaries().getName(),
                legacyBoundaries().getName(),
                latestLiveRowByRowId().getName(), previousLiveRow().getName(), precedingRow().getName(),
                bufferedUndoRows().getName(), emissionCursor().getName());
    }

    /**
     * Whether a buffered row of the slot belongs to the open transaction that {@code start} begins: it is on the
     * START's thread, after it and before the slot's next boundary there ({@code nextOnThread}, null when none is
     * buffered), the span the assembler emits or discards with it ({@link TransactionRows}).
     */
    public static boolean inSpan(RowKey row, Boundary start, Boundary nextOnThread) {
        return start.sameThread(row) && row.compareTo(start.key()) > 0
                && (nextOnThread == null || row.compareTo(nextOnThread.key()) < 0);
    }
}
