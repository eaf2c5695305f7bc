package io.redocdc.sinks.jdbc.apply;

/**
 * What the apply sink does when a change conflicts with the target row (Oracle Streams' update conflict
 * handlers). A conflict is an UPDATE or DELETE whose WHERE clause (all old values of the LCR) matches no row,
 * or an INSERT whose key already exists.
 *
 * <p>With any resolution other than {@link #ERROR} the sink sets a savepoint before each batch of the table;
 * on a conflict it rolls back to it and re-executes that batch row by row, resolving each conflicting row as
 * below. Every resolution is logged at DEBUG and counted in the {@code conflictsResolved} metric.
 * Resolutions that write by key (all but ERROR and DISCARD) need the target table's primary key (or
 * {@code sink.primary-key}).
 */
public enum ConflictResolution {
    /** The transaction fails; {@code sink.on-error} decides whether it goes to the error table or stops the job. */
    ERROR,
    /**
     * The LCR wins: INSERT and UPDATE upsert the LCR's new image by key (MERGE, or INSERT ... ON CONFLICT); a
     * DELETE deletes by key (a missing row is fine). Note an UPDATE that changed the key upserts the new key
     * and leaves a row with the old key alone.
     */
    OVERWRITE,
    /** The target row wins: the conflicting LCR is skipped, the rest of the transaction is applied. */
    DISCARD,
    /**
     * The greater value wins: the resolution column of the LCR's new image is compared with the target row's
     * current value (selected by key); the new image is upserted only when it is greater, or when the row is
     * missing. A null new value never wins, a null current value always loses. A conflicting DELETE is
     * discarded (there is no new value to compare).
     */
    MAXIMUM,
    /** As {@link #MAXIMUM}, but the smaller value wins. */
    MINIMUM;

    /** True when a conflict is resolved inside the transaction (a savepoint is needed). */
    public boolean resolvesInPlace() {
        return this != ERROR;
    }

    /** True when resolving writes or reads the target row by key. */
    public boolean needsKey() {
        return this == OVERWRITE || this == MAXIMUM || this == MINIMUM;
    }
}
