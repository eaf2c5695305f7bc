package io.redocdc.sinks.jdbc.writer;

import io.redocdc.sinks.jdbc.testing.PostgresTestDatabase;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The apply writer contract on PostgreSQL (skipped when none is configured, see {@link PostgresTestDatabase}).
 * The test's own schema is the connection's current schema (REDO_CDC_APPLIED and REDO_CDC_ERRORS go there); the
 * contract's schemas "OE", "A" and "B" are database-wide, so a session advisory lock keeps contract runs of other
 * processes on the same server out while a test uses them.
 */
class PostgresApplyWriterTest extends JdbcApplyWriterContract {

    private static final String[] CONTRACT_SCHEMAS = {"OE", "A", "B"};

    private PostgresTestDatabase database;
    private Connection lock;

    @Override
    protected String freshDatabaseUrl() throws Exception {
        database = PostgresTestDatabase.create();
        lock = DriverManager.getConnection(database.url(), database.user(), database.password());
        try (Statement statement = lock.createStatement()) {
            statement.execute("SELECT pg_advisory_lock(hashtext('redo-cdc apply writer contract'))");
        }
        dropContractSchemas();
        return database.url();
    }

    @Override
    protected void closeDatabase() throws Exception {
        if (database == null) {
            return;
        }
        try (Connection ignored = lock) {
            dropContractSchemas();
        } finally {
            database.close();
        }
    }

    private void dropContractSchemas() throws SQLException {
        try (Statement statement = lock.createStatement()) {
            for (String schema : CONTRACT_SCHEMAS) {
                statement.execute("DROP SCHEMA IF EXISTS \"" + schema + "\" CASCADE");
            }
        }
    }

    @Override
    protected String user() {
        return database.user();
    }

    @Override
    protected String password() {
        return database.password();
    }
}
