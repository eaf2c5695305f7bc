package io.redocdc.sinks.jdbc.parallel;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * One target row as the dependency tracker sees it: the table and its primary key values (canonical LCR text,
 * nulls allowed). Two transactions conflict when they share a row key.
 *
 * @param table     {@code OWNER.TABLE}
 * @param keyValues the key column values in key column order
 */
public record RowKey(String table, List<String> keyValues) {

    public RowKey {
        Objects.requireNonNull(table, "table");
        // List.copyOf rejects nulls, and a null key value is still a value.
        keyValues = Collections.unmodifiableList(new ArrayList<>(keyValues));
    }

    public static RowKey of(String table, String... keyValues) {
        return new RowKey(table, Arrays.asList(keyValues));
    }
}
