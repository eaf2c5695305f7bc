package io.redocdc.sinks.jdbc.parallel;

import io.redocdc.operators.lcr.Position;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * Exactly-once bookkeeping of parallel apply in the target (implemented by the sink's
 * {@link io.redocdc.sinks.jdbc.state.AppliedPositionStore}, the one scheme both writers share). Each applied transaction
 * records the position of its last LCR in its own target transaction, so transactions may commit out of commit
 * order; at a drain (before a checkpoint) the low mark moves to the highest drained position and the records at
 * or below it are deleted. Except for {@link #createIfMissing}, methods work in the caller's transaction.
 */
public interface AppliedTransactionLog {

    /** Creates the bookkeeping tables where they do not exist (commits). */
    void createIfMissing(Connection connection) throws SQLException;

    /** The low mark and the transactions applied above it. */
    AppliedTransactions load(Connection connection) throws SQLException;

    /** Records one transaction as applied, in the transaction that applied it. */
    void recordTransaction(Connection connection, Position lastLcr) throws SQLException;

    /** Sets the low mark to {@code lastLcr} and deletes the per-transaction records it now covers. */
    void advanceLowMark(Connection connection, Position lastLcr) throws SQLException;
}
