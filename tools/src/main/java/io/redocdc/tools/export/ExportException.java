package io.redocdc.tools.export;

/** An export cannot go on: a log sequence is missing, or the start names a log the catalog does not list. */
public class ExportException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public ExportException(String message) {
        super(message);
    }
}
