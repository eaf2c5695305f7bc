package io.redocdc.source.logminer;

import io.redocdc.source.catalog.ArchivedLogCatalog;
import io.redocdc.source.catalog.LogContentsReader;
import io.redocdc.source.catalog.RedoThreadStatus;
import io.redocdc.source.model.ArchivedLog;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

/**
 * Archived logs from V$ARCHIVED_LOG, contents from one LogMiner session per log. Listing uses a short connection
 * per call (the catalog has no close hook to end a kept one); each contents reader has its own connection.
 */
public final class OracleArchivedLogCatalog implements ArchivedLogCatalog {

    private static final long serialVersionUID = 1L;

    @FunctionalInterface
    private interface Query<T> {
        T run(Connection connection) throws SQLException;
    }

    private final LogMinerSettings settings;
    private final Sleeper sleeper;

    public OracleArchivedLogCatalog(LogMinerSettings settings) {
        this(settings, Sleeper.SYSTEM);
    }

    OracleArchivedLogCatalog(LogMinerSettings settings, Sleeper sleeper) {
        this.settings = settings;
        this.sleeper = sleeper;
    }

    public LogMinerSettings settings() {
        return settings;
    }

    @Override
    public List<ArchivedLog> listAvailableLogs() throws IOException {
        return query("listing " + ArchivedLogQuery.SOURCE,
                connection -> ArchivedLogQuery.list(connection, settings.archiveDestId()));
    }

    @Override
    public List<RedoThreadStatus> threadStatuses() throws IOException {
        return query("listing V$THREAD", ArchivedLogQuery::threads);
    }

    @Override
    public LogContentsReader openContents(ArchivedLog log) throws IOException {
        List<ArchivedLog> available = settings.dictionaryMode() == DictionaryMode.REDO_LOGS
                ? listAvailableLogs() : List.of();
        List<ArchivedLog> sessionLogs = DictionaryLogs.forTarget(settings.dictionaryMode(), log, available,
                description());
        return LogMinerContentsReader.open(settings, sessionLogs, sleeper);
    }

    /**
     * What the contents query keeps: the pushed-down filter and the dictionary mode decide which V$LOGMNR_CONTENTS
     * rows a log has, so they are part of every record index. Bump the "v1" when the query's fixed predicate
     * (the operation codes) changes.
     */
    @Override
    public String recordSelection() {
        return "LogMiner query v1, dictionary " + settings.dictionaryMode().optionValue() + ", include "
                + String.join(",", settings.include()) + ", exclude " + String.join(",", settings.exclude());
    }

    @Override
    public String description() {
        return settings.connection().description();
    }

    private <T> T query(String what, Query<T> query) throws IOException {
        Retrying retrying = new Retrying(settings.retry(), sleeper);
        try {
            return retrying.run(what + " in " + description(), attempt -> {
                try (Connection connection = settings.connection().open()) {
                    return query.run(connection);
                }
            });
        } catch (Retrying.Exhausted e) {
            throw new IOException(what + " in " + description() + " failed: " + e.describe(), e.sqlCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while " + what + " in " + description());
        }
    }
}
