package io.redocdc.source.logminer;

import static org.assertj.core.api.Assertions.assertThat;

import io.redocdc.source.catalog.LogContentsReader;
import io.redocdc.source.model.ArchivedLog;
import io.redocdc.source.model.RedoRecord;
import io.redocdc.source.model.Scn;
import java.io.IOException;
import java.sql.SQLException;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Everything the source sends to Oracle, run on the strict views of views.md: start-up checks, start resolution,
 * catalog listing, V$THREAD, the DBMS_LOGMNR calls (checked against their documented signatures) and the
 * V$LOGMNR_CONTENTS query with its pushed-down filters.
 */
class StrictViewsLogMinerTest {

    private static final String CONTENTS_COLUMNS = "SCN, TIMESTAMP, THREAD#, RBASQN, XID, OPERATION, OPERATION_CODE,"
            + " ROLLBACK, STATUS, SEG_OWNER, TABLE_NAME, DATA_OBJ#, ROW_ID, RS_ID, SSN, CSF, SQL_REDO, SQL_UNDO,"
            + " SRC_CON_NAME";
    /** 10.12.572 (reference/oracle/README.md: XID 0A000C003C020000). */
    private static final byte[] XID = HexFormat.of().parseHex("0A000C003C020000");

    private OracleViews views;
    private StrictLogMiner logMiner;

    @BeforeEach
    void setUp() throws SQLException {
        views = new OracleViews();
        logMiner = new StrictLogMiner(views);
        views.archivedLog(1, 41, 900, 1000);
        views.archivedLog(1, 42, 1000, 2000);
        views.insert("V$THREAD", "THREAD#, STATUS, ENABLED, LAST_REDO_SEQUENCE#", 1, "OPEN", "PUBLIC", 43);
        views.insert("CDB_TABLES", "CON_ID, OWNER, TABLE_NAME, TEMPORARY, DROPPED", 3, "OE", "ORDERS", "N", "NO");
        views.insert("CDB_LOG_GROUPS", "CON_ID, OWNER, TABLE_NAME, LOG_GROUP_TYPE", 3, "OE", "ORDERS",
                "ALL COLUMN LOGGING");
    }

    private void contentsRow(long scn, long sequence, int code, String operation, String owner, String table,
                             int csf, String redo, String pdb) throws SQLException {
        views.insert("V$LOGMNR_CONTENTS", CONTENTS_COLUMNS, scn, LocalDateTime.of(2026, 1, 1, 10, 0, 0), 1, sequence,
                XID, operation, code, 0, 0, owner, table, owner == null ? null : 73640L,
                owner == null ? null : "AAAR+oAAFAAAARfACG", " 0x00002a.000013f5.00e8 ", 0, csf, redo, null, pdb);
    }

    private LogMinerSettings.Builder settings() {
        return LogMinerSettings.builder().connectionFactory(logMiner).include(List.of("OE.*"))
                .retry(RetryPolicy.NONE);
    }

    private static List<RedoRecord> drain(LogContentsReader reader) throws IOException {
        List<RedoRecord> records = new ArrayList<>();
        for (RedoRecord r = reader.next(); r != null; r = reader.next()) {
            records.add(r);
        }
        return records;
    }

    @Test
    void startUpChecksAndStartResolutionRunOnTheDocumentedViews() {
        assertThat(OracleSource.resolveStart(settings().build(), StartPosition.NOW)).isEqualTo(Scn.of(5000));
        assertThat(OracleSource.resolveStart(settings().build(), StartPosition.OLDEST)).isEqualTo(Scn.of(900));
    }

    @Test
    void catalogAndContentsQueryRunOnTheDocumentedViews() throws IOException, SQLException {
        contentsRow(1001, 42, 6, "START", null, null, 0, "set transaction read write", null);
        contentsRow(1002, 42, 1, "INSERT", "OE", "ORDERS", 1, "insert into \"OE\".\"ORDERS\"(\"ID\") values ('", null);
        contentsRow(1002, 42, 1, "INSERT", "OE", "ORDERS", 0, "1')", null);
        contentsRow(1003, 42, 1, "INSERT", "HR", "EMP", 0, "insert into \"HR\".\"EMP\"(\"ID\") values ('1')", null);
        contentsRow(1004, 42, 7, "COMMIT", null, null, 0, "commit", null);
        OracleArchivedLogCatalog catalog = new OracleArchivedLogCatalog(settings().build(), d -> { });
        List<ArchivedLog> logs = catalog.listAvailableLogs();
        assertThat(logs).extracting(ArchivedLog::name).containsExactly("/arch/1_41_1029337344.dbf",
                "/arch/1_42_1029337344.dbf");
        assertThat(catalog.threadStatuses()).singleElement().satisfies(t -> assertThat(t.open()).isTrue());

        List<RedoRecord> records;
        try (LogContentsReader reader = catalog.openContents(logs.get(1))) {
            records = drain(reader);
        }
        assertThat(records).extracting(RedoRecord::sqlRedo).containsExactly("set transaction read write",
                "insert into \"OE\".\"ORDERS\"(\"ID\") values ('1')", "commit");
        RedoRecord insert = records.get(1);
        assertThat(insert.xid().toString()).isEqualTo("10.12.572");
        assertThat(insert.timestamp()).isEqualTo("2026-01-01 10:00:00");
        assertThat(insert.dataObj()).isEqualTo(73640L);
        assertThat(logMiner.calls()).extracting(StrictLogMiner.Call::procedure)
                .containsExactly("ADD_LOGFILE", "START_LOGMNR", "END_LOGMNR");
        assertThat(logMiner.calls().get(0).binds()).containsEntry(1, "/arch/1_42_1029337344.dbf");
    }

    @Test
    void aPdbKeepsItsOwnChangesAndEveryTransactionsControlRows() throws IOException, SQLException {
        contentsRow(1001, 42, 6, "START", null, null, 0, "set transaction read write", null);
        contentsRow(1002, 42, 1, "INSERT", "OE", "ORDERS", 0, "insert into \"OE\".\"ORDERS\" ... pdb1", "ORCLPDB1");
        contentsRow(1003, 42, 1, "INSERT", "OE", "ORDERS", 0, "insert into \"OE\".\"ORDERS\" ... pdb2", "ORCLPDB2");
        contentsRow(1004, 42, 7, "COMMIT", null, null, 0, "commit", "ORCLPDB2");
        OracleArchivedLogCatalog catalog = new OracleArchivedLogCatalog(settings().pdb("ORCLPDB1").build(), d -> { });
        assertThat(OracleSource.resolveStart(settings().pdb("ORCLPDB1").build(), StartPosition.NOW))
                .as("the PDB is checked against V$PDBS").isEqualTo(Scn.of(5000));
        List<RedoRecord> records;
        try (LogContentsReader reader = catalog.openContents(catalog.listAvailableLogs().get(1))) {
            records = drain(reader);
        }
        assertThat(records).extracting(RedoRecord::scn).containsExactly(1001L, 1002L, 1004L);
    }

    @Test
    void severalLogsOfTheRedoDictionaryAreNarrowedToTheMinedOne() throws IOException, SQLException {
        views.execute("UPDATE V$ARCHIVED_LOG SET DICTIONARY_BEGIN = 'YES', DICTIONARY_END = 'YES' WHERE"
                + " \"SEQUENCE#\" = 41");
        contentsRow(950, 41, 6, "START", null, null, 0, "set transaction read write", null);
        contentsRow(1001, 42, 7, "COMMIT", null, null, 0, "commit", null);
        OracleArchivedLogCatalog catalog = new OracleArchivedLogCatalog(
                settings().dictionaryMode(DictionaryMode.REDO_LOGS).build(), d -> { });
        List<RedoRecord> records;
        try (LogContentsReader reader = catalog.openContents(catalog.listAvailableLogs().get(1))) {
            records = drain(reader);
        }
        assertThat(records).extracting(RedoRecord::scn).containsExactly(1001L);
        assertThat(logMiner.calls()).extracting(call -> call.arguments().get("OPTIONS")).containsExactly(
                "DBMS_LOGMNR.NEW", "DBMS_LOGMNR.ADDFILE", LogMinerQuery.startLogMiner(DictionaryMode.REDO_LOGS)
                        .replaceAll(".*OPTIONS => (.*)\\); END;", "$1"), null);
    }
}
