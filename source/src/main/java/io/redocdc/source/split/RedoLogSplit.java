package io.redocdc.source.split;

import io.redocdc.source.catalog.ArchivedLogCatalog;
import io.redocdc.source.model.ArchivedLog;
import java.util.Objects;
import org.apache.flink.api.connector.source.SourceSplit;

/**
 * One archived log to read, and how far a reader got: the split a reader holds and checkpoints.
 *
 * @param log the archived log (catalog row)
 * @param nextRecordIndex index of the next record to hand on; the records before it were emitted (or dropped
 *        above the maximum SCN) before the checkpoint
 * @param finished every record was handed on and the reader reported the log finished; it stays in the reader's
 *        state until the enumerator acknowledges the report, because the report may be lost in a restore
 * @param recordSelection the catalog's {@link ArchivedLogCatalog#recordSelection()} when the split was made: record
 *        indexes count the records of that selection only
 */
public record RedoLogSplit(ArchivedLog log, long nextRecordIndex, boolean finished, String recordSelection)
        implements SourceSplit {

    public RedoLogSplit {
        Objects.requireNonNull(log, "log");
        Objects.requireNonNull(recordSelection, "recordSelection");
        if (nextRecordIndex < 0) {
            throw new IllegalArgumentException(log.id() + ": negative record index " + nextRecordIndex);
        }
    }

    /** A split of a catalog without a record selection (a redo directory). */
    public RedoLogSplit(ArchivedLog log, long nextRecordIndex, boolean finished) {
        this(log, nextRecordIndex, finished, ArchivedLogCatalog.ALL_RECORDS);
    }

    /** A split to read from its first record. */
    public static RedoLogSplit fresh(ArchivedLog log, String recordSelection) {
        return new RedoLogSplit(log, 0, false, recordSelection);
    }

    /** {@code <THREAD#>_<SEQUENCE#>_<RESETLOGS_ID>}. */
    @Override
    public String splitId() {
        return log.id().fileStem();
    }
}
