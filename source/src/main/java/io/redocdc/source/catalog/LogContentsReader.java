package io.redocdc.source.catalog;

import io.redocdc.source.model.RedoRecord;
import java.io.Closeable;
import java.io.IOException;

/**
 * The V$LOGMNR_CONTENTS rows of one archived log, in LogMiner's order, with CSF continuation rows already joined:
 * record {@code i} has {@link RedoRecord#index()} {@code i}.
 */
public interface LogContentsReader extends Closeable {

    /** The next record, or null after the last one. */
    RedoRecord next() throws IOException;

    /**
     * Skips records without building them (resume in the middle of a log).
     *
     * @return how many records were skipped: {@code count} unless the log ended first
     */
    long skip(long count) throws IOException;
}
