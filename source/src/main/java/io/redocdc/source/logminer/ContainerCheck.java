package io.redocdc.source.logminer;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;

/**
 * Where the session runs in a multitenant database, and which PDB {@code source.pdb} names. In a CDB,
 * V$LOGMNR_CONTENTS and its functions are restricted to the root (Utilities 12.1, "The V$LOGMNR_CONTENTS View in a
 * CDB"), and only in CDB$ROOT does DBMS_LOGMNR.ADD_LOGFILE add files explicitly, as this source does (Utilities
 * 19c, "Steps in a Typical LogMiner Session"); only common users connect there.
 */
final class ContainerCheck {

    /** V$DATABASE.CDB (12.1+, views.md); SYS_CONTEXT('USERENV', 'CON_NAME') is the session's container. */
    static final String CONTAINER = "SELECT CDB, SYS_CONTEXT('USERENV', 'CON_NAME') FROM V$DATABASE";
    static final String PDB = "SELECT CON_ID FROM V$PDBS WHERE NAME = ?";
    static final String PDBS = "SELECT NAME FROM V$PDBS ORDER BY CON_ID";
    static final String ROOT = "CDB$ROOT";
    /** ORA-00904 invalid identifier: V$DATABASE has no CDB column before 12.1, where no database is a CDB. */
    private static final int INVALID_IDENTIFIER = 904;

    private final Connection connection;
    private final String user;
    private final List<String> errors;

    ContainerCheck(Connection connection, String user, List<String> errors) {
        this.connection = connection;
        this.user = user;
        this.errors = errors;
    }

    /**
     * Adds an error unless the session can mine: a non-CDB, or CDB$ROOT of a CDB. With {@code pdb}, also unless
     * that PDB exists.
     *
     * @return the CON_ID of {@code pdb}; empty without one or when it cannot be used
     */
    OptionalLong check(String pdb) throws SQLException {
        Session session = session();
        boolean cdb = "YES".equals(session.cdb());
        if (cdb && !ROOT.equals(session.container())) {
            errors.add("the session runs in container " + session.container() + " of a multitenant database, but "
                    + "LogMiner mines a CDB only from " + ROOT + "; fix: connect to the CDB root's service (not the "
                    + "PDB's) as a common user, e.g. CREATE USER C##CDC IDENTIFIED BY \"...\" CONTAINER=ALL; and "
                    + "grant with CONTAINER=ALL (README, Oracle set-up); to capture only this PDB add "
                    + LogMinerSettings.PDB + " " + session.container());
            return OptionalLong.empty();
        }
        if (pdb == null) {
            return OptionalLong.empty();
        }
        if (!cdb) {
            errors.add(LogMinerSettings.PDB + " " + pdb + " is for a multitenant database, but this one is not a "
                    + "CDB (V$DATABASE.CDB = " + session.cdb() + "); fix: drop " + LogMinerSettings.PDB);
            return OptionalLong.empty();
        }
        return pdbId(pdb);
    }

    /** V$DATABASE.CDB and the session's container name. */
    private record Session(String cdb, String container) {
    }

    private Session session() throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(CONTAINER);
             ResultSet row = statement.executeQuery()) {
            if (!row.next()) {
                throw new SQLException("V$DATABASE returned no row");
            }
            return new Session(row.getString(1), row.getString(2));
        } catch (SQLException e) {
            if (OracleErrors.oracleCode(e) != INVALID_IDENTIFIER) {
                throw e;
            }
            return new Session("NO", null);
        }
    }

    private OptionalLong pdbId(String pdb) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(PDB)) {
            statement.setString(1, pdb);
            try (ResultSet row = statement.executeQuery()) {
                if (row.next()) {
                    return OptionalLong.of(row.getLong(1));
                }
            }
        } catch (SQLException e) {
            if (!OracleErrors.isAccessDenied(e)) {
                throw e;
            }
            errors.add("user " + user + " cannot read V$PDBS to check " + LogMinerSettings.PDB + " " + pdb + " ("
                    + OracleErrors.describeCode(e) + "); fix: GRANT SELECT ON V_$PDBS TO " + user + " CONTAINER=ALL;");
            return OptionalLong.empty();
        }
        errors.add(LogMinerSettings.PDB + " " + pdb + ": no such PDB in V$PDBS (there are: "
                + String.join(", ", pdbNames()) + "); fix: name one of them");
        return OptionalLong.empty();
    }

    private List<String> pdbNames() throws SQLException {
        List<String> names = new ArrayList<>();
        try (PreparedStatement statement = connection.prepareStatement(PDBS);
             ResultSet rows = statement.executeQuery()) {
            while (rows.next()) {
                names.add(rows.getString(1));
            }
        }
        return names;
    }
}
