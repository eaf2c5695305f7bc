package io.redocdc.sinks.jdbc.parallel;

import io.redocdc.operators.lcr.Position;
import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * One whole committed transaction, spooled by the writer, that any apply worker can run on its own connection.
 * The coordinator records it as applied and commits: {@link #applyTo} must not commit or change auto-commit. It
 * runs first in the worker's target transaction, so it may roll back to replace its changes with others (e.g. the
 * error-table rows of a transaction the target rejected).
 */
public interface TransactionWork {

    /** Position of the transaction's last LCR: orders transactions and is recorded as applied. */
    Position position();

    /** The rows the transaction writes, or a barrier. */
    TransactionFootprint footprint();

    /** Estimated heap bytes the spooled transaction holds, counted against the coordinator's memory limit. */
    long estimatedBytes();

    /** Executes the transaction's changes on {@code connection} (auto-commit off), without committing. */
    void applyTo(Connection connection) throws SQLException, IOException;
}
