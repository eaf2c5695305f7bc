package io.redocdc.sinks.jdbc;

import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Properties;
import java.util.ServiceLoader;

/** Opens target connections from {@link JdbcSinkOptions}. */
public final class JdbcConnections {

    private JdbcConnections() {
    }

    /**
     * A new connection to {@code sink.jdbc-url} as {@code sink.user}. Drivers are looked up in the context
     * class loader first: DriverManager does not see drivers in a Flink job jar's user code class loader.
     */
    public static Connection open(JdbcSinkOptions options) throws SQLException {
        Properties properties = new Properties();
        if (options.user() != null) {
            properties.setProperty("user", options.user());
        }
        if (options.password() != null) {
            properties.setProperty("password", options.password().reveal());
        }
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
}
