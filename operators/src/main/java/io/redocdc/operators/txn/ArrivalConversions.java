package io.redocdc.operators.txn;

import io.redocdc.source.model.RedoRecord;
import io.redocdc.source.model.ThreadSequence;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The row changes converted as their rows arrived, kept on the heap for their commit, so that SQL_REDO is parsed
 * once per row and not again at commit (the parse was the largest stage of the assembler's profile). Bounded by
 * the SQL_REDO characters of the rows kept: the oldest go first, and their commit converts them again, as does a
 * commit after a restore (this is not state). A row is known by its log and its index in that log.
 */
final class ArrivalConversions {

    /** 4 M characters of SQL_REDO: some tens of thousands of rows of open transactions per subtask. */
    static final long MAX_CHARS = 4L << 20;

    /** Equals and hashCode written out: a record's generated ones run through method handles, a lookup per row. */
    private record Origin(ThreadSequence log, long index) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Origin other && index == other.index && log.equals(other.log);
        }

        @Override
        public int hashCode() {
            return ThreadSequence.hash(log.resetlogsId(), log.thread(), log.sequence(), index);
        }
    }

    private record Kept(RowChange change, int chars) {
    }

    private final long maxChars;
    private final LinkedHashMap<Origin, Kept> kept = new LinkedHashMap<>();
    private long chars;

    ArrivalConversions(long maxChars) {
        this.maxChars = maxChars;
    }

    void put(RedoRecord row, RowChange change) {
        int weight = row.sqlRedo() == null ? 0 : row.sqlRedo().length();
        if (weight > maxChars) {
            return;
        }
        Kept previous = kept.put(new Origin(row.log(), row.index()), new Kept(change, weight));
        chars += weight - (previous == null ? 0 : previous.chars());
        for (Iterator<Map.Entry<Origin, Kept>> oldest = kept.entrySet().iterator(); chars > maxChars; ) {
            chars -= oldest.next().getValue().chars();
            oldest.remove();
        }
    }

    /** The change kept for this row, which is then no longer kept; null when none is. */
    RowChange take(RedoRecord row) {
        if (kept.isEmpty()) {
            return null;
        }
        Kept taken = kept.remove(new Origin(row.log(), row.index()));
        if (taken == null) {
            return null;
        }
        chars -= taken.chars();
        return taken.change();
    }

    int size() {
        return kept.size();
    }
}
