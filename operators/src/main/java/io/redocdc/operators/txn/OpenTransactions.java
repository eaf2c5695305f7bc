package io.redocdc.operators.txn;

import java.util.Comparator;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The transactions of one assembler subtask whose START has been read and whose end has not been processed yet,
 * ordered by start SCN. Held in memory and rebuilt from the keyed boundary state on restore; it feeds the
 * "open transactions", "oldest open start SCN" and "required checkpoint SCN" bookkeeping, and the purge advice.
 * Public so that {@code inspect} applies the same rules to a savepoint's boundaries.
 */
public final class OpenTransactions {

    /** One open transaction: its START record and the slot key it lives on. */
    public record OpenStart(int slotKey, Boundary start) {
        public long scn() {
            return start.scn();
        }
    }

    private static final Comparator<OpenStart> ORDER = Comparator.comparingLong(OpenStart::scn)
            .thenComparing(open -> open.start().key())
            .thenComparingInt(OpenStart::slotKey);

    private final TreeSet<OpenStart> open = new TreeSet<>(ORDER);

    public void add(int slotKey, Boundary start) {
        open.add(new OpenStart(slotKey, start));
    }

    void remove(int slotKey, Boundary start) {
        open.remove(new OpenStart(slotKey, start));
    }

    public int size() {
        return open.size();
    }

    /** Per redo thread, the lowest log sequence holding the START of an open transaction (for purge advice). */
    public Map<Integer, Long> oldestStartSequenceByThread() {
        Map<Integer, Long> oldest = new TreeMap<>();
        for (OpenStart start : open) {
            oldest.merge(start.start().key().thread(), start.start().key().sequence(), Math::min);
        }
        return oldest;
    }

    /** The open transaction with the lowest start SCN, or null. */
    public OpenStart oldest() {
        return open.isEmpty() ? null : open.first();
    }
}
