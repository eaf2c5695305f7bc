package io.redocdc.sinks.jdbc.testing;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * A target database for one test, isolated from every other test: its own schema (PostgreSQL) or its own
 * in-memory database (H2). Closing it drops what the test created.
 */
public interface TestDatabase extends AutoCloseable {

    /** Which kind of database this is. */
    TestDatabaseKind kind();

    /** JDBC URL that lands in this test's schema, for code under test that opens its own connections. */
    String url();

    String user();

    String password();

    /** The schema this test owns; unquoted tables created through {@link #connect()} go there. */
    String schema();

    /** A new connection (auto-commit on) whose default schema is {@link #schema()}; the caller closes it. */
    Connection connect() throws SQLException;

    /** The rows of a query, each as its column values joined by '|' (SQL NULL as "null"). */
    default List<String> rows(String sql) throws SQLException {
        List<String> rows = new ArrayList<>();
        try (Connection connection = connect(); Statement statement = connection.createStatement();
             ResultSet rs = statement.executeQuery(sql)) {
            int columns = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                StringBuilder row = new StringBuilder();
                for (int i = 1; i <= columns; i++) {
                    row.append(i > 1 ? "|" : "").append(rs.getString(i));
                }
                rows.add(row.toString());
            }
        }
        return rows;
    }

    /** Drops the test's schema or database. */
    @Override
    void close() throws SQLException;
}
