package io.redocdc.source.logminer;

import static org.assertj.core.api.Assertions.assertThat;

import io.redocdc.common.jdbc.Secret;
import io.redocdc.source.catalog.ArchivedLogCatalog;
import io.redocdc.source.catalog.LogContentsReader;
import io.redocdc.source.catalog.RedoThreadStatus;
import io.redocdc.source.model.ArchivedLog;
import io.redocdc.source.model.OperationCode;
import io.redocdc.source.model.RedoRecord;
import io.redocdc.source.model.Scn;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.testcontainers.containers.Container.ExecResult;
import org.testcontainers.junit.jupiter.Container;
import org.testcontainers.junit.jupiter.Testcontainers;
import org.testcontainers.oracle.OracleContainer;

/**
 * Mines a real Oracle Database Free: archivelog mode and supplemental logging switched on as SYSDBA, a workload in
 * the PDB with a transaction spanning a log switch, a rolled-back one and a committed one, then every archived log
 * read through {@link OracleArchivedLogCatalog} from the CDB root. Skipped without Docker.
 */
@Testcontainers(disabledWithoutDocker = true)
class OracleLogMinerITCase {

    private static final String CDC_USER = "C##CDC";
    private static final String CDC_PASSWORD = "cdc_pw_1";

    @Container
    static final OracleContainer ORACLE = new OracleContainer("gvenzl/oracle-free:23-slim-faststart")
            .withStartupTimeout(Duration.ofMinutes(10));

    private static String rootUrl;
    private static String table;

    @BeforeAll
    static void prepareDatabase() throws Exception {
        sysdba("""
                ALTER SYSTEM SET LOG_ARCHIVE_DEST_1='LOCATION=/opt/oracle/oradata/archive' SCOPE=SPFILE;
                SHUTDOWN IMMEDIATE;
                STARTUP MOUNT;
                ALTER DATABASE ARCHIVELOG;
                ALTER DATABASE OPEN;
                ALTER PLUGGABLE DATABASE ALL OPEN;
                ALTER DATABASE ADD SUPPLEMENTAL LOG DATA;
                CREATE USER C##CDC IDENTIFIED BY cdc_pw_1 CONTAINER=ALL;
                GRANT CREATE SESSION, LOGMINING, SELECT ANY TRANSACTION, SELECT_CATALOG_ROLE TO C##CDC CONTAINER=ALL;
                GRANT EXECUTE ON DBMS_LOGMNR TO C##CDC CONTAINER=ALL;
                """, "mkdir -p /opt/oracle/oradata/archive");
        rootUrl = "jdbc:oracle:thin:@//" + ORACLE.getHost() + ":" + ORACLE.getOraclePort() + "/FREE";
        table = ORACLE.getUsername().toUpperCase() + ".ORDERS";
    }

    private static void sysdba(String statements, String before) throws Exception {
        String script = before + " && sqlplus -s / as sysdba <<'EOF'\nWHENEVER SQLERROR EXIT FAILURE\n" + statements
                + "EXIT\nEOF";
        ExecResult result = ORACLE.execInContainer("bash", "-c", script);
        assertThat(result.getExitCode()).as(result.getStdout() + result.getStderr()).isZero();
    }

    private static void archiveCurrentLog() throws Exception {
        sysdba("ALTER SYSTEM ARCHIVE LOG CURRENT;\n", "true");
    }

    private static LogMinerSettings settings() {
        return LogMinerSettings.builder()
                .connection(new OracleConnectionSettings(rootUrl, CDC_USER, Secret.of(CDC_PASSWORD)))
                .include(List.of(table))
                .pdb(ORACLE.getDatabaseName()) // the workload's PDB (FREEPDB1); the session runs in CDB$ROOT
                .fetchSize(100)
                .build();
    }

    @Test
    void minesCommittedRolledBackAndLogSpanningTransactions() throws Exception {
        try (Connection app = DriverManager.getConnection(ORACLE.getJdbcUrl(), ORACLE.getUsername(),
                ORACLE.getPassword()); Statement sql = app.createStatement()) {
            sql.execute("CREATE TABLE ORDERS (ID NUMBER PRIMARY KEY, NOTE VARCHAR2(100), CREATED DATE)");
            sql.execute("ALTER TABLE ORDERS ADD SUPPLEMENTAL LOG DATA (ALL) COLUMNS");
        }
        Scn start = OracleSource.resolveStart(settings(), StartPosition.NOW);

        try (Connection app = DriverManager.getConnection(ORACLE.getJdbcUrl(), ORACLE.getUsername(),
                ORACLE.getPassword())) {
            app.setAutoCommit(false);
            try (Statement sql = app.createStatement()) {
                sql.executeUpdate("INSERT INTO ORDERS VALUES (1, 'it''s', DATE '2026-02-28')");
                archiveCurrentLog(); // the long transaction spans two logs
                sql.executeUpdate("INSERT INTO ORDERS VALUES (2, 'two', NULL)");
                app.commit();
                sql.executeUpdate("INSERT INTO ORDERS VALUES (3, 'rolled back', NULL)");
                app.rollback();
                sql.executeUpdate("UPDATE ORDERS SET NOTE = 'x' WHERE ID = 1");
                sql.executeUpdate("DELETE FROM ORDERS WHERE ID = 2");
                app.commit();
            }
        }
        archiveCurrentLog();

        ArchivedLogCatalog catalog = OracleSource.catalog(settings());
        List<ArchivedLog> logs = catalog.listAvailableLogs().stream()
                .filter(log -> start.isBefore(log.nextChange()))
                .sorted((a, b) -> a.id().compareTo(b.id()))
                .toList();
        assertThat(logs).hasSizeGreaterThanOrEqualTo(2);
        assertThat(catalog.threadStatuses()).contains(new RedoThreadStatus(1, true, logs.get(logs.size() - 1).id().sequence() + 1));

        List<RedoRecord> records = new ArrayList<>();
        for (ArchivedLog log : logs) {
            try (LogContentsReader reader = catalog.openContents(log)) {
                long expectedIndex = 0;
                for (RedoRecord record = reader.next(); record != null; record = reader.next()) {
                    assertThat(record.index()).isEqualTo(expectedIndex++);
                    records.add(record);
                }
            }
        }
        String[] ownerTable = table.split("\\.");
        List<RedoRecord> dml = records.stream()
                .filter(r -> ownerTable[0].equals(r.segOwner()) && ownerTable[1].equals(r.tableName())).toList();
        assertThat(dml).as("no other table passes the pushdown")
                .allSatisfy(r -> assertThat(r.tableName()).isEqualTo("ORDERS"));
        assertThat(dml.stream().filter(r -> !r.rollback()).map(RedoRecord::sqlRedo))
                .anySatisfy(s -> assertThat(s).contains("values ('1','it''s',TO_DATE('2026-02-28 00:00:00'"))
                .anySatisfy(s -> assertThat(s).contains("values ('2','two',NULL)"))
                .anySatisfy(s -> assertThat(s).startsWith("insert into").contains("'3','rolled back'"))
                .anySatisfy(s -> assertThat(s).startsWith("update").contains("set \"NOTE\" = 'x'"))
                .anySatisfy(s -> assertThat(s).startsWith("delete from").contains("\"ID\" = '2'"))
                .allSatisfy(s -> assertThat(s).doesNotContain("ROWID").doesNotEndWith(";"));

        Set<Integer> firstSlot = slotsOf(dml, "'1','it''s'");
        Set<Integer> rolledBackSlot = slotsOf(dml, "'3','rolled back'");
        assertThat(records).anySatisfy(r -> {
            assertThat(r.op()).isEqualTo(OperationCode.COMMIT);
            assertThat(firstSlot).contains(r.slotKey());
        });
        assertThat(records).anySatisfy(r -> {
            assertThat(r.op()).isEqualTo(OperationCode.ROLLBACK);
            assertThat(rolledBackSlot).contains(r.slotKey());
        });
        assertThat(records.stream().filter(r -> firstSlot.contains(r.slotKey())).map(RedoRecord::log).distinct())
                .as("the long transaction's rows come from two logs").hasSizeGreaterThanOrEqualTo(2);
    }

    /** Undo slots (USN, SLOT) of the rows inserting {@code values}; rollback rows may carry a partial XID. */
    private static Set<Integer> slotsOf(List<RedoRecord> dml, String values) {
        return dml.stream().filter(r -> r.sqlRedo() != null && r.sqlRedo().contains(values))
                .map(RedoRecord::slotKey).collect(Collectors.toSet());
    }
}
