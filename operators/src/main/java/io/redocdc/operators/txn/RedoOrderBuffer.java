package io.redocdc.operators.txn;

import io.redocdc.source.model.RedoRecord;
import io.redocdc.source.model.ThreadSequence;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import org.apache.flink.api.common.state.MapState;
import org.apache.flink.api.common.state.MapStateDescriptor;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.TypeInformation;

/**
 * The buffered records of the current slot key, in keyed state, readable in redo order without ever loading
 * them all: {@code rows} maps (log, local index) to the record; {@code chunks} is one small value per slot, the
 * index range of each log with buffered records, sorted by log. Records of one log arrive in redo order, so
 * local indexes give redo order inside a log. Rows are read by point lookups only, never by the map's iteration
 * order, so heap and RocksDB backends behave the same; the chunks are a single value rather than a map because a
 * map iteration per transaction costs a RocksDB iterator each time.
 */
final class RedoOrderBuffer {

    private static final LogChunk[] NONE = new LogChunk[0];

    static MapStateDescriptor<RowKey, RedoRecord> rowsDescriptor() {
        return new MapStateDescriptor<>("rows", TypeInformation.of(RowKey.class), TypeInformation.of(RedoRecord.class));
    }

    static ValueStateDescriptor<LogChunk[]> chunksDescriptor() {
        return new ValueStateDescriptor<>("log-chunks", TypeInformation.of(LogChunk[].class));
    }

    private final MapState<RowKey, RedoRecord> rows;
    private final ValueState<LogChunk[]> chunks;

    RedoOrderBuffer(MapState<RowKey, RedoRecord> rows, ValueState<LogChunk[]> chunks) {
        this.rows = rows;
        this.chunks = chunks;
    }

    /** Gives the record the next local index of its log; stores it unless it is only a placeholder. */
    RowKey append(RedoRecord record, boolean store) throws Exception {
        LogChunk[] all = chunks();
        int at = find(all, record.log());
        int index;
        if (at >= 0) {
            index = all[at].next();
            if (index == Integer.MAX_VALUE) {
                throw new IllegalStateException("more than " + Integer.MAX_VALUE + " buffered records of slot "
                        + record.xid() + " in " + record.log());
            }
            all = all.clone(); // never change a state value in place: a heap snapshot may still hold it
            all[at] = new LogChunk(record.log(), all[at].first(), index + 1);
        } else {
            index = 0;
            int insertAt = -at - 1;
            LogChunk[] grown = new LogChunk[all.length + 1];
            System.arraycopy(all, 0, grown, 0, insertAt);
            grown[insertAt] = new LogChunk(record.log(), 0, 1);
            System.arraycopy(all, insertAt, grown, insertAt + 1, all.length - insertAt);
            all = grown;
        }
        chunks.update(all);
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
        List<LogChunk> ranges = new ArrayList<>();
        for (LogChunk chunk : chunks()) {
            ThreadSequence log = chunk.log();
            if (log.thread() == before.thread() && log.compareTo(before.log()) <= 0
                    && (after == null || after.log().compareTo(log) <= 0)) {
                ranges.add(chunk);
            }
        }
        return () -> new KeyIterator(ranges, after, before);
    }

    /** Forgets the index ranges of everything on {@code last}'s thread up to and including {@code last}. */
    void releaseThrough(RowKey last) throws Exception {
        List<LogChunk> kept = new ArrayList<>();
        for (LogChunk chunk : chunks()) {
            ThreadSequence log = chunk.log();
            int order = log.compareTo(last.log());
            if (log.thread() != last.thread() || order > 0) {
                kept.add(chunk);
            } else if (order == 0) {
                LogChunk rest = new LogChunk(log, Math.max(chunk.first(), last.index() + 1),
                        Math.max(chunk.next(), last.index() + 1));
                if (!rest.isEmpty()) {
                    kept.add(rest);
                }
            }
        }
        chunks.update(kept.isEmpty() ? null : kept.toArray(LogChunk[]::new));
    }

    private LogChunk[] chunks() throws Exception {
        LogChunk[] all = chunks.value();
        return all == null ? NONE : all;
    }

    /** Binary search by log: the position, or -(insertion point) - 1. */
    private static int find(LogChunk[] sorted, ThreadSequence log) {
        int low = 0;
        int high = sorted.length - 1;
        while (low <= high) {
            int mid = (low + high) >>> 1;
            int order = sorted[mid].log().compareTo(log);
            if (order < 0) {
                low = mid + 1;
            } else if (order > 0) {
                high = mid - 1;
            } else {
                return mid;
            }
        }
        return -(low + 1);
    }

    /** Walks the local indexes of the selected chunks in order, clipped to (after, before). */
    private static final class KeyIterator implements Iterator<RowKey> {
        private final Iterator<LogChunk> chunks;
        private final RowKey after;
        private final RowKey before;
        private ThreadSequence log;
        private int nextIndex;
        private int end;

        KeyIterator(List<LogChunk> chunks, RowKey after, RowKey before) {
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
                LogChunk chunk = chunks.next();
                log = chunk.log();
                nextIndex = chunk.first();
                end = chunk.next();
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
