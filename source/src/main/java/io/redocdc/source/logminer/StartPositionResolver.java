package io.redocdc.source.logminer;

import io.redocdc.common.jdbc.SqlErrors;
import io.redocdc.source.model.ArchivedLog;
import io.redocdc.source.model.Scn;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDateTime;
import java.util.Comparator;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Turns a {@link StartPosition} into an SCN on the mined database. */
final class StartPositionResolver {

    private static final Logger LOG = LoggerFactory.getLogger(StartPositionResolver.class);

    static final String CURRENT_SCN = "SELECT CURRENT_SCN FROM V$DATABASE";
    static final String TIMESTAMP_TO_SCN = "SELECT TIMESTAMP_TO_SCN(?) FROM DUAL";

    private final Connection connection;
    private final String database;

    StartPositionResolver(Connection connection, String database) {
        this.connection = connection;
        this.database = database;
    }

    /**
     * @param logs the available archived logs of the mined destination ({@link ArchivedLogQuery#list}), listed once
     *     by the caller, which checks the resolved start against them too
     */
    Scn resolve(StartPosition start, List<ArchivedLog> logs) throws SQLException {
        if (start instanceof StartPosition.AtScn at) {
            return at.scn();
        }
        if (start instanceof StartPosition.Now) {
            return currentScn();
        }
        if (start instanceof StartPosition.Oldest) {
            return oldestLog(logs).firstChange();
        }
        return atTime(((StartPosition.AtTimestamp) start).time(), logs);
    }

    private Scn currentScn() throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(CURRENT_SCN);
             ResultSet row = statement.executeQuery()) {
            if (!row.next()) {
                throw new SQLException("V$DATABASE returned no row");
            }
            return Scn.of(row.getLong(1));
        }
    }

    private ArchivedLog oldestLog(List<ArchivedLog> logs) {
        return logs.stream()
                .min(Comparator.comparing(ArchivedLog::firstChange))
                .orElseThrow(() -> new OracleSetupException(database, List.of(StartPosition.OPTION + "=oldest: "
                        + "V$ARCHIVED_LOG lists no available archived log of the current incarnation; fix: ALTER "
                        + "SYSTEM ARCHIVE LOG CURRENT; or start at 'now'")));
    }

    /**
     * TIMESTAMP_TO_SCN, which knows only the recent past (ORA-08180 beyond it); else the FIRST_CHANGE# of the log
     * whose [FIRST_TIME, NEXT_TIME) holds the time, which starts a little early rather than late.
     */
    private Scn atTime(LocalDateTime time, List<ArchivedLog> logs) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(TIMESTAMP_TO_SCN)) {
            statement.setObject(1, time);
            try (ResultSet row = statement.executeQuery()) {
                if (row.next()) {
                    long scn = row.getLong(1);
                    if (!row.wasNull()) {
                        return Scn.of(scn);
                    }
                }
            }
        } catch (SQLException e) {
            if (SqlErrors.isConnectionLoss(e)) {
                throw e;
            }
            LOG.info("TIMESTAMP_TO_SCN({}) failed ({}); taking the archived log that covers that time", time,
                    OracleErrors.describeCode(e));
        }
        return logs.stream()
                .filter(log -> log.firstTime() != null && log.nextTime() != null
                        && !time.isBefore(log.firstTime()) && time.isBefore(log.nextTime()))
                .map(ArchivedLog::firstChange)
                .min(Comparator.naturalOrder())
                .orElseThrow(() -> new OracleSetupException(database, List.of(StartPosition.OPTION + "=timestamp:"
                        + StartPosition.TIMESTAMP_FORMAT.format(time) + ": TIMESTAMP_TO_SCN cannot map that time and "
                        + "no available archived log covers it; fix: start at scn:N, 'oldest' or 'now'")));
    }
}
