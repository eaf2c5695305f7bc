package io.redocdc.sinks.jdbc.parallel;

import io.redocdc.operators.lcr.ColumnValue;
import io.redocdc.operators.lcr.Lcr;
import io.redocdc.operators.lcr.LcrCommand;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The rows one transaction writes, gathered LCR by LCR while it is spooled: the key of the before image and of
 * the after image of every row change. A transaction becomes a barrier (it depends on everything before it and
 * everything after depends on it) when it has a DDL, touches a table whose key is unknown or missing from an
 * image, or writes more distinct rows than {@code maxKeys} (so a huge transaction does not hold a huge key set).
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

    /**
     * Adds one LCR.
     *
     * @param keyColumns the target table's key column names as the LCR names its columns; empty when the table
     *                   has no known key (the transaction then becomes a barrier)
     */
    public void add(Lcr lcr, List<String> keyColumns) {
        if (barrier) {
            return;
        }
        if (lcr.command() == LcrCommand.DDL || keyColumns.isEmpty()) {
            markBarrier();
            return;
        }
        if (lcr.command() != LcrCommand.INSERT) {
            addKey(lcr.qualifiedTable(), lcr.oldValues(), keyColumns);
        }
        if (lcr.command() != LcrCommand.DELETE) {
            addKey(lcr.qualifiedTable(), lcr.newValues(), keyColumns);
        }
    }

    /** Adds one row key directly (for callers that compute keys themselves). */
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

    private void addKey(String table, ColumnValue[] image, List<String> keyColumns) {
        List<String> values = new ArrayList<>(keyColumns.size());
        for (String column : keyColumns) {
            ColumnValue value = find(image, column);
            if (value == null) {
                // Without the key we cannot tell which row is written: order it against everything.
                markBarrier();
                return;
            }
            values.add(value.text());
        }
        addRowKey(new RowKey(table, values));
    }

    private static ColumnValue find(ColumnValue[] image, String column) {
        if (image != null) {
            for (ColumnValue value : image) {
                if (value.name().equals(column)) {
                    return value;
                }
            }
        }
        return null;
    }
}
