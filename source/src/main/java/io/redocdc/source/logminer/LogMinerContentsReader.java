package io.redocdc.source.logminer;

import io.redocdc.source.catalog.LogContentsReader;
import io.redocdc.source.catalog.RedoInputException;
import io.redocdc.source.model.ArchivedLog;
import io.redocdc.source.model.RedoRecord;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The contents of one archived log, mined by a LogMiner session on this reader's own connection. A lost
 * connection (or a log file missing for a moment) opens a new session and skips the records already consumed, so
 * record {@code i} stays record {@code i}; a file that ADD_LOGFILE cannot open is replaced by another copy of the
 * same log if V$ARCHIVED_LOG lists one ({@link LogCopies}). Once the retry policy is used up the reader fails
 * naming the log, the files tried and the ORA codes. Record indexes depend on the query, so they stay stable only
 * while the dictionary mode, the table patterns and the PDB stay the same.
 */
public final class LogMinerContentsReader implements LogContentsReader {

    private static final Logger LOG = LoggerFactory.getLogger(LogMinerContentsReader.class);

    @FunctionalInterface
    private interface Step<T> {
        T run() throws SQLException;
    }

    private final LogMinerSettings settings;
    /** The target last; an entry is replaced when another copy of its log is tried. */
    private final List<ArchivedLog> sessionLogs;
    private final Retrying retrying;
    private final LogCopies copies = new LogCopies();
    /** The log whose file the last session could not add, until a session starts. */
    private ArchivedLog unavailable;
    private LogMinerSession session;
    private ContentsCursor cursor;
    private long consumed;
    private boolean ended;

    private LogMinerContentsReader(LogMinerSettings settings, List<ArchivedLog> sessionLogs, Sleeper sleeper) {
        this.settings = settings;
        this.sessionLogs = new ArrayList<>(sessionLogs);
        this.retrying = new Retrying(settings.retry(), sleeper);
    }

    /**
     * Starts a session for the last of {@code sessionLogs} (the ones before it hold the dictionary, see
     * {@link DictionaryLogs}), positioned before its first record.
     */
    static LogMinerContentsReader open(LogMinerSettings settings, List<ArchivedLog> sessionLogs, Sleeper sleeper)
            throws IOException {
        LogMinerContentsReader reader = new LogMinerContentsReader(settings, sessionLogs, sleeper);
        try {
            reader.withSession("starting LogMiner on", () -> null);
            return reader;
        } catch (IOException | RuntimeException e) {
            reader.close();
            throw e;
        }
    }

    @Override
    public RedoRecord next() throws IOException {
        if (ended) {
            return null;
        }
        RedoRecord record = withSession("reading", () -> cursor.next(consumed));
        if (record == null) {
            ended = true;
            return null;
        }
        consumed++;
        return record;
    }

    @Override
    public long skip(long count) throws IOException {
        long skipped = 0;
        while (skipped < count && !ended) {
            if (withSession("skipping records of", () -> cursor.skip())) {
                consumed++;
                skipped++;
            } else {
                ended = true;
            }
        }
        return skipped;
    }

    /** Runs {@code step} on a live session, starting a new one (and skipping what was consumed) after a loss. */
    private <T> T withSession(String what, Step<T> step) throws IOException {
        try {
            return retrying.run(what + " " + describeLog(), attempt -> {
                try {
                    if (session == null) {
                        startSession();
                    }
                    return step.run();
                } catch (LogMinerSession.LogFileUnavailable e) {
                    unavailable = e.log();
                    copies.failed(unavailable);
                    throw e;
                } catch (SQLException e) {
                    if (OracleErrors.isRetryable(e)) {
                        dropSession(e);
                    }
                    throw e;
                }
            });
        } catch (Retrying.Exhausted e) {
            throw failure(what, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while waiting to retry " + describeLog());
        }
    }

    private void startSession() throws SQLException {
        if (unavailable != null) {
            tryAnotherCopy();
        }
        session = LogMinerSession.start(settings.connection(), settings, sessionLogs);
        unavailable = null;
        cursor = new ContentsCursor(session.rows(), target());
        if (consumed > 0) {
            LOG.info("New LogMiner session for {}: skipping the {} records already read", describeLog(), consumed);
        }
        for (long i = 0; i < consumed; i++) {
            if (!cursor.skip()) {
                throw new RedoInputException(cursor.origin() + " returned " + i + " records in a new LogMiner session, "
                        + "but " + consumed + " were read before the connection was lost; the log's contents changed");
            }
        }
    }

    /** Lists the copies of the log that could not be added again and puts the one to try next in its place. */
    private void tryAnotherCopy() throws SQLException {
        ArchivedLog copy;
        try (Connection connection = settings.connection().open()) {
            copy = copies.next(connection, unavailable);
        }
        for (int i = 0; i < sessionLogs.size(); i++) {
            if (sessionLogs.get(i).id().equals(copy.id())) {
                sessionLogs.set(i, copy);
            }
        }
        if (!copy.name().equals(unavailable.name())) {
            LOG.info("Archived log {} cannot be opened at '{}'; trying its copy '{}'", copy.id(), unavailable.name(),
                    copy.name());
        }
    }

    private void dropSession(SQLException cause) {
        if (session != null) {
            session.closeQuietly(cause);
            session = null;
            cursor = null;
        }
    }

    /** Throws a RedoInputException for a log that stays unavailable; other failures may pass with a restart. */
    private IOException failure(String what, Retrying.Exhausted e) {
        String message = what + " " + describeLog() + " in " + settings.connection().description() + " failed: "
                + e.describe();
        if (OracleErrors.isLogUnavailable(e.sqlCause())) {
            String files = unavailable == null ? "" : "; archived log " + unavailable.id() + " could not be opened at "
                    + copies.tried(unavailable.id()) + " (every available copy V$ARCHIVED_LOG lists was tried)";
            throw new RedoInputException(message + files + "; check that the file exists on the database server and "
                    + "is readable by it, or restore it (V$ARCHIVED_LOG.NAME)", e.sqlCause());
        }
        return new IOException(message, e.sqlCause());
    }

    /** "archived log thread 1 sequence 42 (resetlogs 1029337344) NAME '/arch/1_42_1029337344.dbf'". */
    private String describeLog() {
        ArchivedLog log = target();
        return "archived log " + log.id() + " NAME '" + log.name() + "'";
    }

    private ArchivedLog target() {
        return sessionLogs.get(sessionLogs.size() - 1);
    }

    /** Ends LogMiner and closes the connection; failures there are logged, the log's records are all read. */
    @Override
    public void close() {
        if (session == null) {
            return;
        }
        try {
            session.close();
        } catch (SQLException | RuntimeException e) {
            LOG.warn("Ending the LogMiner session of {} failed: {}", describeLog(), e.getMessage());
        } finally {
            session = null;
            cursor = null;
        }
    }
}
