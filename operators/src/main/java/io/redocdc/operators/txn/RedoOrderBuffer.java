package io.redocdc.operators.txn;

import io.redocdc.common.flink.HeapHeldEntries;
import io.redocdc.common.flink.KeyedWriteBack;
import io.redocdc.source.model.RedoRecord;
import io.redocdc.source.model.ThreadSequence;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import org.apache.flink.api.common.state.MapStateDescriptor;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.TypeInformation;

/**
 * The buffered records of the current slot key, in keyed state (the newest on the heap until a checkpoint),
 * readable in redo order without ever loading them all: {@code rows} maps (log, local index) to the record,
 * {@code chunks} holds one small index range per log, and {@code logs} lists those logs in order. Records of one
 * log arrive in redo order, so local indexes give redo order inside a log. Everything is read by point lookups,
 * never by a map's iteration order, so heap and RocksDB backends behave the same, and no RocksDB iterator is opened
 * per transaction; {@code logs} changes only when a log's first record of the slot arrives or a log is released,
 * not per record.
 */
final class RedoOrderBuffer {

    private static final ThreadSequence[] NONE = new ThreadSequence[0];

    static MapStateDescriptor<RowKey, RedoRecord> rowsDescriptor() {
        return new MapStateDescriptor<>("rows", TypeInformation.of(RowKey.class), TypeInformation.of(RedoRecord.class));
    }

    static MapStateDescriptor<ThreadSequence, ChunkBounds> chunksDescriptor() {
        return new MapStateDescriptor<>(
                "chunks", TypeInformation.of(ThreadSequence.class), TypeInformation.of(ChunkBounds.class));
    }

    static ValueStateDescriptor<ThreadSequence[]> logsDescriptor() {
        return new ValueStateDescriptor<>("chunk-logs", TypeInformation.of(ThreadSequence[].class));
    }

    /** Bytes counted per record beyond its text: the record, its strings' headers, the map entries. */
    private static final long RECORD_OVERHEAD_BYTES = 400;

    private final HeapHeldEntries<Integer, RowKey, RedoRecord> rows;
    private final KeyedWriteBack<Integer>.CachedMap<ThreadSequence, ChunkBounds> chunks;
    private final ValueState<ThreadSequence[]> logs;
    private final ArrivalConversions conversions;

    /**
     * @param rows        the records, held on the heap until a checkpoint ({@link HeapHeldEntries})
     * @param chunks      and {@code logs}: read and written per record, so cached ({@link KeyedWriteBack})
     * @param conversions the changes converted from the records as they arrived, dropped with their records
     */
    RedoOrderBuffer(HeapHeldEntries<Integer, RowKey, RedoRecord> rows,
                    KeyedWriteBack<Integer>.CachedMap<ThreadSequence, ChunkBounds> chunks,
                    ValueState<ThreadSequence[]> logs, ArrivalConversions conversions) {
        this.rows = rows;
        this.chunks = chunks;
        this.logs = logs;
        this.conversions = conversions;
    }

    /** Gives the record the next local index of its log; stores it unless it is only a placeholder. */
    RowKey append(RedoRecord record, boolean store) throws Exception {
        ChunkBounds bounds = chunks.get(record.log());
        int index = bounds == null ? 0 : bounds.next();
        if (index == Integer.MAX_VALUE) {
            throw new IllegalStateException("more than " + Integer.MAX_VALUE + " buffered records of slot "
                    + record.xid() + " in " + record.log());
        }
        if (bounds == null) {
            addLog(record.log());
        }
        chunks.put(record.log(), new ChunkBounds(bounds == null ? 0 : bounds.first(), index + 1));
        RowKey key = RowKey.of(record.log(), index);
        if (store) {
            rows.putNew(key, record); // indexes only grow, and a log's range goes only once its rows are gone
        }
        return key;
    }

    /** The record at key, or null when there is none (consumed, or a boundary that is not stored). */
    RedoRecord get(RowKey key) throws Exception {
        return rows.get(key);
    }

    void remove(RowKey key) throws Exception {
        rows.remove(key);
        conversions.forget(key);
    }

    /** Keeps the change converted from the record at {@code key} as it arrived ({@link ArrivalConversions}). */
    void holdConversion(RowKey key, RedoRecord record, RowChange change) {
        conversions.hold(key, record, change);
    }

    /** The change kept for {@code record} at {@code key}, given once; null when none is kept. */
    RowChange takeConversion(RowKey key, RedoRecord record) {
        return conversions.take(key, record);
    }

    /** About the heap a buffered record takes: its text twice over (UTF-16 where not Latin-1), and the objects. */
    static long heapBytes(RedoRecord record) {
        return RECORD_OVERHEAD_BYTES + 2L * (length(record.sqlRedo()) + length(record.sqlUndo())
                + length(record.rowId()) + length(record.rsId()) + length(record.info()) + length(record.timestamp())
                + length(record.segOwner()) + length(record.tableName()) + length(record.operation()));
    }

    private static int length(String text) {
        return text == null ? 0 : text.length();
    }

    /**
     * Keys of the slot's records on {@code before}'s redo thread strictly after {@code after} (null: from the
     * oldest) and strictly before {@code before}, in redo order. Keys whose record was removed are included;
     * {@link #get} returns null for them. The chunk ranges are read once, when this is called.
     */
    Iterable<RowKey> between(RowKey after, RowKey before) throws Exception {
        List<Map.Entry<ThreadSequence, ChunkBounds>> ranges = new ArrayList<>();
        for (ThreadSequence log : logs()) {
            if (log.thread() == before.thread() && log.compareTo(before.log()) <= 0
                    && (after == null || after.log().compareTo(log) <= 0)) {
                ranges.add(Map.entry(log, chunks.get(log)));
            }
        }
        return () -> new KeyIterator(ranges, after, before);
    }

    /** Forgets the index ranges of everything on {@code last}'s thread up to and including {@code last}. */
    void releaseThrough(RowKey last) throws Exception {
        List<ThreadSequence> kept = new ArrayList<>();
        for (ThreadSequence log : logs()) {
            int order = log.compareTo(last.log());
            if (log.thread() != last.thread() || order > 0) {
                kept.add(log);
            } else if (order < 0) {
                chunks.remove(log);
            } else {
                ChunkBounds chunk = chunks.get(log);
                ChunkBounds rest = new ChunkBounds(Math.max(chunk.first(), last.index() + 1),
                        Math.max(chunk.next(), last.index() + 1));
                if (rest.isEmpty()) {
                    chunks.remove(log);
                } else {
                    chunks.put(log, rest);
                    kept.add(log);
                }
            }
        }
        logs.update(kept.isEmpty() ? null : kept.toArray(ThreadSequence[]::new));
    }

    private ThreadSequence[] logs() throws Exception {
        ThreadSequence[] all = logs.value();
        return all == null ? NONE : all;
    }

    /** Adds a log to the sorted list (a new array: a state value is never changed in place). */
    private void addLog(ThreadSequence log) throws Exception {
        ThreadSequence[] all = logs();
        int insertAt = 0;
        while (insertAt < all.length && all[insertAt].compareTo(log) < 0) {
            insertAt++;
        }
        ThreadSequence[] grown = new ThreadSequence[all.length + 1];
        System.arraycopy(all, 0, grown, 0, insertAt);
        grown[insertAt] = log;
        System.arraycopy(all, insertAt, grown, insertAt + 1, all.length - insertAt);
        logs.update(grown);
    }

    /** Walks the local indexes of the selected chunks in order, clipped to (after, before). */
    private static final class KeyIterator implements Iterator<RowKey> {
        private final Iterator<Map.Entry<ThreadSequence, ChunkBounds>> chunks;
        private final RowKey after;
        private final RowKey before;
        private ThreadSequence log;
        private int nextIndex;
        private int end;

        KeyIterator(List<Map.Entry<ThreadSequence, ChunkBounds>> chunks, RowKey after, RowKey before) {
            this.chunks = chunks.iterator();
            this.after = after;
            this.before = before;
        }

        @Override
        public boolean hasNext() {
            while (log == null || nextIndex >= end) {
                if (!chunks.hasNext()) {
                    return false;
                }
                Map.Entry<ThreadSequence, ChunkBounds> chunk = chunks.next();
                log = chunk.getKey();
                nextIndex = chunk.getValue().first();
                end = chunk.getValue().next();
                if (after != null && log.equals(after.log())) {
                    nextIndex = Math.max(nextIndex, after.index() + 1);
                }
                if (log.equals(before.log())) {
                    end = Math.min(end, before.index());
                }
            }
            return true;
        }

        @Override
        public RowKey next() {
            if (!hasNext()) {
                throw new NoSuchElementException();
            }
            return RowKey.of(log, nextIndex++);
        }
    }
}
