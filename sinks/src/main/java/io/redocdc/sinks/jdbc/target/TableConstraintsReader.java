package io.redocdc.sinks.jdbc.target;

import io.redocdc.sinks.jdbc.target.TableConstraints.ForeignKey;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Reads a target table's {@link TableConstraints} from JDBC metadata: getPrimaryKeys, getIndexInfo (unique
 * indexes, approximate so that no driver computes statistics), getExportedKeys (the keys other tables' foreign
 * keys reference; a unique constraint need not show as a unique index) and getImportedKeys (its own foreign keys).
 * These calls take names, not patterns, but some drivers match them as patterns: rows are filtered exactly.
 */
final class TableConstraintsReader {

    private TableConstraintsReader() {
    }

    /** @param columns the table's column names (a unique index on anything else is opaque) */
    static TableConstraints read(Connection connection, TargetTable target, Set<String> columns) throws SQLException {
        DatabaseMetaData meta = connection.getMetaData();
        String schema = target.schema() == null ? connection.getSchema() : target.schema();
        TargetTable table = new TargetTable(schema, target.table());
        Set<List<String>> uniqueKeys = new LinkedHashSet<>();
        uniqueKeys.add(sorted(primaryKey(meta, table)));
        boolean opaque = false;
        for (List<String> index : uniqueIndexes(meta, table)) {
            if (index.isEmpty() || !columns.containsAll(index)) {
                opaque = true;
            } else {
                uniqueKeys.add(sorted(index));
            }
        }
        for (KeyRows exported : keyRows(meta.getExportedKeys(null, schema, table.table()), table, "PKTABLE")) {
            uniqueKeys.add(sorted(exported.referencedColumns()));
        }
        uniqueKeys.remove(List.<String>of());
        List<ForeignKey> foreignKeys = new ArrayList<>();
        for (KeyRows imported : keyRows(meta.getImportedKeys(null, schema, table.table()), table, "FKTABLE")) {
            foreignKeys.add(imported.toForeignKey());
        }
        return new TableConstraints(table, List.copyOf(uniqueKeys), foreignKeys, opaque);
    }

    private static List<String> primaryKey(DatabaseMetaData meta, TargetTable table) throws SQLException {
        TreeMap<Integer, String> bySequence = new TreeMap<>();
        try (ResultSet rs = meta.getPrimaryKeys(null, table.schema(), table.table())) {
            while (rs.next()) {
                if (isTable(table, rs.getString("TABLE_SCHEM"), rs.getString("TABLE_NAME"))) {
                    bySequence.put(rs.getInt("KEY_SEQ"), rs.getString("COLUMN_NAME"));
                }
            }
        }
        return new ArrayList<>(bySequence.values());
    }

    /** Each unique index's columns; an index with an expression or no column name has an empty list or a non-column. */
    private static List<List<String>> uniqueIndexes(DatabaseMetaData meta, TargetTable table) throws SQLException {
        Map<String, TreeMap<Integer, String>> byIndex = new LinkedHashMap<>();
        try (ResultSet rs = meta.getIndexInfo(null, table.schema(), table.table(), true, true)) {
            while (rs.next()) {
                if (rs.getShort("TYPE") == DatabaseMetaData.tableIndexStatistic || rs.getBoolean("NON_UNIQUE")
                        || !isTable(table, rs.getString("TABLE_SCHEM"), rs.getString("TABLE_NAME"))) {
                    continue;
                }
                TreeMap<Integer, String> index = byIndex.computeIfAbsent(rs.getString("INDEX_NAME"),
                        name -> new TreeMap<>());
                String column = rs.getString("COLUMN_NAME");
                index.put((int) rs.getShort("ORDINAL_POSITION"), column == null ? "" : column);
            }
        }
        List<List<String>> indexes = new ArrayList<>();
        for (TreeMap<Integer, String> index : byIndex.values()) {
            indexes.add(index.containsValue("") ? List.of() : new ArrayList<>(index.values()));
        }
        return indexes;
    }

    /** The rows of one foreign key from getImportedKeys or getExportedKeys, in KEY_SEQ order. */
    private record KeyRows(TargetTable referencedTable, List<String> columns, List<String> referencedColumns) {

        /** Pairs sorted by referenced column name, the order of the referenced key. */
        ForeignKey toForeignKey() {
            List<Integer> order = new ArrayList<>();
            for (int i = 0; i < columns.size(); i++) {
                order.add(i);
            }
            order.sort(Comparator.comparing(referencedColumns::get));
            return new ForeignKey(order.stream().map(columns::get).toList(), referencedTable,
                    order.stream().map(referencedColumns::get).toList());
        }
    }

    /**
     * Groups foreign key rows by constraint (FK_NAME, or a KEY_SEQ starting again where a driver gives no name).
     *
     * @param side "FKTABLE" or "PKTABLE": which side of each row must be {@code table}
     */
    private static List<KeyRows> keyRows(ResultSet result, TargetTable table, String side) throws SQLException {
        Map<String, TreeMap<Integer, String[]>> byKey = new LinkedHashMap<>();
        Map<String, TargetTable> referenced = new LinkedHashMap<>();
        int unnamed = 0;
        try (ResultSet rs = result) {
            while (rs.next()) {
                if (!isTable(table, rs.getString(side + "_SCHEM"), rs.getString(side + "_NAME"))) {
                    continue;
                }
                int sequence = rs.getShort("KEY_SEQ");
                if (rs.getString("FK_NAME") == null && sequence == 1) {
                    unnamed++;
                }
                String name = rs.getString("FKTABLE_SCHEM") + "." + rs.getString("FKTABLE_NAME") + "."
                        + (rs.getString("FK_NAME") == null ? "#" + unnamed : rs.getString("FK_NAME"));
                byKey.computeIfAbsent(name, k -> new TreeMap<>()).put(sequence,
                        new String[] {rs.getString("FKCOLUMN_NAME"), rs.getString("PKCOLUMN_NAME")});
                String pkSchema = rs.getString("PKTABLE_SCHEM");
                referenced.put(name, new TargetTable(pkSchema == null ? table.schema() : pkSchema,
                        rs.getString("PKTABLE_NAME")));
            }
        }
        List<KeyRows> keys = new ArrayList<>();
        for (Map.Entry<String, TreeMap<Integer, String[]>> key : byKey.entrySet()) {
            List<String> columns = new ArrayList<>();
            List<String> referencedColumns = new ArrayList<>();
            for (String[] pair : key.getValue().values()) {
                columns.add(pair[0]);
                referencedColumns.add(pair[1]);
            }
            keys.add(new KeyRows(referenced.get(key.getKey()), columns, referencedColumns));
        }
        return keys;
    }

    private static boolean isTable(TargetTable table, String schema, String name) {
        return table.table().equals(name) && (table.schema() == null || schema == null || table.schema().equals(schema));
    }

    private static List<String> sorted(List<String> columns) {
        return columns.stream().sorted().toList();
    }
}
