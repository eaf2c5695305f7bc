package io.redocdc.source.event;

import org.apache.flink.api.connector.source.SourceEvent;

/** Reader to enumerator: every record of the log has been emitted. */
public record LogFinishedEvent(LogRef log) implements SourceEvent {

    private static final long serialVersionUID = 1L;
}
