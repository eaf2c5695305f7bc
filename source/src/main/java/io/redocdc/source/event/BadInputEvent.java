package io.redocdc.source.event;

import org.apache.flink.api.connector.source.SourceEvent;

/**
 * Reader to enumerator: the reader met input it cannot read (a {@code RedoInputException}, whose message names the
 * file and line) and fails. The enumerator then fails the whole job without restarts. The reader's own failure does
 * too, but it can lose a race: the enumerator's next event to the failed reader is then lost, Flink restarts the
 * reader's tasks for that (a recoverable failure), and drops the reader's failure as one of an attempt it has
 * already replaced, so the job restarted again and again instead of failing with the message (BadInputITCase).
 *
 * @param message the bad input's message
 */
public record BadInputEvent(String message) implements SourceEvent {

    private static final long serialVersionUID = 1L;
}
