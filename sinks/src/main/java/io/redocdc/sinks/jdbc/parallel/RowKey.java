package io.redocdc.sinks.jdbc.parallel;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * One value of one key of a target table as the dependency tracker sees it: the table, the key's columns
 * (sorted by name, so that a foreign key and the key it references name the same key whatever their column order)
 * and their values (canonical LCR text, nulls allowed). Two transactions conflict when they share a row key.
 *
 * @param table     {@code "SCHEMA"."TABLE"}
 * @param columns   the key's column names, sorted; empty in tests that need no column names
 * @param keyValues the key column values in {@code columns} order
 */
public record RowKey(String table, List<String> columns, List<String> keyValues) {

    public RowKey {
        Objects.requireNonNull(table, "table");
        columns = List.copyOf(columns);
        // List.copyOf rejects nulls, and a null key value is still a value.
        keyValues = Collections.unmodifiableList(new ArrayList<>(keyValues));
    }

    /** A key without column names (tests of the tracker and of batching). */
    public static RowKey of(String table, String... keyValues) {
        return new RowKey(table, List.of(), Arrays.asList(keyValues));
    }
}
