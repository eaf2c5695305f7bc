package io.redocdc.operators.txn;

import io.redocdc.source.model.RedoRecord;
import io.redocdc.source.model.ThreadSequence;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import org.apache.flink.api.common.state.MapState;
import org.apache.flink.api.common.state.MapStateDescriptor;
import org.apache.flink.api.common.typeinfo.TypeInformation;

/**
 * The buffered records of the current slot key, in keyed state, readable in redo order without ever loading
 * them all: {@code rows} maps (log, local index) to the record, {@code chunks} holds one small index range per
 * log. Records of one log arrive in redo order, so local indexes give redo order inside a log; the few chunk
 * keys are sorted in memory to order the logs. Works the same on heap and RocksDB backends because it only
 * uses point lookups, never the map's iteration order.
 */
final class RedoOrderBuffer {

    static MapStateDescriptor<RowKey, RedoRecord> rowsDescriptor() {
        return new MapStateDescriptor<>("rows", TypeInformation.of(RowKey.class), TypeInformation.of(RedoRecord.class));
    }

    static MapStateDescriptor<ThreadSequence, ChunkBounds> chunksDescriptor() {
        return new MapStateDescriptor<>(
                "chunks", TypeInformation.of(ThreadSequence.class), TypeInformation.of(ChunkBounds.class));
    }

    private final MapState<RowKey, RedoRecord> rows;
    private final MapState<ThreadSequence, ChunkBounds> chunks;

    RedoOrderBuffer(MapState<RowKey, RedoRecord> rows, MapState<ThreadSequence, ChunkBounds> chunks) {
        this.rows = rows;
        this.chunks = chunks;
    }

    /** Gives the record the next local index of its log; stores it unless it is only a placeholder. */
    RowKey append(RedoRecord record, boolean store) throws Exception {
        ChunkBounds bounds = chunks.get(record.log());
        int index = bounds == null ? 0 : bounds.next();
        if (index == Integer.MAX_VALUE) {
            throw new IllegalStateException("more than " + Integer.MAX_VALUE + " buffered records of slot "
                    + record.xid() + " in " + record.log());
        }
        chunks.put(record.log(), new ChunkBounds(bounds == null ? 0 : bounds.first(), index + 1));
        RowKey key = RowKey.of(record.log(), index);
        if (store) {
            rows.put(key, record);
        }
        return key;
    }

    /** The record at key, or null when there is none (consumed, or a boundary that is not stored). */
    RedoRecord get(RowKey key) throws Exception {
        return rows.get(key);
    }

    void remove(RowKey key) throws Exception {
        rows.remove(key);
    }

    /**
     * Keys of the slot's records on {@code before}'s redo thread strictly after {@code after} (null: from the
     * oldest) and strictly before {@code before}, in redo order. Keys whose record was removed are included;
     * {@link #get} returns null for them. The chunk ranges are read once, when this is called.
     */
    Iterable<RowKey> between(RowKey after, RowKey before) throws Exception {
        List<Map.Entry<ThreadSequence, ChunkBounds>> ranges = new ArrayList<>();
        for (Map.Entry<ThreadSequence, ChunkBounds> chunk : chunks.entries()) {
            ThreadSequence log = chunk.getKey();
            if (log.thread() == before.thread() && log.compareTo(before.log()) <= 0
                    && (after == null || after.log().compareTo(log) <= 0)) {
                ranges.add(Map.entry(chunk.getKey(), chunk.getValue()));
            }
        }
        ranges.sort(Map.Entry.comparingByKey());
        return () -> new KeyIterator(ranges, after, before);
    }

    /** Forgets the index ranges of everything on {@code last}'s thread up to and including {@code last}. */
    void releaseThrough(RowKey last) throws Exception {
        List<ThreadSequence> consumed = new ArrayList<>();
        ChunkBounds lastChunk = null;
        for (Map.Entry<ThreadSequence, ChunkBounds> chunk : chunks.entries()) {
            ThreadSequence log = chunk.getKey();
            if (log.thread() != last.thread()) {
                continue;
            }
            int order = log.compareTo(last.log());
            if (order < 0) {
                consumed.add(log);
            } else if (order == 0) {
                lastChunk = chunk.getValue();
            }
        }
        for (ThreadSequence log : consumed) {
            chunks.remove(log);
        }
        if (lastChunk != null) {
            ChunkBounds rest = new ChunkBounds(Math.max(lastChunk.first(), last.index() + 1),
                    Math.max(lastChunk.next(), last.index() + 1));
            if (rest.isEmpty()) {
                chunks.remove(last.log());
            } else {
                chunks.put(last.log(), rest);
            }
        }
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
