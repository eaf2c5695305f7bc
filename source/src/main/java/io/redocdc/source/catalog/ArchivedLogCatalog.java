package io.redocdc.source.catalog;

import io.redocdc.source.model.ArchivedLog;
import java.io.IOException;
import java.io.Serializable;
import java.util.List;

/**
 * Where archived logs and their mined contents come from: a redo directory today, V$ARCHIVED_LOG plus a
 * LogMiner session later. Serializable because the source ships it to the enumerator and every reader.
 */
public interface ArchivedLogCatalog extends Serializable {

    /**
     * Every archived log whose contents can be opened right now. Order is unspecified; the same log may be
     * listed more than once (one row per archive destination), the enumerator de-duplicates.
     */
    List<ArchivedLog> listAvailableLogs() throws IOException;

    /** Opens the contents of one listed log, positioned before its first record. */
    LogContentsReader openContents(ArchivedLog log) throws IOException;

    /**
     * The state of each enabled redo thread (V$THREAD), listed after {@link #listAvailableLogs()} so that a thread
     * reported CLOSED closed before that listing. An OPEN thread with no archived log after the start holds the
     * completed-SCN frontier; a CLOSED thread whose logs are read through its last redo sequence stops holding it.
     * Default: empty, nothing known (a redo directory lists every thread's logs; each thread with logs holds the
     * frontier at its last log).
     */
    default List<RedoThreadStatus> threadStatuses() throws IOException {
        return List.of();
    }

    /** {@link #recordSelection()} of a catalog whose contents hold every record of each log. */
    String ALL_RECORDS = "";

    /**
     * Which records of a log {@link #openContents} returns, when that depends on settings (LogMiner's pushed-down
     * filter and dictionary mode). A checkpoint taken in the middle of a log at a record count (a
     * {@link io.redocdc.source.model.ResumePoint} without RS_ID) counts only the selected records, so it resumes only
     * under the same selection; one at an (RS_ID, SSN) resumes under any. Default {@link #ALL_RECORDS}.
     */
    default String recordSelection() {
        return ALL_RECORDS;
    }

    /** Names the catalog in error messages, e.g. "redo directory /data/redo". */
    String description();
}
