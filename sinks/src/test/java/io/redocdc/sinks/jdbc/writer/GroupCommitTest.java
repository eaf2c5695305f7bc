package io.redocdc.sinks.jdbc.writer;

import static io.redocdc.sinks.jdbc.testing.Transactions.image;
import static io.redocdc.sinks.jdbc.testing.Transactions.txn;
import static io.redocdc.sinks.jdbc.testing.Transactions.v;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.redocdc.common.jdbc.Secret;
import io.redocdc.operators.lcr.Lcr;
import io.redocdc.sinks.jdbc.JdbcSinkMetrics;
import io.redocdc.sinks.jdbc.JdbcSinkOptions;
import io.redocdc.sinks.jdbc.OnError;
import io.redocdc.sinks.jdbc.apply.ApplyContext;
import io.redocdc.sinks.jdbc.dialect.JdbcDialect;
import io.redocdc.sinks.jdbc.testing.TestDatabase;
import io.redocdc.sinks.jdbc.testing.TestDatabaseKind;
import io.redocdc.sinks.jdbc.testing.Transactions;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ScheduledFuture;
import java.util.function.UnaryOperator;
import org.apache.flink.api.common.operators.ProcessingTimeService;
import org.apache.flink.metrics.groups.UnregisteredMetricsGroup;
import org.apache.flink.runtime.execution.SuppressRestartsException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Group commit of the serial writer: several source transactions per target transaction, each still all or
 * nothing; a failing one inside a group is isolated; a crash mid-group replays the group exactly once; the
 * latency timer commits without new input. Rows are checked from another connection, which sees only commits.
 */
class GroupCommitTest {

    @ParameterizedTest
    @EnumSource(TestDatabaseKind.class)
    void aFailingTransactionInsideAGroupGoesWholeToTheErrorTableAndTheOthersAreApplied(TestDatabaseKind kind)
            throws Exception {
        try (TestDatabase db = kind.open(); Writers writers = new Writers(db)) {
            createOrders(db);
            // bad2 fails while t3 is applied (its batch runs then), bad4 when the group commits
            List<Lcr> t1 = txn(100).insert("ORDERS", v("ID", "1"), v("NOTE", "t1")).build();
            List<Lcr> bad2 = txn(200).insert("ORDERS", v("ID", "2"), v("NOTE", "bad2"))
                    .update("ORDERS", image(v("ID", "9"), v("NOTE", "missing")), image(v("ID", "9"), v("NOTE", "x")))
                    .build();
            List<Lcr> t3 = txn(300).insert("ORDERS", v("ID", "3"), v("NOTE", "t3"))
                    .update("ORDERS", image(v("ID", "1"), v("NOTE", "t1")), image(v("ID", "1"), v("NOTE", "t3"))).build();
            List<Lcr> bad4 = txn(400).delete("ORDERS", v("ID", "8"), v("NOTE", "missing")).build();
            JdbcSinkMetrics metrics = metrics();
            // in statement order, so that the batches run when this test says (ReorderedBatchingTest: reordered)
            JdbcSinkWriter writer = writers.open(metrics, null, b -> b.groupMaxRows(100).batchReorder(false));
            feed(writer, t1, bad2, t3, bad4);
            // the failure seen in t3 committed t1 and queued bad2 alone; t3 and bad4 wait in a new group
            assertThat(db.rows("SELECT \"ID\", \"NOTE\" FROM \"ORDERS\"")).containsExactly("1|t1");
            assertThat(db.rows("SELECT \"POSITION\" FROM \"REDO_CDC_APPLIED\"")).containsExactly(last(bad2));
            writer.flush(false);
            writers.close(writer);

            assertThat(db.rows("SELECT \"ID\", \"NOTE\" FROM \"ORDERS\" ORDER BY 1")).containsExactly("1|t3", "3|t3");
            assertThat(db.rows("SELECT \"POSITION\", \"ORDINAL\", \"COMMAND\" FROM \"REDO_CDC_ERRORS\" "
                    + "ORDER BY \"POSITION\", \"ORDINAL\"")).containsExactly(
                    last(bad2) + "|0|INSERT", last(bad2) + "|1|UPDATE", last(bad4) + "|0|DELETE");
            assertThat(db.rows("SELECT \"POSITION\" FROM \"REDO_CDC_APPLIED\"")).containsExactly(last(bad4));
            assertThat(metrics.appliedTransactions().getCount()).isEqualTo(2);
            assertThat(metrics.appliedRows().getCount()).isEqualTo(3);
            assertThat(metrics.errorTransactions().getCount()).isEqualTo(2);
        }
    }

    @ParameterizedTest
    @EnumSource(TestDatabaseKind.class)
    void underStopTheTransactionsBeforeTheFailingOneAreCommittedAndTheJobStopsNamingIt(TestDatabaseKind kind)
            throws Exception {
        try (TestDatabase db = kind.open(); Writers writers = new Writers(db)) {
            createOrders(db);
            List<Lcr> t1 = txn(100).insert("ORDERS", v("ID", "1")).build();
            List<Lcr> bad2 = txn(200).delete("ORDERS", v("ID", "8"), v("NOTE", "missing")).build();
            List<Lcr> t3 = txn(300).insert("ORDERS", v("ID", "3")).build();
            JdbcSinkWriter writer = writers.open(metrics(), null, b -> b.groupMaxRows(100).onError(OnError.STOP));
            assertThatThrownBy(() -> {
                feed(writer, t1, bad2, t3);
                writer.flush(false);
            }).isInstanceOf(SuppressRestartsException.class).cause()
                    .hasMessageContaining(Transactions.xid(200)).hasMessageContaining("commit SCN 200");
            writers.close(writer);
            assertThat(db.rows("SELECT \"ID\" FROM \"ORDERS\"")).containsExactly("1");
            assertThat(db.rows("SELECT \"POSITION\" FROM \"REDO_CDC_APPLIED\"")).containsExactly(last(t1));
            assertThat(db.rows("SELECT COUNT(*) FROM \"REDO_CDC_ERRORS\"")).containsExactly("0");
        }
    }

    @ParameterizedTest
    @EnumSource(TestDatabaseKind.class)
    void aCrashMidGroupReplaysTheGroupExactlyOnce(TestDatabaseKind kind) throws Exception {
        try (TestDatabase db = kind.open(); Writers writers = new Writers(db)) {
            createOrders(db);
            List<List<Lcr>> stream = new ArrayList<>();
            for (int t = 1; t <= 7; t++) {
                // each transaction inserts its row and moves row 0 on: applied twice, it would conflict
                stream.add(txn(t * 100L).insert("ORDERS", v("ID", "" + t), v("NOTE", "t" + t))
                        .update("ORDERS", image(v("ID", "0"), v("NOTE", "v" + (t - 1))), image(v("ID", "0"), v("NOTE", "v" + t)))
                        .build());
            }
            execute(db, "INSERT INTO \"ORDERS\" (\"ID\", \"NOTE\") VALUES (0, 'v0')");
            // groups of 4 rows: t1+t2 commit, t3+t4 commit, t5 is in the open group when t6 starts
            JdbcSinkWriter crashed = writers.open(metrics(), null, b -> b.groupMaxRows(4));
            feed(crashed, stream.subList(0, 5).toArray(List[]::new));
            crashed.write(stream.get(5).get(0), null);
            writers.close(crashed); // inside t6: the whole open group is rolled back
            assertThat(db.rows("SELECT \"POSITION\" FROM \"REDO_CDC_APPLIED\"")).containsExactly(last(stream.get(3)));
            assertThat(db.rows("SELECT COUNT(*) FROM \"ORDERS\"")).containsExactly("5");

            JdbcSinkMetrics metrics = metrics();
            JdbcSinkWriter restarted = writers.open(metrics, null, b -> b.groupMaxRows(4));
            feed(restarted, stream.toArray(List[]::new));
            restarted.flush(true);
            writers.close(restarted);
            assertThat(metrics.skippedOnReplay().getCount()).isEqualTo(4 * 2);
            assertThat(metrics.appliedTransactions().getCount()).isEqualTo(3);
            assertThat(metrics.errorTransactions().getCount()).isZero();
            assertThat(db.rows("SELECT \"ID\", \"NOTE\" FROM \"ORDERS\" WHERE \"ID\" = 0")).containsExactly("0|v7");
            assertThat(db.rows("SELECT COUNT(*), COUNT(DISTINCT \"ID\") FROM \"ORDERS\"")).containsExactly("8|8");
            assertThat(db.rows("SELECT \"POSITION\" FROM \"REDO_CDC_APPLIED\"")).containsExactly(last(stream.get(6)));
        }
    }

    @ParameterizedTest
    @EnumSource(TestDatabaseKind.class)
    void theLatencyTimerCommitsWithoutNewInput(TestDatabaseKind kind) throws Exception {
        try (TestDatabase db = kind.open(); Writers writers = new Writers(db)) {
            createOrders(db);
            ManualTimers timers = new ManualTimers();
            JdbcSinkWriter writer = writers.open(metrics(), timers, b -> b.groupMaxRows(1000).groupMaxLatency(
                    java.time.Duration.ofMillis(250)));
            List<Lcr> t1 = txn(100).insert("ORDERS", v("ID", "1")).build();
            feed(writer, t1);
            assertThat(timers.deadlines).containsExactly(ManualTimers.NOW + 250);
            assertThat(db.rows("SELECT COUNT(*) FROM \"ORDERS\"")).containsExactly("0");
            timers.fireAll();
            assertThat(db.rows("SELECT COUNT(*) FROM \"ORDERS\"")).containsExactly("1");
            assertThat(writer.appliedPosition().toHex()).isEqualTo(last(t1));

            // the timer of the next group fires while a transaction arrives: it commits when that one ends
            List<Lcr> t2 = txn(200).insert("ORDERS", v("ID", "2")).insert("ORDERS", v("ID", "3")).build();
            writer.write(t2.get(0), null);
            timers.fireAll();
            assertThat(db.rows("SELECT COUNT(*) FROM \"ORDERS\"")).containsExactly("1");
            writer.write(t2.get(1), null);
            assertThat(db.rows("SELECT COUNT(*) FROM \"ORDERS\"")).containsExactly("3");
            assertThat(db.rows("SELECT \"POSITION\" FROM \"REDO_CDC_APPLIED\"")).containsExactly(last(t2));

            // a timer left from a committed group does nothing to the next one
            List<Lcr> t3 = txn(300).insert("ORDERS", v("ID", "4")).build();
            feed(writer, t3);
            timers.fireStale();
            assertThat(db.rows("SELECT COUNT(*) FROM \"ORDERS\"")).containsExactly("3");
            writer.flush(false);
            assertThat(db.rows("SELECT COUNT(*) FROM \"ORDERS\"")).containsExactly("4");
            writers.close(writer);
        }
    }

    @ParameterizedTest
    @EnumSource(TestDatabaseKind.class)
    void aGroupCommitsWhenItReachesTheRowLimitAndOneRowGroupsCommitEachTransaction(TestDatabaseKind kind)
            throws Exception {
        try (TestDatabase db = kind.open(); Writers writers = new Writers(db)) {
            createOrders(db);
            JdbcSinkWriter grouped = writers.open(metrics(), null, b -> b.groupMaxRows(3));
            feed(grouped, txn(100).insert("ORDERS", v("ID", "1")).insert("ORDERS", v("ID", "2")).build());
            assertThat(db.rows("SELECT COUNT(*) FROM \"ORDERS\"")).containsExactly("0");
            feed(grouped, txn(200).insert("ORDERS", v("ID", "3")).build());
            assertThat(db.rows("SELECT COUNT(*) FROM \"ORDERS\"")).containsExactly("3");
            writers.close(grouped);

            JdbcSinkWriter single = writers.open(metrics(), null, b -> b.sinkName("single").groupMaxRows(1));
            List<Lcr> ddl = txn(300).ddl("ORDERS", "alter table oe.orders add (x number)").build();
            feed(single, ddl); // a transaction without rows commits alone too
            assertThat(db.rows("SELECT \"POSITION\" FROM \"REDO_CDC_APPLIED\" WHERE \"SINK_NAME\" = 'single'"))
                    .containsExactly(last(ddl));
            writers.close(single);
        }
    }

    // ---- helpers ---------------------------------------------------------------------------------------------

    /** Timers fired by the test; the clock stands still. */
    private static final class ManualTimers implements ProcessingTimeService {
        static final long NOW = 1_000_000;
        final List<Long> deadlines = new ArrayList<>();
        private final List<ProcessingTimeCallback> pending = new ArrayList<>();
        private final List<ProcessingTimeCallback> fired = new ArrayList<>();

        @Override
        public long getCurrentProcessingTime() {
            return NOW;
        }

        @Override
        public ScheduledFuture<?> registerTimer(long timestamp, ProcessingTimeCallback callback) {
            deadlines.add(timestamp);
            pending.add(callback);
            return null;
        }

        void fireAll() throws Exception {
            List<ProcessingTimeCallback> due = new ArrayList<>(pending);
            pending.clear();
            for (ProcessingTimeCallback callback : due) {
                callback.onProcessingTime(NOW);
                fired.add(callback);
            }
        }

        /** Fires the timers that already fired once again, as a late duplicate would. */
        void fireStale() throws Exception {
            for (ProcessingTimeCallback callback : fired) {
                callback.onProcessingTime(NOW);
            }
        }
    }

    /** The test's writers; those still open when the test ends (e.g. it failed) are closed before the database. */
    private static final class Writers implements AutoCloseable {
        private final TestDatabase db;
        private final List<JdbcSinkWriter> open = new ArrayList<>();

        Writers(TestDatabase db) {
            this.db = db;
        }

        JdbcSinkWriter open(JdbcSinkMetrics metrics, ProcessingTimeService timers,
                            UnaryOperator<JdbcSinkOptions.Builder> configure) throws Exception {
            JdbcSinkOptions options = configure.apply(JdbcSinkOptions.builder().jdbcUrl(db.url()).user(db.user())
                    .password(Secret.of(db.password())).mapTable("OE.*", db.schema() + ".*")).build();
            JdbcSinkWriter writer = JdbcSinkWriter.create(new ApplyContext(options, metrics), List.of(), timers);
            open.add(writer);
            return writer;
        }

        void close(JdbcSinkWriter writer) throws Exception {
            open.remove(writer);
            writer.close();
        }

        @Override
        public void close() throws Exception {
            for (JdbcSinkWriter writer : List.copyOf(open)) {
                close(writer);
            }
        }
    }

    private static JdbcSinkMetrics metrics() {
        return new JdbcSinkMetrics(new UnregisteredMetricsGroup());
    }

    @SafeVarargs
    private static void feed(JdbcSinkWriter writer, List<Lcr>... transactions) throws Exception {
        for (List<Lcr> transaction : transactions) {
            for (Lcr lcr : transaction) {
                writer.write(lcr, null);
            }
        }
    }

    private static String last(List<Lcr> transaction) {
        return transaction.get(transaction.size() - 1).position();
    }

    private static void createOrders(TestDatabase db) throws SQLException {
        JdbcDialect dialect = JdbcDialect.forUrl(db.url());
        execute(db, "CREATE TABLE \"ORDERS\" (\"ID\" " + dialect.numberType() + "(10) PRIMARY KEY, \"NOTE\" "
                + dialect.varcharType(40) + ")");
    }

    private static void execute(TestDatabase db, String sql) throws SQLException {
        try (Connection connection = db.connect(); Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }

}
