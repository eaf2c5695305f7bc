package io.redocdc.operators.txn;

import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The transactions of one assembler subtask whose START has been read and whose end has not been processed yet,
 * ordered by start SCN. Held in memory and rebuilt from the keyed boundary state on restore; it feeds the
 * "open transactions", "oldest open start SCN" and "required checkpoint SCN" bookkeeping, and the purge advice.
 * Public so that {@code inspect} applies the same rules to a savepoint's boundaries.
 *
 * <p>Changed on the operator's thread only; the figures the gauges read (on the reporter's thread) are copied
 * into volatile fields after every change, so a gauge never walks the set.
 */
public final class OpenTransactions {

    /** Redo time of a START not seen by this run (restored from a checkpoint, whose state does not keep it). */
    static final long UNKNOWN_TIME = -1;

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
    /** Redo time (epoch milliseconds) of the STARTs read by this run. */
    private final Map<OpenStart, Long> startTimes = new HashMap<>();
    private volatile int count;
    private volatile long oldestScn = -1;
    private volatile long oldestTime = UNKNOWN_TIME;

    /** A START restored from a checkpoint: its redo time is not known. */
    public void add(int slotKey, Boundary start) {
        add(slotKey, start, UNKNOWN_TIME);
    }

    void add(int slotKey, Boundary start, long redoTimeMillis) {
        OpenStart added = new OpenStart(slotKey, start);
        open.add(added);
        if (redoTimeMillis != UNKNOWN_TIME) {
            startTimes.put(added, redoTimeMillis);
        }
        publish();
    }

    void remove(int slotKey, Boundary start) {
        OpenStart removed = new OpenStart(slotKey, start);
        open.remove(removed);
        startTimes.remove(removed);
        publish();
    }

    private void publish() {
        OpenStart first = open.isEmpty() ? null : open.first();
        count = open.size();
        oldestScn = first == null ? -1 : first.scn();
        oldestTime = first == null ? UNKNOWN_TIME : startTimes.getOrDefault(first, UNKNOWN_TIME);
    }

    public int size() {
        return count;
    }

    /** Start SCN of the oldest open transaction, -1 when none; safe from any thread. */
    long oldestScn() {
        return oldestScn;
    }

    /** Redo time of the oldest open transaction's START, {@link #UNKNOWN_TIME} when none or not known. */
    long oldestStartTimeMillis() {
        return oldestTime;
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
