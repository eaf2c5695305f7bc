package io.redocdc.source.catalog;

import org.apache.flink.runtime.execution.SuppressRestartsException;

/**
 * Input that does not match the redo directory contract (or another catalog's): a malformed or truncated row,
 * a missing column, an inconsistent catalog. The message names the file, the line and what was expected; the
 * job never skips such input.
 */
public class RedoInputException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public RedoInputException(String message) {
        super(message);
    }

    public RedoInputException(String message, Throwable cause) {
        super(message, cause);
    }

    /** "{@code <file>} line {@code <line>}: {@code <problem>}". */
    public static RedoInputException at(Object file, long line, String problem) {
        return new RedoInputException(file + " line " + line + ": " + problem);
    }

    public static RedoInputException at(Object file, long line, String problem, Throwable cause) {
        return new RedoInputException(file + " line " + line + ": " + problem, cause);
    }

    /**
     * Wraps bad input so that Flink fails the job instead of restarting it: reading the same input again gives the
     * same error, and a restart loop would only bury the message. Fix the input, then restart the job.
     */
    public static SuppressRestartsException unrecoverable(RedoInputException badInput) {
        return new SuppressRestartsException(badInput);
    }
}
