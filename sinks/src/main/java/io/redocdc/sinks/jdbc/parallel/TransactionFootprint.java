package io.redocdc.sinks.jdbc.parallel;

import java.util.Collections;
import java.util.HashSet;
import java.util.Set;

/**
 * The rows one transaction writes, gathered LCR by LCR while it is spooled: the key of the before image and of
 * the after image of every row change. A transaction becomes a barrier (it depends on everything before it and
 * everything after depends on it) when the caller marks it so (a DDL, a table whose key is unknown or missing
 * from an image), or when it writes more distinct rows than {@code maxKeys} (so a huge transaction does not hold
 * a huge key set).
 */
public final class TransactionFootprint {

    private final int maxKeys;
    private Set<RowKey> rowKeys = new HashSet<>();
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

    /** Adds one row the transaction writes (RowKeyExtractor computes them after table and column mapping). */
    public void addRowKey(RowKey key) {
        if (barrier) {
            return;
        }
        rowKeys.add(key);
        if (rowKeys.size() > maxKeys) {
            markBarrier();
        }
    }

    public void markBarrier() {
        barrier = true;
        rowKeys = Set.of();
    }

    public boolean isBarrier() {
        return barrier;
    }

    /** The row keys written; empty for a barrier. */
    public Set<RowKey> rowKeys() {
        return Collections.unmodifiableSet(rowKeys);
    }
}
