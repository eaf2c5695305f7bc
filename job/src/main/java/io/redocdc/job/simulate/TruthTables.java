package io.redocdc.job.simulate;

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
 * expected/tables.json (primary keys and column types of the captured tables) and expected/tables/OWNER.TABLE.jsonl
 * (each table's final committed rows, sorted by primary key).
 */
final class TruthTables {

    static final String TABLES_JSON = "tables.json";
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
            definition.put("columns", columns);
            tables.put(table.qualifiedName(), definition);
        }
        new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
                .writeValue(expectedDir.resolve(TABLES_JSON).toFile(), tables);
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
