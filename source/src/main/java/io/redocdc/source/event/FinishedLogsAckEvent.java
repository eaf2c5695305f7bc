package io.redocdc.source.event;

import java.util.List;
import org.apache.flink.api.connector.source.SourceEvent;

/**
 * Enumerator to one reader: these finished logs are recorded. Sent after the enumerator recorded them, so a
 * reader that receives it before a checkpoint knows the enumerator's part of that checkpoint holds them (Flink
 * delivers coordinator events sent after the coordinator's checkpoint only after the reader's checkpoint) and
 * may drop them from its own state.
 */
public record FinishedLogsAckEvent(List<LogRef> logs) implements SourceEvent {

    private static final long serialVersionUID = 1L;

    public FinishedLogsAckEvent {
        logs = List.copyOf(logs);
    }
}
