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

    /**
     * The watermark of {@link #END}: one below Flink's maximum, so that downstream operators can tell "every log
     * is read" from the maximum watermark that {@code stop --drain} sends while logs are still unread.
     */
    public static final long ALL_READ_WATERMARK = Long.MAX_VALUE - 1;

    /** The watermark a reader may emit after this event. */
    public long watermark() {
        return frontier == END ? ALL_READ_WATERMARK : frontier - 1;
    }
}
