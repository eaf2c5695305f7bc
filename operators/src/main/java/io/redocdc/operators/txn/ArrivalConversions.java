package io.redocdc.operators.txn;

import io.redocdc.operators.lcr.ColumnValue;
import io.redocdc.source.model.RedoRecord;
import java.util.HashMap;
import java.util.Map;
import java.util.function.IntSupplier;

/**
 * The changes that the arrival check converted ({@code TransactionAssemblerOperator#refuseUnconvertibleOnArrival}),
 * kept on the heap for the emission, so that a row's SQL_REDO is parsed once. Parsing each row twice took a third
 * of the source + assembler thread (async-profiler, warm hashmap:1, 2026-12-07).
 *
 * <p>Only derived data, never in state and within a budget of bytes. A row with nothing held is converted again
 * at its commit, by the same converter, with the same result. That happens when the row came in beyond the
 * budget, after a restore, with dead letters on (no arrival check), or when the state hands back a copy of the
 * row. A held change is used once: the emission may change its arrays.
 *
 * <p>Entries are keyed by slot and row key. They are dropped when the buffer removes the row, and they are checked
 * against the row itself, since a slot's row keys of a log are given again once its range is released. Task thread
 * only.
 */
final class ArrivalConversions {

    /** Bytes counted per change and per value beyond their text: the objects and the map entry. */
    private static final long CHANGE_OVERHEAD_BYTES = 200;
    private static final long VALUE_OVERHEAD_BYTES = 56;
    private static final ColumnValue[] NO_VALUES = new ColumnValue[0];

    private final IntSupplier currentSlot;
    private final long budgetBytes;
    private final Map<SlotRow, Held> held = new HashMap<>();
    private long heldBytes;
    private long taken;

    /**
     * @param currentSlot the slot key the operator's keyed state is set to
     * @param budgetBytes weight held at most; changes beyond it are not held
     */
    ArrivalConversions(IntSupplier currentSlot, long budgetBytes) {
        if (budgetBytes < 0) {
            throw new IllegalArgumentException("the heap budget must not be negative, got " + budgetBytes);
        }
        this.currentSlot = currentSlot;
        this.budgetBytes = budgetBytes;
    }

    /** Holds the change converted from the current slot's row at {@code key}, if it fits the budget. */
    void hold(RowKey key, RedoRecord row, RowChange change) {
        SlotRow at = new SlotRow(currentSlot.getAsInt(), key);
        forget(at); // a key given again: what an earlier row of it left must not stay
        long bytes = heapBytes(change);
        if (heldBytes + bytes <= budgetBytes) {
            held.put(at, new Held(row, change, bytes));
            heldBytes += bytes;
        }
    }

    /** The change held for the current slot's row at {@code key}, no longer held; null when none is held for it. */
    RowChange take(RowKey key, RedoRecord row) {
        if (held.isEmpty()) {
            return null;
        }
        Held entry = forget(new SlotRow(currentSlot.getAsInt(), key));
        if (entry == null || entry.row != row && !entry.row.equals(row)) {
            return null;
        }
        taken++;
        return entry.change;
    }

    /** Drops what is held for the current slot's row at {@code key}, if anything. */
    void forget(RowKey key) {
        if (!held.isEmpty()) {
            forget(new SlotRow(currentSlot.getAsInt(), key));
        }
    }

    private Held forget(SlotRow at) {
        Held entry = held.remove(at);
        if (entry != null) {
            heldBytes -= entry.bytes;
        }
        return entry;
    }

    /** The weight held now (for tests). */
    long heldBytes() {
        return heldBytes;
    }

    /** How many held changes were taken, since this was made (for tests). */
    long taken() {
        return taken;
    }

    /** About the heap a change takes: its values' names and text, UTF-16 where not Latin-1, and the objects. */
    static long heapBytes(RowChange change) {
        long bytes = CHANGE_OVERHEAD_BYTES + 2L * length(change.ddlText());
        for (ColumnValue[] image : new ColumnValue[][] {change.oldValues(), change.newValues()}) {
            for (ColumnValue value : image == null ? NO_VALUES : image) {
                bytes += VALUE_OVERHEAD_BYTES + 2L * (length(value.name()) + length(value.text()));
            }
        }
        return bytes;
    }

    private static int length(String text) {
        return text == null ? 0 : text.length();
    }

    private record Held(RedoRecord row, RowChange change, long bytes) {}

    /** A row of one slot, with the bits of its hash spread (MurmurHash3's finalizer), as slot keys cluster. */
    private record SlotRow(int slot, RowKey key) {

        @Override
        public int hashCode() {
            int h = 31 * key.hashCode() + slot;
            h = (h ^ (h >>> 16)) * 0x85EBCA6B;
            h = (h ^ (h >>> 13)) * 0xC2B2AE35;
            return h ^ (h >>> 16);
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof SlotRow row && slot == row.slot && key.equals(row.key);
        }
    }
}
