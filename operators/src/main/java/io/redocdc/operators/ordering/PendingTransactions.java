package io.redocdc.operators.ordering;

import io.redocdc.operators.lcr.ColumnValue;
import io.redocdc.operators.lcr.Lcr;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.flink.api.common.state.MapState;

/**
 * The transactions the commit sequencer holds until the watermark passes their commit SCN, in position order. Their
 * LCRs stay on the heap within a budget of bytes and go to keyed state ({@link SequencerState}, on disk with RocksDB)
 * beyond it: once one LCR of a transaction went there, its later ones follow until the next checkpoint, so that the
 * heap holds one run of each transaction. At every checkpoint all held LCRs and the headers are written to the
 * state. Most transactions arrive and leave between two checkpoints, so within the budget their LCRs never reach
 * the state: on RocksDB that copy (a put, a get and a delete per LCR) was half the sequencer + sink thread. The
 * state keeps the layout of the build that kept every LCR there, so its checkpoints restore.
 *
 * <p>Task thread only, with the operator's one key set.
 */
final class PendingTransactions {

    /** Bytes counted per LCR beyond its text: the objects, their headers and references. */
    private static final long LCR_OVERHEAD_BYTES = 256;
    private static final long VALUE_OVERHEAD_BYTES = 48;

    private final MapState<BufferedLcrKey, Lcr> storedLcrs;
    private final MapState<String, PendingTransaction> storedHeaders;
    private final long budgetBytes;
    /** Every pending transaction, by transaction id: lower-case hex of the position prefix sorts in position order. */
    private final TreeMap<String, Held> byId = new TreeMap<>();
    private long heldBytes;

    PendingTransactions(MapState<BufferedLcrKey, Lcr> storedLcrs, MapState<String, PendingTransaction> storedHeaders,
                        long budgetBytes) {
        if (budgetBytes < 0) {
            throw new IllegalArgumentException("the heap budget must not be negative, got " + budgetBytes);
        }
        this.storedLcrs = storedLcrs;
        this.storedHeaders = storedHeaders;
        this.budgetBytes = budgetBytes;
    }

    /** After a restore: the stored transactions, their LCRs left in state until they go out. */
    void restore() throws Exception {
        for (Map.Entry<String, PendingTransaction> stored : storedHeaders.entries()) {
            Held held = new Held(stored.getValue());
            held.storedHeader = stored.getValue();
            byId.put(stored.getKey(), held);
        }
    }

    int size() {
        return byId.size();
    }

    /** The header of a pending transaction, or null. */
    PendingTransaction header(String transaction) {
        Held held = byId.get(transaction);
        return held == null ? null : held.header;
    }

    /** The first pending transaction in position order, or null. */
    String first() {
        return byId.isEmpty() ? null : byId.firstKey();
    }

    /** Holds the next LCR of {@code transaction}, whose header now is {@code header}. */
    void add(String transaction, PendingTransaction header, Lcr lcr) throws Exception {
        Held held = byId.computeIfAbsent(transaction, id -> new Held(header));
        held.header = header;
        long bytes = weight(lcr);
        if (held.overflowed || heldBytes + bytes > budgetBytes) {
            storedLcrs.put(new BufferedLcrKey(transaction, lcr.ordinal()), lcr);
            held.overflowed = true;
            return;
        }
        if (held.lcrs.isEmpty()) {
            held.heapFrom = lcr.ordinal();
        }
        held.lcrs.add(lcr);
        held.bytes += bytes;
        heldBytes += bytes;
    }

    /** The LCR of {@code transaction} at {@code ordinal}, forgotten here and in state; null when there is none. */
    Lcr take(String transaction, int ordinal) throws Exception {
        Held held = byId.get(transaction);
        if (held == null) {
            return null;
        }
        int index = ordinal - held.heapFrom;
        if (index < 0 || index >= held.lcrs.size()) {
            BufferedLcrKey key = new BufferedLcrKey(transaction, ordinal);
            Lcr lcr = storedLcrs.get(key);
            storedLcrs.remove(key);
            return lcr;
        }
        return held.lcrs.set(index, null); // its weight counts until the transaction is removed
    }

    /** Forgets a transaction whose LCRs were all taken. */
    void remove(String transaction) throws Exception {
        Held held = byId.remove(transaction);
        if (held == null) {
            return;
        }
        heldBytes -= held.bytes;
        if (held.storedHeader != null) {
            storedHeaders.remove(transaction);
        }
    }

    /** Writes every LCR held on the heap, and the headers that changed, to keyed state (before a checkpoint). */
    void writeOut() throws Exception {
        for (Map.Entry<String, Held> entry : byId.entrySet()) {
            Held held = entry.getValue();
            if (!held.lcrs.isEmpty()) {
                Map<BufferedLcrKey, Lcr> lcrs = new HashMap<>();
                for (int i = 0; i < held.lcrs.size(); i++) {
                    Lcr lcr = held.lcrs.get(i);
                    if (lcr != null) {
                        lcrs.put(new BufferedLcrKey(entry.getKey(), held.heapFrom + i), lcr);
                    }
                }
                storedLcrs.putAll(lcrs);
                held.lcrs.clear();
                held.bytes = 0;
            }
            held.overflowed = false;
            if (held.storedHeader != held.header) {
                storedHeaders.put(entry.getKey(), held.header);
                held.storedHeader = held.header;
            }
        }
        heldBytes = 0;
    }

    /** About the heap an LCR takes: its text twice over (UTF-16 where not Latin-1) and the objects around it. */
    static long weight(Lcr lcr) {
        long bytes = LCR_OVERHEAD_BYTES + 2L * length(lcr.ddlText());
        for (ColumnValue[] image : new ColumnValue[][] {lcr.oldValues(), lcr.newValues()}) {
            if (image != null) {
                for (ColumnValue value : image) {
                    bytes += VALUE_OVERHEAD_BYTES + 2L * (length(value.name()) + length(value.text()));
                }
            }
        }
        return bytes;
    }

    private static int length(String text) {
        return text == null ? 0 : text.length();
    }

    /** One pending transaction: its header, and a run of its LCRs on the heap; the others are in state. */
    private static final class Held {
        PendingTransaction header;
        /** The header as the state has it, null when it has none. */
        PendingTransaction storedHeader;
        /** The ordinal of the first LCR in {@link #lcrs}. */
        int heapFrom;
        /** LCRs with ordinals from {@link #heapFrom} on; null where taken. */
        final List<Lcr> lcrs = new ArrayList<>();
        /** Whether an LCR went to the state since the last write-out: the later ones follow it there. */
        boolean overflowed;
        /**
         * The weight of {@link #lcrs}, given back when the transaction is removed or written out, not as each LCR is
         * taken: weighing each again as it left (its strings no longer in the CPU's caches) was 5 % of the sequencer
         * + sink thread (async-profiler, warm hashmap:1, 2026-12-07).
         */
        long bytes;

        Held(PendingTransaction header) {
            this.header = header;
        }
    }
}
