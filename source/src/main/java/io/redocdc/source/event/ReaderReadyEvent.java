package io.redocdc.source.event;

import java.util.List;
import org.apache.flink.api.connector.source.SourceEvent;

/**
 * Reader to enumerator, once per reader start: the logs the reader restored from its checkpoint, unfinished
 * ones it will go on reading and finished ones whose report may have been lost. The enumerator publishes no
 * frontier until every reader has sent this, because a restored reader may re-read a log the enumerator
 * already counted as finished.
 */
public record ReaderReadyEvent(List<LogRef> reading, List<LogRef> finished) implements SourceEvent {

    private static final long serialVersionUID = 1L;

    public ReaderReadyEvent {
        reading = List.copyOf(reading);
        finished = List.copyOf(finished);
    }
}
