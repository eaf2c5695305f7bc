package io.redocdc.operators.txn;

/** A redo row of a committed transaction that cannot be turned into an LCR; the message names its origin. */
public class RowConversionException extends RuntimeException {

    private final String reason;

    RowConversionException(String message, String reason, Throwable cause) {
        super(message, cause);
        this.reason = reason;
    }

    /** The bare reason (parser message, or the mismatch found), without origin and statement. */
    public String reason() {
        return reason;
    }
}
