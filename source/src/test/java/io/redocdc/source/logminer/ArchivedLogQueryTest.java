package io.redocdc.source.logminer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.redocdc.source.catalog.RedoInputException;
import io.redocdc.source.catalog.RedoThreadStatus;
import io.redocdc.source.model.ArchivedLog;
import io.redocdc.source.model.Scn;
import io.redocdc.source.model.ThreadSequence;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.LocalDateTime;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The real listing SQL against H2 tables shaped like V$ARCHIVED_LOG, V$DATABASE and V$ARCHIVE_DEST. */
class ArchivedLogQueryTest {

    private static final long CURRENT = OracleViews.CURRENT_INCARNATION;
    private OracleViews views;

    @BeforeEach
    void setUp() throws SQLException {
        views = new OracleViews();
    }

    @Test
    void listsAvailableLocalLogsOfTheCurrentIncarnationOncePerLog() throws SQLException {
        // RAC rows from reference/oracle/v_archived_log-rac-and-gap-examples.txt (oracdc issue #38)
        views.archivedLog(1, 19641, 73690669482L, 73690670319L);
        views.archivedLog(2, 18701, 73690669387L, 73690670437L);
        views.archivedLog(1, 19640, 73688099480L, 73690669482L);
        views.archivedLog(1, 19640, CURRENT, 73688099480L, 73690669482L, "/standby/1_19640.dbf", "A", "NO", "NO", 2,
                false, false);
        views.archivedLog(1, 19640, CURRENT, 73688099480L, 73690669482L, "/second/1_19640.dbf", "A", "NO", "NO", 4,
                false, false);
        views.archivedLog(1, 19639, CURRENT, 1, 73688099480L, "/arch/deleted.dbf", "D", "NO", "YES", 3, false, false);
        views.archivedLog(1, 19638, CURRENT, 1, 2, null, "A", "NO", "NO", 3, false, false);
        views.archivedLog(1, 19642, CURRENT, 73690670319L, 73693211872L, "/received.dbf", "A", "YES", "NO", 3, false,
                false);
        views.archivedLog(1, 5, 999L, 10, 20, "/old-incarnation.dbf", "A", "NO", "NO", 3, false, false);

        List<ArchivedLog> logs;
        try (Connection connection = views.open()) {
            logs = ArchivedLogQuery.list(connection, 0);
        }
        assertThat(logs).extracting(ArchivedLog::id).containsExactly(
                new ThreadSequence(1, 19640, CURRENT), new ThreadSequence(1, 19641, CURRENT),
                new ThreadSequence(2, 18701, CURRENT));
        ArchivedLog first = logs.get(0);
        assertThat(first.name()).isEqualTo("/arch/1_19640_1029337344.dbf");
        assertThat(first.firstChange()).isEqualTo(Scn.of(73688099480L));
        assertThat(first.nextChange()).isEqualTo(Scn.of(73690669482L));
        assertThat(first.firstTime()).isEqualTo(LocalDateTime.of(2026, 1, 1, 0, 0).plusSeconds(73688099480L));
        assertThat(first.dictionaryBegin()).isFalse();

        try (Connection connection = views.open()) {
            assertThat(ArchivedLogQuery.list(connection, 4)).as("explicit DEST_ID")
                    .extracting(ArchivedLog::name).containsExactly("/second/1_19640.dbf");
        }
        // the incarnation is V$DATABASE_INCARNATION's CURRENT row (views.md: V$DATABASE has no RESETLOGS_ID)
        views.execute("UPDATE V$DATABASE_INCARNATION SET STATUS = CASE RESETLOGS_ID WHEN 999 THEN 'CURRENT'"
                + " ELSE 'PARENT' END");
        try (Connection connection = views.open()) {
            assertThat(ArchivedLogQuery.list(connection, 0)).extracting(ArchivedLog::name)
                    .containsExactly("/old-incarnation.dbf");
        }
    }

    @Test
    void copiesOfOneLogOnEveryDestinationThatStillHasTheFile() throws SQLException {
        views.archivedLog(1, 7, 100, 200);
        views.archivedLog(1, 7, CURRENT, 100, 200, "/second/1_7.dbf", "A", "NO", "NO", 4, false, false);
        views.archivedLog(1, 7, CURRENT, 100, 200, "/gone/1_7.dbf", "D", "NO", "YES", 5, false, false);
        views.archivedLog(1, 7, CURRENT, 100, 200, "standby_db", "A", "YES", "NO", 2, false, false);
        views.archivedLog(1, 7, 999L, 100, 200, "/old/1_7.dbf", "A", "NO", "NO", 3, false, false);
        views.archivedLog(1, 8, 200, 300);
        try (Connection connection = views.open()) {
            assertThat(ArchivedLogQuery.copies(connection, new ThreadSequence(1, 7, CURRENT)))
                    .containsExactly("/arch/1_7_1029337344.dbf", "/second/1_7.dbf");
        }
    }

    @Test
    void deduplicatesRowsOfOneLog() throws SQLException {
        views.archivedLog(1, 7, CURRENT, 100, 200, "/arch/b.dbf", "A", "NO", "NO", 3, true, false);
        views.archivedLog(1, 7, CURRENT, 100, 200, "/arch/a.dbf", "A", "NO", "NO", 3, true, false);
        try (Connection connection = views.open()) {
            List<ArchivedLog> logs = ArchivedLogQuery.list(connection, 0);
            assertThat(logs).hasSize(1);
            assertThat(logs.get(0).name()).isEqualTo("/arch/a.dbf");
            assertThat(logs.get(0).dictionaryBegin()).isTrue();
        }
    }

    @Test
    void aBadRowIsAnErrorNamingTheRowAndFile() throws SQLException {
        views.archivedLog(1, 7, CURRENT, 200, 100, "/arch/backwards.dbf", "A", "NO", "NO", 3, false, false);
        try (Connection connection = views.open()) {
            assertThatThrownBy(() -> ArchivedLogQuery.list(connection, 0)).isInstanceOf(RedoInputException.class)
                    .hasMessageContaining("V$ARCHIVED_LOG row 1").hasMessageContaining("/arch/backwards.dbf")
                    .hasMessageContaining("FIRST_CHANGE#");
        }
        views.execute("DELETE FROM V$ARCHIVED_LOG");
        views.insert("V$ARCHIVED_LOG", "THREAD#, SEQUENCE#, RESETLOGS_ID, FIRST_CHANGE#, NEXT_CHANGE#, NAME,"
                + " DICTIONARY_BEGIN, DICTIONARY_END, STATUS, STANDBY_DEST, DELETED, DEST_ID", 1, 8, CURRENT, 1, 2,
                "/x.dbf", "Y", "NO", "A", "NO", "NO", 3);
        try (Connection connection = views.open()) {
            assertThatThrownBy(() -> ArchivedLogQuery.list(connection, 0)).isInstanceOf(RedoInputException.class)
                    .hasMessageContaining("DICTIONARY_BEGIN").hasMessageContaining("got 'Y'");
        }
    }

    @Test
    void threadsFromVThread() throws SQLException {
        views.insert("V$THREAD", "THREAD#, STATUS, ENABLED, LAST_REDO_SEQUENCE#", 1, "OPEN", "PUBLIC", 12,
                2, "CLOSED", "PUBLIC", 7, 3, "CLOSED", "DISABLED", 2);
        try (Connection connection = views.open()) {
            assertThat(ArchivedLogQuery.threads(connection)).as("disabled threads are left out").containsExactly(
                    new RedoThreadStatus(1, true, 12), new RedoThreadStatus(2, false, 7));
        }
    }
}
