package io.redocdc.source.logminer;

import io.redocdc.source.catalog.RedoInputException;
import io.redocdc.source.catalog.RedoThreadStatus;
import io.redocdc.source.model.ArchivedLog;
import io.redocdc.source.model.Scn;
import io.redocdc.source.model.ThreadSequence;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Lists the archived logs LogMiner can mine: V$ARCHIVED_LOG rows that are available (STATUS 'A', not deleted, with
 * a file name), archived by this database to one local destination (not received from elsewhere), of the current
 * incarnation; one row per (THREAD#, SEQUENCE#, RESETLOGS_ID). Columns with '#' are quoted, which Oracle reads as
 * the same upper-case names. Subquery columns are qualified: an unqualified name the subquery's view lacks would
 * silently bind to the outer V$ARCHIVED_LOG (as V$DATABASE.RESETLOGS_ID, which does not exist, once did).
 */
final class ArchivedLogQuery {

    static final String SOURCE = "V$ARCHIVED_LOG";

    /** A copy LogMiner can open: a file (standby destinations' rows name a service) still there. */
    private static final String AVAILABLE = "STATUS = 'A' AND STANDBY_DEST = 'NO' AND DELETED = 'NO'"
            + " AND NAME IS NOT NULL";
    private static final String COLUMNS = "SELECT \"THREAD#\", \"SEQUENCE#\", RESETLOGS_ID, \"FIRST_CHANGE#\","
            + " \"NEXT_CHANGE#\", FIRST_TIME, NEXT_TIME, NAME, DICTIONARY_BEGIN, DICTIONARY_END"
            + " FROM V$ARCHIVED_LOG WHERE " + AVAILABLE
            + " AND RESETLOGS_ID = (SELECT i.RESETLOGS_ID FROM V$DATABASE_INCARNATION i WHERE i.STATUS = 'CURRENT')";
    private static final String ORDER = " ORDER BY \"THREAD#\", \"SEQUENCE#\", NAME";

    /** The lowest DEST_ID of a destination local to this database and VALID. */
    static final String LOCAL_DESTINATION = "SELECT MIN(d.DEST_ID) FROM V$ARCHIVE_DEST d"
            + " WHERE d.STATUS = 'VALID' AND d.TARGET IN ('PRIMARY', 'LOCAL')";

    /** Every available copy of one log, on any destination, for when the listed file cannot be opened. */
    static final String COPIES = "SELECT NAME FROM V$ARCHIVED_LOG WHERE \"THREAD#\" = ? AND \"SEQUENCE#\" = ?"
            + " AND RESETLOGS_ID = ? AND " + AVAILABLE + " ORDER BY DEST_ID, NAME";

    static final String THREADS = "SELECT \"THREAD#\", STATUS, \"LAST_REDO_SEQUENCE#\" FROM V$THREAD "
            + "WHERE ENABLED <> 'DISABLED' ORDER BY \"THREAD#\"";

    private ArchivedLogQuery() {
    }

    /** The listing query; {@code archiveDestId} 0 chooses the lowest local VALID destination. */
    static BoundSql sql(int archiveDestId) {
        if (archiveDestId > 0) {
            return BoundSql.of(COLUMNS + " AND DEST_ID = ?" + ORDER, archiveDestId);
        }
        return BoundSql.of(COLUMNS + " AND DEST_ID = (" + LOCAL_DESTINATION + ")" + ORDER);
    }

    static List<ArchivedLog> list(Connection connection, int archiveDestId) throws SQLException {
        BoundSql sql = sql(archiveDestId);
        try (PreparedStatement statement = connection.prepareStatement(sql.text())) {
            sql.bindTo(statement, 1);
            try (ResultSet rows = statement.executeQuery()) {
                return deduplicate(map(rows));
            }
        }
    }

    static List<ArchivedLog> map(ResultSet rows) throws SQLException {
        List<ArchivedLog> logs = new ArrayList<>();
        int rowNumber = 0;
        while (rows.next()) {
            rowNumber++;
            logs.add(toArchivedLog(rows, rowNumber));
        }
        return logs;
    }

    /** Keeps the first row of each (THREAD#, SEQUENCE#, RESETLOGS_ID), in listing order. */
    static List<ArchivedLog> deduplicate(List<ArchivedLog> logs) {
        Map<ThreadSequence, ArchivedLog> unique = new LinkedHashMap<>();
        for (ArchivedLog log : logs) {
            unique.putIfAbsent(log.id(), log);
        }
        return List.copyOf(unique.values());
    }

    private static ArchivedLog toArchivedLog(ResultSet row, int rowNumber) throws SQLException {
        String name = row.getString(8);
        try {
            ThreadSequence id = new ThreadSequence(row.getInt(1), row.getLong(2), row.getLong(3));
            return new ArchivedLog(id, Scn.of(row.getLong(4)), Scn.of(row.getLong(5)),
                    row.getObject(6, LocalDateTime.class), row.getObject(7, LocalDateTime.class), name,
                    yesOrNo(row.getString(9), "DICTIONARY_BEGIN"), yesOrNo(row.getString(10), "DICTIONARY_END"));
        } catch (IllegalArgumentException e) {
            throw new RedoInputException(SOURCE + " row " + rowNumber + " (NAME '" + name + "'): " + e.getMessage(),
                    e);
        }
    }

    private static boolean yesOrNo(String value, String column) {
        if ("YES".equals(value)) {
            return true;
        }
        if ("NO".equals(value)) {
            return false;
        }
        throw new IllegalArgumentException("column " + column + ": expected YES or NO, got '" + value + "'");
    }

    /** The file names of {@code log}'s available copies, in DEST_ID order. */
    static List<String> copies(Connection connection, ThreadSequence log) throws SQLException {
        List<String> names = new ArrayList<>();
        try (PreparedStatement statement = connection.prepareStatement(COPIES)) {
            BoundSql.of(COPIES, log.thread(), log.sequence(), log.resetlogsId()).bindTo(statement, 1);
            try (ResultSet rows = statement.executeQuery()) {
                while (rows.next()) {
                    names.add(rows.getString(1));
                }
            }
        }
        return names;
    }

    static List<RedoThreadStatus> threads(Connection connection) throws SQLException {
        List<RedoThreadStatus> threads = new ArrayList<>();
        try (PreparedStatement statement = connection.prepareStatement(THREADS);
             ResultSet rows = statement.executeQuery()) {
            while (rows.next()) {
                threads.add(new RedoThreadStatus(rows.getInt(1), "OPEN".equals(rows.getString(2)), rows.getLong(3)));
            }
        }
        return threads;
    }
}
