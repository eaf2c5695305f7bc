package io.redocdc.source.logminer;

import static org.assertj.core.api.Assertions.assertThat;

import io.redocdc.source.model.ArchivedLog;
import java.util.List;
import org.junit.jupiter.api.Test;

class LogMinerQueryTest {

    private static final ArchivedLog LOG = LogMinerContentsReaderTest.LOG_42;

    private static LogMinerSettings settings(DictionaryMode mode, List<String> include, List<String> exclude) {
        return LogMinerSettings.builder().connectionFactory(new FakeDatabase()).dictionaryMode(mode)
                .include(include).exclude(exclude).build();
    }

    @Test
    void startOptionsPerDictionaryModeNeverCommittedDataOnly() {
        assertThat(LogMinerQuery.startLogMiner(DictionaryMode.ONLINE_CATALOG)).isEqualTo(
                "BEGIN DBMS_LOGMNR.START_LOGMNR(OPTIONS => DBMS_LOGMNR.DICT_FROM_ONLINE_CATALOG"
                        + " + DBMS_LOGMNR.NO_ROWID_IN_STMT + DBMS_LOGMNR.NO_SQL_DELIMITER); END;");
        assertThat(LogMinerQuery.startLogMiner(DictionaryMode.REDO_LOGS))
                .contains("DBMS_LOGMNR.DICT_FROM_REDO_LOGS + DBMS_LOGMNR.DDL_DICT_TRACKING")
                .contains("NO_ROWID_IN_STMT");
        assertThat(LogMinerQuery.startLogMiner(DictionaryMode.NONE))
                .doesNotContain("DICT_FROM").contains("NO_ROWID_IN_STMT");
        for (DictionaryMode mode : DictionaryMode.values()) {
            assertThat(LogMinerQuery.startLogMiner(mode)).doesNotContain("COMMITTED_DATA_ONLY");
        }
        assertThat(LogMinerQuery.ADD_FIRST_LOGFILE).contains("LOGFILENAME => ?").contains("DBMS_LOGMNR.NEW");
        assertThat(LogMinerQuery.ADD_NEXT_LOGFILE).contains("DBMS_LOGMNR.ADDFILE");
    }

    @Test
    void contentsSelectsTheContractColumnsAndPushesTheTablePatternsDown() {
        BoundSql sql = LogMinerQuery.contents(settings(DictionaryMode.ONLINE_CATALOG, List.of("OE.*", "hr.emp_1"),
                List.of("OE.TMP*")), LOG, false);
        assertThat(sql.text()).isEqualTo("SELECT SCN, TO_CHAR(TIMESTAMP, 'YYYY-MM-DD HH24:MI:SS') AS \"TIMESTAMP\","
                + " \"THREAD#\", RAWTOHEX(XID) AS XID, OPERATION, OPERATION_CODE, ROLLBACK, STATUS, INFO, SEG_OWNER,"
                + " TABLE_NAME, \"DATA_OBJ#\", ROW_ID, RS_ID, SSN, CSF, SQL_REDO, SQL_UNDO, SRC_CON_NAME FROM V$LOGMNR_CONTENTS"
                + " WHERE (OPERATION_CODE IN (6, 7, 36, 34)"
                + " OR (OPERATION_CODE IN (1, 2, 3) AND (SEG_OWNER IS NULL"
                + " OR ((SEG_OWNER = ? AND TABLE_NAME LIKE ? ESCAPE '\\') OR TABLE_NAME LIKE ? ESCAPE '\\')"
                + " AND NOT (UPPER(SEG_OWNER || '.' || TABLE_NAME) LIKE ? ESCAPE '\\')))"
                + " OR (OPERATION_CODE IN (1, 2, 3, 5, 9, 10, 11, 28, 29, 68, 70, 71, 255)"
                + " AND (UPPER(SEG_OWNER || '.' || TABLE_NAME) LIKE ? ESCAPE '\\'"
                + " OR UPPER(SEG_OWNER || '.' || TABLE_NAME) LIKE ? ESCAPE '\\')"
                + " AND NOT (UPPER(SEG_OWNER || '.' || TABLE_NAME) LIKE ? ESCAPE '\\'))"
                + " OR (OPERATION_CODE = 0 AND ROLLBACK = 0 AND ROW_ID <> 'AAAAAAAAAAAAAAAAAA'"
                + " AND (UPPER(SEG_OWNER || '.' || TABLE_NAME) LIKE ? ESCAPE '\\'"
                + " OR UPPER(SEG_OWNER || '.' || TABLE_NAME) LIKE ? ESCAPE '\\')"
                + " AND NOT (UPPER(SEG_OWNER || '.' || TABLE_NAME) LIKE ? ESCAPE '\\')))");
        assertThat(sql.binds()).containsExactly("UNKNOWN", "OBJ# %", "BIN$%", "OE.TMP%", "OE.%", "HR.EMP\\_1",
                "OE.TMP%", "OE.%", "HR.EMP\\_1", "OE.TMP%");
    }

    /**
     * A row change of "UNKNOWN"."OBJ# n" (no dictionary knows the object; Oracle Database Utilities 12.1, "LogMiner
     * Configuration", quoted in operators' oracle-reference/logminer-sql_redo-without-dictionary.txt) or of a
     * recycle-bin name (BIN$...) may be a captured table's: the include list cannot drop it, the exclude list can.
     */
    @Test
    void rowChangesOfUnnamedTablesPassTheIncludeListButNotTheExcludeList() {
        BoundSql sql = LogMinerQuery.contents(settings(DictionaryMode.ONLINE_CATALOG, List.of("OE.*"),
                List.of("SYS.*")), LOG, false);
        assertThat(sql.text()).contains(" OR (OPERATION_CODE IN (1, 2, 3) AND (SEG_OWNER IS NULL OR ((SEG_OWNER = ?"
                + " AND TABLE_NAME LIKE ? ESCAPE '\\') OR TABLE_NAME LIKE ? ESCAPE '\\') AND NOT (UPPER(SEG_OWNER"
                + " || '.' || TABLE_NAME) LIKE ? ESCAPE '\\'))) OR ");
        assertThat(sql.binds()).containsExactly("UNKNOWN", "OBJ# %", "BIN$%", "SYS.%", "OE.%", "SYS.%", "OE.%",
                "SYS.%");
    }

    @Test
    void withoutADictionaryNamesCannotBeFilteredAndNoPatternIsBound() {
        BoundSql sql = LogMinerQuery.contents(settings(DictionaryMode.NONE, List.of("OE.*"), List.of()), LOG, false);
        assertThat(sql.text()).doesNotContain("UPPER(").doesNotContain("OPERATION_CODE = 0")
                .contains("OPERATION_CODE IN (1, 2, 3, 5, 9");
        assertThat(sql.binds()).containsExactly("UNKNOWN", "OBJ# %", "BIN$%");
    }

    @Test
    void severalLogsInOneSessionAreNarrowedToTheMinedLog() {
        BoundSql sql = LogMinerQuery.contents(settings(DictionaryMode.REDO_LOGS, List.of("OE.*"), List.of()), LOG,
                true);
        assertThat(sql.text()).contains("WHERE \"THREAD#\" = ? AND RBASQN = ? AND (OPERATION_CODE IN (6, 7, 36, 34)");
        assertThat(sql.binds()).containsExactly(1, 42L, "UNKNOWN", "OBJ# %", "BIN$%", "OE.%", "OE.%");
    }

    @Test
    void aPdbNarrowsRowAndTableOperationsButNotControlRows() {
        LogMinerSettings settings = LogMinerSettings.builder().connectionFactory(new FakeDatabase())
                .include(List.of("OE.*")).exclude(List.of()).pdb("ORCLPDB1").build();
        BoundSql sql = LogMinerQuery.contents(settings, LOG, false);
        assertThat(sql.text()).endsWith(" WHERE (OPERATION_CODE IN (6, 7, 36, 34)"
                + " OR (OPERATION_CODE IN (1, 2, 3) AND (SEG_OWNER IS NULL OR ((SEG_OWNER = ? AND TABLE_NAME LIKE ?"
                + " ESCAPE '\\') OR TABLE_NAME LIKE ? ESCAPE '\\')) AND SRC_CON_NAME = ?)"
                + " OR (OPERATION_CODE IN (1, 2, 3, 5, 9, 10, 11, 28, 29, 68, 70, 71, 255)"
                + " AND (UPPER(SEG_OWNER || '.' || TABLE_NAME) LIKE ? ESCAPE '\\') AND SRC_CON_NAME = ?)"
                + " OR (OPERATION_CODE = 0 AND ROLLBACK = 0 AND ROW_ID <> 'AAAAAAAAAAAAAAAAAA'"
                + " AND (UPPER(SEG_OWNER || '.' || TABLE_NAME) LIKE ? ESCAPE '\\') AND SRC_CON_NAME = ?))");
        assertThat(sql.binds()).containsExactly("UNKNOWN", "OBJ# %", "BIN$%", "ORCLPDB1", "OE.%", "ORCLPDB1", "OE.%",
                "ORCLPDB1");
    }

    @Test
    void nothingIncludedKeepsOnlyControlRows() {
        BoundSql sql = LogMinerQuery.contents(settings(DictionaryMode.ONLINE_CATALOG, List.of(), List.of()), LOG,
                false);
        assertThat(sql.text()).contains("(OPERATION_CODE IN (1, 2, 3) AND (SEG_OWNER IS NULL OR 1 = 0))")
                .contains("AND 1 = 0)");
        assertThat(sql.binds()).isEmpty();
    }
}
