package io.redocdc.sinks.jdbc.parallel;

import java.util.Collections;
import java.util.HashSet;
import java.util.Set;

/**
 * What one transaction touches in the target, gathered LCR by LCR while it is spooled. Row keys are written:
 * the primary and unique key values of the before and after image of every row change (a transaction that frees
 * a unique value and one that takes it must keep their order). Referenced keys are only read: the parent keys that
 * its rows' foreign keys name (a child row must come after the transaction that writes its parent, but two
 * children of one parent may apply in any order). A transaction becomes a barrier (it depends on everything
 * before it and everything after depends on it) when the caller marks it so (a DDL, a table whose key is unknown
 * or missing from an image), or when it touches more distinct keys than {@code maxKeys} (so a huge transaction
 * does not hold a huge key set).
 */
public final class TransactionFootprint {

    private final int maxKeys;
    private Set<RowKey> rowKeys = new HashSet<>();
    private Set<RowKey> referencedKeys = new HashSet<>();
    private boolean barrier;

    public TransactionFootprint(int maxKeys) {
        if (maxKeys < 1) {
            throw new IllegalArgumentException("maxKeys must be at least 1, was " + maxKeys);
        }
        this.maxKeys = maxKeys;
    }

    /** A footprint that is a barrier from the start. */
    public static TransactionFootprint barrier() {
        TransactionFootprint footprint = new TransactionFootprint(1);
        footprint.markBarrier();
        return footprint;
    }

    /** Adds a key value the transaction writes (RowKeyExtractor computes them after table and column mapping). */
    public void addRowKey(RowKey key) {
        if (barrier) {
            return;
        }
        referencedKeys.remove(key);
        rowKeys.add(key);
        checkSize();
    }

    /** Adds a key value the transaction only reads: a parent key one of its rows references. */
    public void addReferencedKey(RowKey key) {
        if (barrier || rowKeys.contains(key)) {
            return;
        }
        referencedKeys.add(key);
        checkSize();
    }

    public void markBarrier() {
        barrier = true;
        rowKeys = Set.of();
        referencedKeys = Set.of();
    }

    public boolean isBarrier() {
        return barrier;
    }

    /** The key values written; empty for a barrier. */
    public Set<RowKey> rowKeys() {
        return Collections.unmodifiableSet(rowKeys);
    }

    /** The key values only read (never one that is also written); empty for a barrier. */
    public Set<RowKey> referencedKeys() {
        return Collections.unmodifiableSet(referencedKeys);
    }

    private void checkSize() {
        if (rowKeys.size() + referencedKeys.size() > maxKeys) {
            markBarrier();
        }
    }
}
