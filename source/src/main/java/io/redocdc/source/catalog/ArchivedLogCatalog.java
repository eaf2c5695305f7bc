package io.redocdc.source.catalog;

import io.redocdc.source.model.ArchivedLog;
import java.io.IOException;
import java.io.Serializable;
import java.util.List;
import java.util.Set;

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
     * Redo threads that V$THREAD says are OPEN. The enumerator holds the frontier for an open thread that has no
     * archived log after the start yet: its first log may still bring records above the other threads' progress.
     * Default: none known (a redo directory lists every thread's logs).
     */
    default Set<Integer> openThreads() throws IOException {
        return Set.of();
    }

    /** Names the catalog in error messages, e.g. "redo directory /data/redo". */
    String description();
}
