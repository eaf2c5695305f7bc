package io.redocdc.source.logminer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.redocdc.source.model.ArchivedLog;
import io.redocdc.source.model.Scn;
import io.redocdc.source.model.ThreadSequence;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Each failing check against H2 views maps to its fix. */
class OracleStartupChecksTest {

    private static final List<String> INCLUDE = List.of("OE.*");
    private static final String TABLE_COLUMNS = "CON_ID, OWNER, TABLE_NAME, TEMPORARY, DROPPED";
    private OracleViews views;

    @BeforeEach
    void setUp() throws SQLException {
        views = new OracleViews();
        views.insert("CDB_TABLES", TABLE_COLUMNS, 3, "OE", "ORDERS", "N", "NO", 3, "OE", "ITEMS", "N", "NO",
                3, "OE", "GTT", "Y", "NO", 3, "OE", "BIN$X", "N", "YES", 3, "HR", "EMP", "N", "NO",
                3, "SYS", "OBJ$", "N", "NO");
        views.insert("CDB_LOG_GROUPS", "CON_ID, OWNER, TABLE_NAME, LOG_GROUP_TYPE", 3, "OE", "ORDERS",
                "ALL COLUMN LOGGING", 3, "OE", "ITEMS", "ALL COLUMN LOGGING");
    }

    /** Runs the checks on a connection whose statements containing {@code fragment} fail with {@code error}. */
    private List<String> runFailing(String fragment, SQLException error) throws SQLException {
        try (Connection h2 = views.open()) {
            Connection failing = (Connection) Proxy.newProxyInstance(getClass().getClassLoader(),
                    new Class<?>[] {Connection.class}, (proxy, method, args) -> {
                        if (method.getName().equals("prepareStatement") && ((String) args[0]).contains(fragment)) {
                            throw error;
                        }
                        try {
                            return method.invoke(h2, args);
                        } catch (InvocationTargetException e) {
                            throw e.getCause();
                        }
                    });
            return OracleStartupChecks.run(failing, "db", settings(INCLUDE, null));
        }
    }

    @Test
    void ora01306OnTheContentsViewMeansItIsVisible() throws SQLException {
        SQLException noSession = new SQLException("ORA-01306: dbms_logmnr.start_logmnr() must be invoked", "72000",
                1306);
        assertThat(runFailing("V$LOGMNR_CONTENTS", noSession)).isEmpty();
    }

    @Test
    void otherErrorsOfTheAccessChecksAreNotSwallowed() {
        SQLException internal = new SQLException("ORA-00600: internal error code", "XX000", 600);
        assertThatThrownBy(() -> runFailing("V$ARCHIVED_LOG", internal)).isSameAs(internal);
        SQLException noSession = new SQLException("ORA-01306: dbms_logmnr.start_logmnr() must be invoked", "72000",
                1306);
        assertThatThrownBy(() -> runFailing("V$ARCHIVED_LOG", noSession)).as("1306 is tolerated only for CONTENTS")
                .isSameAs(noSession);
        assertThatThrownBy(() -> runFailing("V$LOGMNR_CONTENTS", internal)).isSameAs(internal);
    }

    private LogMinerSettings settings(List<String> include, String pdb) {
        return LogMinerSettings.builder().connectionFactory(views).include(include).exclude(List.of()).pdb(pdb)
                .build();
    }

    private List<String> run(List<String> include) throws SQLException {
        return run(include, null);
    }

    private List<String> run(List<String> include, String pdb) throws SQLException {
        try (Connection connection = views.open()) {
            return OracleStartupChecks.run(connection, "db", settings(include, pdb));
        }
    }

    @Test
    void inACdbTheSessionMustRunInTheRoot() throws SQLException {
        views.userenv("CON_NAME", "ORCLPDB1");
        assertThatThrownBy(() -> run(INCLUDE)).isInstanceOf(OracleSetupException.class)
                .hasMessageContaining("runs in container ORCLPDB1 of a multitenant database")
                .hasMessageContaining("connect to the CDB root's service")
                .hasMessageContaining("C##CDC").hasMessageContaining("CONTAINER=ALL")
                .hasMessageContaining("source.pdb ORCLPDB1")
                .satisfies(e -> assertThat(e.getMessage().split("\n  - ")).as("only this problem").hasSize(2));
        views.execute("UPDATE V$DATABASE SET CDB = 'NO'");
        assertThat(run(INCLUDE)).as("a non-CDB runs in its only container").isEmpty();
    }

    @Test
    void thePdbMustExistAndNarrowsTheTableChecksToItsContainer() throws SQLException {
        views.insert("CDB_TABLES", TABLE_COLUMNS, 4, "OE", "NO_LOGGING", "N", "NO");
        assertThat(run(INCLUDE, "orclpdb1")).as("ORCLPDB1 is CON_ID 3, where every OE table logs all columns")
                .isEmpty();
        assertThatThrownBy(() -> run(INCLUDE, "ORCLPDB2")).isInstanceOf(OracleSetupException.class)
                .hasMessageContaining("\"OE\".\"NO_LOGGING\"").hasMessageNotContaining("ORDERS");
        assertThatThrownBy(() -> run(INCLUDE, "SALES")).isInstanceOf(OracleSetupException.class)
                .hasMessageContaining("source.pdb SALES: no such PDB in V$PDBS (there are: PDB$SEED, ORCLPDB1, "
                        + "ORCLPDB2)");
        assertThat(run(List.of("NOBODY.*"), "ORCLPDB1")).singleElement().asString().contains("no table of the PDB");
        views.execute("UPDATE V$DATABASE SET CDB = 'NO'");
        assertThatThrownBy(() -> run(INCLUDE, "ORCLPDB1")).isInstanceOf(OracleSetupException.class)
                .hasMessageContaining("not a CDB (V$DATABASE.CDB = NO); fix: drop source.pdb");
    }

    /**
     * 23ai BOOLEAN, JSON and VECTOR columns come out of LogMiner as UNSUPPORTED rows with STATUS 2
     * (reference/oracle/sql-redo-shapes.md). Views and tables not captured (an Oracle-maintained schema, another
     * PDB with source.pdb) are not named.
     */
    @Test
    void capturedTablesWithColumnsLogMinerCannotShowAreRefusedUnlessTheirChangesGoToDeadLetters() throws Exception {
        views.insert("CDB_TABLES", TABLE_COLUMNS, 3, "OE", "PREFS", "N", "NO", 4, "OE", "EMBEDDINGS", "N", "NO");
        views.insert("CDB_LOG_GROUPS", "CON_ID, OWNER, TABLE_NAME, LOG_GROUP_TYPE", 3, "OE", "PREFS",
                "ALL COLUMN LOGGING", 4, "OE", "EMBEDDINGS", "ALL COLUMN LOGGING");
        views.insert("CDB_TAB_COLUMNS", "CON_ID, OWNER, TABLE_NAME, COLUMN_NAME, DATA_TYPE, COLUMN_ID",
                3, "OE", "PREFS", "ID", "NUMBER", 1, 3, "OE", "PREFS", "ENABLED", "BOOLEAN", 2,
                3, "OE", "PREFS", "DOC", "JSON", 3, 4, "OE", "EMBEDDINGS", "V", "VECTOR", 2,
                3, "OE", "PREFS_VIEW", "DOC", "JSON", 1, 3, "SYS", "OBJ$", "FLAG", "BOOLEAN", 9);

        assertThatThrownBy(() -> run(INCLUDE, "ORCLPDB1")).isInstanceOf(OracleSetupException.class)
                .hasMessageContaining("1 captured table(s) have BOOLEAN, JSON or VECTOR columns")
                .hasMessageContaining("\"OE\".\"PREFS\" (\"ENABLED\" BOOLEAN, \"DOC\" JSON)")
                .hasMessageContaining("capture.exclude OE.PREFS").hasMessageContaining("dead-letter")
                .hasMessageNotContaining("EMBEDDINGS").hasMessageNotContaining("PREFS_VIEW")
                .hasMessageNotContaining("OBJ$");
        assertThatThrownBy(() -> run(INCLUDE)).as("every PDB").isInstanceOf(OracleSetupException.class)
                .hasMessageContaining("2 captured table(s)").hasMessageContaining("\"OE\".\"EMBEDDINGS\" (\"V\" VECTOR)");

        try (Connection connection = views.open()) {
            LogMinerSettings goOn = LogMinerSettings.builder().connectionFactory(views).include(INCLUDE)
                    .exclude(List.of()).pdb("ORCLPDB1").unsupportedTypes(UnsupportedTypeCheck.WARN).build();
            assertThat(OracleStartupChecks.run(connection, "db", goOn)).singleElement().asString()
                    .contains("\"OE\".\"PREFS\" (\"ENABLED\" BOOLEAN, \"DOC\" JSON)")
                    .contains("each goes to the dead-letter output");
        }
        views.execute("UPDATE V$DATABASE SET SUPPLEMENTAL_LOG_DATA_ALL = 'YES'");
        assertThatThrownBy(() -> run(INCLUDE, "ORCLPDB1")).as("checked with database-wide logging too")
                .hasMessageContaining("\"OE\".\"PREFS\"");
        assertThat(run(List.of("OE.ORDERS"), "ORCLPDB1")).as("not captured, not named").isEmpty();
    }

    @Test
    void beforeMultitenantThereIsNoCdbColumn() throws SQLException {
        SQLException noColumn = new SQLException("ORA-00904: \"CDB\": invalid identifier", "42000", 904);
        assertThat(runFailing(ContainerCheck.CONTAINER, noColumn)).isEmpty();
    }

    @Test
    void aReadyDatabaseGivesNoWarnings() throws SQLException {
        assertThat(run(INCLUDE)).isEmpty();
    }

    @Test
    void noArchivingAndNoMinimalLoggingNameTheirFixes() {
        assertThatThrownBy(() -> {
            views.execute("UPDATE V$DATABASE SET LOG_MODE = 'NOARCHIVELOG', SUPPLEMENTAL_LOG_DATA_MIN = 'NO'");
            run(INCLUDE);
        }).isInstanceOf(OracleSetupException.class)
                .hasMessageContaining("LOG_MODE is NOARCHIVELOG")
                .hasMessageContaining("SHUTDOWN IMMEDIATE; STARTUP MOUNT; ALTER DATABASE ARCHIVELOG; ALTER DATABASE OPEN;")
                .hasMessageContaining("ALTER DATABASE ADD SUPPLEMENTAL LOG DATA;")
                .satisfies(e -> assertThat(e.getMessage().split("\n  - ")).as("the message and its problems")
                        .hasSize(3));
    }

    @Test
    void missingPrivilegesNameTheGrants() throws SQLException {
        views.execute("DELETE FROM SESSION_PRIVS WHERE PRIVILEGE <> 'CREATE SESSION'");
        views.execute("DELETE FROM ALL_OBJECTS");
        views.execute("DROP TABLE V$LOGMNR_CONTENTS");
        assertThatThrownBy(() -> run(INCLUDE)).isInstanceOf(OracleSetupException.class)
                .hasMessageContaining("cannot read V$LOGMNR_CONTENTS")
                .hasMessageContaining("GRANT SELECT_CATALOG_ROLE TO CDC_TEST;")
                .hasMessageContaining("GRANT LOGMINING TO CDC_TEST;")
                .hasMessageContaining("GRANT SELECT ANY TRANSACTION TO CDC_TEST;")
                .hasMessageContaining("GRANT EXECUTE ON DBMS_LOGMNR TO CDC_TEST;");
    }

    @Test
    void unreadableVDatabaseStopsWithEveryGrant() throws SQLException {
        views.execute("DROP TABLE V$DATABASE");
        assertThatThrownBy(() -> run(INCLUDE)).isInstanceOf(OracleSetupException.class)
                .hasMessageContaining("cannot read V$DATABASE")
                .hasMessageContaining("GRANT EXECUTE ON DBMS_LOGMNR");
    }

    @Test
    void tablesWithoutLoggingAreErrorsAndKeyOnlyLoggingIsAWarning() throws SQLException {
        views.execute("UPDATE CDB_LOG_GROUPS SET LOG_GROUP_TYPE = 'PRIMARY KEY LOGGING' WHERE TABLE_NAME = 'ITEMS'");
        List<String> warnings = run(INCLUDE);
        assertThat(warnings).singleElement().asString()
                .contains("before images will hold key columns only")
                .contains("ALTER TABLE \"OE\".\"ITEMS\" ADD SUPPLEMENTAL LOG DATA (ALL) COLUMNS;")
                .doesNotContain("ORDERS").doesNotContain("GTT").doesNotContain("BIN$");

        assertThatThrownBy(() -> run(List.of("HR.*"))).isInstanceOf(OracleSetupException.class)
                .hasMessageContaining("no supplemental logging")
                .hasMessageContaining("ALTER TABLE \"HR\".\"EMP\" ADD SUPPLEMENTAL LOG DATA (ALL) COLUMNS;");

        views.execute("UPDATE V$DATABASE SET SUPPLEMENTAL_LOG_DATA_PK = 'YES'");
        assertThat(run(List.of("HR.*"))).singleElement().asString().contains("\"HR\".\"EMP\"")
                .contains("key columns only");

        views.execute("UPDATE V$DATABASE SET SUPPLEMENTAL_LOG_DATA_PK = 'NO'");
        views.insert("CDB_TABLES", TABLE_COLUMNS, 4, "OE", "ORDERS", "N", "NO");
        assertThatThrownBy(() -> run(INCLUDE)).as("the same table name in another PDB is another table")
                .isInstanceOf(OracleSetupException.class)
                .hasMessageContaining("1 captured table(s) have no supplemental logging").hasMessageContaining("cannot be captured: \"OE\".\"ORDERS\";");
        assertThatThrownBy(() -> run(List.of("*.*"))).as("Oracle-maintained schemas are not checked")
                .hasMessageContaining("\"HR\".\"EMP\"").hasMessageNotContaining("OBJ$");

        views.execute("UPDATE V$DATABASE SET SUPPLEMENTAL_LOG_DATA_ALL = 'YES'");
        assertThatThrownBy(() -> run(List.of("*.*"))).as("database-wide ALL column logging covers every table, "
                        + "but OE.ORDERS of two PDBs would still mix")
                .hasMessageNotContaining("supplemental logging").hasMessageContaining("exist in several containers");
        assertThat(run(List.of("*.*"), "ORCLPDB1")).isEmpty();
    }

    @Test
    void aCapturedNameInTwoPdbsNeedsOneJobPerPdb() throws SQLException {
        // CDB_TABLES has one row per container (CON_ID); the output carries owner and table only
        views.insert("CDB_TABLES", TABLE_COLUMNS, 4, "OE", "ORDERS", "N", "NO");
        views.insert("CDB_LOG_GROUPS", "CON_ID, OWNER, TABLE_NAME, LOG_GROUP_TYPE", 4, "OE", "ORDERS",
                "ALL COLUMN LOGGING");
        assertThatThrownBy(() -> run(INCLUDE)).isInstanceOf(OracleSetupException.class)
                .hasMessageContaining("1 captured table name(s) exist in several containers, whose changes the "
                        + "output could not tell apart: \"OE\".\"ORDERS\" (CON_ID 3, 4); fix: run one job per PDB with "
                        + "source.pdb NAME");
        assertThat(run(INCLUDE, "ORCLPDB1")).as("one PDB: one table of that name").isEmpty();
    }

    @Test
    void noMatchingTableIsAWarning() throws SQLException {
        assertThat(run(List.of("NOBODY.*"))).singleElement().asString().contains("nothing will be captured");
    }

    @Test
    void startOlderThanTheOldestLogIsAnError() {
        ArchivedLog oldest = new ArchivedLog(new ThreadSequence(1, 10, 1), Scn.of(200), Scn.of(300), null, null,
                "/arch/1_10.dbf", false, false);
        OracleStartupChecks.checkStartAvailable(Scn.of(200), List.of(oldest), "db");
        OracleStartupChecks.checkStartAvailable(Scn.of(5), List.of(), "db");
        assertThatThrownBy(() -> OracleStartupChecks.checkStartAvailable(Scn.of(199), List.of(oldest), "db"))
                .isInstanceOf(OracleSetupException.class).hasMessageContaining("start SCN 199")
                .hasMessageContaining("FIRST_CHANGE# 200").hasMessageContaining("RESTORE ARCHIVELOG FROM SCN 199");
    }
}
