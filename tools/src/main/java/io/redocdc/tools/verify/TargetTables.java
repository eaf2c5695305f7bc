package io.redocdc.tools.verify;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.redocdc.sinks.files.ChangeFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The simulator's captured tables in a target database: creates them from {@code expected/tables.json} (Oracle
 * types translated for PostgreSQL; H2 in Oracle mode takes them as they are but XMLTYPE, which becomes CLOB),
 * with their primary keys and foreign keys, and compares their rows with
 * {@code expected/tables/OWNER.TABLE.jsonl}, value by value according to the column's type.
 */
public final class TargetTables {

    private static final DateTimeFormatter ORACLE_TIMESTAMP =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss[.SSSSSSSSS][.SSSSSS]");

    private final Path expectedDir;
    private final JsonNode definitions;

    private TargetTables(Path expectedDir, JsonNode definitions) {
        this.expectedDir = expectedDir;
        this.definitions = definitions;
    }

    public static TargetTables of(Path expectedDir) {
        try {
            return new TargetTables(expectedDir, new ObjectMapper().readTree(expectedDir.resolve("tables.json")
                    .toFile()));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + expectedDir.resolve("tables.json"), e);
        }
    }

    /** Qualified names (OWNER.TABLE) of the captured tables. */
    public List<String> tableNames() {
        List<String> names = new ArrayList<>();
        definitions.fieldNames().forEachRemaining(names::add);
        return names;
    }

    /**
     * Creates the owner schemas (except on Oracle, where owners are users), the empty tables and then their
     * foreign keys (so the order of the tables does not matter).
     */
    public void create(Connection connection) throws SQLException {
        String product = connection.getMetaData().getDatabaseProductName().toLowerCase(Locale.ROOT);
        boolean oracle = product.contains("oracle");
        try (Statement statement = connection.createStatement()) {
            for (String name : tableNames()) {
                String owner = name.substring(0, name.indexOf('.'));
                if (!oracle) {
                    statement.execute("CREATE SCHEMA IF NOT EXISTS " + quote(owner));
                }
                statement.execute(createTableSql(name, product));
            }
            for (String name : tableNames()) {
                for (String sql : foreignKeySql(name)) {
                    statement.execute(sql);
                }
            }
        }
        if (!connection.getAutoCommit()) {
            connection.commit();
        }
    }

    /** @param product the target's lower-case database product name */
    String createTableSql(String qualifiedName, String product) {
        JsonNode table = definitions.get(qualifiedName);
        StringBuilder sql = new StringBuilder("CREATE TABLE ").append(quoteQualified(qualifiedName)).append(" (");
        for (JsonNode column : table.get("columns")) {
            String type = column.get("type").asText();
            sql.append(quote(column.get("name").asText())).append(' ').append(targetType(type, product)).append(", ");
        }
        sql.append("PRIMARY KEY (");
        List<String> keys = new ArrayList<>();
        table.get("primary_keys").forEach(key -> keys.add(quote(key.asText())));
        return sql.append(String.join(", ", keys)).append("))").toString();
    }

    /** ALTER TABLE ... ADD CONSTRAINT ... FOREIGN KEY for each foreign key of the table (none in older truths). */
    List<String> foreignKeySql(String qualifiedName) {
        List<String> statements = new ArrayList<>();
        for (JsonNode fk : definitions.get(qualifiedName).path("foreign_keys")) {
            List<String> columns = new ArrayList<>();
            fk.get("columns").forEach(c -> columns.add(quote(c.asText())));
            List<String> referenced = new ArrayList<>();
            fk.get("referenced_columns").forEach(c -> referenced.add(quote(c.asText())));
            statements.add("ALTER TABLE " + quoteQualified(qualifiedName) + " ADD CONSTRAINT "
                    + quote(fk.get("name").asText()) + " FOREIGN KEY (" + String.join(", ", columns) + ") REFERENCES "
                    + quoteQualified(fk.get("references").asText()) + " (" + String.join(", ", referenced) + ")");
        }
        return statements;
    }

    static String targetType(String oracleType, String product) {
        if (product.contains("postgres")) {
            return postgresType(oracleType);
        }
        return product.contains("h2") && oracleType.equalsIgnoreCase("XMLTYPE") ? "CLOB" : oracleType;
    }

    static String postgresType(String oracleType) {
        String upper = oracleType.toUpperCase(Locale.ROOT);
        if (upper.startsWith("NUMBER")) {
            return "NUMERIC" + upper.substring("NUMBER".length());
        }
        if (upper.startsWith("NVARCHAR2") || upper.startsWith("VARCHAR2")) {
            return "VARCHAR" + upper.substring(upper.indexOf('('));
        }
        if (upper.equals("DATE")) {
            return "TIMESTAMP(0)";
        }
        if (upper.startsWith("TIMESTAMP")) {
            return upper;
        }
        if (isBinary(upper)) {
            return "BYTEA";
        }
        if (upper.equals("CLOB") || upper.equals("NCLOB") || upper.equals("XMLTYPE")) {
            return "TEXT";
        }
        throw new IllegalArgumentException("no PostgreSQL type for Oracle type " + oracleType);
    }

    /** Empty when every captured table holds exactly the expected rows, else the first difference found. */
    public Optional<String> firstDifference(Connection connection) throws SQLException {
        for (String name : tableNames()) {
            Map<String, List<String>> expected = expectedRows(name);
            Map<String, List<String>> actual = actualRows(connection, name);
            for (Map.Entry<String, List<String>> row : expected.entrySet()) {
                List<String> got = actual.get(row.getKey());
                if (got == null) {
                    return Optional.of(name + ": row with key " + shown(row.getKey()) + " is missing; expected "
                            + row.getValue());
                }
                if (!got.equals(row.getValue())) {
                    return Optional.of(name + ": row with key " + shown(row.getKey()) + " differs:\n  expected "
                            + row.getValue() + "\n  actual   " + got);
                }
            }
            for (String key : actual.keySet()) {
                if (!expected.containsKey(key)) {
                    return Optional.of(name + ": unexpected row with key " + shown(key) + ": " + actual.get(key));
                }
            }
        }
        return Optional.empty();
    }

    private Map<String, List<String>> expectedRows(String name) {
        Map<String, List<String>> rows = new TreeMap<>();
        List<JsonNode> columns = columns(name);
        int[] keyColumns = keyColumns(name, columns);
        for (JsonNode line : ChangeFiles.readJsonLines(expectedDir.resolve("tables").resolve(name + ".jsonl"))) {
            List<String> values = new ArrayList<>();
            for (JsonNode column : columns) {
                JsonNode value = line.get(column.get("name").asText());
                values.add(value == null || value.isNull() ? null
                        : canonical(column.get("type").asText(), value.asText()));
            }
            rows.put(key(keyColumns, values), values);
        }
        return rows;
    }

    private Map<String, List<String>> actualRows(Connection connection, String name) throws SQLException {
        Map<String, List<String>> rows = new TreeMap<>();
        List<JsonNode> columns = columns(name);
        int[] keyColumns = keyColumns(name, columns);
        try (Statement statement = connection.createStatement();
             ResultSet rs = statement.executeQuery("SELECT * FROM " + quoteQualified(name))) {
            while (rs.next()) {
                List<String> values = new ArrayList<>();
                for (JsonNode column : columns) {
                    values.add(read(rs, column.get("name").asText(), column.get("type").asText()));
                }
                rows.put(key(keyColumns, values), values);
            }
        }
        return rows;
    }

    private static String read(ResultSet rs, String column, String type) throws SQLException {
        String upper = type.toUpperCase(Locale.ROOT);
        if (isBinary(upper)) {
            byte[] bytes = rs.getBytes(column);
            return bytes == null ? null : HexFormat.of().formatHex(bytes);
        }
        if (upper.equals("DATE") || upper.startsWith("TIMESTAMP")) {
            LocalDateTime time = rs.getObject(column, LocalDateTime.class);
            return time == null ? null : time.toString();
        }
        String text = rs.getString(column);
        return text == null ? null : canonical(type, text);
    }

    /** One text per value whatever the database printed: numbers without trailing zeros, ISO date-times. */
    private static String canonical(String type, String text) {
        String upper = type.toUpperCase(Locale.ROOT);
        if (upper.startsWith("NUMBER")) {
            return new BigDecimal(text).stripTrailingZeros().toPlainString();
        }
        if (upper.equals("DATE") || upper.startsWith("TIMESTAMP")) {
            return LocalDateTime.parse(text, ORACLE_TIMESTAMP).toString();
        }
        if (isBinary(upper)) {
            return text.toLowerCase(Locale.ROOT);
        }
        return text; // text, CLOB, NCLOB and XML values compare exactly
    }

    /** RAW and BLOB: bytes, compared as lower-case hex. */
    private static boolean isBinary(String upperType) {
        return upperType.startsWith("RAW") || upperType.equals("BLOB");
    }

    /** Positions of the primary-key columns among the table's columns, in primary-key order. */
    private int[] keyColumns(String name, List<JsonNode> columns) {
        List<Integer> positions = new ArrayList<>();
        for (JsonNode pk : definitions.get(name).get("primary_keys")) {
            for (int i = 0; i < columns.size(); i++) {
                if (columns.get(i).get("name").asText().equals(pk.asText())) {
                    positions.add(i);
                }
            }
        }
        return positions.stream().mapToInt(Integer::intValue).toArray();
    }

    private static String key(int[] keyColumns, List<String> values) {
        StringBuilder key = new StringBuilder();
        for (int column : keyColumns) {
            // Right-aligned (padded with spaces) so TreeMap order is numeric order for the simulator's
            // non-negative integer keys; shown() drops the padding.
            key.append(key.isEmpty() ? "" : ",").append(String.format("%20s", values.get(column)));
        }
        return key.toString();
    }

    private static String shown(String key) {
        return key.replace(" ", "");
    }

    private List<JsonNode> columns(String name) {
        List<JsonNode> columns = new ArrayList<>();
        definitions.get(name).get("columns").forEach(columns::add);
        return columns;
    }

    private static String quoteQualified(String qualifiedName) {
        int dot = qualifiedName.indexOf('.');
        return quote(qualifiedName.substring(0, dot)) + "." + quote(qualifiedName.substring(dot + 1));
    }

    private static String quote(String identifier) {
        return '"' + identifier.replace("\"", "\"\"") + '"';
    }
}
