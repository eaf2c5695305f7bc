package io.redocdc.source.logminer;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.LocalDateTime;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * An H2 database (Oracle mode) holding every view of {@code oracle-reference/views.md} as a table with exactly the
 * documented columns, in order ({@link OracleViewColumns}), so the production SQL runs against it and a column Oracle
 * does not have fails as it would on a real database (there with ORA-00904). Besides the views: DUAL (H2's own),
 * TIMESTAMP_TO_SCN and SYS_CONTEXT('USERENV', ...) as Java functions. The default content is a ready CDB seen
 * from CDB$ROOT: current incarnation 1029337344, PDBs ORCLPDB1 (CON_ID 3) and ORCLPDB2 (4), DEST_ID 3 the lowest
 * VALID local destination.
 */
public final class OracleViews implements ConnectionFactory {

    private static final long serialVersionUID = 1L;
    private static final AtomicInteger DATABASES = new AtomicInteger();
    private static final Pattern TYPE = Pattern.compile("(NUMBER|VARCHAR2|DATE|RAW|TIMESTAMP|LONG)(?:\\((\\d+)\\))?"
            + "( WITH TIME ZONE)?");
    /** Session values behind SYS_CONTEXT('USERENV', ...); a test table, not an Oracle view. */
    private static final String USERENV = "REDO_CDC_TEST_USERENV";

    static final long CURRENT_INCARNATION = 1029337344L;

    private final String url = "jdbc:h2:mem:oracle-views-" + DATABASES.incrementAndGet() + ";MODE=Oracle;USER=CDC_TEST;"
            + "DB_CLOSE_DELAY=-1";

    OracleViews() throws SQLException {
        for (var view : OracleViewColumns.all().entrySet()) {
            execute(createTable(view.getKey(), view.getValue()));
        }
        execute("CREATE TABLE " + USERENV + " (PARAMETER VARCHAR(30) PRIMARY KEY, \"VALUE\" VARCHAR(4000))");
        insert(USERENV, "PARAMETER, VALUE", "CON_NAME", "CDB$ROOT", "CON_ID", "1", "DB_NAME", "ORCLCDB");
        execute("CREATE ALIAS TIMESTAMP_TO_SCN FOR '" + OracleViews.class.getName() + ".timestampToScn'");
        execute("CREATE ALIAS SYS_CONTEXT FOR '" + OracleViews.class.getName() + ".sysContext'");
        insert("V$DATABASE", "DBID, NAME, LOG_MODE, SUPPLEMENTAL_LOG_DATA_MIN, SUPPLEMENTAL_LOG_DATA_PK,"
                + " SUPPLEMENTAL_LOG_DATA_ALL, CURRENT_SCN, CDB, CON_ID", 2971835482L, "ORCLCDB", "ARCHIVELOG", "YES",
                "NO", "NO", 5000, "YES", 0);
        insert("V$DATABASE_INCARNATION", "INCARNATION#, RESETLOGS_CHANGE#, STATUS, RESETLOGS_ID, PRIOR_INCARNATION#,"
                + " CON_ID", 1, 1, "PARENT", 999L, 0, 0, 2, 1920977, "CURRENT", CURRENT_INCARNATION, 1, 0);
        insert("V$ARCHIVE_DEST", "DEST_ID, DEST_NAME, STATUS, TARGET", 1, "LOG_ARCHIVE_DEST_1", "INACTIVE", "PRIMARY",
                2, "LOG_ARCHIVE_DEST_2", "VALID", "STANDBY", 3, "LOG_ARCHIVE_DEST_3", "VALID", "PRIMARY",
                4, "LOG_ARCHIVE_DEST_4", "VALID", "PRIMARY");
        insert("V$PDBS", "CON_ID, NAME, OPEN_MODE", 2, "PDB$SEED", "READ ONLY", 3, "ORCLPDB1", "READ WRITE",
                4, "ORCLPDB2", "READ WRITE");
        insert("SESSION_PRIVS", "PRIVILEGE", "CREATE SESSION", "LOGMINING", "SELECT ANY TRANSACTION");
        insert("ALL_OBJECTS", "OWNER, OBJECT_NAME, OBJECT_TYPE", "SYS", "DBMS_LOGMNR", "PACKAGE");
        insert("CDB_USERS", "CON_ID, USERNAME, ORACLE_MAINTAINED", 3, "SYS", "Y", 3, "OE", "N", 3, "HR", "N",
                4, "OE", "N");
    }

    /** CREATE TABLE with the documented columns, every name quoted (H2 keywords such as VALUE are column names). */
    static String createTable(String view, List<OracleViewColumns.Column> columns) {
        return "CREATE TABLE " + view + " (" + columns.stream()
                .map(column -> "\"" + column.name() + "\" " + h2Type(view, column))
                .collect(Collectors.joining(", ")) + ")";
    }

    /** The type family: NUMBER holds SCNs beyond 2^63 (V$LOG.NEXT_CHANGE#), VARCHAR widths differ between docs. */
    static String h2Type(String view, OracleViewColumns.Column column) {
        Matcher type = TYPE.matcher(column.oracleType());
        if (!type.matches()) {
            throw new IllegalArgumentException(view + "." + column.name() + ": no H2 type for Oracle type "
                    + column.oracleType());
        }
        return switch (type.group(1)) {
            case "NUMBER" -> "NUMERIC(38)";
            case "VARCHAR2" -> "VARCHAR(4000)";
            case "DATE" -> "TIMESTAMP(0)"; // an Oracle DATE has a time of day
            case "RAW" -> "VARBINARY(2000)";
            case "LONG" -> "CLOB"; // up to 2 GB of text
            default -> "TIMESTAMP(" + (type.group(2) == null ? "6" : type.group(2)) + ")"
                    + (type.group(3) == null ? "" : " WITH TIME ZONE");
        };
    }

    /** Like Oracle's: an SCN for recent times, ORA-08180 for times before 2026. */
    public static Long timestampToScn(Timestamp time) throws SQLException {
        if (time.toLocalDateTime().getYear() < 2026) {
            throw new SQLException("ORA-08180: no snapshot found based on specified time", "99999", 8180);
        }
        return time.toLocalDateTime().getMinute() * 100L + 7;
    }

    /** SYS_CONTEXT('USERENV', parameter) from the test table; other namespaces and parameters are not faked. */
    public static String sysContext(Connection connection, String namespace, String parameter) throws SQLException {
        if (!"USERENV".equalsIgnoreCase(namespace)) {
            throw new SQLException("SYS_CONTEXT namespace " + namespace + " is not faked");
        }
        try (PreparedStatement select = connection.prepareStatement(
                "SELECT \"VALUE\" FROM " + USERENV + " WHERE PARAMETER = ?")) {
            select.setString(1, parameter.toUpperCase(Locale.ROOT));
            try (ResultSet row = select.executeQuery()) {
                if (!row.next()) {
                    throw new SQLException("SYS_CONTEXT('USERENV', '" + parameter + "') is not faked");
                }
                return row.getString(1);
            }
        }
    }

    /** What SYS_CONTEXT('USERENV', parameter) returns from now on. */
    void userenv(String parameter, String value) throws SQLException {
        execute("MERGE INTO " + USERENV + " KEY (PARAMETER) VALUES ('" + parameter + "', '" + value + "')");
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

    /**
     * Inserts rows into {@code view}: {@code columns} is a comma list of column names (as Oracle spells them,
     * quoted here), {@code values} one or more rows of that many values each.
     */
    void insert(String view, String columns, Object... values) throws SQLException {
        List<String> names = Arrays.stream(columns.split(",")).map(String::trim).toList();
        if (values.length == 0 || values.length % names.size() != 0) {
            throw new IllegalArgumentException(values.length + " values for " + names.size() + " columns of " + view);
        }
        String sql = "INSERT INTO " + view + " (" + names.stream().map(n -> "\"" + n + "\"")
                .collect(Collectors.joining(", ")) + ") VALUES (" + "?, ".repeat(names.size() - 1) + "?)";
        try (Connection connection = open(); PreparedStatement insert = connection.prepareStatement(sql)) {
            for (int i = 0; i < values.length; i++) {
                insert.setObject(i % names.size() + 1, values[i]);
                if ((i + 1) % names.size() == 0) {
                    insert.executeUpdate();
                }
            }
        }
    }

    /** A V$ARCHIVED_LOG row. */
    void archivedLog(int thread, long sequence, long resetlogsId, long first, long next, String name, String status,
                     String standbyDest, String deleted, int destId, boolean dictionaryBegin, boolean dictionaryEnd)
            throws SQLException {
        LocalDateTime base = LocalDateTime.of(2026, 1, 1, 0, 0);
        insert("V$ARCHIVED_LOG", "THREAD#, SEQUENCE#, RESETLOGS_ID, FIRST_CHANGE#, NEXT_CHANGE#, FIRST_TIME,"
                + " NEXT_TIME, NAME, DICTIONARY_BEGIN, DICTIONARY_END, STATUS, STANDBY_DEST, DELETED, DEST_ID",
                thread, sequence, resetlogsId, first, next, base.plusSeconds(first), base.plusSeconds(next), name,
                dictionaryBegin ? "YES" : "NO", dictionaryEnd ? "YES" : "NO", status, standbyDest, deleted, destId);
    }

    /** An available log of the current incarnation archived locally to DEST_ID 3. */
    void archivedLog(int thread, long sequence, long first, long next) throws SQLException {
        archivedLog(thread, sequence, CURRENT_INCARNATION, first, next,
                "/arch/" + thread + "_" + sequence + "_" + CURRENT_INCARNATION + ".dbf", "A", "NO", "NO", 3, false,
                false);
    }
}
