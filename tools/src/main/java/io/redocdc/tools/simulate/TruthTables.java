package io.redocdc.tools.simulate;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * expected/tables.json (primary keys, foreign keys and column types of the captured tables), expected/schema.sql
 * (the same as Oracle DDL) and expected/tables/OWNER.TABLE.jsonl (each table's final committed rows, sorted by
 * primary key).
 */
final class TruthTables {

    static final String TABLES_JSON = "tables.json";
    static final String SCHEMA_SQL = "schema.sql";
    static final String TABLES_DIR = "tables";

    private TruthTables() {
    }

    static Path tableFile(Path expectedDir, TableDef table) {
        return expectedDir.resolve(TABLES_DIR).resolve(table.qualifiedName() + ".jsonl");
    }

    static void writeDefinitions(Path expectedDir) throws IOException {
        Map<String, Object> tables = new LinkedHashMap<>();
        for (TableDef table : OrderEntrySchema.CAPTURED) {
            List<Map<String, String>> columns = new ArrayList<>();
            for (Column column : table.columns()) {
                Map<String, String> c = new LinkedHashMap<>();
                c.put("name", column.name());
                c.put("type", column.sqlType());
                columns.add(c);
            }
            Map<String, Object> definition = new LinkedHashMap<>();
            definition.put("primary_keys", table.primaryKey());
            definition.put("foreign_keys", foreignKeys(table));
            definition.put("columns", columns);
            tables.put(table.qualifiedName(), definition);
        }
        new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
                .writeValue(expectedDir.resolve(TABLES_JSON).toFile(), tables);
        Files.writeString(expectedDir.resolve(SCHEMA_SQL), schemaSql(), StandardCharsets.UTF_8);
    }

    private static List<Map<String, Object>> foreignKeys(TableDef table) {
        List<Map<String, Object>> keys = new ArrayList<>();
        for (TableDef.ForeignKey fk : table.foreignKeys()) {
            Map<String, Object> key = new LinkedHashMap<>();
            key.put("name", fk.name());
            key.put("columns", List.of(fk.column()));
            key.put("references", fk.parent().qualifiedName());
            key.put("referenced_columns", fk.parent().primaryKey());
            keys.add(key);
        }
        return keys;
    }

    /** CREATE TABLE statements (Oracle), parents before children, with primary and foreign key constraints. */
    static String schemaSql() {
        StringBuilder sql = new StringBuilder("-- The captured tables of the simulated order-entry schema, as Oracle "
                + "DDL; parents before children.\n");
        for (TableDef table : OrderEntrySchema.CAPTURED) {
            sql.append("create table ").append(table.quotedName()).append(" (\n");
            for (Column column : table.columns()) {
                sql.append("  ").append(quote(column.name())).append(' ').append(column.sqlType())
                        .append(column.nullable() ? "" : " not null").append(",\n");
            }
            sql.append("  constraint ").append(quote(table.name() + "_PK")).append(" primary key (")
                    .append(quoted(table.primaryKey())).append(')');
            for (TableDef.ForeignKey fk : table.foreignKeys()) {
                sql.append(",\n  constraint ").append(quote(fk.name())).append(" foreign key (")
                        .append(quote(fk.column())).append(") references ").append(fk.parent().quotedName())
                        .append(" (").append(quoted(fk.parent().primaryKey())).append(')');
            }
            sql.append("\n);\n");
        }
        return sql.toString();
    }

    private static String quoted(List<String> names) {
        return String.join(", ", names.stream().map(TruthTables::quote).toList());
    }

    private static String quote(String name) {
        return '"' + name + '"';
    }

    /** Final rows of the modelled tables; a captured table nobody wrote gets an empty file. */
    static void writeFinalRows(Path expectedDir, Database db) throws IOException {
        for (TableModel table : db.tables()) {
            try (BufferedWriter out = Files.newBufferedWriter(tableFile(expectedDir, table.def()),
                    StandardCharsets.UTF_8)) {
                for (String[] row : table.rowsByKey()) {
                    out.write(ChangeJson.row(table.def(), row));
                    out.write('\n');
                }
            }
        }
        for (TableDef table : OrderEntrySchema.CAPTURED) {
            Path file = tableFile(expectedDir, table);
            if (!Files.exists(file)) {
                Files.createFile(file);
            }
        }
    }
}
