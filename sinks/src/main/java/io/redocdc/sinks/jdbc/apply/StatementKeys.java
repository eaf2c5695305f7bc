package io.redocdc.sinks.jdbc.apply;

import io.redocdc.sinks.jdbc.dialect.JdbcDialect;
import io.redocdc.sinks.jdbc.parallel.RowKey;
import io.redocdc.sinks.jdbc.target.TableConstraints;
import java.util.ArrayList;
import java.util.List;

/**
 * The key values of the target that one row change touches, after table and column mapping: what parallel apply
 * orders transactions by ({@link RowKeyExtractor}) and what reordered batching orders statements by
 * ({@link PendingBatches}). A key value is a {@link RowKey} of the table as the database names it, the key's
 * columns sorted, so a foreign key and the parent key it names give the same value.
 *
 * @param rows       the sink's key (the target's primary key or {@code sink.primary-key}) in the before image
 *                   (UPDATE, DELETE) and the after image (INSERT, UPDATE), once when equal: the target rows written
 * @param written    {@code rows}, then the values of the table's other unique keys in each image the change gives
 *                   them (all-null values never collide)
 * @param changes    the values of {@code written} that the change creates or removes: an INSERT's, a DELETE's, and
 *                   an UPDATE's where its before and after image differ
 * @param references the parent key values its foreign keys name in each image the change gives them (a foreign key
 *                   with a null column references nothing); an UPDATE gives them only when it changes one of the
 *                   columns (a row that keeps its parent neither needs it created first nor frees it)
 */
record StatementKeys(List<RowKey> rows, List<RowKey> written, List<RowKey> changes, List<RowKey> references) {

    /**
     * The keys of a change to a table with sink key {@code keyColumns} and target {@code constraints}; null when
     * it cannot be keyed: no key, an index on an expression, or a key column missing from an image (dropped, or an
     * Unsupported Type value).
     */
    static StatementKeys of(RowImages images, List<String> keyColumns, TableConstraints constraints,
                            JdbcDialect dialect) {
        if (keyColumns.isEmpty() || constraints.opaque()) {
            return null;
        }
        String table = dialect.qualified(constraints.table());
        List<String> rowKey = keyColumns.stream().sorted().toList();
        List<RowKey> imageKeys = images.rowKeys(table, rowKey);
        if (imageKeys == null) {
            return null;
        }
        List<RowKey> rows = new ArrayList<>(2);
        List<RowKey> written = new ArrayList<>(2);
        List<RowKey> changes = new ArrayList<>(2);
        addImages(imageKeys, rows, changes);
        written.addAll(rows);
        for (List<String> unique : constraints.uniqueKeys()) {
            if (!unique.equals(rowKey)) {
                List<RowKey> values = images.uniqueKeys(table, unique);
                if (values == null) {
                    return null;
                }
                addImages(values, written, changes);
            }
        }
        List<RowKey> references = new ArrayList<>(0);
        for (TableConstraints.ForeignKey foreignKey : constraints.foreignKeys()) {
            List<RowKey> values = images.references(dialect.qualified(foreignKey.referencedTable()), foreignKey);
            if (values == null) {
                return null;
            }
            boolean unchanged = values.size() == 2 && values.get(0).equals(values.get(1));
            for (RowKey value : values) {
                if (!unchanged && !references.contains(value)) {
                    references.add(value);
                }
            }
        }
        return new StatementKeys(rows, written, changes, references);
    }

    /**
     * Whether the change creates or removes a unique value other than its rows' keys, or references a parent key:
     * merged into an earlier pending statement, that would move to the earlier statement's place.
     */
    boolean touchesConstraints() {
        return !rows.containsAll(changes) || !references.isEmpty();
    }

    /**
     * Adds a key's values image by image ({@code [after]}, {@code [before]}, or {@code [before, after]} of an
     * UPDATE) to {@code keys}, and to {@code changes} unless the UPDATE left them as they were.
     */
    private static void addImages(List<RowKey> values, List<RowKey> keys, List<RowKey> changes) {
        boolean unchanged = values.size() == 2 && values.get(0).equals(values.get(1));
        for (RowKey value : values) {
            if (!keys.contains(value)) {
                keys.add(value);
            }
            if (!unchanged && !changes.contains(value)) {
                changes.add(value);
            }
        }
    }
}
