package io.redocdc.source.logminer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.redocdc.source.model.Scn;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.LocalDateTime;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class StartPositionResolverTest {

    private OracleViews views;

    @BeforeEach
    void setUp() throws SQLException {
        views = new OracleViews();
        views.archivedLog(1, 11, 300, 400);
        views.archivedLog(1, 10, 200, 300);
        views.archivedLog(2, 4, 250, 500);
    }

    private Scn resolve(StartPosition start) throws SQLException {
        try (Connection connection = views.open()) {
            return new StartPositionResolver(connection, "db").resolve(start, ArchivedLogQuery.list(connection, 0));
        }
    }

    @Test
    void scnNowAndOldest() throws SQLException {
        assertThat(resolve(new StartPosition.AtScn(Scn.of(123)))).isEqualTo(Scn.of(123));
        assertThat(resolve(StartPosition.NOW)).as("V$DATABASE.CURRENT_SCN").isEqualTo(Scn.of(5000));
        assertThat(resolve(StartPosition.OLDEST)).isEqualTo(Scn.of(200));
    }

    @Test
    void timestampUsesTimestampToScnAndFallsBackToTheLogCoveringTheTime() throws SQLException {
        assertThat(resolve(StartPosition.parse("timestamp:2026-03-01 10:42:00"))).isEqualTo(Scn.of(4207));
        // before 2026 the fake TIMESTAMP_TO_SCN fails with ORA-08180; log 1_11 covers [00:05:00, 00:06:40)
        LocalDateTime inLog11 = LocalDateTime.of(2026, 1, 1, 0, 0).plusSeconds(350).minusYears(1);
        views.execute("UPDATE V$ARCHIVED_LOG SET FIRST_TIME = DATEADD(YEAR, -1, FIRST_TIME),"
                + " NEXT_TIME = DATEADD(YEAR, -1, NEXT_TIME)");
        assertThat(resolve(new StartPosition.AtTimestamp(inLog11))).isEqualTo(Scn.of(250))
                .as("two logs cover it: the lower FIRST_CHANGE# wins");
        assertThatThrownBy(() -> resolve(StartPosition.parse("timestamp:2020-01-01 00:00:00")))
                .isInstanceOf(OracleSetupException.class).hasMessageContaining("source.start=timestamp:2020-01-01");
    }

    @Test
    void oldestWithoutLogsNamesTheFix() throws SQLException {
        views.execute("DELETE FROM V$ARCHIVED_LOG");
        assertThatThrownBy(() -> resolve(StartPosition.OLDEST)).isInstanceOf(OracleSetupException.class)
                .hasMessageContaining("ALTER SYSTEM ARCHIVE LOG CURRENT");
    }
}
