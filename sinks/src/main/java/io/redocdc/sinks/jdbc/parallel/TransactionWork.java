package io.redocdc.sinks.jdbc.parallel;

import io.redocdc.operators.lcr.Position;
import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * One whole committed transaction, spooled by the writer, that any apply worker can run on its own connection.
 * The coordinator records it as applied and commits: neither apply method may commit or change auto-commit. A
 * worker applies several independent transactions in one target transaction ({@link #applyInGroup}); when one
 * fails there, it rolls them all back and applies each again alone ({@link #applyTo}), first in its own target
 * transaction, where it may roll back to replace its changes with others (e.g. the error-table rows of a
 * transaction the target rejected).
 */
public interface TransactionWork {

    /** Position of the transaction's last LCR: orders transactions and is recorded as applied. */
    Position position();

    /** The rows the transaction writes, or a barrier. */
    TransactionFootprint footprint();

    /** Estimated heap bytes the spooled transaction holds, counted against the coordinator's memory limit. */
    long estimatedBytes();

    /** Row changes (LCRs) it holds: what a worker's group counts against its limit. */
    default int size() {
        return 1;
    }

    /**
     * Executes the transaction's changes on {@code connection} (auto-commit off), without committing, first in its
     * target transaction; it may roll that back.
     */
    void applyTo(Connection connection) throws SQLException, IOException;

    /**
     * Executes the changes after other transactions in the same target transaction: must not roll back, and throws
     * what the target rejects (the worker then applies the group's transactions again, each with {@link #applyTo}).
     */
    default void applyInGroup(Connection connection) throws SQLException, IOException {
        applyTo(connection);
    }

    /** Frees what the transaction holds (its spill file) once it is committed; may be applied again until then. */
    default void release() throws IOException {
    }
}
