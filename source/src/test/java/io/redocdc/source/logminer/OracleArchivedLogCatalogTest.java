package io.redocdc.source.logminer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.redocdc.source.catalog.LogContentsReader;
import io.redocdc.source.catalog.RedoThreadStatus;
import io.redocdc.source.model.ArchivedLog;
import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLRecoverableException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class OracleArchivedLogCatalogTest {

    private final List<Duration> sleeps = new ArrayList<>();
    private OracleViews views;

    @BeforeEach
    void setUp() throws SQLException {
        views = new OracleViews();
        views.archivedLog(1, 2, 1029337344L, 100, 200, "/arch/1_2.dbf", "A", "NO", "NO", 3, true, false);
        views.archivedLog(1, 3, 1029337344L, 200, 300, "/arch/1_3.dbf", "A", "NO", "NO", 3, false, true);
        views.archivedLog(1, 4, 300, 400);
        views.insert("V$THREAD", "THREAD#, STATUS, ENABLED, LAST_REDO_SEQUENCE#", 1, "OPEN", "PUBLIC", 5,
                2, "CLOSED", "PUBLIC", 9, 3, "OPEN", "PUBLIC", 1);
    }

    /** Opens H2 connections, the first {@code failures} attempts failing with a lost connection. */
    private static ConnectionFactory flaky(OracleViews views, int failures) {
        AtomicInteger attempts = new AtomicInteger();
        return new ConnectionFactory() {
            @Override
            public Connection open() throws SQLException {
                if (attempts.incrementAndGet() <= failures) {
                    throw new SQLRecoverableException("IO Error: Got minus one from a read call", "08006", 17002);
                }
                return views.open();
            }

            @Override
            public String description() {
                return "Oracle database flaky";
            }
        };
    }

    private OracleArchivedLogCatalog catalog(ConnectionFactory connections, DictionaryMode mode, int attempts) {
        return new OracleArchivedLogCatalog(LogMinerSettings.builder().connectionFactory(connections)
                .dictionaryMode(mode).retry(new RetryPolicy(attempts, Duration.ofMillis(50), Duration.ofSeconds(1)))
                .build(), sleeps::add);
    }

    @Test
    void listsLogsAndThreadsRetryingALostConnection() throws IOException {
        OracleArchivedLogCatalog catalog = catalog(flaky(views, 2), DictionaryMode.ONLINE_CATALOG, 3);
        assertThat(catalog.listAvailableLogs()).extracting(ArchivedLog::name)
                .containsExactly("/arch/1_2.dbf", "/arch/1_3.dbf", "/arch/1_4_1029337344.dbf");
        assertThat(sleeps).containsExactly(Duration.ofMillis(50), Duration.ofMillis(100));
        assertThat(catalog.threadStatuses()).filteredOn(RedoThreadStatus::open).extracting(RedoThreadStatus::thread)
                .containsExactly(1, 3);
        assertThat(catalog.description()).isEqualTo("Oracle database flaky");
    }

    @Test
    void recordSelectionNamesEverySettingThatDecidesWhichRowsALogHas() {
        LogMinerSettings.Builder base = LogMinerSettings.builder().connectionFactory(flaky(views, 0));
        String defaults = new OracleArchivedLogCatalog(base.build(), sleeps::add).recordSelection();
        assertThat(defaults).startsWith("LogMiner query v3, ")
                .as("v1 did not keep rows of unnamed tables, v2 no INTERNAL rows")
                .contains("online-catalog").contains("include *.*").contains("SYS.*");
        assertThat(new OracleArchivedLogCatalog(base.include(List.of("OE.*")).build(), sleeps::add).recordSelection())
                .isNotEqualTo(defaults).contains("include OE.*");
        assertThat(new OracleArchivedLogCatalog(LogMinerSettings.builder().connectionFactory(flaky(views, 0))
                .dictionaryMode(DictionaryMode.NONE).build(), sleeps::add).recordSelection())
                .isNotEqualTo(defaults).contains("dictionary none");
        assertThat(defaults).as("no PDB: the text before PDBs, but for the version").isEqualTo("LogMiner query v3, "
                + "dictionary online-catalog, include *.*, exclude " + String.join(",", LogMinerSettings.DEFAULT_EXCLUDE));
        assertThat(new OracleArchivedLogCatalog(base.pdb("ORCLPDB1").build(), sleeps::add).recordSelection())
                .endsWith(", pdb ORCLPDB1");
    }

    @Test
    void listingFailsWithAnIoErrorOnceTheRetriesAreUsedUp() {
        OracleArchivedLogCatalog catalog = catalog(flaky(views, 5), DictionaryMode.ONLINE_CATALOG, 2);
        assertThatThrownBy(catalog::listAvailableLogs).isInstanceOf(IOException.class)
                .hasMessageContaining("listing V$ARCHIVED_LOG in Oracle database flaky failed")
                .hasMessageContaining("ORA-17002 after 2 attempts");
    }

    @Test
    void redoLogDictionaryAddsTheExtractAndTheLogsUpToTheTarget() throws Exception {
        FakeDatabase database = new FakeDatabase();
        try (Connection h2 = views.open()) {
            database.on("FROM V$ARCHIVED_LOG", call -> h2.prepareStatement(call.sql()).executeQuery());
            database.on("FROM V$LOGMNR_CONTENTS", call -> new ContentsRows().resultSet());
            OracleArchivedLogCatalog catalog = catalog(database, DictionaryMode.REDO_LOGS, 1);
            ArchivedLog target = catalog.listAvailableLogs().get(2);
            try (LogContentsReader reader = catalog.openContents(target)) {
                assertThat(reader.next()).isNull();
            }
        }
        List<FakeDatabase.Call> adds = database.callsContaining("ADD_LOGFILE");
        assertThat(adds).extracting(call -> call.bind(1))
                .containsExactly("/arch/1_2.dbf", "/arch/1_3.dbf", "/arch/1_4_1029337344.dbf");
        assertThat(adds).extracting(FakeDatabase.Call::sql).containsExactly(LogMinerQuery.ADD_FIRST_LOGFILE,
                LogMinerQuery.ADD_NEXT_LOGFILE, LogMinerQuery.ADD_NEXT_LOGFILE);
        FakeDatabase.Call query = database.callsContaining("V$LOGMNR_CONTENTS").get(0);
        assertThat(query.binds()).containsEntry(1, 1).containsEntry(2, 4L);
        assertThat(database.statements()).contains(LogMinerQuery.startLogMiner(DictionaryMode.REDO_LOGS))
                .last().isEqualTo(LogMinerQuery.END_LOGMNR);
    }

    @Test
    void redoLogDictionaryReusesTheLastListingAndListsAgainForAnUnlistedLog() throws Exception {
        FakeDatabase database = new FakeDatabase();
        try (Connection h2 = views.open()) {
            database.on("FROM V$ARCHIVED_LOG", call -> h2.prepareStatement(call.sql()).executeQuery());
            database.on("FROM V$LOGMNR_CONTENTS", call -> new ContentsRows().resultSet());
            OracleArchivedLogCatalog catalog = catalog(database, DictionaryMode.REDO_LOGS, 1);
            List<ArchivedLog> listed = catalog.listAvailableLogs();
            catalog.openContents(listed.get(1)).close();
            catalog.openContents(listed.get(2)).close();
            assertThat(database.callsContaining("FROM V$ARCHIVED_LOG")).as("listed once, by listAvailableLogs")
                    .hasSize(1);
            views.archivedLog(1, 5, 400, 500);
            ArchivedLog newer = catalog(database, DictionaryMode.REDO_LOGS, 1).listAvailableLogs().get(3);
            catalog.openContents(newer).close();
            assertThat(database.callsContaining("FROM V$ARCHIVED_LOG")).as("a log the listing lacks lists again")
                    .hasSize(3);
            assertThat(database.callsContaining("ADD_LOGFILE")).extracting(call -> call.bind(1)).endsWith(
                    "/arch/1_2.dbf", "/arch/1_3.dbf", "/arch/1_4_1029337344.dbf", "/arch/1_5_1029337344.dbf");
        }
    }
}
