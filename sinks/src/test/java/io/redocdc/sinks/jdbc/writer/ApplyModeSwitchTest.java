package io.redocdc.sinks.jdbc.writer;

import static io.redocdc.sinks.jdbc.testing.Transactions.image;
import static io.redocdc.sinks.jdbc.testing.Transactions.txn;
import static io.redocdc.sinks.jdbc.testing.Transactions.v;
import static org.assertj.core.api.Assertions.assertThat;

import io.redocdc.common.jdbc.Secret;
import io.redocdc.operators.lcr.Lcr;
import io.redocdc.sinks.jdbc.JdbcSinkMetrics;
import io.redocdc.sinks.jdbc.JdbcSinkOptions;
import io.redocdc.sinks.jdbc.apply.ApplyContext;
import io.redocdc.sinks.jdbc.dialect.JdbcDialect;
import io.redocdc.sinks.jdbc.testing.TestDatabase;
import io.redocdc.sinks.jdbc.testing.TestDatabaseKind;
import io.redocdc.sinks.jdbc.testing.Transactions;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.flink.metrics.groups.UnregisteredMetricsGroup;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Switching {@code apply.parallelism} between restarts never applies a transaction twice: both writers keep one
 * bookkeeping scheme. Every transaction inserts a new row and moves a shared counter row from its previous
 * version, so applying one twice would show as a conflict in REDO_CDC_ERRORS.
 */
class ApplyModeSwitchTest {

    private static final int TRANSACTIONS = 12;

    @ParameterizedTest
    @EnumSource(TestDatabaseKind.class)
    void serialRunAfterACrashedParallelRunSkipsWhatTheParallelRunApplied(TestDatabaseKind kind) throws Exception {
        try (TestDatabase db = kind.open()) {
            List<List<Lcr>> stream = prepare(db);
            JdbcSinkMetrics parallelMetrics = metrics();
            JdbcSinkWriter parallel = writer(db, 4, parallelMetrics);
            feed(parallel, stream.subList(0, 4));
            parallel.flush(false); // a checkpoint: low mark at transaction 4
            feed(parallel, stream.subList(4, 9));
            awaitCount(db, "REDO_CDC_APPLIED_TXN", 5);
            parallel.close(); // the crash: transactions 5..9 are applied above the low mark

            JdbcSinkMetrics serialMetrics = metrics();
            JdbcSinkWriter serial = writer(db, 1, serialMetrics);
            feed(serial, stream); // replay from before the last checkpoint
            serial.flush(true);
            serial.close();

            assertThat(serialMetrics.skippedOnReplay().getCount()).isEqualTo(9 * 2);
            assertThat(serialMetrics.appliedTransactions().getCount()).isEqualTo(TRANSACTIONS - 9);
            assertAppliedOnce(db, stream);
            assertThat(count(db, "REDO_CDC_APPLIED_TXN")).as("rows under the serial low mark are deleted").isZero();
        }
    }

    @ParameterizedTest
    @EnumSource(TestDatabaseKind.class)
    void serialRunSkipsTransactionsAboveTheLowMarkAndAppliesTheGapsBetweenThem(TestDatabaseKind kind)
            throws Exception {
        try (TestDatabase db = kind.open()) {
            List<List<Lcr>> stream = prepare(db, Set.of(5, 7));
            JdbcSinkWriter first = writer(db, 1, metrics());
            feed(first, stream.subList(0, 3));
            first.close();
            // What a crashed parallel run may leave: transactions 5 and 7 committed, 4 and 6 not yet.
            simulateParallelCommit(db, stream.get(4));
            simulateParallelCommit(db, stream.get(6));

            JdbcSinkMetrics metrics = metrics();
            JdbcSinkWriter serial = writer(db, 1, metrics);
            feed(serial, stream);
            serial.close();

            assertThat(metrics.skippedOnReplay().getCount()).as("LCRs of transactions 1..3, 5 and 7")
                    .isEqualTo(3 * 2 + 2);
            assertThat(metrics.appliedTransactions().getCount()).isEqualTo(TRANSACTIONS - 5);
            assertAppliedOnce(db, stream);
            assertThat(count(db, "REDO_CDC_APPLIED_TXN")).isZero();
        }
    }

    @ParameterizedTest
    @EnumSource(TestDatabaseKind.class)
    void parallelRunAfterACrashedSerialRunSkipsWhatTheSerialRunApplied(TestDatabaseKind kind) throws Exception {
        try (TestDatabase db = kind.open()) {
            List<List<Lcr>> stream = prepare(db);
            JdbcSinkWriter serial = writer(db, 1, metrics());
            feed(serial, stream.subList(0, 6));
            serial.write(stream.get(6).get(0), null); // the crash comes inside transaction 7
            serial.close();

            JdbcSinkMetrics metrics = metrics();
            JdbcSinkWriter parallel = writer(db, 3, metrics);
            feed(parallel, stream);
            parallel.flush(true);
            parallel.close();

            assertThat(metrics.skippedOnReplay().getCount()).isEqualTo(6 * 2);
            assertThat(metrics.appliedTransactions().getCount()).isEqualTo(TRANSACTIONS - 6);
            assertAppliedOnce(db, stream);
        }
    }

    // ---- helpers ---------------------------------------------------------------------------------------------

    private static List<List<Lcr>> prepare(TestDatabase db) throws SQLException {
        return prepare(db, Set.of());
    }

    /**
     * Creates ORDERS with the counter row (ID 0, VERSION 0) and returns the transactions: transaction t inserts
     * row t and, unless it is in {@code insertOnly}, moves the counter to version t.
     */
    private static List<List<Lcr>> prepare(TestDatabase db, Set<Integer> insertOnly) throws SQLException {
        JdbcDialect dialect = JdbcDialect.forUrl(db.url());
        execute(db, "CREATE TABLE \"ORDERS\" (\"ID\" " + dialect.numberType() + "(10) PRIMARY KEY, \"VERSION\" "
                + dialect.numberType() + "(10))");
        execute(db, "INSERT INTO \"ORDERS\" VALUES (0, 0)");
        List<List<Lcr>> stream = new ArrayList<>();
        int version = 0;
        for (int t = 1; t <= TRANSACTIONS; t++) {
            Transactions transaction = txn(t * 100L);
            if (!insertOnly.contains(t)) {
                transaction.update("ORDERS", image(v("ID", "0"), v("VERSION", "" + version)),
                        image(v("ID", "0"), v("VERSION", "" + t)));
                version = t;
            }
            stream.add(transaction.insert("ORDERS", v("ID", "" + t), v("VERSION", "" + t)).build());
        }
        return stream;
    }

    /** Applies an insert-only transaction and its bookkeeping row directly, as a parallel worker commits it. */
    private static void simulateParallelCommit(TestDatabase db, List<Lcr> transaction) throws SQLException {
        String id = transaction.get(0).newValues()[0].text();
        execute(db, "INSERT INTO \"ORDERS\" VALUES (" + id + ", " + id + ")");
        execute(db, "INSERT INTO \"REDO_CDC_APPLIED_TXN\" VALUES ('redo-cdc', '"
                + transaction.get(transaction.size() - 1).position() + "')");
    }

    private static void assertAppliedOnce(TestDatabase db, List<List<Lcr>> stream) throws SQLException {
        assertThat(count(db, "REDO_CDC_ERRORS")).isZero();
        assertThat(count(db, "ORDERS")).isEqualTo(TRANSACTIONS + 1);
        assertThat(query(db, "SELECT \"VERSION\" FROM \"ORDERS\" WHERE \"ID\" = 0")).isEqualTo("" + TRANSACTIONS);
        List<Lcr> last = stream.get(stream.size() - 1);
        assertThat(query(db, "SELECT \"POSITION\" FROM \"REDO_CDC_APPLIED\""))
                .isEqualTo(last.get(last.size() - 1).position());
    }

    /** Serial writers commit each transaction alone (no group commit), so a crash loses only the one arriving. */
    private static JdbcSinkWriter writer(TestDatabase db, int parallelism, JdbcSinkMetrics metrics) throws Exception {
        JdbcSinkOptions options = JdbcSinkOptions.builder().jdbcUrl(db.url()).user(db.user())
                .password(Secret.of(db.password())).mapTable("OE.*", db.schema() + ".*")
                .applyParallelism(parallelism).groupMaxRows(1).build();
        return JdbcSinkWriter.create(new ApplyContext(options, metrics), List.of());
    }

    private static JdbcSinkMetrics metrics() {
        return new JdbcSinkMetrics(new UnregisteredMetricsGroup());
    }

    private static void feed(JdbcSinkWriter writer, List<List<Lcr>> transactions) throws Exception {
        for (List<Lcr> transaction : transactions) {
            for (Lcr lcr : transaction) {
                writer.write(lcr, null);
            }
        }
    }

    private static void awaitCount(TestDatabase db, String table, long expected) throws Exception {
        long deadline = System.nanoTime() + 20_000_000_000L;
        while (count(db, table) < expected && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertThat(count(db, table)).isEqualTo(expected);
    }

    private static long count(TestDatabase db, String table) throws SQLException {
        return Long.parseLong(query(db, "SELECT COUNT(*) FROM \"" + table + "\""));
    }

    private static String query(TestDatabase db, String sql) throws SQLException {
        try (Connection connection = db.connect(); Statement statement = connection.createStatement();
             ResultSet rs = statement.executeQuery(sql)) {
            assertThat(rs.next()).as("a row from %s", sql).isTrue();
            return rs.getString(1);
        }
    }

    private static void execute(TestDatabase db, String sql) throws SQLException {
        try (Connection connection = db.connect(); Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }
}
