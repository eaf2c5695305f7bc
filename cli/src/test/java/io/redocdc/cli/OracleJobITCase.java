package io.redocdc.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.redocdc.sinks.files.ChangeFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.testcontainers.containers.Container.ExecResult;
import org.testcontainers.junit.jupiter.Container;
import org.testcontainers.junit.jupiter.Testcontainers;
import org.testcontainers.oracle.OracleContainer;

/**
 * The CLI against Oracle Database Free in a container (skipped without Docker): ARCHIVELOG mode, supplemental
 * logging, a LogMiner user; a workload with a transaction that spans archived logs, a rolled-back one and
 * interleaved short ones. (a) {@code run --source.type oracle} bounded by a maximum SCN writes exactly the committed
 * changes in commit order; (b) {@code export} and then {@code run --source.dir} on the exported directory write
 * the same changes.
 */
@Testcontainers(disabledWithoutDocker = true)
@Timeout(value = 20, unit = TimeUnit.MINUTES)
class OracleJobITCase {

    private static final String CDC_USER = "C##CDC";
    private static final String CDC_PASSWORD = "cdc_pw";

    @Container
    static final OracleContainer ORACLE = new OracleContainer("gvenzl/oracle-free:23-slim-faststart")
            .withStartupTimeout(Duration.ofMinutes(10));

    /** Commit order; within a transaction, statement order. */
    private static final List<String> EXPECTED = List.of(
            "I 10", "I 11",
            "U 10", "D 11",
            "I 1", "I 2", "I 3", "I 4", "U 1");

    @TempDir
    static Path tmp;

    static Path passwordFile;
    static long startScn;
    static long maxScn;

    @BeforeAll
    static void prepareDatabaseAndRunWorkload() throws Exception {
        sysdba("SHUTDOWN IMMEDIATE",
                "STARTUP MOUNT",
                "ALTER DATABASE ARCHIVELOG;",
                "ALTER DATABASE OPEN;",
                "ALTER PLUGGABLE DATABASE ALL OPEN;",
                "ALTER DATABASE ADD SUPPLEMENTAL LOG DATA;",
                "CREATE USER " + CDC_USER + " IDENTIFIED BY " + CDC_PASSWORD + " CONTAINER=ALL;",
                "GRANT CREATE SESSION, SET CONTAINER, LOGMINING, SELECT ANY TRANSACTION, SELECT_CATALOG_ROLE TO "
                        + CDC_USER + " CONTAINER=ALL;",
                "GRANT EXECUTE ON DBMS_LOGMNR TO " + CDC_USER + " CONTAINER=ALL;",
                "ALTER SESSION SET CONTAINER = FREEPDB1;",
                "CREATE USER OE IDENTIFIED BY oe_pw QUOTA UNLIMITED ON USERS;",
                "GRANT CREATE SESSION, CREATE TABLE TO OE;");
        passwordFile = Files.writeString(tmp.resolve("cdc.password"), CDC_PASSWORD + "\n");

        try (Connection ddl = oe()) {
            ddl.setAutoCommit(true);
            execute(ddl, "CREATE TABLE ORDERS (ID NUMBER PRIMARY KEY, NOTE VARCHAR2(100), AMOUNT NUMBER(10,2))");
            execute(ddl, "ALTER TABLE ORDERS ADD SUPPLEMENTAL LOG DATA (ALL) COLUMNS");
        }
        startScn = currentScn();
        try (Connection longTxn = oe(); Connection shortTxn = oe(); Connection rolledBack = oe()) {
            execute(longTxn, "INSERT INTO ORDERS VALUES (1, 'long', 1.50)");
            execute(longTxn, "INSERT INTO ORDERS VALUES (2, 'long', 2.50)");
            execute(longTxn, "INSERT INTO ORDERS VALUES (3, NULL, 3)");
            sysdba("ALTER SYSTEM ARCHIVE LOG CURRENT;");

            execute(shortTxn, "INSERT INTO ORDERS VALUES (10, 'short', 10)");
            execute(shortTxn, "INSERT INTO ORDERS VALUES (11, 'short', 11)");
            shortTxn.commit();
            execute(rolledBack, "INSERT INTO ORDERS VALUES (99, 'never', 99)");
            execute(rolledBack, "UPDATE ORDERS SET NOTE = 'never' WHERE ID = 10");
            rolledBack.rollback();
            execute(shortTxn, "UPDATE ORDERS SET NOTE = 'it''s' WHERE ID = 10");
            execute(shortTxn, "DELETE FROM ORDERS WHERE ID = 11");
            shortTxn.commit();
            sysdba("ALTER SYSTEM ARCHIVE LOG CURRENT;");

            execute(longTxn, "INSERT INTO ORDERS VALUES (4, 'long', 4)");
            execute(longTxn, "UPDATE ORDERS SET AMOUNT = 100 WHERE ID = 1");
            longTxn.commit();
        }
        maxScn = currentScn();
        sysdba("ALTER SYSTEM ARCHIVE LOG CURRENT;");
    }

    @Test
    void runMiningOracleDirectlyWritesTheCommittedChangesInCommitOrder() {
        Path output = tmp.resolve("direct");
        int exit = RedoCdcCommand.commandLine().execute(runArgs(output, "--source.type", "oracle",
                "--source.jdbc-url", cdbUrl(), "--source.user", CDC_USER, "--source.password-file",
                passwordFile.toString(), "--source.start", "scn:" + startScn));

        assertThat(exit).isZero();
        assertThat(summary(orders(output))).containsExactlyElementsOf(EXPECTED);
        assertThat(orders(output).get(2).path("after").path("NOTE").asText()).isEqualTo("it's");
    }

    @Test
    void exportThenRunOnTheDirectoryWritesTheSameChanges() {
        Path redo = tmp.resolve("exported");
        int exported = RedoCdcCommand.commandLine().execute("export", "--jdbc-url", cdbUrl(), "--user", CDC_USER,
                "--password-file", passwordFile.toString(), "--out", redo.toString(),
                "--from-scn", Long.toString(startScn), "--to-scn", Long.toString(maxScn));
        assertThat(exported).isZero();

        Path fromFiles = tmp.resolve("from-files");
        int exit = RedoCdcCommand.commandLine().execute(runArgs(fromFiles, "--source.dir", redo.toString(),
                "--source.start-scn", Long.toString(startScn)));
        assertThat(exit).isZero();
        assertThat(summary(orders(fromFiles))).containsExactlyElementsOf(EXPECTED);

        Path direct = tmp.resolve("direct-for-comparison");
        RedoCdcCommand.commandLine().execute(runArgs(direct, "--source.type", "oracle", "--source.jdbc-url", cdbUrl(),
                "--source.user", CDC_USER, "--source.password-file", passwordFile.toString(),
                "--source.start", "scn:" + startScn));
        assertThat(comparable(orders(fromFiles))).isEqualTo(comparable(orders(direct)));
    }

    private static String[] runArgs(Path output, String... source) {
        List<String> args = new ArrayList<>(List.of("run", "--sink.dir", output.toString(), "--source.bounded",
                "--source.max-scn", Long.toString(maxScn), "--capture.include", "OE.*", "--primary-key",
                "OE.ORDERS=ID", "--parallelism", "2", "--checkpoint.interval", "1s", "--checkpoint.dir",
                tmp.resolve("checkpoints-" + output.getFileName()).toString()));
        args.addAll(List.of(source));
        return args.toArray(String[]::new);
    }

    private static List<JsonNode> orders(Path output) {
        return ChangeFiles.dataChanges(output).stream()
                .filter(change -> change.path("table").asText().equals("OE.ORDERS")).toList();
    }

    private static List<String> summary(List<JsonNode> changes) {
        return changes.stream().map(change -> {
            JsonNode image = change.path("op_type").asText().equals("D") ? change.get("before") : change.get("after");
            return change.path("op_type").asText() + " " + image.path("ID").asText();
        }).toList();
    }

    /** Everything but current_ts (when written) and pos (its record index counts rows the filter pushed away). */
    private static List<JsonNode> comparable(List<JsonNode> changes) {
        return changes.stream().map(change -> {
            ObjectNode copy = change.deepCopy();
            copy.remove(List.of("current_ts", "pos"));
            return (JsonNode) copy;
        }).toList();
    }

    private static String cdbUrl() {
        return "jdbc:oracle:thin:@//" + ORACLE.getHost() + ":" + ORACLE.getOraclePort() + "/FREE";
    }

    private static Connection oe() throws SQLException {
        Connection connection = DriverManager.getConnection(ORACLE.getJdbcUrl(), "OE", "oe_pw");
        connection.setAutoCommit(false);
        return connection;
    }

    private static long currentScn() throws SQLException {
        try (Connection connection = DriverManager.getConnection(cdbUrl(), CDC_USER, CDC_PASSWORD);
             Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery("SELECT CURRENT_SCN FROM V$DATABASE")) {
            rows.next();
            return rows.getLong(1);
        }
    }

    private static void execute(Connection connection, String sql) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }

    /** Runs SQL*Plus commands as SYSDBA inside the container; fails on the first error. */
    private static void sysdba(String... commands) throws Exception {
        String script = "WHENEVER SQLERROR EXIT SQL.SQLCODE\n" + String.join("\n", commands) + "\nEXIT\n";
        ExecResult result = ORACLE.execInContainer("bash", "-c", "sqlplus -s / as sysdba <<'SQL'\n" + script + "SQL\n");
        assertThat(result.getExitCode()).as("sqlplus: %s%s", result.getStdout(), result.getStderr()).isZero();
    }
}
