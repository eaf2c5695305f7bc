package io.redocdc.job.cli;

import io.redocdc.operators.lcr.Position;
import io.redocdc.sinks.jdbc.JdbcConnections;
import io.redocdc.sinks.jdbc.JdbcSinkOptions;
import io.redocdc.sinks.jdbc.errors.ErrorTable;
import io.redocdc.sinks.jdbc.state.AppliedPositionStore;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Locale;

/**
 * What the target of a JDBC apply sink says about it, read before and after {@code run}: the applied position
 * (REDO_CDC_APPLIED) and the failed transactions waiting in REDO_CDC_ERRORS.
 *
 * @param applied           the last applied transaction's position, null when nothing was applied
 * @param errorTransactions failed transactions of this sink in the error table
 * @param unreadable        why the target could not be read, or null
 */
record ApplySummary(String sinkName, Position applied, int errorTransactions, String unreadable) {

    /** Reads the target; creates the sink's two tables when missing, as the sink itself would. Never throws. */
    static ApplySummary read(JdbcSinkOptions options) {
        try (Connection connection = JdbcConnections.open(options)) {
            AppliedPositionStore positions = AppliedPositionStore.of(options);
            ErrorTable errors = ErrorTable.of(options);
            positions.createIfMissing(connection);
            errors.createIfMissing(connection);
            Position applied = positions.read(connection).orElse(null);
            int queued = errors.list(connection).size();
            if (!connection.getAutoCommit()) {
                connection.rollback();
            }
            return new ApplySummary(options.sinkName(), applied, queued, null);
        } catch (SQLException | RuntimeException e) {
            return new ApplySummary(options.sinkName(), null, 0, e.getMessage());
        }
    }

    /** One line for the end of {@code run}, comparing with the state {@code before} the job ran. */
    String describe(ApplySummary before, double seconds) {
        String time = String.format(Locale.ROOT, "%.1f s", seconds);
        if (unreadable != null) {
            return "redo-cdc: JDBC sink " + sinkName + " finished in " + time + "; could not read its position from "
                    + "the target: " + unreadable;
        }
        StringBuilder line = new StringBuilder("redo-cdc: JDBC sink ").append(sinkName).append(" applied up to ")
                .append(describe(applied)).append(" in ").append(time);
        if (before != null && before.unreadable == null) {
            line.append(" (before this run: ").append(describe(before.applied)).append(')');
        }
        line.append("; ").append(errorTransactions).append(errorTransactions == 1 ? " failed transaction" :
                " failed transactions").append(" in ").append(ErrorTable.TABLE);
        if (before != null && before.unreadable == null && errorTransactions != before.errorTransactions) {
            line.append(" (").append(errorTransactions - before.errorTransactions > 0 ? "+" : "")
                    .append(errorTransactions - before.errorTransactions).append(" in this run)");
        }
        if (errorTransactions > 0) {
            line.append(": see redo-cdc errors list");
        }
        return line.toString();
    }

    private static String describe(Position position) {
        return position == null ? "nothing" : "commit SCN " + position.commitScn() + " (position " + position.toHex()
                + ")";
    }
}
