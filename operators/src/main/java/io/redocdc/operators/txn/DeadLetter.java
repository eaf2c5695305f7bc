package io.redocdc.operators.txn;

/**
 * A redo row of a committed transaction that could not be turned into an LCR, sent to
 * {@link TransactionAssembler#DEAD_LETTERS} when dead letters are enabled.
 *
 * @param origin    where the row came from ({@code log T_S_R line N})
 * @param xid       the transaction's XID (RAW hex)
 * @param scn       the row's SCN
 * @param statement the row's SQL_REDO
 * @param error     why it could not be converted
 */
public record DeadLetter(String origin, String xid, long scn, String statement, String error) {
}
