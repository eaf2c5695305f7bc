package io.redocdc.benchmarks;

import io.redocdc.operators.lcr.Lcr;
import io.redocdc.operators.lcr.LcrCommand;
import io.redocdc.sinks.jdbc.JdbcSinkMetrics;
import io.redocdc.sinks.jdbc.JdbcSinkOptions;
import io.redocdc.sinks.jdbc.apply.ApplyContext;
import io.redocdc.sinks.jdbc.apply.RowStatement;
import io.redocdc.sinks.jdbc.target.MappedRow;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;
import org.apache.flink.metrics.groups.UnregisteredMetricsGroup;

/**
 * The classic LogMiner script's replay: every change is its own statement, executed with autocommit on, in
 * commit order; no batching, no transaction grouping, no applied-position bookkeeping. The statements are the
 * sink's own ({@link RowStatement}: INSERT of the new image, UPDATE/DELETE with every old value in the WHERE
 * clause, which is what SQL_REDO says with ALL-column supplemental logging), with bind variables. Prepared
 * statements are reused per SQL text, which helps the naive replay (each SQL_REDO executed as text would be
 * parsed every time).
 */
final class NaiveReplay {

    private NaiveReplay() {
    }

    /** Applies every row change; fails naming the change when a statement changes other than one row. */
    static long apply(Connection connection, JdbcSinkOptions options, CapturedChanges changes) throws SQLException {
        ApplyContext context = new ApplyContext(options, new JdbcSinkMetrics(new UnregisteredMetricsGroup()));
        Map<String, PreparedStatement> statements = new HashMap<>();
        connection.setAutoCommit(true);
        long applied = 0;
        try {
            for (Lcr lcr : changes.lcrs()) {
                if (lcr.command() == LcrCommand.DDL) {
                    continue; // the sink skips DDL on PostgreSQL too (sink.ddl=skip)
                }
                RowStatement row = RowStatement.of(MappedRow.of(lcr, connection, context.catalog(),
                        context.mapping()), context.dialect());
                PreparedStatement statement = statements.get(row.sql());
                if (statement == null) {
                    statement = connection.prepareStatement(row.sql());
                    statements.put(row.sql(), statement);
                }
                row.bind(statement);
                int count = statement.executeUpdate();
                if (count != 1) {
                    throw new IllegalStateException("naive replay: " + lcr.command() + " on " + lcr.qualifiedTable()
                            + " at position " + lcr.position() + " (xid " + lcr.xid() + ") changed " + count
                            + " rows, expected 1: " + row.sql());
                }
                applied++;
            }
        } finally {
            for (PreparedStatement statement : statements.values()) {
                statement.close();
            }
        }
        return applied;
    }
}
