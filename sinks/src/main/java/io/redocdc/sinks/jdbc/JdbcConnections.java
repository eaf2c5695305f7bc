package io.redocdc.sinks.jdbc;

import io.redocdc.sinks.jdbc.dialect.PostgresDialect;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Locale;
import java.util.Properties;
import java.util.ServiceLoader;

/** Opens target connections from {@link JdbcSinkOptions}. */
public final class JdbcConnections {

    static final String PG_REWRITE_BATCHED_INSERTS = "reWriteBatchedInserts";

    private JdbcConnections() {
    }

    /**
     * A new connection to {@code sink.jdbc-url} as {@code sink.user}. Drivers are looked up in the context
     * class loader first: DriverManager does not see drivers in a Flink job jar's user code class loader.
     */
    public static Connection open(JdbcSinkOptions options) throws SQLException {
        Properties properties = properties(options);
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        for (Driver driver : ServiceLoader.load(Driver.class, loader)) {
            if (driver.acceptsURL(options.jdbcUrl())) {
                Connection connection = driver.connect(options.jdbcUrl(), properties);
                if (connection != null) {
                    return connection;
                }
            }
        }
        return DriverManager.getConnection(options.jdbcUrl(), properties);
    }

    /**
     * User, password, and for PostgreSQL {@value #PG_REWRITE_BATCHED_INSERTS}=true unless the URL sets it: pgjdbc then
     * sends a batch of INSERTs as multi-row INSERTs. Safe for conflict detection: INSERT counts are not checked
     * (a duplicate key is an exception), and UPDATE and DELETE batches are not rewritten.
     */
    static Properties properties(JdbcSinkOptions options) {
        Properties properties = new Properties();
        if (options.user() != null) {
            properties.setProperty("user", options.user());
        }
        if (options.password() != null) {
            properties.setProperty("password", options.password().reveal());
        }
        if (options.dialect() instanceof PostgresDialect
                && !options.jdbcUrl().toLowerCase(Locale.ROOT).contains(PG_REWRITE_BATCHED_INSERTS.toLowerCase(Locale.ROOT))) {
            properties.setProperty(PG_REWRITE_BATCHED_INSERTS, "true");
        }
        return properties;
    }
}
