package io.redocdc.job.cli;

import io.redocdc.operators.lcr.ColumnValue;
import io.redocdc.operators.lcr.Lcr;
import io.redocdc.operators.lcr.LcrCommand;
import io.redocdc.operators.lcr.Position;
import io.redocdc.sinks.jdbc.JdbcSinkMetrics;
import io.redocdc.sinks.jdbc.JdbcSinkOptions;
import io.redocdc.sinks.jdbc.writer.JdbcApplyWriter;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.flink.metrics.groups.UnregisteredMetricsGroup;

/**
 * An in-memory H2 target with table "OE"."ITEMS" (ID key, NAME) into which the real apply writer has applied
 * three one-row transactions: commit SCN 100 updates a missing row and 300 deletes one (both conflicts, so they
 * wait in REDO_CDC_ERRORS), 200 inserts ID 2.
 */
final class ErrorQueueFixture implements AutoCloseable {

    static final long MISSING_UPDATE = 100;
    static final long INSERT = 200;
    static final long MISSING_DELETE = 300;
    private static final AtomicLong COUNTER = new AtomicLong();

    final String url = "jdbc:h2:mem:redocdc_errors_" + ProcessHandle.current().pid() + "_" + COUNTER.incrementAndGet()
            + ";MODE=Oracle;DB_CLOSE_DELAY=-1";

    ErrorQueueFixture() throws Exception {
        try (Connection connection = connect(); Statement statement = connection.createStatement()) {
            statement.execute("CREATE SCHEMA \"OE\"");
            statement.execute("CREATE TABLE \"OE\".\"ITEMS\" (\"ID\" NUMBER(10) PRIMARY KEY, \"NAME\" VARCHAR2(20))");
        }
        JdbcSinkOptions options = JdbcSinkOptions.builder().jdbcUrl(url).user("sa").build();
        JdbcApplyWriter writer = new JdbcApplyWriter(options, new JdbcSinkMetrics(new UnregisteredMetricsGroup()),
                List.of());
        try {
            writer.write(lcr(MISSING_UPDATE, LcrCommand.UPDATE, row("1", "a"), row("1", "b")), null);
            writer.write(lcr(INSERT, LcrCommand.INSERT, new ColumnValue[0], row("2", "x")), null);
            writer.write(lcr(MISSING_DELETE, LcrCommand.DELETE, row("3", "c"), new ColumnValue[0]), null);
        } finally {
            writer.close();
        }
    }

    Connection connect() throws SQLException {
        return DriverManager.getConnection(url, "sa", "");
    }

    /** The position of the one-LCR transaction committed at {@code commitScn}. */
    static String position(long commitScn) {
        return Position.of(commitScn, 1, 42, commitScn, 0, commitScn - 1).toHex();
    }

    static String xid(long commitScn) {
        return String.format("0A000C00%08X", commitScn);
    }

    String name(int id) throws SQLException {
        try (Connection connection = connect(); Statement statement = connection.createStatement();
             var rs = statement.executeQuery("SELECT \"NAME\" FROM \"OE\".\"ITEMS\" WHERE \"ID\" = " + id)) {
            return rs.next() ? rs.getString(1) : null;
        }
    }

    void execute(String sql) throws SQLException {
        try (Connection connection = connect(); Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }

    private static ColumnValue[] row(String id, String name) {
        return new ColumnValue[] {ColumnValue.ofString("ID", id), ColumnValue.ofString("NAME", name)};
    }

    private static Lcr lcr(long commitScn, LcrCommand command, ColumnValue[] before, ColumnValue[] after) {
        return new Lcr("ORCL", null, "OE", "ITEMS", command, xid(commitScn), commitScn - 1, commitScn, 1,
                " 0x0002a7.000013f5.00e8 ", 0, "2026-01-01 10:00:00", before, after, null, 0, true,
                position(commitScn));
    }

    @Override
    public void close() throws SQLException {
        execute("SHUTDOWN");
    }
}
