package io.redocdc.sinks.jdbc.apply;

import io.redocdc.sinks.jdbc.parallel.RowKey;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The batches of a {@link TransactionApplier} not yet executed, one per statement shape (SQL text) in order of
 * first use, and which batch writes each target row. Invariant: a target row's pending statements are all in
 * one batch, so pending batches share no row and any of them may run before the others. A row pending in
 * another shape's batch makes that batch run first ({@link #takeBlocking}). A row without a key is a barrier:
 * everything pending runs before it, and only rows of its own shape join it until it has run, so it keeps its
 * place in the original order.
 */
final class PendingBatches {

    /** Shapes pending at once; below the statement cache's limit, so that resolving conflicts finds room. */
    static final int MAX_SHAPES = StatementCache.LIMIT / 2;

    private final LinkedHashMap<String, Batch> bySql = new LinkedHashMap<>();
    private final Map<RowKey, Batch> byRow = new HashMap<>();
    private final Map<Batch, List<RowKey>> rowsOf = new HashMap<>();
    /** The last pending statement writing each row (for merging, see {@link #lastWrite}). */
    private final Map<RowKey, PendingRow> lastWrites = new HashMap<>();
    private Batch barrier;

    Batch get(String sql) {
        return bySql.get(sql);
    }

    boolean isEmpty() {
        return bySql.isEmpty();
    }

    /**
     * Removes and returns (in order of first use) the batches that must run before a row of shape {@code sql}
     * writing {@code keys} (null: the row cannot be keyed) joins the pending ones: those of other shapes
     * holding one of its rows; everything when it has no key, when a barrier of another shape is pending, or
     * when a new shape would exceed {@link #MAX_SHAPES}.
     */
    List<Batch> takeBlocking(String sql, List<RowKey> keys) {
        if (bySql.isEmpty()) {
            return List.of();
        }
        boolean ownBarrier = barrier != null && barrier.sql.equals(sql) && bySql.size() == 1;
        if ((keys == null && !ownBarrier) || (barrier != null && !barrier.sql.equals(sql))
                || (!bySql.containsKey(sql) && bySql.size() >= MAX_SHAPES)) {
            return takeAll();
        }
        List<Batch> blocking = new ArrayList<>(0);
        for (RowKey key : keys == null ? List.<RowKey>of() : keys) {
            Batch writer = byRow.get(key);
            if (writer != null && !writer.sql.equals(sql) && !blocking.contains(writer)) {
                blocking.add(writer);
            }
        }
        if (blocking.size() > 1) {
            List<Batch> firstUse = new ArrayList<>(bySql.values());
            blocking.sort((a, b) -> Integer.compare(firstUse.indexOf(a), firstUse.indexOf(b)));
        }
        blocking.forEach(this::take);
        return blocking;
    }

    /**
     * Records that {@code batch} took a row writing {@code keys}, as its statement at {@code index}; a row
     * without keys makes it a barrier.
     */
    void add(Batch batch, int index, List<RowKey> keys, boolean keyless) {
        bySql.putIfAbsent(batch.sql, batch);
        if (keyless) {
            barrier = batch;
        } else if (keys != null) {
            List<RowKey> rows = rowsOf.computeIfAbsent(batch, b -> new ArrayList<>());
            PendingRow write = new PendingRow(batch, index, Set.copyOf(keys));
            for (RowKey key : keys) {
                if (byRow.put(key, batch) == null) {
                    rows.add(key);
                }
                lastWrites.put(key, write);
            }
        }
    }

    /**
     * The pending statement a statement writing exactly {@code keys} would follow on each of its rows: the last
     * one writing every one of them, when it writes these rows and no others. Null when there is none, when
     * the rows' last statements differ, or while a barrier is pending (it keeps its place in the order).
     */
    PendingRow lastWrite(List<RowKey> keys) {
        if (barrier != null || keys == null || keys.isEmpty()) {
            return null;
        }
        PendingRow write = lastWrites.get(keys.get(0));
        if (write == null || !write.keys().equals(new HashSet<>(keys))) {
            return null;
        }
        for (RowKey key : keys) {
            if (lastWrites.get(key) != write) {
                return null;
            }
        }
        return write;
    }

    /** Removes {@code batch} (to run it alone, e.g. when full; it shares no row with the others). */
    Batch take(Batch batch) {
        if (batch == barrier) {
            barrier = null;
        }
        bySql.remove(batch.sql);
        List<RowKey> rows = rowsOf.remove(batch);
        if (rows != null) {
            rows.forEach(byRow::remove);
            rows.forEach(lastWrites::remove);
        }
        return batch;
    }

    /** A pending statement, {@code batch.rows.get(index)}, and the rows it writes. */
    record PendingRow(Batch batch, int index, Set<RowKey> keys) {

        RowStatement statement() {
            return batch.rows.get(index);
        }

        /** Puts {@code merged} in the statement's place (the batch binds its rows when it runs). */
        void replace(RowStatement merged) {
            batch.rows.set(index, merged);
        }
    }

    /** Removes and returns the pending batches in order of first use. */
    List<Batch> takeAll() {
        List<Batch> batches = new ArrayList<>(bySql.values());
        clear();
        return batches;
    }

    void clear() {
        bySql.clear();
        byRow.clear();
        rowsOf.clear();
        lastWrites.clear();
        barrier = null;
    }
}
