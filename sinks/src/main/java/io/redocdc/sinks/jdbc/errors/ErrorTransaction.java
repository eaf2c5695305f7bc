package io.redocdc.sinks.jdbc.errors;

import java.sql.Timestamp;

/**
 * One failed transaction in REDO_CDC_ERRORS.
 *
 * @param position     position of its last LCR (the key for {@link ErrorQueue#retry} and {@link ErrorQueue#delete})
 * @param lcrCount     rows (LCRs) stored
 * @param sourceTable  the first source table ({@code OWNER.TABLE}) in it
 * @param errorMessage why the target rejected it
 */
public record ErrorTransaction(String position, String xid, long commitScn, int lcrCount, String sourceTable,
                               String errorMessage, Timestamp createdAt) {
}
