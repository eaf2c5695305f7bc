package io.redocdc.source.logminer;

import io.redocdc.source.catalog.ArchivedLogCatalog;
import io.redocdc.source.catalog.LogContentsReader;
import io.redocdc.source.catalog.RedoInputException;
import io.redocdc.source.catalog.RedoThreadStatus;
import io.redocdc.source.model.ArchivedLog;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

/**
 * Archived logs from V$ARCHIVED_LOG, contents from one LogMiner session per log. Listing uses a short connection
 * per call (the catalog has no close hook to end a kept one); each contents reader has its own connection. With the
 * dictionary in the redo logs, opening a log reuses this instance's last listing to find the dictionary logs, and
 * lists again only when that listing lacks the log or a complete dictionary chain up to it.
 */
public final class OracleArchivedLogCatalog implements ArchivedLogCatalog {

    private static final long serialVersionUID = 1L;

    @FunctionalInterface
    private interface Query<T> {
        T run(Connection connection) throws SQLException;
    }

    private final LogMinerSettings settings;
    private final Sleeper sleeper;
    /** The last {@link #listAvailableLogs()} result of this instance; each deserialized copy starts without. */
    private transient volatile List<ArchivedLog> lastListing;

    public OracleArchivedLogCatalog(LogMinerSettings settings) {
        this(settings, Sleeper.SYSTEM);
    }

    OracleArchivedLogCatalog(LogMinerSettings settings, Sleeper sleeper) {
        this.settings = settings;
        this.sleeper = sleeper;
    }

    @Override
    public List<ArchivedLog> listAvailableLogs() throws IOException {
        List<ArchivedLog> logs = query("listing " + ArchivedLogQuery.SOURCE,
                connection -> ArchivedLogQuery.list(connection, settings.archiveDestId()));
        lastListing = logs;
        return logs;
    }

    @Override
    public List<RedoThreadStatus> threadStatuses() throws IOException {
        return query("listing V$THREAD", ArchivedLogQuery::threads);
    }

    @Override
    public LogContentsReader openContents(ArchivedLog log) throws IOException {
        DictionaryMode mode = settings.dictionaryMode();
        List<ArchivedLog> sessionLogs = mode == DictionaryMode.REDO_LOGS ? cachedChain(log) : null;
        if (sessionLogs == null) {
            List<ArchivedLog> available = mode == DictionaryMode.REDO_LOGS ? listAvailableLogs() : List.of();
            sessionLogs = DictionaryLogs.forTarget(mode, log, available, description());
        }
        return LogMinerContentsReader.open(settings, sessionLogs, sleeper);
    }

    /** The dictionary chain up to {@code log} from the last listing, or null when that listing cannot give it. */
    private List<ArchivedLog> cachedChain(ArchivedLog log) {
        List<ArchivedLog> listed = lastListing;
        if (listed == null || listed.stream().noneMatch(l -> l.id().equals(log.id()))) {
            return null;
        }
        try {
            return DictionaryLogs.forTarget(DictionaryMode.REDO_LOGS, log, listed, description());
        } catch (RedoInputException incomplete) {
            return null; // listed before the chain was complete: the fresh listing decides
        }
    }

    /**
     * What the contents query keeps: the pushed-down filter, the PDB and the dictionary mode decide which
     * V$LOGMNR_CONTENTS rows a log has, so they are part of every resume point that is a record count. Bump the
     * version when the query's fixed predicate changes (v2: row changes of tables LogMiner could not name are kept;
     * v3: INTERNAL rows with a captured row's real ROWID are kept, the markers of LOB statements).
     * Without a PDB the text is what it was before PDBs were supported.
     */
    @Override
    public String recordSelection() {
        return "LogMiner query v3, dictionary " + settings.dictionaryMode().optionValue() + ", include "
                + String.join(",", settings.include()) + ", exclude " + String.join(",", settings.exclude())
                + (settings.pdb() == null ? "" : ", pdb " + settings.pdb());
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
