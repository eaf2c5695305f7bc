package io.redocdc.sinks.jdbc.apply;

import io.redocdc.operators.lcr.LcrCommand;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * A JDBC batch of one statement shape, with the row of each entry (update counts are checked per row). Its
 * rows are bound as they come, or (deferred, so that a merge can replace one) all when it runs.
 */
final class Batch {
    final String sql;
    final PreparedStatement statement;
    final ConflictPolicy policy;
    final LcrCommand command;
    final List<RowStatement> rows = new ArrayList<>();
    private final boolean deferBinding;

    Batch(String sql, PreparedStatement statement, ConflictPolicy policy, LcrCommand command,
          boolean deferBinding) {
        this.sql = sql;
        this.statement = statement;
        this.policy = policy;
        this.command = command;
        this.deferBinding = deferBinding;
    }

    void add(RowStatement row) throws SQLException {
        if (!deferBinding) {
            row.bind(statement);
            statement.addBatch();
        }
        rows.add(row);
    }

    /** Binds the rows whose binding was deferred, just before the batch runs. */
    void bindDeferred() throws SQLException {
        if (deferBinding) {
            for (RowStatement row : rows) {
                row.bind(statement);
                statement.addBatch();
            }
        }
    }
}
