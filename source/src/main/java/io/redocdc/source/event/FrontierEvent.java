package io.redocdc.source.event;

import org.apache.flink.api.connector.source.SourceEvent;

/**
 * Enumerator to every reader: the completed-SCN frontier. Every record with an SCN below it has been emitted
 * (by some reader), so readers may emit the watermark {@code frontier - 1}. {@link Long#MAX_VALUE} means the
 * source has nothing more to read.
 */
public record FrontierEvent(long frontier) implements SourceEvent {

    private static final long serialVersionUID = 1L;

    public static final long END = Long.MAX_VALUE;

    /** The watermark a reader may emit after this event. */
    public long watermark() {
        return frontier == END ? Long.MAX_VALUE : frontier - 1;
    }
}
