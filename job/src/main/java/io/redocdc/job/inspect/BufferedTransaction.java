package io.redocdc.job.inspect;

import io.redocdc.operators.txn.Boundary;

/**
 * What one undo slot of the assembler's keyed state holds for one transaction: an open one (its START in state),
 * or, with a null {@code start}, the rows of the slot that no START covers.
 *
 * @param slot  the undo-slot key
 * @param start the START record, null for rows without a START
 * @param rows  buffered row records of the transaction
 * @param end   its COMMIT or ROLLBACK when already read but not yet due, else null
 */
public record BufferedTransaction(int slot, Boundary start, long rows, Boundary end) {
}
