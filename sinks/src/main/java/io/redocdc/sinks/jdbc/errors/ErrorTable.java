package io.redocdc.sinks.jdbc.errors;

import io.redocdc.operators.lcr.Lcr;
import io.redocdc.operators.lcr.Position;
import io.redocdc.sinks.jdbc.JdbcSinkOptions;
import io.redocdc.sinks.jdbc.dialect.Condition;
import io.redocdc.sinks.jdbc.dialect.JdbcDialect;
import io.redocdc.sinks.jdbc.spool.TransactionSpool;
import io.redocdc.sinks.jdbc.state.StateTables;
import io.redocdc.sinks.jdbc.target.TargetTable;
import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * REDO_CDC_ERRORS: failed transactions, whole, one row per LCR (as JSON), keyed by (SINK_NAME, POSITION,
 * ORDINAL). POSITION is the position of the transaction's last LCR; while a failed transaction is still
 * arriving its rows carry the transaction prefix of the position and {@link #finish} sets the final one, in
 * the same target transaction as the applied position. The error message is on the first row.
 * (The source table column is SOURCE_TABLE: TABLE is a reserved word in every target.)
 */
public final class ErrorTable {

    public static final String TABLE = "REDO_CDC_ERRORS";
    private static final int MESSAGE_BYTES = 4000;
    private static final List<String> COLUMNS = List.of("SINK_NAME", "POSITION", "XID", "COMMIT_SCN", "ORDINAL",
            "SOURCE_TABLE", "COMMAND", "LCR_JSON", "ERROR_MESSAGE", "CREATED_AT");

    private final JdbcDialect dialect;
    private final String schema;
    private final String sinkName;

    /** @param schema null for the connection's current schema */
    public ErrorTable(JdbcDialect dialect, String schema, String sinkName) {
        this.dialect = dialect;
        this.schema = schema;
        this.sinkName = sinkName;
    }

    public static ErrorTable of(JdbcSinkOptions options) {
        return new ErrorTable(options.dialect(), options.stateSchema(), options.sinkName());
    }

    public TargetTable table(Connection connection) throws SQLException {
        return StateTables.resolve(connection, schema, TABLE);
    }

    /** Creates REDO_CDC_ERRORS when missing (commits). */
    public void createIfMissing(Connection connection) throws SQLException {
        TargetTable table = table(connection);
        StateTables.createIfMissing(connection, table, "CREATE TABLE " + dialect.qualified(table) + " ("
                + dialect.quote("SINK_NAME") + " " + dialect.varcharType(128) + " NOT NULL, "
                + dialect.quote("POSITION") + " " + dialect.varcharType(60) + " NOT NULL, "
                + dialect.quote("XID") + " " + dialect.varcharType(32) + ", "
                + dialect.quote("COMMIT_SCN") + " " + dialect.numberType() + "(20), "
                + dialect.quote("ORDINAL") + " " + dialect.numberType() + "(10) NOT NULL, "
                + dialect.quote("SOURCE_TABLE") + " " + dialect.varcharType(261) + ", "
                + dialect.quote("COMMAND") + " " + dialect.varcharType(16) + ", "
                + dialect.quote("LCR_JSON") + " " + dialect.clobType() + ", "
                + dialect.quote("ERROR_MESSAGE") + " " + dialect.varcharType(MESSAGE_BYTES) + ", "
                + dialect.quote("CREATED_AT") + " " + dialect.timestampType() + ", "
                + "PRIMARY KEY (" + dialect.quote("SINK_NAME") + ", " + dialect.quote("POSITION") + ", "
                + dialect.quote("ORDINAL") + "))");
    }

    /** Stores one LCR of a failed transaction (in the caller's transaction); {@code error} on the first row only. */
    public void insert(Connection connection, Lcr lcr, String error) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(dialect.insert(table(connection), COLUMNS))) {
            String json = LcrJson.write(lcr);
            statement.setString(1, sinkName);
            statement.setString(2, pendingPosition(lcr));
            statement.setString(3, lcr.xid());
            statement.setBigDecimal(4, BigDecimal.valueOf(lcr.commitScn()));
            statement.setInt(5, lcr.ordinal());
            statement.setString(6, lcr.qualifiedTable());
            statement.setString(7, lcr.command().name());
            statement.setCharacterStream(8, new StringReader(json), json.length());
            statement.setString(9, error == null ? null : truncate(error));
            statement.setTimestamp(10, Timestamp.from(Instant.now()));
            statement.executeUpdate();
        }
    }

    /**
     * Inserts every LCR received of a failed transaction, {@code error} with the first (a transaction still
     * arriving goes on with {@link #insert}, then {@link #finish}).
     */
    public void insertAll(Connection connection, TransactionSpool spool, String error) throws SQLException, IOException {
        boolean[] first = {true};
        spool.forEach(lcr -> {
            insert(connection, lcr, first[0] ? error : null);
            first[0] = false;
        });
    }

    /** Gives the rows of {@code last}'s transaction their final POSITION (in the caller's transaction). */
    public void finish(Connection connection, Lcr last) throws SQLException {
        String sql = dialect.update(table(connection), List.of("POSITION"),
                List.of(Condition.equalTo("SINK_NAME"), Condition.equalTo("POSITION")));
        try (PreparedStatement statement = connection.prepareStatement(sql)) {
            statement.setString(1, last.position());
            statement.setString(2, sinkName);
            statement.setString(3, pendingPosition(last));
            statement.executeUpdate();
        }
    }

    /** The failed transactions of this sink, in position order. */
    public List<ErrorTransaction> list(Connection connection) throws SQLException {
        String sql = "SELECT " + q("POSITION") + ", MIN(" + q("XID") + "), MIN(" + q("COMMIT_SCN") + "), COUNT(*), MIN("
                + q("SOURCE_TABLE") + "), MAX(" + q("ERROR_MESSAGE") + "), MIN(" + q("CREATED_AT") + ") FROM "
                + dialect.qualified(table(connection)) + dialect.where(List.of(Condition.equalTo("SINK_NAME")))
                + " GROUP BY " + q("POSITION") + " ORDER BY " + q("POSITION");
        List<ErrorTransaction> transactions = new ArrayList<>();
        try (PreparedStatement statement = connection.prepareStatement(sql)) {
            statement.setString(1, sinkName);
            try (ResultSet rs = statement.executeQuery()) {
                while (rs.next()) {
                    transactions.add(new ErrorTransaction(rs.getString(1), rs.getString(2), rs.getLong(3),
                            rs.getInt(4), rs.getString(5), rs.getString(6), rs.getTimestamp(7)));
                }
            }
        }
        return transactions;
    }

    /** Reads the LCRs of one failed transaction in order, handing each to {@code consumer}. */
    public int forEachLcr(Connection connection, String position, LcrConsumer consumer) throws SQLException {
        String sql = "SELECT " + q("LCR_JSON") + " FROM " + dialect.qualified(table(connection))
                + dialect.where(List.of(Condition.equalTo("SINK_NAME"), Condition.equalTo("POSITION")))
                + " ORDER BY " + q("ORDINAL");
        int count = 0;
        try (PreparedStatement statement = connection.prepareStatement(sql)) {
            statement.setString(1, sinkName);
            statement.setString(2, position);
            try (ResultSet rs = statement.executeQuery()) {
                while (rs.next()) {
                    consumer.accept(LcrJson.read(readText(rs)));
                    count++;
                }
            }
        }
        return count;
    }

    /** Deletes the rows of one failed transaction (in the caller's transaction); returns the rows deleted. */
    public int delete(Connection connection, String position) throws SQLException {
        String sql = dialect.delete(table(connection),
                List.of(Condition.equalTo("SINK_NAME"), Condition.equalTo("POSITION")));
        try (PreparedStatement statement = connection.prepareStatement(sql)) {
            statement.setString(1, sinkName);
            statement.setString(2, position);
            return statement.executeUpdate();
        }
    }

    /** What an LCR of a failed transaction hands to the retry. */
    @FunctionalInterface
    public interface LcrConsumer {
        void accept(Lcr lcr) throws SQLException;
    }

    private String q(String column) {
        return dialect.quote(column);
    }

    private static String pendingPosition(Lcr lcr) {
        return Position.fromHex(lcr.position()).transactionId();
    }

    private static String readText(ResultSet rs) throws SQLException {
        try (Reader reader = rs.getCharacterStream(1)) {
            if (reader == null) {
                return null;
            }
            StringWriter text = new StringWriter();
            reader.transferTo(text);
            return text.toString();
        } catch (IOException e) {
            throw new SQLException("cannot read LCR_JSON of " + TABLE + ": " + e.getMessage(), e);
        }
    }

    /** Cut to what VARCHAR2(4000) (bytes) holds. */
    private static String truncate(String message) {
        String cut = message;
        while (cut.getBytes(StandardCharsets.UTF_8).length > MESSAGE_BYTES) {
            cut = cut.substring(0, Math.min(cut.length() - 1, MESSAGE_BYTES - 4));
        }
        return cut;
    }
}
