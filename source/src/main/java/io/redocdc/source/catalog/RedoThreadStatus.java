package io.redocdc.source.catalog;

/**
 * What the database says about one redo thread (a row of V$THREAD), so the enumerator knows which threads may
 * still bring redo that no archived log holds yet.
 *
 * @param thread           THREAD#
 * @param open             STATUS = 'OPEN': an instance writes redo in this thread now
 * @param lastRedoSequence LAST_REDO_SEQUENCE#: the log sequence holding the thread's last redo; once a CLOSED
 *                         thread's logs are read through it, the thread has nothing more to give until it reopens
 */
public record RedoThreadStatus(int thread, boolean open, long lastRedoSequence) {
}
