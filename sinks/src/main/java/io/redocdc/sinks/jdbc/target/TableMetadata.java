package io.redocdc.sinks.jdbc.target;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What the apply sink knows about one target table: its columns by name and its key columns (target names;
 * empty when the table has no primary key and none is configured).
 *
 * @param keyIsPrimaryKey true when the key columns are the target's primary key (not only {@code sink.primary-key})
 */
public record TableMetadata(TargetTable table, Map<String, TargetColumn> columns, List<String> keyColumns,
                            boolean keyIsPrimaryKey) {

    public TableMetadata {
        columns = Map.copyOf(columns);
        keyColumns = List.copyOf(keyColumns);
    }

    public Optional<TargetColumn> column(String name) {
        return Optional.ofNullable(columns.get(name));
    }
}
