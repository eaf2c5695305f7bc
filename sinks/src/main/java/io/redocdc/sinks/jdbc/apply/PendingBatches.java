package io.redocdc.sinks.jdbc.apply;

import io.redocdc.sinks.jdbc.parallel.RowKey;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The batches of a {@link TransactionApplier} not yet executed, one per statement shape (SQL text), and what
 * their rows touch ({@link StatementKeys}). Invariant: the pending statements writing one key value (a target
 * row, or a value of another unique key) are all in one batch, so a statement writing a value pending in another
 * shape's batch makes that batch run first ({@link #takeBlocking}). Constraints between rows order batches
 * without running them: a statement referencing a parent key that another batch creates or removes, or creating
 * or removing a key that another batch's rows reference, makes that batch a predecessor of its own; only when
 * its own batch already must run before that one (the order would be a cycle) does that one run first. Batches
 * run in order of first use, each after its predecessors; one taken early ({@link #takeWithPredecessors}, e.g.
 * when full) takes its predecessors with it. A row without a key is a barrier: everything pending runs before
 * it, and only rows of its own shape join it until it has run, so it keeps its place in the original order.
 */
final class PendingBatches {

    /** Shapes pending at once; below the statement cache's limit, so that resolving conflicts finds room. */
    static final int MAX_SHAPES = StatementCache.LIMIT / 2;

    private final LinkedHashMap<String, Batch> bySql = new LinkedHashMap<>();
    /** The batch whose statements write each key value. */
    private final Map<RowKey, Batch> byKey = new HashMap<>();
    /** The key values pending statements create or remove (each a key of {@link #byKey}). */
    private final Set<RowKey> changed = new HashSet<>();
    /** The batches whose statements reference each parent key value. */
    private final Map<RowKey, Set<Batch>> referencedBy = new HashMap<>();
    private final Map<Batch, List<RowKey>> keysOf = new HashMap<>();
    private final Map<Batch, List<RowKey>> referencesOf = new HashMap<>();
    /** The pending batches each batch must run after. */
    private final Map<Batch, Set<Batch>> predecessors = new HashMap<>();
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
     * Removes and returns, in the order they must run, the batches that must run before a row of shape {@code sql}
     * with {@code keys} (null: the row cannot be keyed) joins the pending ones: those of other shapes writing one of
     * its key values, those it must follow that its own batch must precede, and their predecessors; everything
     * when it has no key, when a barrier of another shape is pending, or when a new shape would exceed
     * {@link #MAX_SHAPES}.
     */
    List<Batch> takeBlocking(String sql, StatementKeys keys) {
        if (bySql.isEmpty()) {
            return List.of();
        }
        boolean ownBarrier = barrier != null && barrier.sql.equals(sql) && bySql.size() == 1;
        if ((keys == null && !ownBarrier) || (barrier != null && !barrier.sql.equals(sql))
                || (!bySql.containsKey(sql) && bySql.size() >= MAX_SHAPES)) {
            return takeAll();
        }
        if (keys == null) {
            return List.of();
        }
        Batch own = bySql.get(sql);
        Set<Batch> blocking = new HashSet<>();
        for (RowKey key : keys.written()) {
            Batch writer = byKey.get(key);
            if (writer != null && writer != own) {
                blocking.add(writer);
            }
        }
        if (own != null) {
            for (Batch before : mustFollow(keys, own)) {
                if (precedes(own, before)) {
                    blocking.add(before);
                }
            }
        }
        return takeInOrder(blocking);
    }

    /**
     * Records that {@code batch} took a row with {@code keys}, as its statement at {@code index}, after
     * {@link #takeBlocking} for it; a row without keys makes it a barrier. Null keys without {@code keyless}: not
     * tracked (in-order batching).
     */
    void add(Batch batch, int index, StatementKeys keys, boolean keyless) {
        bySql.putIfAbsent(batch.sql, batch);
        if (keyless) {
            barrier = batch;
            return;
        }
        if (keys == null) {
            return;
        }
        Set<Batch> before = mustFollow(keys, batch);
        if (!before.isEmpty()) {
            predecessors.computeIfAbsent(batch, b -> new HashSet<>()).addAll(before);
        }
        List<RowKey> written = keysOf.computeIfAbsent(batch, b -> new ArrayList<>());
        for (RowKey key : keys.written()) {
            if (byKey.put(key, batch) == null) {
                written.add(key);
            }
        }
        changed.addAll(keys.changes());
        for (RowKey parent : keys.references()) {
            if (referencedBy.computeIfAbsent(parent, k -> new HashSet<>()).add(batch)) {
                referencesOf.computeIfAbsent(batch, b -> new ArrayList<>()).add(parent);
            }
        }
        PendingRow write = new PendingRow(batch, index, Set.copyOf(keys.rows()));
        for (RowKey key : keys.rows()) {
            lastWrites.put(key, write);
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

    /** Removes {@code batch} (to run it now, e.g. when full) and its predecessors, in the order they must run. */
    List<Batch> takeWithPredecessors(Batch batch) {
        return takeInOrder(Set.of(batch));
    }

    /** Removes and returns the pending batches in the order they must run. */
    List<Batch> takeAll() {
        List<Batch> batches = inOrder(bySql.values());
        clear();
        return batches;
    }

    void clear() {
        bySql.clear();
        byKey.clear();
        changed.clear();
        referencedBy.clear();
        keysOf.clear();
        referencesOf.clear();
        predecessors.clear();
        lastWrites.clear();
        barrier = null;
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

    /**
     * The pending batches other than {@code own} that a statement with {@code keys} must run after: those creating
     * or removing a parent key it references, and those referencing a key value it creates or removes.
     */
    private Set<Batch> mustFollow(StatementKeys keys, Batch own) {
        Set<Batch> batches = new LinkedHashSet<>();
        for (RowKey parent : keys.references()) {
            Batch writer = changed.contains(parent) ? byKey.get(parent) : null;
            if (writer != null && writer != own) {
                batches.add(writer);
            }
        }
        for (RowKey change : keys.changes()) {
            for (Batch reader : referencedBy.getOrDefault(change, Set.of())) {
                if (reader != own) {
                    batches.add(reader);
                }
            }
        }
        return batches;
    }

    /** Whether {@code first} must run before {@code batch}: one of its predecessors, directly or not. */
    private boolean precedes(Batch first, Batch batch) {
        Deque<Batch> todo = new ArrayDeque<>(predecessors.getOrDefault(batch, Set.of()));
        Set<Batch> seen = new HashSet<>();
        while (!todo.isEmpty()) {
            Batch next = todo.pop();
            if (next == first) {
                return true;
            }
            if (seen.add(next)) {
                todo.addAll(predecessors.getOrDefault(next, Set.of()));
            }
        }
        return false;
    }

    private List<Batch> takeInOrder(Collection<Batch> batches) {
        List<Batch> order = inOrder(batches);
        order.forEach(this::take);
        return order;
    }

    /** {@code batches} and their predecessors, each after its predecessors, else in order of first use. */
    private List<Batch> inOrder(Collection<Batch> batches) {
        if (batches.isEmpty()) {
            return List.of();
        }
        List<Batch> order = new ArrayList<>(batches.size());
        Set<Batch> placed = new HashSet<>();
        for (Batch batch : bySql.values()) {
            if (batches.contains(batch)) {
                place(batch, order, placed);
            }
        }
        return order;
    }

    private void place(Batch batch, List<Batch> order, Set<Batch> placed) {
        if (!placed.add(batch)) {
            return;
        }
        Set<Batch> before = predecessors.getOrDefault(batch, Set.of());
        if (!before.isEmpty()) {
            for (Batch first : bySql.values()) {
                if (before.contains(first)) {
                    place(first, order, placed);
                }
            }
        }
        order.add(batch);
    }

    private void take(Batch batch) {
        if (batch == barrier) {
            barrier = null;
        }
        bySql.remove(batch.sql);
        List<RowKey> keys = keysOf.remove(batch);
        if (keys != null) {
            for (RowKey key : keys) {
                byKey.remove(key);
                changed.remove(key);
                lastWrites.remove(key);
            }
        }
        List<RowKey> references = referencesOf.remove(batch);
        if (references != null) {
            for (RowKey parent : references) {
                Set<Batch> readers = referencedBy.get(parent);
                readers.remove(batch);
                if (readers.isEmpty()) {
                    referencedBy.remove(parent);
                }
            }
        }
        predecessors.remove(batch);
        for (Set<Batch> before : predecessors.values()) {
            before.remove(batch);
        }
    }
}
