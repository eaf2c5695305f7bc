package io.redocdc.source.logminer;

import io.redocdc.source.model.ArchivedLog;
import io.redocdc.source.model.Scn;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * Checks, before capture starts, that the database can be mined (in a CDB: from CDB$ROOT, and the PDB of
 * {@code source.pdb} exists) and that the captured tables log what the pipeline needs. Problems that make capture
 * impossible or wrong throw an {@link OracleSetupException} naming the statement that fixes each; problems that
 * only reduce the output (partial before images) come back as warnings.
 */
public final class OracleStartupChecks {

    static final String DATABASE = "SELECT LOG_MODE, SUPPLEMENTAL_LOG_DATA_MIN, SUPPLEMENTAL_LOG_DATA_PK,"
            + " SUPPLEMENTAL_LOG_DATA_ALL FROM V$DATABASE";
    static final String ARCHIVED_LOG_ACCESS = "SELECT COUNT(*) FROM V$ARCHIVED_LOG WHERE 1 = 0";
    /** Without a LogMiner session this fails with ORA-01306 when the view is visible, ORA-00942 when not. */
    static final String CONTENTS_ACCESS = "SELECT COUNT(*) FROM V$LOGMNR_CONTENTS WHERE 1 = 0";
    static final String SESSION_PRIVILEGES = "SELECT PRIVILEGE FROM SESSION_PRIVS";
    static final String LOGMNR_PACKAGE = "SELECT COUNT(*) FROM ALL_OBJECTS"
            + " WHERE OWNER = 'SYS' AND OBJECT_NAME = 'DBMS_LOGMNR' AND OBJECT_TYPE = 'PACKAGE'";
    /**
     * CDB_ views: from CDB$ROOT (where a multitenant database is mined) they show every open PDB's tables, narrowed
     * to the CON_ID of {@code source.pdb} when set; on a non-CDB they equal the DBA_ views.
     */
    static final String TABLES = "SELECT CON_ID, OWNER, TABLE_NAME FROM CDB_TABLES t WHERE TEMPORARY = 'N'"
            + " AND DROPPED = 'NO' AND NOT EXISTS (SELECT 1 FROM CDB_USERS u WHERE u.CON_ID = t.CON_ID"
            + " AND u.USERNAME = t.OWNER AND u.ORACLE_MAINTAINED = 'Y') AND ";
    static final String LOG_GROUPS = "SELECT CON_ID, OWNER, TABLE_NAME, LOG_GROUP_TYPE FROM CDB_LOG_GROUPS WHERE ";
    /**
     * Columns whose changes LogMiner writes as UNSUPPORTED rows (STATUS 2, no usable SQL_REDO) on 23ai: BOOLEAN,
     * JSON and VECTOR (reference/oracle/sql-redo-shapes.md, mined on Oracle Database Free). CDB_TAB_COLUMNS is
     * DBA_TAB_COLUMNS (= ALL_TAB_COLUMNS) plus CON_ID (views.md); DATA_TYPE holds the type's name.
     */
    static final String UNSUPPORTED_COLUMNS = "SELECT CON_ID, OWNER, TABLE_NAME, COLUMN_NAME, DATA_TYPE FROM"
            + " CDB_TAB_COLUMNS WHERE DATA_TYPE IN ('BOOLEAN', 'JSON', 'VECTOR') AND ";

    static final String ALL_COLUMN_LOGGING = "ALL COLUMN LOGGING";
    /** ORA-01306: dbms_logmnr.start_logmnr() must be invoked before selecting from v$logmnr_contents. */
    private static final int NO_LOGMINER_SESSION = 1306;
    private static final int LISTED_TABLES = 20;

    private final Connection connection;
    private final String database;
    private final String user;
    private final List<String> errors = new ArrayList<>();
    private final List<String> warnings = new ArrayList<>();

    private OracleStartupChecks(Connection connection, String database) throws SQLException {
        this.connection = connection;
        this.database = database;
        this.user = Optional.ofNullable(connection.getMetaData().getUserName()).orElse("<user>");
    }

    /**
     * Runs every check.
     *
     * @return warnings, to be logged
     * @throws OracleSetupException listing every problem that must be fixed first
     */
    public static List<String> run(Connection connection, String database, LogMinerSettings settings)
            throws SQLException {
        OracleStartupChecks checks = new OracleStartupChecks(connection, database);
        checks.checkAll(settings);
        if (!checks.errors.isEmpty()) {
            throw new OracleSetupException(database, checks.errors);
        }
        return List.copyOf(checks.warnings);
    }

    /** The start SCN must lie in or after the oldest available archived log. */
    public static void checkStartAvailable(Scn start, List<ArchivedLog> logs, String database) {
        Optional<ArchivedLog> oldest = logs.stream().min(Comparator.comparing(ArchivedLog::firstChange));
        if (oldest.isPresent() && start.isBefore(oldest.get().firstChange())) {
            ArchivedLog log = oldest.get();
            throw new OracleSetupException(database, List.of("start SCN " + start + " is older than the oldest "
                    + "available archived log, " + log.id() + " with FIRST_CHANGE# " + log.firstChange()
                    + "; fix: start at or above SCN " + log.firstChange() + ", or restore the archived logs from SCN "
                    + start + " (RMAN: RESTORE ARCHIVELOG FROM SCN " + start + ";)"));
        }
    }

    private void checkAll(LogMinerSettings settings) throws SQLException {
        DatabaseLogging logging = databaseLogging();
        if (logging == null) {
            return;
        }
        OptionalLong container = new ContainerCheck(connection, user, errors).check(settings.pdb());
        if (!errors.isEmpty()) {
            return; // not in CDB$ROOT or no such PDB: what else the views say would mislead
        }
        checkAccess(ARCHIVED_LOG_ACCESS, "V$ARCHIVED_LOG");
        checkAccess(CONTENTS_ACCESS, "V$LOGMNR_CONTENTS");
        checkPrivileges();
        if (!"ARCHIVELOG".equals(logging.logMode)) {
            errors.add("LOG_MODE is " + logging.logMode + ", redo is not archived; fix (as SYSDBA): SHUTDOWN "
                    + "IMMEDIATE; STARTUP MOUNT; ALTER DATABASE ARCHIVELOG; ALTER DATABASE OPEN;");
        }
        if ("NO".equals(logging.minimal)) {
            errors.add("minimal supplemental logging is off (V$DATABASE.SUPPLEMENTAL_LOG_DATA_MIN = NO), LogMiner "
                    + "cannot rebuild row changes; fix: ALTER DATABASE ADD SUPPLEMENTAL LOG DATA;");
        }
        checkCapturedTables(settings, container, logging);
    }

    private record DatabaseLogging(String logMode, String minimal, String primaryKey, String allColumns) {
    }

    private DatabaseLogging databaseLogging() throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(DATABASE);
             ResultSet row = statement.executeQuery()) {
            if (!row.next()) {
                throw new SQLException("V$DATABASE returned no row");
            }
            return new DatabaseLogging(row.getString(1), row.getString(2), row.getString(3), row.getString(4));
        } catch (SQLException e) {
            if (!OracleErrors.isAccessDenied(e)) {
                throw e;
            }
            errors.add("user " + user + " cannot read V$DATABASE (" + OracleErrors.describeCode(e) + "); fix: GRANT "
                    + "SELECT_CATALOG_ROLE TO " + user + "; GRANT LOGMINING TO " + user + "; GRANT SELECT ANY "
                    + "TRANSACTION TO " + user + "; GRANT EXECUTE ON DBMS_LOGMNR TO " + user + ";");
            return null;
        }
    }

    private void checkAccess(String query, String view) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(query);
             ResultSet ignored = statement.executeQuery()) {
            // readable
        } catch (SQLException e) {
            if (OracleErrors.isAccessDenied(e)) {
                errors.add("user " + user + " cannot read " + view + " (" + OracleErrors.describeCode(e) + "); fix: "
                        + "GRANT SELECT_CATALOG_ROLE TO " + user + ";");
            } else if (!(CONTENTS_ACCESS.equals(query) && OracleErrors.oracleCode(e) == NO_LOGMINER_SESSION)) {
                throw e;
            }
            // ORA-01306 on V$LOGMNR_CONTENTS outside a session: the view is visible.
        }
    }

    private void checkPrivileges() throws SQLException {
        Set<String> privileges = new HashSet<>();
        try (PreparedStatement statement = connection.prepareStatement(SESSION_PRIVILEGES);
             ResultSet rows = statement.executeQuery()) {
            while (rows.next()) {
                privileges.add(rows.getString(1));
            }
        }
        for (String privilege : List.of("LOGMINING", "SELECT ANY TRANSACTION")) {
            if (!privileges.contains(privilege)) {
                errors.add("user " + user + " lacks the " + privilege + " privilege; fix: GRANT " + privilege + " TO "
                        + user + ";");
            }
        }
        try (PreparedStatement statement = connection.prepareStatement(LOGMNR_PACKAGE);
             ResultSet row = statement.executeQuery()) {
            if (!row.next() || row.getLong(1) == 0) {
                errors.add("user " + user + " cannot execute DBMS_LOGMNR; fix: GRANT EXECUTE ON DBMS_LOGMNR TO " + user
                        + ";");
            }
        }
    }

    /** The captured tables: one container per name, supplemental logging, column types LogMiner can show. */
    private void checkCapturedTables(LogMinerSettings settings, OptionalLong container, DatabaseLogging logging)
            throws SQLException {
        BoundSql patterns = TablePatterns.captured("OWNER", "TABLE_NAME", settings.include(), settings.exclude());
        BoundSql captured = container.isEmpty() ? patterns
                : BoundSql.join(" AND ", List.of(BoundSql.of("CON_ID = ?", container.getAsLong()), patterns));
        List<TableName> tables;
        try {
            tables = tables(captured);
        } catch (SQLException e) {
            warnUnreadable(e, "the captured tables", "CDB_TABLES");
            return;
        }
        if (tables.isEmpty()) {
            warnings.add("no table " + (container.isEmpty() ? "" : "of the PDB ") + "matches "
                    + LogMinerSettings.INCLUDE + " " + settings.include() + " minus " + LogMinerSettings.EXCLUDE + " "
                    + settings.exclude() + "; nothing will be captured");
            return;
        }
        if (container.isEmpty()) {
            checkOneContainerPerName(tables);
        }
        if (!"YES".equals(logging.allColumns)) {
            checkTableLogging(tables, captured, "YES".equals(logging.primaryKey));
        }
        checkColumnTypes(tables, captured, settings.unsupportedTypes());
    }

    /** Warns that a dictionary view could not be read, unless the failure is something other than access. */
    private void warnUnreadable(SQLException e, String what, String view) throws SQLException {
        if (!OracleErrors.isAccessDenied(e)) {
            throw e;
        }
        warnings.add("cannot check " + what + " (" + view + ": " + OracleErrors.describeCode(e) + "); fix: GRANT "
                + "SELECT_CATALOG_ROLE TO " + user + ";");
    }

    private void checkTableLogging(List<TableName> tables, BoundSql captured, boolean databasePrimaryKey)
            throws SQLException {
        Map<TableName, Set<String>> groups;
        try {
            groups = logGroups(captured);
        } catch (SQLException e) {
            warnUnreadable(e, "the supplemental logging of the captured tables", "CDB_LOG_GROUPS");
            return;
        }
        List<String> keyOnly = new ArrayList<>();
        List<String> none = new ArrayList<>();
        for (TableName table : tables) {
            Set<String> types = groups.getOrDefault(table, Set.of());
            if (types.contains(ALL_COLUMN_LOGGING)) {
                continue;
            }
            (types.isEmpty() && !databasePrimaryKey ? none : keyOnly).add(table.quoted());
        }
        if (!none.isEmpty()) {
            errors.add(none.size() + " captured table(s) have no supplemental logging, so their updates and deletes "
                    + "cannot be captured: " + sample(none) + "; fix: " + fixes(none));
        }
        if (!keyOnly.isEmpty()) {
            warnings.add(keyOnly.size() + " captured table(s) log only key (or chosen) columns, so before images will "
                    + "hold key columns only: " + sample(keyOnly) + "; fix: " + fixes(keyOnly));
        }
    }

    /**
     * Tables with BOOLEAN, JSON or VECTOR columns: LogMiner writes their changes as UNSUPPORTED rows, so each one
     * fails the job or goes to the dead-letter output. Refused at start, unless the settings say they go on.
     */
    private void checkColumnTypes(List<TableName> tables, BoundSql captured, UnsupportedTypeCheck check)
            throws SQLException {
        Map<TableName, List<String>> unsupported = new TreeMap<>(Comparator.comparing(TableName::quoted)
                .thenComparingLong(TableName::container));
        try (PreparedStatement statement = connection.prepareStatement(UNSUPPORTED_COLUMNS + captured.text()
                + " ORDER BY OWNER, TABLE_NAME, COLUMN_ID, CON_ID")) {
            captured.bindTo(statement, 1);
            try (ResultSet rows = statement.executeQuery()) {
                Set<TableName> capturedTables = new HashSet<>(tables);
                while (rows.next()) {
                    TableName table = new TableName(rows.getLong(1), rows.getString(2), rows.getString(3));
                    if (capturedTables.contains(table)) { // not a view, not of an Oracle-maintained schema
                        unsupported.computeIfAbsent(table, t -> new ArrayList<>())
                                .add("\"" + rows.getString(4) + "\" " + rows.getString(5));
                    }
                }
            }
        } catch (SQLException e) {
            warnUnreadable(e, "the column types of the captured tables", "CDB_TAB_COLUMNS");
            return;
        }
        if (unsupported.isEmpty()) {
            return;
        }
        List<String> described = new ArrayList<>();
        unsupported.forEach((table, columns) -> described.add(table.quoted() + " (" + String.join(", ", columns)
                + ")"));
        String problem = unsupported.size() + " captured table(s) have BOOLEAN, JSON or VECTOR columns, whose changes "
                + "LogMiner writes as UNSUPPORTED rows without their values: " + sample(described);
        String excluded = unsupported.keySet().stream().map(t -> t.owner() + "." + t.table()).distinct()
                .collect(Collectors.joining(","));
        if (check == UnsupportedTypeCheck.REFUSE) {
            errors.add(problem + "; each of their changes would stop the job; fix: leave them out ("
                    + LogMinerSettings.EXCLUDE + " " + excluded + "), or send their changes to the dead-letter "
                    + "output (dead-letter true)");
        } else {
            warnings.add(problem + "; their changes will not be captured: each goes to the dead-letter output, or "
                    + "stops a job that reads them without it");
        }
    }

    /**
     * Changes name their PDB, but the sinks write and apply by owner and table: a captured name in two PDBs would
     * mix two tables' rows in one output table or target, so each PDB needs its own job.
     */
    private void checkOneContainerPerName(List<TableName> tables) {
        Map<String, Set<Long>> containers = new TreeMap<>();
        for (TableName table : tables) {
            containers.computeIfAbsent(table.quoted(), name -> new TreeSet<>()).add(table.container());
        }
        List<String> shared = new ArrayList<>();
        containers.forEach((name, ids) -> {
            if (ids.size() > 1) {
                shared.add(name + " (CON_ID " + ids.stream().map(String::valueOf)
                        .collect(Collectors.joining(", ")) + ")");
            }
        });
        if (!shared.isEmpty()) {
            errors.add(shared.size() + " captured table name(s) exist in several containers, whose changes the output "
                    + "could not tell apart: " + sample(shared) + "; fix: run one job per PDB with "
                    + LogMinerSettings.PDB + " NAME, or narrow " + LogMinerSettings.INCLUDE);
        }
    }

    /** A table in one container (CON_ID): the same name in two PDBs is two tables. */
    private record TableName(long container, String owner, String table) {
        String quoted() {
            return "\"" + owner + "\".\"" + table + "\"";
        }
    }

    private List<TableName> tables(BoundSql captured) throws SQLException {
        List<TableName> tables = new ArrayList<>();
        try (PreparedStatement statement = connection.prepareStatement(TABLES + captured.text()
                + " ORDER BY OWNER, TABLE_NAME, CON_ID")) {
            captured.bindTo(statement, 1);
            try (ResultSet rows = statement.executeQuery()) {
                while (rows.next()) {
                    tables.add(new TableName(rows.getLong(1), rows.getString(2), rows.getString(3)));
                }
            }
        }
        return tables;
    }

    private Map<TableName, Set<String>> logGroups(BoundSql captured) throws SQLException {
        Map<TableName, Set<String>> groups = new HashMap<>();
        try (PreparedStatement statement = connection.prepareStatement(LOG_GROUPS + captured.text())) {
            captured.bindTo(statement, 1);
            try (ResultSet rows = statement.executeQuery()) {
                while (rows.next()) {
                    groups.computeIfAbsent(new TableName(rows.getLong(1), rows.getString(2), rows.getString(3)),
                            t -> new HashSet<>()).add(rows.getString(4));
                }
            }
        }
        return groups;
    }

    private static String sample(List<String> tables) {
        String shown = String.join(", ", tables.subList(0, Math.min(LISTED_TABLES, tables.size())));
        return tables.size() > LISTED_TABLES ? shown + " and " + (tables.size() - LISTED_TABLES) + " more" : shown;
    }

    private static String fixes(List<String> tables) {
        StringBuilder fixes = new StringBuilder();
        for (String table : tables.subList(0, Math.min(LISTED_TABLES, tables.size()))) {
            fixes.append("ALTER TABLE ").append(table).append(" ADD SUPPLEMENTAL LOG DATA (ALL) COLUMNS; ");
        }
        if (tables.size() > LISTED_TABLES) {
            fixes.append("(and the same for the other ").append(tables.size() - LISTED_TABLES).append(" tables) ");
        }
        fixes.append("or for every table at once: ALTER DATABASE ADD SUPPLEMENTAL LOG DATA (ALL) COLUMNS;");
        return fixes.toString();
    }
}
