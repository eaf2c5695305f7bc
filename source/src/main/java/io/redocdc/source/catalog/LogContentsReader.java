package io.redocdc.source.catalog;

import io.redocdc.source.model.RedoRecord;
import io.redocdc.source.model.ResumePoint;
import java.io.Closeable;
import java.io.IOException;

/**
 * The V$LOGMNR_CONTENTS rows of one archived log, in LogMiner's order, with CSF continuation rows already joined:
 * record {@code i} has {@link RedoRecord#index()} {@code i}, counting from the point {@link #skipTo} resumed at.
 */
public interface LogContentsReader extends Closeable {

    /** The next record, or null after the last one. */
    RedoRecord next() throws IOException;

    /**
     * Resumes in the middle of the log (before the first {@link #next()}): passes the records {@code point} was taken
     * after, found by its rule, so that the next record has index {@link ResumePoint#handedOn()}.
     *
     * @throws RedoInputException when this log does not hold the point; the message names the log and the point
     */
    void skipTo(ResumePoint point) throws IOException;
}
