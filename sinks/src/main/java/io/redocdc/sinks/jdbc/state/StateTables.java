package io.redocdc.sinks.jdbc.state;

import io.redocdc.sinks.jdbc.target.TargetTable;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/** Creating the sink's own tables (REDO_CDC_APPLIED, REDO_CDC_ERRORS) when they are missing. */
public final class StateTables {

    private StateTables() {
    }

    /** The table in {@code schema}, or in the connection's current schema when {@code schema} is null. */
    public static TargetTable resolve(Connection connection, String schema, String table) throws SQLException {
        return new TargetTable(schema != null ? schema : connection.getSchema(), table);
    }

    /** Runs {@code createSql} unless the table exists; commits, so call it outside a data transaction. */
    public static void createIfMissing(Connection connection, TargetTable table, String createSql) throws SQLException {
        if (exists(connection, table)) {
            return;
        }
        try (Statement statement = connection.createStatement()) {
            statement.execute(createSql);
            if (!connection.getAutoCommit()) {
                connection.commit();
            }
        } catch (SQLException e) {
            if (!connection.getAutoCommit()) {
                connection.rollback();
            }
            if (!exists(connection, table)) { // another job may have created it meanwhile
                throw new SQLException("cannot create " + table + " with: " + createSql + ": " + e.getMessage(),
                        e.getSQLState(), e.getErrorCode(), e);
            }
        }
    }

    private static boolean exists(Connection connection, TargetTable table) throws SQLException {
        try (ResultSet rs = connection.getMetaData().getTables(null, table.schema(), table.table(), null)) {
            while (rs.next()) {
                if (table.table().equals(rs.getString("TABLE_NAME"))
                        && (table.schema() == null || table.schema().equals(rs.getString("TABLE_SCHEM")))) {
                    return true;
                }
            }
            return false;
        }
    }
}
