package io.redocdc.sinks.jdbc.testing;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Assumptions;

/**
 * A fresh schema in the PostgreSQL server named by REDO_CDC_TEST_PG_URL/USER/PASSWORD (which .ci/run starts).
 * Without those variables the test is skipped, or fails when the variable CI is set: CI must run these tests.
 */
public final class PostgresTestDatabase implements TestDatabase {

    public static final String URL_VARIABLE = "REDO_CDC_TEST_PG_URL";
    public static final String USER_VARIABLE = "REDO_CDC_TEST_PG_USER";
    public static final String PASSWORD_VARIABLE = "REDO_CDC_TEST_PG_PASSWORD";
    static final String NOT_CONFIGURED =
            "PostgreSQL not configured: set REDO_CDC_TEST_PG_URL/USER/PASSWORD or run .ci/run";

    private final String serverUrl;
    private final String user;
    private final String password;
    private final String schema;

    private PostgresTestDatabase(String serverUrl, String user, String password, String schema) {
        this.serverUrl = serverUrl;
        this.user = user;
        this.password = password;
        this.schema = schema;
    }

    /** A new schema in the configured server; skips (or, under CI, fails) the test when none is configured. */
    public static PostgresTestDatabase create() throws SQLException {
        return create(System.getenv());
    }

    static PostgresTestDatabase create(Map<String, String> environment) throws SQLException {
        String url = environment.get(URL_VARIABLE);
        String user = environment.get(USER_VARIABLE);
        String password = environment.get(PASSWORD_VARIABLE);
        if (isBlank(url) || isBlank(user) || password == null) {
            if (environment.get("CI") != null) {
                throw new IllegalStateException(NOT_CONFIGURED
                        + " (the variable CI is set, so the PostgreSQL tests must run, not be skipped)");
            }
            Assumptions.abort(NOT_CONFIGURED);
        }
        String schema = "redocdc_test_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        try (Connection connection = DriverManager.getConnection(url, user, password);
             Statement statement = connection.createStatement()) {
            statement.execute("CREATE SCHEMA " + schema);
        } catch (SQLException e) {
            throw new SQLException("cannot create schema " + schema + " at " + url + " as " + user
                    + " (from " + URL_VARIABLE + "/" + USER_VARIABLE + "): " + e.getMessage(), e);
        }
        return new PostgresTestDatabase(url, user, password, schema);
    }

    private static boolean isBlank(String value) {
        return value == null || value.isBlank();
    }

    @Override
    public TestDatabaseKind kind() {
        return TestDatabaseKind.POSTGRESQL;
    }

    @Override
    public String url() {
        return serverUrl + (serverUrl.contains("?") ? "&" : "?") + "currentSchema=" + schema;
    }

    @Override
    public String user() {
        return user;
    }

    @Override
    public String password() {
        return password;
    }

    @Override
    public String schema() {
        return schema;
    }

    @Override
    public Connection connect() throws SQLException {
        return DriverManager.getConnection(url(), user, password);
    }

    @Override
    public void close() throws SQLException {
        try (Connection connection = DriverManager.getConnection(serverUrl, user, password);
             Statement statement = connection.createStatement()) {
            statement.execute("DROP SCHEMA IF EXISTS " + schema + " CASCADE");
        }
    }

    @Override
    public String toString() {
        return "PostgreSQL " + url();
    }
}
