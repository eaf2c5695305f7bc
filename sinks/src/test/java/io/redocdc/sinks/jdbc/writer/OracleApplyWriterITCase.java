package io.redocdc.sinks.jdbc.writer;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.testcontainers.junit.jupiter.Container;
import org.testcontainers.junit.jupiter.Testcontainers;
import org.testcontainers.oracle.OracleContainer;

/**
 * The apply writer contract on a real Oracle Database Free (the Oracle dialect's MERGE, RAW, DATE, TIMESTAMP WITH
 * TIME ZONE, savepoints without release, batch update counts). The contract's schemas are Oracle users, created
 * and dropped around each test by SYSTEM, which also owns the sink's REDO_CDC_* tables. Skipped without Docker.
 */
@Testcontainers(disabledWithoutDocker = true)
class OracleApplyWriterITCase extends JdbcApplyWriterContract {

    @Container
    static final OracleContainer ORACLE = new OracleContainer("gvenzl/oracle-free:23-slim-faststart")
            .withStartupTimeout(Duration.ofMinutes(10));

    private final List<String> users = new ArrayList<>();

    @Override
    protected String freshDatabaseUrl() throws SQLException {
        String url = "jdbc:oracle:thin:@//" + ORACLE.getHost() + ":" + ORACLE.getOraclePort() + "/FREEPDB1";
        try (Connection system = DriverManager.getConnection(url, user(), password());
             Statement statement = system.createStatement()) {
            for (String table : List.of("REDO_CDC_APPLIED", "REDO_CDC_APPLIED_TXN", "REDO_CDC_ERRORS")) {
                dropIfExists(statement, "DROP TABLE \"" + table + "\" PURGE");
            }
        }
        return url;
    }

    @Override
    protected void createSchema(String name) throws SQLException {
        execute("CREATE USER \"" + name + "\" IDENTIFIED BY \"schema_pw_1\" QUOTA UNLIMITED ON USERS");
        users.add(name);
    }

    @Override
    protected void closeDatabase() throws SQLException {
        try (Connection system = DriverManager.getConnection(url, user(), password());
             Statement statement = system.createStatement()) {
            for (String name : users) {
                dropIfExists(statement, "DROP USER \"" + name + "\" CASCADE");
            }
        }
        users.clear();
    }

    @Override
    protected String user() {
        return "system";
    }

    @Override
    protected String password() {
        return ORACLE.getPassword();
    }

    private static void dropIfExists(Statement statement, String ddl) throws SQLException {
        try {
            statement.execute(ddl);
        } catch (SQLException e) {
            if (e.getErrorCode() != 942 && e.getErrorCode() != 1918) { // ORA-00942 no table, ORA-01918 no user
                throw e;
            }
        }
    }
}
