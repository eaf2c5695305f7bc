package io.redocdc.tools.verify;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.redocdc.sinks.files.ChangeFiles;
import io.redocdc.tools.simulate.SimulationSettings;
import io.redocdc.tools.simulate.WorkloadSimulator;
import io.redocdc.tools.verify.TargetDatabase;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TargetTablesTest {

    @TempDir
    Path dir;

    private Connection connection;
    private TargetTables tables;

    @BeforeEach
    void loadExpectedRows() throws Exception {
        WorkloadSimulator.write(dir, SimulationSettings.defaults().withSeed(5).withTransactions(60)
                .withLargeTransactionRows(50));
        connection = DriverManager.getConnection("jdbc:h2:mem:target-tables;MODE=Oracle;DB_CLOSE_DELAY=0");
        tables = TargetTables.of(dir.resolve("expected"));
        tables.create(connection);
        for (String name : tables.tableNames()) {
            insertExpectedRows(name);
        }
    }

    @AfterEach
    void close() throws Exception {
        connection.close();
    }

    @Test
    void tablesLoadedWithTheExpectedRowsCompareEqual() throws Exception {
        assertThat(TargetDatabase.countRows(connection, tables.tableNames())).isPositive();
        assertThat(tables.firstDifference(connection)).isEmpty();
    }

    @Test
    void aChangedValueIsReportedWithTableAndKey() throws Exception {
        try (Statement statement = connection.createStatement()) {
            statement.executeUpdate("UPDATE \"OE\".\"ORDERS\" SET \"ORDER_TOTAL\" = \"ORDER_TOTAL\" + 1 "
                    + "WHERE \"ORDER_ID\" = (SELECT MIN(\"ORDER_ID\") FROM \"OE\".\"ORDERS\")");
        }
        assertThat(tables.firstDifference(connection)).hasValueSatisfying(
                difference -> assertThat(difference).startsWith("OE.ORDERS: row with key").contains("differs"));
    }

    @Test
    void missingAndExtraRowsAreReported() throws Exception {
        try (Statement statement = connection.createStatement()) {
            statement.executeUpdate("DELETE FROM \"OE\".\"CUSTOMERS\" WHERE \"CUSTOMER_ID\" = "
                    + "(SELECT MAX(\"CUSTOMER_ID\") FROM \"OE\".\"CUSTOMERS\")");
        }
        assertThat(tables.firstDifference(connection)).hasValueSatisfying(
                difference -> assertThat(difference).contains("OE.CUSTOMERS").contains("is missing"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"\"BODY\" || '.'", "\"SUMMARY\" || '😀'", "\"META\" || ' '",
            "\"ATTACHMENT\" || X'00'"})
    void aLobValueDifferingInItsLastCharacterOrByteIsReported(String changed) throws Exception {
        String column = changed.substring(0, changed.indexOf(' '));
        try (Statement statement = connection.createStatement()) {
            assertThat(statement.executeUpdate("UPDATE \"OE\".\"DOCUMENTS\" SET " + column + " = " + changed
                    + " WHERE " + column + " IS NOT NULL")).isPositive();
        }
        assertThat(tables.firstDifference(connection)).hasValueSatisfying(
                difference -> assertThat(difference).startsWith("OE.DOCUMENTS: row with key").contains("differs"));
    }

    @Test
    void postgresTypesAreTranslated() {
        assertThat(TargetTables.targetType("CLOB", "postgresql")).isEqualTo("TEXT");
        assertThat(TargetTables.targetType("NCLOB", "postgresql")).isEqualTo("TEXT");
        assertThat(TargetTables.targetType("XMLTYPE", "postgresql")).isEqualTo("TEXT");
        assertThat(TargetTables.targetType("BLOB", "postgresql")).isEqualTo("BYTEA");
        assertThat(TargetTables.targetType("XMLTYPE", "h2")).isEqualTo("CLOB");
        assertThat(TargetTables.targetType("BLOB", "h2")).isEqualTo("BLOB");
        assertThat(TargetTables.postgresType("NUMBER(10,2)")).isEqualTo("NUMERIC(10,2)");
        assertThat(TargetTables.postgresType("NVARCHAR2(60)")).isEqualTo("VARCHAR(60)");
        assertThat(TargetTables.postgresType("DATE")).isEqualTo("TIMESTAMP(0)");
        assertThat(TargetTables.postgresType("RAW(16)")).isEqualTo("BYTEA");
    }

    private void insertExpectedRows(String name) throws Exception {
        JsonNode definition = new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(dir.resolve("expected/tables.json").toFile()).get(name);
        List<String> columns = new ArrayList<>();
        List<String> types = new ArrayList<>();
        definition.get("columns").forEach(c -> {
            columns.add(c.get("name").asText());
            types.add(c.get("type").asText());
        });
        String[] parts = name.split("\\.");
        String sql = "INSERT INTO \"" + parts[0] + "\".\"" + parts[1] + "\" (\"" + String.join("\", \"", columns)
                + "\") VALUES (" + "?, ".repeat(columns.size() - 1) + "?)";
        try (PreparedStatement insert = connection.prepareStatement(sql)) {
            for (JsonNode row : ChangeFiles.readJsonLines(dir.resolve("expected/tables/" + name + ".jsonl"))) {
                for (int i = 0; i < columns.size(); i++) {
                    JsonNode value = row.get(columns.get(i));
                    String text = value == null || value.isNull() ? null : value.asText();
                    if ((types.get(i).startsWith("RAW") || types.get(i).equals("BLOB")) && text != null) {
                        insert.setBytes(i + 1, HexFormat.of().parseHex(text));
                    } else {
                        insert.setString(i + 1, text);
                    }
                }
                insert.executeUpdate();
            }
        }
    }
}
