package io.redocdc.source.logminer;

import io.redocdc.common.jdbc.JdbcUrls;
import io.redocdc.common.jdbc.Secret;
import io.redocdc.source.model.NlsFormats;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

/**
 * How to reach the mined database. Every connection opened gets the session NLS formats that make SQL_REDO
 * literals exact and unambiguous (DATE with time of day, TIMESTAMP with nine fractional digits, '.' as decimal
 * separator, a fixed time zone).
 *
 * @param jdbcUrl e.g. {@code jdbc:oracle:thin:@//db:1521/ORCLPDB1}; shown only masked
 * @param user the LogMiner user
 * @param password its password
 * @param connectProperties extra driver properties (e.g. {@code oracle.net.CONNECT_TIMEOUT})
 */
public record OracleConnectionSettings(String jdbcUrl, String user, Secret password,
                                       Map<String, String> connectProperties) implements ConnectionFactory {

    private static final long serialVersionUID = 1L;

    /**
     * One round trip: ALTER SESSION takes several parameters. The formats are {@link NlsFormats#MINING_SESSION},
     * which the parser reads; TIME_ZONE fixes what TIMESTAMP WITH LOCAL TIME ZONE values are printed in.
     */
    static final String SESSION_NLS = "ALTER SESSION SET"
            + " NLS_DATE_FORMAT = '" + NlsFormats.MINING_SESSION.dateFormat() + "'"
            + " NLS_TIMESTAMP_FORMAT = '" + NlsFormats.MINING_SESSION.timestampFormat() + "'"
            + " NLS_TIMESTAMP_TZ_FORMAT = '" + NlsFormats.MINING_SESSION.timestampTzFormat() + "'"
            + " NLS_NUMERIC_CHARACTERS = '" + NlsFormats.MINING_SESSION.numericCharacters() + "'"
            + " TIME_ZONE = '" + NlsFormats.MINING_SESSION.timeZone() + "'";

    /** Checked by {@link LogMinerSettings.Builder#build()}, which names the option at fault. */
    public OracleConnectionSettings {
        connectProperties = Map.copyOf(connectProperties == null ? Map.of() : connectProperties);
    }

    public OracleConnectionSettings(String jdbcUrl, String user, Secret password) {
        this(jdbcUrl, user, password, Map.of());
    }

    @Override
    public Connection open() throws SQLException {
        Properties properties = new Properties();
        properties.putAll(connectProperties);
        properties.setProperty("user", user);
        properties.setProperty("password", password.reveal());
        Connection connection = DriverManager.getConnection(jdbcUrl, properties);
        try (Statement statement = connection.createStatement()) {
            statement.execute(SESSION_NLS);
            return connection;
        } catch (SQLException | RuntimeException e) {
            try {
                connection.close();
            } catch (SQLException | RuntimeException closing) {
                e.addSuppressed(closing);
            }
            throw e;
        }
    }

    /** "Oracle database jdbc:oracle:thin:@//db:1521/ORCL", credentials masked. */
    @Override
    public String description() {
        return "Oracle database " + JdbcUrls.mask(jdbcUrl);
    }

    @Override
    public String toString() {
        return "OracleConnectionSettings{url=" + JdbcUrls.mask(jdbcUrl) + ", user=" + user + ", password=" + password
                + ", connectProperties=" + maskedProperties() + "}";
    }

    private Map<String, String> maskedProperties() {
        Map<String, String> shown = new TreeMap<>();
        connectProperties.forEach((key, value) ->
                shown.put(key, key.toLowerCase(java.util.Locale.ROOT).contains("password") ? "******" : value));
        return shown;
    }
}
