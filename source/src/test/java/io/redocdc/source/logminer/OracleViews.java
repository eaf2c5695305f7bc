package io.redocdc.source.logminer;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.LocalDateTime;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An H2 database (Oracle mode) with tables shaped like the Oracle views the catalog, the start resolver and the
 * startup checks query, so their real SQL runs against it. Columns with '#' are quoted, as the production SQL does.
 */
public final class OracleViews implements ConnectionFactory {

    private static final long serialVersionUID = 1L;
    private static final AtomicInteger DATABASES = new AtomicInteger();

    private final String url = "jdbc:h2:mem:oracle-views-" + DATABASES.incrementAndGet() + ";MODE=Oracle;USER=CDC_TEST;"
            + "DB_CLOSE_DELAY=-1";

    OracleViews() throws SQLException {
        execute("CREATE TABLE V$ARCHIVED_LOG (\"THREAD#\" INT, \"SEQUENCE#\" BIGINT, RESETLOGS_ID BIGINT,"
                + " \"FIRST_CHANGE#\" BIGINT, \"NEXT_CHANGE#\" BIGINT, FIRST_TIME DATE, NEXT_TIME DATE,"
                + " NAME VARCHAR(513), DICTIONARY_BEGIN VARCHAR(3), DICTIONARY_END VARCHAR(3), STATUS VARCHAR(1),"
                + " STANDBY_DEST VARCHAR(3), DELETED VARCHAR(3), DEST_ID INT)");
        execute("CREATE TABLE V$DATABASE (LOG_MODE VARCHAR(12), SUPPLEMENTAL_LOG_DATA_MIN VARCHAR(8),"
                + " SUPPLEMENTAL_LOG_DATA_PK VARCHAR(3), SUPPLEMENTAL_LOG_DATA_ALL VARCHAR(3), CURRENT_SCN BIGINT,"
                + " RESETLOGS_ID BIGINT)");
        execute("INSERT INTO V$DATABASE VALUES ('ARCHIVELOG', 'YES', 'NO', 'NO', 5000, 1029337344)");
        execute("CREATE TABLE V$ARCHIVE_DEST (DEST_ID INT, STATUS VARCHAR(9), TARGET VARCHAR(7))");
        execute("INSERT INTO V$ARCHIVE_DEST VALUES (1, 'INACTIVE', 'PRIMARY'), (2, 'VALID', 'STANDBY'),"
                + " (3, 'VALID', 'PRIMARY'), (4, 'VALID', 'PRIMARY')");
        execute("CREATE TABLE V$THREAD (\"THREAD#\" INT, STATUS VARCHAR(6), ENABLED VARCHAR(8), "
                + "\"LAST_REDO_SEQUENCE#\" BIGINT)");
        execute("CREATE TABLE V$LOGMNR_CONTENTS (SCN BIGINT)");
        execute("CREATE TABLE SESSION_PRIVS (PRIVILEGE VARCHAR(40))");
        execute("INSERT INTO SESSION_PRIVS VALUES ('CREATE SESSION'), ('LOGMINING'), ('SELECT ANY TRANSACTION')");
        execute("CREATE TABLE ALL_OBJECTS (OWNER VARCHAR(128), OBJECT_NAME VARCHAR(128), OBJECT_TYPE VARCHAR(23))");
        execute("INSERT INTO ALL_OBJECTS VALUES ('SYS', 'DBMS_LOGMNR', 'PACKAGE')");
        execute("CREATE TABLE CDB_USERS (CON_ID INT, USERNAME VARCHAR(128), ORACLE_MAINTAINED VARCHAR(1))");
        execute("INSERT INTO CDB_USERS VALUES (3, 'SYS', 'Y'), (3, 'OE', 'N'), (3, 'HR', 'N'), (4, 'OE', 'N')");
        execute("CREATE TABLE CDB_TABLES (CON_ID INT, OWNER VARCHAR(128), TABLE_NAME VARCHAR(128),"
                + " TEMPORARY VARCHAR(1), DROPPED VARCHAR(3))");
        execute("CREATE TABLE CDB_LOG_GROUPS (CON_ID INT, OWNER VARCHAR(128), TABLE_NAME VARCHAR(128),"
                + " LOG_GROUP_TYPE VARCHAR(19))");
        execute("CREATE ALIAS TIMESTAMP_TO_SCN FOR '" + OracleViews.class.getName() + ".timestampToScn'");
    }

    /** Like Oracle's: an SCN for recent times, ORA-08180 for times before 2026. */
    public static Long timestampToScn(Timestamp time) throws SQLException {
        if (time.toLocalDateTime().getYear() < 2026) {
            throw new SQLException("ORA-08180: no snapshot found based on specified time", "99999", 8180);
        }
        return time.toLocalDateTime().getMinute() * 100L + 7;
    }

    @Override
    public Connection open() throws SQLException {
        return DriverManager.getConnection(url);
    }

    @Override
    public String description() {
        return "H2 " + url;
    }

    void execute(String sql) throws SQLException {
        try (Connection connection = open(); Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }

    /** A V$ARCHIVED_LOG row. */
    void archivedLog(int thread, long sequence, long resetlogsId, long first, long next, String name, String status,
                     String standbyDest, String deleted, int destId, boolean dictionaryBegin, boolean dictionaryEnd)
            throws SQLException {
        try (Connection connection = open(); PreparedStatement insert = connection.prepareStatement(
                "INSERT INTO V$ARCHIVED_LOG VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
            LocalDateTime base = LocalDateTime.of(2026, 1, 1, 0, 0);
            Object[] values = {thread, sequence, resetlogsId, first, next, base.plusSeconds(first),
                base.plusSeconds(next), name, dictionaryBegin ? "YES" : "NO", dictionaryEnd ? "YES" : "NO", status,
                standbyDest, deleted, destId};
            for (int i = 0; i < values.length; i++) {
                insert.setObject(i + 1, values[i]);
            }
            insert.executeUpdate();
        }
    }

    /** An available log archived locally to DEST_ID 3 (the lowest VALID local destination). */
    void archivedLog(int thread, long sequence, long first, long next) throws SQLException {
        archivedLog(thread, sequence, 1029337344L, first, next,
                "/arch/" + thread + "_" + sequence + "_1029337344.dbf", "A", "NO", "NO", 3, false, false);
    }
}
