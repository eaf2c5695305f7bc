package io.redocdc.sinks.jdbc.apply;

import io.redocdc.operators.lcr.ColumnValue;
import io.redocdc.operators.lcr.Lcr;
import io.redocdc.operators.lcr.LcrCommand;
import io.redocdc.sinks.jdbc.parallel.RowKey;
import io.redocdc.sinks.jdbc.parallel.TransactionFootprint;
import io.redocdc.sinks.jdbc.target.TableConstraints;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The before and after image of one row LCR by target column, and the key values they give for
 * {@link RowKeyExtractor}. Each add method returns false when the images do not show a value it needs (the
 * caller then makes the transaction a barrier).
 */
final class RowImages {

    private final LcrCommand command;
    private final Map<String, ColumnValue> before;
    private final Map<String, ColumnValue> after;

    RowImages(Lcr lcr, Map<String, ColumnValue> before, Map<String, ColumnValue> after) {
        this.command = lcr.command();
        this.before = before;
        this.after = after;
    }

    /** The sink's own key: written in the before image (UPDATE, DELETE) and the after image (INSERT, UPDATE). */
    boolean addRowKey(TransactionFootprint footprint, String table, List<String> columns) {
        if (command != LcrCommand.INSERT) {
            List<String> values = values(columns, before, null);
            if (values == null) {
                return false;
            }
            footprint.addRowKey(new RowKey(table, columns, values));
        }
        if (command != LcrCommand.DELETE) {
            List<String> values = values(columns, after, null);
            if (values == null) {
                return false;
            }
            footprint.addRowKey(new RowKey(table, columns, values));
        }
        return true;
    }

    /** Another unique key: its values written in each image the change gives it; all-null values never collide. */
    boolean addUniqueKey(TransactionFootprint footprint, String table, List<String> columns) {
        List<List<String>> images = touchedImages(columns);
        if (images == null) {
            return false;
        }
        for (List<String> values : images) {
            if (values.stream().anyMatch(v -> v != null)) {
                footprint.addRowKey(new RowKey(table, columns, values));
            }
        }
        return true;
    }

    /** A foreign key: the parent key it names in each image, read; a null column references nothing. */
    boolean addReference(TransactionFootprint footprint, String parentTable, TableConstraints.ForeignKey key) {
        List<List<String>> images = touchedImages(key.columns());
        if (images == null) {
            return false;
        }
        for (List<String> values : images) {
            if (!values.contains(null)) {
                footprint.addReferencedKey(new RowKey(parentTable, key.referencedColumns(), values));
            }
        }
        return true;
    }

    /**
     * The values of {@code columns} in each image the change gives them: the after image of an INSERT, the before
     * image of a DELETE, both of an UPDATE that sets one of them (unset ones keep their old value), none of an
     * UPDATE that sets none. Null when a needed value is missing.
     */
    private List<List<String>> touchedImages(List<String> columns) {
        List<List<String>> images = new ArrayList<>(2);
        switch (command) {
            case INSERT -> images.add(values(columns, after, null));
            case DELETE -> images.add(values(columns, before, null));
            default -> {
                if (columns.stream().noneMatch(after::containsKey)) {
                    return images;
                }
                images.add(values(columns, before, null));
                images.add(values(columns, after, before));
            }
        }
        return images.contains(null) ? null : images;
    }

    /** The text of each column in {@code image} (else in {@code fallback}); null when one is in neither. */
    private static List<String> values(List<String> columns, Map<String, ColumnValue> image,
                                       Map<String, ColumnValue> fallback) {
        List<String> values = new ArrayList<>(columns.size());
        for (String column : columns) {
            ColumnValue value = image.get(column);
            if (value == null && fallback != null) {
                value = fallback.get(column);
            }
            if (value == null) {
                return null;
            }
            values.add(value.text());
        }
        return values;
    }
}
