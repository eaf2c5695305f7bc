package io.redocdc.sinks.jdbc.apply;

import io.redocdc.operators.lcr.ColumnValue;
import io.redocdc.operators.lcr.LcrCommand;
import io.redocdc.sinks.jdbc.parallel.RowKey;
import io.redocdc.sinks.jdbc.target.MappedRow;
import io.redocdc.sinks.jdbc.target.MappedValue;
import io.redocdc.sinks.jdbc.target.TableConstraints;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The before and after image of one row change by target column, and the key values they give, for parallel
 * apply ({@link RowKeyExtractor}) and reordered batching ({@link StatementKeys}) alike. Each method returns the
 * keys image by image, before image first, and null when an image does not show a value it needs (the caller
 * then cannot key the change).
 */
final class RowImages {

    private final LcrCommand command;
    private final Map<String, ColumnValue> before;
    private final Map<String, ColumnValue> after;

    RowImages(LcrCommand command, Map<String, ColumnValue> before, Map<String, ColumnValue> after) {
        this.command = command;
        this.before = before;
        this.after = after;
    }

    /** The images of a mapped row (dropped columns and Unsupported Type values are already left out). */
    static RowImages of(MappedRow row) {
        return new RowImages(row.lcr().command(), byName(row.oldValues()), byName(row.newValues()));
    }

    /** The sink's own key: in the before image (UPDATE, DELETE) and the after image (INSERT, UPDATE). */
    List<RowKey> rowKeys(String table, List<String> columns) {
        List<RowKey> keys = new ArrayList<>(2);
        if (command != LcrCommand.INSERT) {
            List<String> values = values(columns, before, null);
            if (values == null) {
                return null;
            }
            keys.add(new RowKey(table, columns, values));
        }
        if (command != LcrCommand.DELETE) {
            List<String> values = values(columns, after, null);
            if (values == null) {
                return null;
            }
            keys.add(new RowKey(table, columns, values));
        }
        return keys;
    }

    /** Another unique key: its values in each image the change gives it; all-null values never collide. */
    List<RowKey> uniqueKeys(String table, List<String> columns) {
        List<List<String>> images = touchedImages(columns);
        if (images == null) {
            return null;
        }
        List<RowKey> keys = new ArrayList<>(images.size());
        for (List<String> values : images) {
            if (values.stream().anyMatch(v -> v != null)) {
                keys.add(new RowKey(table, columns, values));
            }
        }
        return keys;
    }

    /** A foreign key: the parent key it names in each image; a null column references nothing. */
    List<RowKey> references(String parentTable, TableConstraints.ForeignKey key) {
        List<List<String>> images = touchedImages(key.columns());
        if (images == null) {
            return null;
        }
        List<RowKey> keys = new ArrayList<>(images.size());
        for (List<String> values : images) {
            if (!values.contains(null)) {
                keys.add(new RowKey(parentTable, key.referencedColumns(), values));
            }
        }
        return keys;
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

    private static Map<String, ColumnValue> byName(List<MappedValue> values) {
        Map<String, ColumnValue> byName = new HashMap<>(values.size() * 2);
        for (MappedValue value : values) {
            byName.put(value.name(), value.value());
        }
        return byName;
    }
}
