package io.redocdc.sinks.jdbc.target;

import java.util.List;

/**
 * The keys of one target table that decide which transactions parallel apply must keep in commit order, read
 * from the target's metadata: its unique keys (primary key, unique indexes, and any column set a foreign key of
 * another table references) and its foreign keys.
 *
 * @param table       the table with its schema as the database reports it, so that a foreign key's referenced
 *                    table and the table itself name one key the same way
 * @param uniqueKeys  each key's column names, sorted by name; no duplicates
 * @param foreignKeys the table's foreign keys
 * @param opaque      true when a unique index is on something other than plain columns (an expression): which
 *                    rows it makes collide cannot be told from their values
 */
public record TableConstraints(TargetTable table, List<List<String>> uniqueKeys, List<ForeignKey> foreignKeys,
                               boolean opaque) {

    public TableConstraints {
        uniqueKeys = uniqueKeys.stream().map(List::copyOf).toList();
        foreignKeys = List.copyOf(foreignKeys);
    }

    /**
     * A foreign key: its columns and the columns of the referenced table they name, pair by pair, sorted by the
     * referenced column's name (the order of the referenced key's {@link io.redocdc.sinks.jdbc.parallel.RowKey}).
     */
    public record ForeignKey(List<String> columns, TargetTable referencedTable, List<String> referencedColumns) {

        public ForeignKey {
            columns = List.copyOf(columns);
            referencedColumns = List.copyOf(referencedColumns);
            if (columns.size() != referencedColumns.size() || columns.isEmpty()) {
                throw new IllegalArgumentException("foreign key columns " + columns + " do not pair with "
                        + referencedTable + " " + referencedColumns);
            }
        }
    }
}
