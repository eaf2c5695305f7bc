package io.redocdc.sinks.jdbc.testing;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A fresh in-memory H2 database in Oracle compatibility mode. Every {@link #connect()} reaches the same database
 * (a kept-open connection holds it alive), so tests can use several connections at once, as parallel apply does.
 */
public final class H2TestDatabase implements TestDatabase {

    private static final AtomicLong COUNTER = new AtomicLong();
    private static final String USER = "sa";
    private static final String PASSWORD = "";

    private final String url;
    private final Connection keepAlive;

    private H2TestDatabase(String url, Connection keepAlive) {
        this.url = url;
        this.keepAlive = keepAlive;
    }

    public static H2TestDatabase create() throws SQLException {
        // A unique name per test; a 10 s lock timeout so concurrent writers wait rather than fail on a busy machine.
        String url = "jdbc:h2:mem:redocdc_" + ProcessHandle.current().pid() + "_" + COUNTER.incrementAndGet()
                + ";MODE=Oracle;LOCK_TIMEOUT=10000";
        return new H2TestDatabase(url, DriverManager.getConnection(url, USER, PASSWORD));
    }

    @Override
    public TestDatabaseKind kind() {
        return TestDatabaseKind.H2;
    }

    @Override
    public String url() {
        return url;
    }

    @Override
    public String user() {
        return USER;
    }

    @Override
    public String password() {
        return PASSWORD;
    }

    @Override
    public String schema() {
        return "PUBLIC";
    }

    @Override
    public Connection connect() throws SQLException {
        return DriverManager.getConnection(url, USER, PASSWORD);
    }

    @Override
    public void close() throws SQLException {
        try (Statement statement = keepAlive.createStatement()) {
            statement.execute("SHUTDOWN");
        } finally {
            keepAlive.close();
        }
    }

    @Override
    public String toString() {
        return "H2 " + url;
    }
}
