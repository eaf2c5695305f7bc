package io.redocdc.sinks.jdbc.state;

import io.redocdc.operators.lcr.Lcr;
import io.redocdc.operators.lcr.Position;
import io.redocdc.sinks.jdbc.JdbcSinkOptions;
import io.redocdc.sinks.jdbc.dialect.Condition;
import io.redocdc.sinks.jdbc.dialect.JdbcDialect;
import io.redocdc.sinks.jdbc.parallel.AppliedTransactionLog;
import io.redocdc.sinks.jdbc.parallel.AppliedTransactions;
import io.redocdc.sinks.jdbc.target.TargetTable;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What one sink ({@code sink.name}) has applied, kept in the target in the same target transactions as the data,
 * in one scheme shared by the serial and the parallel writer:
 * <ul>
 *   <li>{@value #TABLE}: one row per sink, the low mark (POSITION of the last LCR of a transaction, COMMIT_SCN,
 *       APPLIED_AT): every transaction at or below it is applied;</li>
 *   <li>{@value #TRANSACTION_TABLE}: (SINK_NAME, POSITION) of each transaction applied above the low mark, which
 *       parallel apply commits out of commit order; a drain moves the low mark and deletes the rows it covers.</li>
 * </ul>
 * The serial writer moves the low mark with every transaction. After a parallel run that crashed, it skips the
 * transactions left in {@value #TRANSACTION_TABLE} ({@link #load}) and deletes those rows once its low mark
 * passes them, so switching {@code apply.parallelism} between restarts never applies a transaction twice.
 *
 * <p>Positions are stored as 60 lowercase hex digits: of equal length and in {@code [0-9a-f]}, they compare in
 * SQL as their bytes do. Only {@link #createIfMissing} commits; the other methods work in the caller's
 * transaction. One instance per writer (it remembers the leftover rows {@link #load} found). The statements that
 * run once per transaction ({@link #record}, {@link #recordTransaction}) are prepared once per connection, with the
 * state schema resolved once, so bookkeeping costs one statement per target transaction; {@link #release} closes
 * them.
 */
public class AppliedPositionStore implements AppliedTransactionLog {

    public static final String TABLE = "REDO_CDC_APPLIED";
    public static final String TRANSACTION_TABLE = "REDO_CDC_APPLIED_TXN";

    protected final JdbcDialect dialect;
    protected final String schema;
    protected final String sinkName;
    /** Highest row in TRANSACTION_TABLE above the low mark found by {@link #load}; null when none is left. */
    private volatile Position highestLeftover;
    /** Per connection (by identity: connections do not override equals); parallel workers record concurrently. */
    private final Map<Connection, BookkeepingStatements> prepared = new ConcurrentHashMap<>();

    /** @param schema null for the connection's current schema */
    public AppliedPositionStore(JdbcDialect dialect, String schema, String sinkName) {
        this.dialect = dialect;
        this.schema = schema;
        this.sinkName = sinkName;
    }

    public static AppliedPositionStore of(JdbcSinkOptions options) {
        return new AppliedPositionStore(options.dialect(), options.stateSchema(), options.sinkName());
    }

    public String sinkName() {
        return sinkName;
    }

    public TargetTable table(Connection connection) throws SQLException {
        return StateTables.resolve(connection, schema, TABLE);
    }

    public TargetTable transactionTable(Connection connection) throws SQLException {
        return StateTables.resolve(connection, schema, TRANSACTION_TABLE);
    }

    /** Creates REDO_CDC_APPLIED and REDO_CDC_APPLIED_TXN when missing (commits). */
    @Override
    public void createIfMissing(Connection connection) throws SQLException {
        TargetTable table = table(connection);
        StateTables.createIfMissing(connection, table, "CREATE TABLE " + dialect.qualified(table) + " ("
                + q("SINK_NAME") + " " + dialect.varcharType(128) + " NOT NULL PRIMARY KEY, "
                + q("POSITION") + " " + dialect.varcharType(60) + " NOT NULL, "
                + q("COMMIT_SCN") + " " + dialect.numberType() + "(20), "
                + q("APPLIED_AT") + " " + dialect.timestampType() + ")");
        TargetTable transactions = transactionTable(connection);
        StateTables.createIfMissing(connection, transactions, "CREATE TABLE " + dialect.qualified(transactions) + " ("
                + q("SINK_NAME") + " " + dialect.varcharType(128) + " NOT NULL, "
                + q("POSITION") + " " + dialect.varcharType(60) + " NOT NULL, "
                + "PRIMARY KEY (" + q("SINK_NAME") + ", " + q("POSITION") + "))");
    }

    /** The low mark of this sink, empty when it never applied anything. */
    public Optional<Position> read(Connection connection) throws SQLException {
        String sql = "SELECT " + q("POSITION") + " FROM " + dialect.qualified(table(connection))
                + dialect.where(List.of(Condition.equalTo("SINK_NAME")));
        try (PreparedStatement statement = connection.prepareStatement(sql)) {
            statement.setString(1, sinkName);
            try (ResultSet rs = statement.executeQuery()) {
                return rs.next() ? Optional.of(parse(TABLE, rs.getString(1))) : Optional.empty();
            }
        }
    }

    /** The low mark and the transactions applied above it (by a parallel run since its last drain). */
    @Override
    public AppliedTransactions load(Connection connection) throws SQLException {
        Position lowMark = read(connection).orElse(null);
        Set<String> above = new HashSet<>();
        Position highest = null;
        String sql = "SELECT " + q("POSITION") + " FROM " + dialect.qualified(transactionTable(connection))
                + dialect.where(List.of(Condition.equalTo("SINK_NAME")));
        try (PreparedStatement statement = connection.prepareStatement(sql)) {
            statement.setString(1, sinkName);
            try (ResultSet rs = statement.executeQuery()) {
                while (rs.next()) {
                    Position position = parse(TRANSACTION_TABLE, rs.getString(1));
                    if (lowMark == null || position.compareTo(lowMark) > 0) {
                        above.add(position.transactionId());
                        highest = highest == null || position.compareTo(highest) > 0 ? position : highest;
                    }
                }
            }
        }
        highestLeftover = highest;
        return new AppliedTransactions(lowMark, above);
    }

    /**
     * Serial apply: records {@code last} (the last LCR of a transaction) as the low mark, in the caller's open
     * transaction; while rows a parallel run left in REDO_CDC_APPLIED_TXN remain, deletes those it now covers.
     */
    public void record(Connection connection, Lcr last) throws SQLException {
        Position position = last.positionValue();
        statements(connection).writeLowMark(position);
        Position leftover = highestLeftover;
        if (leftover != null) {
            deleteTransactionsUpTo(connection, position);
            if (position.compareTo(leftover) >= 0) {
                highestLeftover = null;
            }
        }
    }

    /** Parallel apply: records one transaction applied above the low mark, in the transaction that applied it. */
    @Override
    public void recordTransaction(Connection connection, Position lastLcr) throws SQLException {
        PreparedStatement statement = statements(connection).insertTransaction;
        statement.setString(1, sinkName);
        statement.setString(2, lastLcr.toHex());
        statement.executeUpdate();
    }

    /** Closes the statements prepared for {@code connection} (before it is closed or given up). */
    public void release(Connection connection) throws SQLException {
        BookkeepingStatements statements = prepared.remove(connection);
        if (statements != null) {
            statements.close();
        }
    }

    /** Parallel apply, at a drain: moves the low mark to {@code lastLcr} and deletes the rows it covers. */
    @Override
    public void advanceLowMark(Connection connection, Position lastLcr) throws SQLException {
        writeLowMark(connection, lastLcr);
        deleteTransactionsUpTo(connection, lastLcr);
    }

    private void writeLowMark(Connection connection, Position position) throws SQLException {
        statements(connection).writeLowMark(position);
    }

    private BookkeepingStatements statements(Connection connection) throws SQLException {
        BookkeepingStatements statements = prepared.get(connection);
        if (statements == null) {
            statements = new BookkeepingStatements(connection);
            prepared.put(connection, statements);
        }
        return statements;
    }

    private void deleteTransactionsUpTo(Connection connection, Position position) throws SQLException {
        String delete = "DELETE FROM " + dialect.qualified(transactionTable(connection)) + " WHERE "
                + q("SINK_NAME") + " = ? AND " + q("POSITION") + " <= ?";
        try (PreparedStatement statement = connection.prepareStatement(delete)) {
            statement.setString(1, sinkName);
            statement.setString(2, position.toHex());
            statement.executeUpdate();
        }
    }

    private void bindLowMark(PreparedStatement statement, Position position) throws SQLException {
        statement.setString(1, position.toHex());
        statement.setBigDecimal(2, new BigDecimal(Long.toUnsignedString(position.commitScn())));
        statement.setTimestamp(3, Timestamp.from(Instant.now()));
        statement.setString(4, sinkName);
    }

    private String q(String column) {
        return dialect.quote(column);
    }

    private Position parse(String table, String hex) {
        try {
            return Position.fromHex(hex);
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException(table + " holds '" + hex + "' as POSITION of sink '" + sinkName
                    + "', expected " + 2 * Position.LENGTH + " hex digits", e);
        }
    }

    /** The low-mark and per-transaction statements of one connection. */
    private final class BookkeepingStatements implements AutoCloseable {
        private final PreparedStatement updateLowMark;
        private final PreparedStatement insertLowMark;
        private final PreparedStatement insertTransaction;

        BookkeepingStatements(Connection connection) throws SQLException {
            TargetTable table = table(connection);
            updateLowMark = connection.prepareStatement(dialect.update(table,
                    List.of("POSITION", "COMMIT_SCN", "APPLIED_AT"), List.of(Condition.equalTo("SINK_NAME"))));
            insertLowMark = connection.prepareStatement(dialect.insert(table,
                    List.of("POSITION", "COMMIT_SCN", "APPLIED_AT", "SINK_NAME")));
            insertTransaction = connection.prepareStatement(dialect.insert(transactionTable(connection),
                    List.of("SINK_NAME", "POSITION")));
        }

        /** UPDATE of this sink's row; INSERT when the sink has none yet (its first transaction). */
        void writeLowMark(Position position) throws SQLException {
            bindLowMark(updateLowMark, position);
            if (updateLowMark.executeUpdate() == 1) {
                return;
            }
            bindLowMark(insertLowMark, position);
            insertLowMark.executeUpdate();
        }

        @Override
        public void close() throws SQLException {
            try (updateLowMark; insertLowMark; insertTransaction) {
                // closes all three
            }
        }
    }
}
