package io.redocdc.source.logminer;

import io.redocdc.common.jdbc.SqlErrors;
import io.redocdc.source.model.ArchivedLog;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One LogMiner session on its own connection: logs added, LogMiner started, the contents query open. Closing ends
 * LogMiner (always, even after a failure: a session left open keeps its PGA memory until the connection goes) and
 * then closes the connection.
 */
final class LogMinerSession implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(LogMinerSession.class);

    /** DBMS_LOGMNR.ADD_LOGFILE could not open {@link #log()}; the driver's error, codes and all, is the cause. */
    static final class LogFileUnavailable extends SQLException {
        private static final long serialVersionUID = 1L;
        private final transient ArchivedLog log;

        LogFileUnavailable(ArchivedLog log, SQLException cause) {
            super("DBMS_LOGMNR.ADD_LOGFILE('" + log.name() + "') failed: " + cause.getMessage(), cause.getSQLState(),
                    cause.getErrorCode(), cause);
            this.log = log;
        }

        ArchivedLog log() {
            return log;
        }
    }

    private final Connection connection;
    private boolean started;
    private PreparedStatement query;
    private ResultSet rows;

    private LogMinerSession(Connection connection) {
        this.connection = connection;
    }

    /** Opens a connection, adds {@code logs} (the mined log last), starts LogMiner and runs the contents query. */
    static LogMinerSession start(ConnectionFactory connections, LogMinerSettings settings, List<ArchivedLog> logs)
            throws SQLException {
        LogMinerSession session = new LogMinerSession(connections.open());
        try {
            session.begin(settings, logs);
            return session;
        } catch (SQLException | RuntimeException e) {
            session.closeQuietly(e);
            throw e;
        }
    }

    private void begin(LogMinerSettings settings, List<ArchivedLog> logs) throws SQLException {
        for (int i = 0; i < logs.size(); i++) {
            String add = i == 0 ? LogMinerQuery.ADD_FIRST_LOGFILE : LogMinerQuery.ADD_NEXT_LOGFILE;
            try (CallableStatement call = connection.prepareCall(add)) {
                call.setString(1, logs.get(i).name());
                call.execute();
            } catch (SQLException e) {
                throw OracleErrors.isLogUnavailable(e) ? new LogFileUnavailable(logs.get(i), e) : e;
            }
        }
        // From here on a failure must still end LogMiner: ADD_LOGFILE already created the session.
        started = true;
        try (CallableStatement call = connection.prepareCall(LogMinerQuery.startLogMiner(settings.dictionaryMode()))) {
            call.execute();
        }
        ArchivedLog mined = logs.get(logs.size() - 1);
        BoundSql contents = LogMinerQuery.contents(settings, mined, logs.size() > 1);
        query = connection.prepareStatement(contents.text());
        query.setFetchSize(settings.fetchSize());
        contents.bindTo(query, 1);
        rows = query.executeQuery();
    }

    ResultSet rows() {
        return rows;
    }

    @Override
    public void close() throws SQLException {
        SQLException failure = null;
        try {
            closeQuery();
        } catch (SQLException e) {
            failure = e;
        }
        try {
            endLogMiner();
        } catch (SQLException e) {
            failure = add(failure, e);
        }
        try {
            connection.close();
        } catch (SQLException e) {
            failure = add(failure, e);
        }
        if (failure != null) {
            throw failure;
        }
    }

    /** Closes after {@code cause}, adding any further failure to it as suppressed. */
    void closeQuietly(Exception cause) {
        try {
            close();
        } catch (SQLException | RuntimeException e) {
            cause.addSuppressed(e);
        }
    }

    private void closeQuery() throws SQLException {
        try {
            if (rows != null) {
                rows.close();
            }
        } finally {
            if (query != null) {
                query.close();
            }
        }
    }

    private void endLogMiner() throws SQLException {
        // ADD_LOGFILE may have created the session even if it failed half-way; END_LOGMNR is harmless then.
        try (CallableStatement call = connection.prepareCall(LogMinerQuery.END_LOGMNR)) {
            call.execute();
        } catch (SQLException e) {
            if (started && !SqlErrors.isConnectionLoss(e)) {
                throw e;
            }
            LOG.debug("END_LOGMNR after a failed start or a lost connection: {}", e.getMessage());
        }
    }

    private static SQLException add(SQLException first, SQLException next) {
        if (first == null) {
            return next;
        }
        first.addSuppressed(next);
        return first;
    }
}
