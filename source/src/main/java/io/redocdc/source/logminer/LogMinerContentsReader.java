package io.redocdc.source.logminer;

import io.redocdc.source.catalog.LogContentsReader;
import io.redocdc.source.catalog.RedoInputException;
import io.redocdc.source.catalog.ResumeSearch;
import io.redocdc.source.model.ArchivedLog;
import io.redocdc.source.model.RedoRecord;
import io.redocdc.source.model.ResumePoint;
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
 * connection (or a log file missing for a moment) opens a new session and resumes after the last record consumed by
 * its {@link ResumePoint}, so a new session that returns other rows before it (LogMiner re-mines the log) neither
 * repeats nor loses a record, and record {@code i} stays record {@code i}; a file that ADD_LOGFILE cannot open is
 * replaced by another copy of the same log if V$ARCHIVED_LOG lists one ({@link LogCopies}). Once the retry policy
 * is used up the reader fails naming the log, the files tried and the ORA codes.
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
    /** After the records consumed (returned, or passed by {@link #skipTo}); the next record has its index. */
    private ResumePoint consumed = ResumePoint.START;
    /** The cursor is past {@link #consumed}; false in a new session until it is found there. */
    private boolean positioned;
    private int sessionsStarted;
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
        RedoRecord record = withSession("reading", () -> positionedCursor().next(consumed.handedOn()));
        if (record == null) {
            ended = true;
            return null;
        }
        consumed = consumed.after(record);
        return record;
    }

    @Override
    public void skipTo(ResumePoint point) throws IOException {
        if (!consumed.isStart() || ended) {
            throw new IllegalStateException(describeLog() + ": skipTo after records were read");
        }
        consumed = point;
        positioned = point.isStart();
        withSession("resuming in", this::positionedCursor);
    }

    /** The cursor, first moved past {@link #consumed} when this session has not got there yet. */
    private ContentsCursor positionedCursor() throws SQLException {
        if (!positioned) {
            String where = cursor.origin() + (sessionsStarted > 1 ? " (a new LogMiner session after a lost "
                    + "connection)" : "");
            ResumeSearch.skipTo(consumed, where, () -> cursor.next(0));
            positioned = true;
        }
        return cursor;
    }

    /** Runs {@code step} on a live session, starting a new one (resumed after what was consumed) after a loss. */
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
        sessionsStarted++;
        positioned = consumed.isStart();
        if (!positioned) {
            LOG.info("LogMiner session {} for {}: resuming {}", sessionsStarted, describeLog(), consumed);
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
