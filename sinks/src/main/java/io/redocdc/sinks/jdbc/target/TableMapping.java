package io.redocdc.sinks.jdbc.target;

import io.redocdc.sinks.jdbc.JdbcSinkOptions;
import java.io.Serializable;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Source names to target names, from {@code sink.table-map}, {@code sink.column-map}, {@code sink.drop-columns}
 * and {@code sink.primary-key}. Unmapped names are kept exactly.
 */
public final class TableMapping implements Serializable {

    private static final long serialVersionUID = 1L;

    private final Map<String, String> tableMap;
    private final Map<String, String> columnMap;
    private final Set<String> dropColumns;
    private final Map<String, List<String>> primaryKeys;

    public TableMapping(JdbcSinkOptions options) {
        this.tableMap = options.tableMap();
        this.columnMap = options.columnMap();
        this.dropColumns = options.dropColumns();
        this.primaryKeys = options.primaryKeys();
    }

    /** {@code OWNER.TABLE} by exact entry, else by {@code OWNER.*}, else {@code "OWNER"."TABLE"}. */
    public TargetTable target(String owner, String table) {
        String exact = tableMap.get(owner + "." + table);
        if (exact != null) {
            return parse(exact, table);
        }
        String wildcard = tableMap.get(owner + ".*");
        if (wildcard != null) {
            return parse(wildcard, table);
        }
        return new TargetTable(owner, table);
    }

    /** The target name of a column, or null when the column is dropped. */
    public String targetColumn(String owner, String table, String column) {
        String qualified = owner + "." + table + "." + column;
        if (dropColumns.contains(qualified)) {
            return null;
        }
        return columnMap.getOrDefault(qualified, column);
    }

    /** {@code sink.primary-key.OWNER.TABLE} as target column names; empty when not configured. */
    public List<String> configuredKey(String owner, String table) {
        return primaryKeys.getOrDefault(owner + "." + table, List.of()).stream()
                .map(c -> targetColumn(owner, table, c))
                .toList();
    }

    private static TargetTable parse(String target, String sourceTable) {
        int dot = target.indexOf('.');
        String name = target.substring(dot + 1);
        return new TargetTable(target.substring(0, dot), name.equals("*") ? sourceTable : name);
    }
}
