package io.redocdc.tools.verify;

import io.redocdc.common.jdbc.Secret;
import io.redocdc.sinks.jdbc.JdbcSinkOptions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Assumptions;

/**
 * A target database for one job test. H2: a fresh in-memory database in Oracle mode. PostgreSQL: the server
 * named by REDO_CDC_TEST_PG_URL/USER/PASSWORD (started by .ci/run or .ci/postgres.sh) with a fresh schema for
 * the sink's own tables; the tables under test live in the schemas of their source owners (e.g. "OE"), which
 * are dropped when opening and closing, so PostgreSQL job tests must not run concurrently on one server.
 * Without the variables PostgreSQL tests are skipped, or fail when CI is set.
 */
public final class TargetDatabase implements AutoCloseable {

    /** Which database. */
    public enum Kind { H2, POSTGRESQL }

    static final String PG_URL = "REDO_CDC_TEST_PG_URL";
    static final String PG_USER = "REDO_CDC_TEST_PG_USER";
    static final String PG_PASSWORD = "REDO_CDC_TEST_PG_PASSWORD";
    private static final AtomicLong COUNTER = new AtomicLong();

    private final Kind kind;
    private final String url;
    private final String user;
    private final String password;
    private final List<String> owners;
    private final String serverUrl;

    private TargetDatabase(Kind kind, String url, String user, String password, List<String> owners,
                           String serverUrl) {
        this.kind = kind;
        this.url = url;
        this.user = user;
        this.password = password;
        this.owners = owners;
        this.serverUrl = serverUrl;
    }

    /** @param owners source owners whose schemas the test's tables go into (dropped first on PostgreSQL) */
    public static TargetDatabase open(Kind kind, List<String> owners) throws SQLException {
        if (kind == Kind.H2) {
            String url = "jdbc:h2:mem:redocdc_job_" + ProcessHandle.current().pid() + "_" + COUNTER.incrementAndGet()
                    + ";MODE=Oracle;DB_CLOSE_DELAY=-1;LOCK_TIMEOUT=10000";
            return new TargetDatabase(kind, url, "sa", "", owners, null);
        }
        String server = System.getenv(PG_URL);
        String user = System.getenv(PG_USER);
        String password = System.getenv(PG_PASSWORD);
        if (server == null || server.isBlank() || user == null || password == null) {
            String reason = "PostgreSQL not configured: set " + PG_URL + "/" + PG_USER + "/" + PG_PASSWORD
                    + " (eval \"$(.ci/postgres.sh start)\") or run .ci/run";
            if (System.getenv("CI") != null) {
                throw new IllegalStateException(reason + " (CI is set, so PostgreSQL tests must run)");
            }
            Assumptions.abort(reason);
        }
        String stateSchema = "redocdc_job_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        try (Connection connection = DriverManager.getConnection(server, user, password);
             Statement statement = connection.createStatement()) {
            dropOwners(statement, owners);
            statement.execute("CREATE SCHEMA " + stateSchema);
        }
        String url = server + (server.contains("?") ? "&" : "?") + "currentSchema=" + stateSchema;
        return new TargetDatabase(kind, url, user, password, owners, server);
    }

    public Kind kind() {
        return kind;
    }

    /** The JDBC URL; on PostgreSQL its current schema is this test's own (where the sink's tables go). */
    public String url() {
        return url;
    }

    public String user() {
        return user;
    }

    public String password() {
        return password;
    }

    public Connection connect() throws SQLException {
        return DriverManager.getConnection(url, user, password);
    }

    /** A JDBC sink builder aimed at this database. */
    public JdbcSinkOptions.Builder sinkOptions() {
        return JdbcSinkOptions.builder().jdbcUrl(url).user(user).password(Secret.of(password));
    }

    @Override
    public void close() throws SQLException {
        if (kind == Kind.H2) {
            try (Connection connection = connect(); Statement statement = connection.createStatement()) {
                statement.execute("SHUTDOWN");
            }
            return;
        }
        String stateSchema = url.substring(url.lastIndexOf("currentSchema=") + "currentSchema=".length());
        try (Connection connection = DriverManager.getConnection(serverUrl, user, password);
             Statement statement = connection.createStatement()) {
            dropOwners(statement, owners);
            statement.execute("DROP SCHEMA IF EXISTS " + stateSchema + " CASCADE");
        }
    }

    private static void dropOwners(Statement statement, List<String> owners) throws SQLException {
        for (String owner : owners) {
            statement.execute("DROP SCHEMA IF EXISTS \"" + owner.replace("\"", "\"\"") + "\" CASCADE");
        }
    }

    @Override
    public String toString() {
        return kind + " " + url;
    }

    /** Rows of the given OWNER.TABLE tables, counted (tests check that something was applied at all). */
    public static long countRows(Connection connection, List<String> qualifiedTables) throws SQLException {
        long rows = 0;
        try (Statement statement = connection.createStatement()) {
            for (String name : qualifiedTables) {
                int dot = name.indexOf('.');
                try (ResultSet rs = statement.executeQuery("SELECT COUNT(*) FROM \"" + name.substring(0, dot)
                        + "\".\"" + name.substring(dot + 1) + "\"")) {
                    rs.next();
                    rows += rs.getLong(1);
                }
            }
        }
        return rows;
    }
}
