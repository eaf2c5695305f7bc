package io.redocdc.source.split;

import io.redocdc.source.catalog.ArchivedLogCatalog;
import io.redocdc.source.model.ArchivedLog;
import io.redocdc.source.model.ResumePoint;
import java.util.Objects;
import org.apache.flink.api.connector.source.SourceSplit;

/**
 * One archived log to read, and how far a reader got: the split a reader holds and checkpoints.
 *
 * @param log the archived log (catalog row)
 * @param position after the records emitted (or dropped above the maximum SCN) before the checkpoint; its
 *        {@link ResumePoint#handedOn()} is the index of the next record to hand on
 * @param finished every record was handed on and the reader reported the log finished; it stays in the reader's
 *        state until the enumerator acknowledges the report, because the report may be lost in a restore
 * @param recordSelection the catalog's {@link ArchivedLogCatalog#recordSelection()} when the split was made: a
 *        position that is a count of records ({@link ResumePoint#isCount()}) counts the records of that selection only
 */
public record RedoLogSplit(ArchivedLog log, ResumePoint position, boolean finished, String recordSelection)
        implements SourceSplit {

    public RedoLogSplit {
        Objects.requireNonNull(log, "log");
        Objects.requireNonNull(position, "position");
        Objects.requireNonNull(recordSelection, "recordSelection");
    }

    /** A split of a catalog without a record selection (a redo directory). */
    public RedoLogSplit(ArchivedLog log, ResumePoint position, boolean finished) {
        this(log, position, finished, ArchivedLogCatalog.ALL_RECORDS);
    }

    /** A split to read from its first record. */
    public static RedoLogSplit fresh(ArchivedLog log, String recordSelection) {
        return new RedoLogSplit(log, ResumePoint.START, false, recordSelection);
    }

    /** {@code <THREAD#>_<SEQUENCE#>_<RESETLOGS_ID>}. */
    @Override
    public String splitId() {
        return log.id().fileStem();
    }
}
