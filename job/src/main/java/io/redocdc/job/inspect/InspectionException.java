package io.redocdc.job.inspect;

/** The path given to {@code inspect} cannot be read as a savepoint or checkpoint of the capture job. */
public final class InspectionException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public InspectionException(String message) {
        super(message);
    }

    public InspectionException(String message, Throwable cause) {
        super(message, cause);
    }
}
