package io.redocdc.sinks.jdbc.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.opentest4j.TestAbortedException;

class TestDatabaseTest {

    @ParameterizedTest
    @EnumSource(TestDatabaseKind.class)
    void tablesCreatedInOneConnectionAreSeenByAnotherThroughTheUrl(TestDatabaseKind kind) throws SQLException {
        try (TestDatabase db = kind.open()) {
            assertThat(db.kind()).isEqualTo(kind);
            try (Connection connection = db.connect(); Statement statement = connection.createStatement()) {
                statement.execute("CREATE TABLE \"ORDERS\" (\"ID\" INTEGER PRIMARY KEY, \"NOTE\" VARCHAR(20))");
                statement.execute("INSERT INTO \"ORDERS\" VALUES (1, 'it''s')");
            }
            try (Connection other = DriverManager.getConnection(db.url(), db.user(), db.password());
                 Statement statement = other.createStatement();
                 ResultSet rows = statement.executeQuery("SELECT \"NOTE\" FROM \"ORDERS\" WHERE \"ID\" = 1")) {
                assertThat(rows.next()).isTrue();
                assertThat(rows.getString(1)).isEqualTo("it's");
            }
            assertThat(tablesIn(db)).containsExactly("ORDERS");
        }
    }

    @ParameterizedTest
    @EnumSource(TestDatabaseKind.class)
    void twoDatabasesOfOneKindDoNotShareTables(TestDatabaseKind kind) throws SQLException {
        try (TestDatabase first = kind.open(); TestDatabase second = kind.open()) {
            try (Connection connection = first.connect(); Statement statement = connection.createStatement()) {
                statement.execute("CREATE TABLE \"ONLY_IN_FIRST\" (\"ID\" INTEGER)");
            }
            assertThat(tablesIn(first)).containsExactly("ONLY_IN_FIRST");
            assertThat(tablesIn(second)).isEmpty();
        }
    }

    @Test
    void postgresSchemaIsDroppedOnClose() throws SQLException {
        TestDatabase db = PostgresTestDatabase.create();
        try (Connection connection = db.connect(); Statement statement = connection.createStatement()) {
            statement.execute("CREATE TABLE \"T\" (\"ID\" INTEGER)");
        }
        db.close();
        try (Connection connection = DriverManager.getConnection(db.url(), db.user(), db.password());
             Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery(
                     "SELECT count(*) FROM information_schema.schemata WHERE schema_name = '" + db.schema() + "'")) {
            rows.next();
            assertThat(rows.getInt(1)).isZero();
        }
    }

    @Test
    void missingPostgresSettingsSkipOutsideCi() {
        assertThatThrownBy(() -> PostgresTestDatabase.create(Map.of()))
                .isInstanceOf(TestAbortedException.class)
                .hasMessageContaining(PostgresTestDatabase.NOT_CONFIGURED);
    }

    @Test
    void missingPostgresSettingsFailUnderCi() {
        assertThatThrownBy(() -> PostgresTestDatabase.create(Map.of("CI", "true",
                PostgresTestDatabase.URL_VARIABLE, "jdbc:postgresql://127.0.0.1:5432/redocdc")))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("REDO_CDC_TEST_PG_URL/USER/PASSWORD")
                .hasMessageContaining("CI is set");
    }

    private static List<String> tablesIn(TestDatabase db) throws SQLException {
        List<String> tables = new ArrayList<>();
        try (Connection connection = db.connect();
             ResultSet rows = connection.getMetaData().getTables(null, db.schema(), "%", new String[] {"TABLE"})) {
            while (rows.next()) {
                tables.add(rows.getString("TABLE_NAME"));
            }
        }
        return tables;
    }
}
