package io.redocdc.benchmarks;

import io.redocdc.common.jdbc.Secret;
import io.redocdc.common.options.OptionReading;
import io.redocdc.sinks.jdbc.JdbcConnections;
import io.redocdc.sinks.jdbc.JdbcSinkConfigOptions;
import io.redocdc.sinks.jdbc.JdbcSinkOptions;
import io.redocdc.sinks.jdbc.OnError;
import io.redocdc.sinks.jdbc.errors.ErrorTable;
import io.redocdc.sinks.jdbc.state.AppliedPositionStore;
import io.redocdc.tools.verify.TargetTables;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The PostgreSQL database the benchmark applies to. Every variant starts from the same empty state: the
 * simulator's schemas are dropped and created again, and the sink's REDO_CDC_* tables are dropped. Use a
 * throw-away database: the schemas the simulator captures (OE) are dropped with their contents.
 */
final class TargetDatabase {

    /** Prefix of the sink's own tables ({@link AppliedPositionStore#TABLE}, {@link ErrorTable#TABLE}, ...). */
    private static final String SINK_STATE_PREFIX = "REDO_CDC_";

    private final String jdbcUrl;
    private final String user;
    private final Secret password;
    private final String sinkOptions;

    /** @param sinkOptions extra sink options for every variant, {@code key=value} pairs separated by ';' */
    TargetDatabase(String jdbcUrl, String user, Secret password, String sinkOptions) {
        if (jdbcUrl == null || !jdbcUrl.startsWith("jdbc:postgresql:")) {
            throw new IllegalArgumentException("option --jdbc-url (or REDO_CDC_TEST_PG_URL): expected a "
                    + "jdbc:postgresql: URL, got " + jdbcUrl);
        }
        this.jdbcUrl = jdbcUrl;
        this.user = user;
        this.password = password;
        this.sinkOptions = sinkOptions;
    }

    /** Sink options for this database; the benchmark stops at the first failed transaction. */
    JdbcSinkOptions.Builder sinkOptions(String sinkName) {
        JdbcSinkOptions.Builder builder = JdbcSinkOptions.builder().jdbcUrl(jdbcUrl).user(user).password(password)
                .sinkName(sinkName).onError(OnError.STOP);
        Map<String, String> given = new LinkedHashMap<>();
        for (String pair : sinkOptions.split(";")) {
            int eq = pair.indexOf('=');
            if (eq > 0) {
                String key = pair.substring(0, eq).trim();
                if (JdbcSinkConfigOptions.all().stream().noneMatch(option -> option.key().equals(key))) {
                    throw new IllegalArgumentException("option --sink-options: " + key + " is no JDBC sink option");
                }
                given.put(key, pair.substring(eq + 1).trim());
            } else if (!pair.isBlank()) {
                throw new IllegalArgumentException("option --sink-options: expected key=value pairs separated by "
                        + "';', got '" + pair + "'");
            }
        }
        return builder.configure(OptionReading.configuration(given));
    }

    Connection connect() throws SQLException {
        return JdbcConnections.open(sinkOptions("benchmark").build());
    }

    /** Drops what an earlier variant (or run) left and creates the captured tables empty. */
    void reset(TargetTables tables) throws SQLException {
        try (Connection connection = connect(); Statement statement = connection.createStatement()) {
            for (String owner : owners(tables)) {
                statement.execute("DROP SCHEMA IF EXISTS " + quote(owner) + " CASCADE");
            }
            for (String table : sinkStateTables(connection)) {
                statement.execute("DROP TABLE " + quote(table));
            }
            tables.create(connection);
        }
    }

    /** "PostgreSQL 15.18 (fsync=off, synchronous_commit=off, full_page_writes=off)". */
    String describe() throws SQLException {
        try (Connection connection = connect()) {
            StringBuilder text = new StringBuilder(connection.getMetaData().getDatabaseProductName()).append(' ')
                    .append(connection.getMetaData().getDatabaseProductVersion()).append(" (");
            List<String> settings = new ArrayList<>();
            try (Statement statement = connection.createStatement()) {
                for (String setting : List.of("fsync", "synchronous_commit", "full_page_writes")) {
                    try (ResultSet rs = statement.executeQuery("SHOW " + setting)) {
                        rs.next();
                        settings.add(setting + "=" + rs.getString(1));
                    }
                }
            }
            return text.append(String.join(", ", settings)).append(')').toString();
        }
    }

    /** REDO_CDC_APPLIED, REDO_CDC_ERRORS and whatever else the sink keeps in the connection's schema. */
    private static List<String> sinkStateTables(Connection connection) throws SQLException {
        List<String> tables = new ArrayList<>();
        try (ResultSet rs = connection.getMetaData().getTables(null, connection.getSchema(), SINK_STATE_PREFIX + "%",
                new String[] {"TABLE"})) {
            while (rs.next()) {
                tables.add(rs.getString("TABLE_NAME"));
            }
        }
        return tables;
    }

    private static List<String> owners(TargetTables tables) {
        return tables.tableNames().stream().map(name -> name.substring(0, name.indexOf('.'))).distinct().toList();
    }

    private static String quote(String identifier) {
        return '"' + identifier.replace("\"", "\"\"") + '"';
    }
}
