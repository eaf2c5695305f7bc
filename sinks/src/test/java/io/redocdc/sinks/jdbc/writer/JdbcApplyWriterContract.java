package io.redocdc.sinks.jdbc.writer;

import static io.redocdc.sinks.jdbc.testing.Transactions.image;
import static io.redocdc.sinks.jdbc.testing.Transactions.nul;
import static io.redocdc.sinks.jdbc.testing.Transactions.txn;
import static io.redocdc.sinks.jdbc.testing.Transactions.typed;
import static io.redocdc.sinks.jdbc.testing.Transactions.v;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.redocdc.common.jdbc.Secret;
import io.redocdc.operators.lcr.Lcr;
import io.redocdc.operators.lcr.ValueKind;
import io.redocdc.sinks.jdbc.JdbcApplyException;
import io.redocdc.sinks.jdbc.JdbcSinkMetrics;
import io.redocdc.sinks.jdbc.JdbcSinkOptions;
import io.redocdc.sinks.jdbc.OnError;
import io.redocdc.sinks.jdbc.apply.ApplyContext;
import io.redocdc.sinks.jdbc.apply.ConflictPolicy;
import io.redocdc.sinks.jdbc.dialect.JdbcDialect;
import io.redocdc.sinks.jdbc.dialect.OracleDialect;
import io.redocdc.sinks.jdbc.dialect.PostgresDialect;
import io.redocdc.sinks.jdbc.errors.ErrorQueue;
import io.redocdc.sinks.jdbc.errors.ErrorTransaction;
import io.redocdc.sinks.jdbc.state.JdbcWriterState;
import io.redocdc.sinks.jdbc.state.JdbcWriterStateSerializer;
import io.redocdc.sinks.jdbc.target.TargetTable;
import io.redocdc.sinks.jdbc.testing.Transactions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import org.apache.flink.metrics.groups.UnregisteredMetricsGroup;
import org.apache.flink.runtime.execution.SuppressRestartsException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The apply writers against a real database, driving the SinkWriter directly. Subclasses give the JDBC URL of an
 * empty database (H2, PostgreSQL; Oracle could rerun the same tests) and may set options for every writer, e.g.
 * {@code apply.parallelism} to run the contract against the parallel writer. {@link #feed} ends with a flush (a
 * no-op for the serial writer; the parallel one waits there until everything handed in is committed).
 */
abstract class JdbcApplyWriterContract {

    protected String url;
    protected Connection db;
    protected JdbcDialect dialect;
    private JdbcSinkMetrics metrics;
    private final List<JdbcSinkWriter> writers = new ArrayList<>();

    /** The URL of an empty database for one test (called before each test). */
    protected abstract String freshDatabaseUrl() throws Exception;

    protected String user() {
        return null;
    }

    protected String password() {
        return null;
    }

    protected String binaryType() {
        return dialect instanceof PostgresDialect ? "BYTEA" : dialect instanceof OracleDialect ? "RAW(64)" : "VARBINARY(64)";
    }

    protected String dateType() {
        return dialect instanceof PostgresDialect ? "TIMESTAMP(0)" : "DATE";
    }

    @BeforeEach
    void openDatabase() throws Exception {
        url = freshDatabaseUrl();
        dialect = JdbcDialect.forUrl(url);
        db = DriverManager.getConnection(url, user(), password());
        createSchema("OE");
        createOrders("OE");
    }

    @AfterEach
    void closeWriters() throws Exception {
        try {
            for (JdbcSinkWriter writer : writers) {
                writer.close();
            }
            if (db != null) { // null when the database could not be opened (or a PostgreSQL run is skipped)
                db.close();
            }
        } finally {
            closeDatabase();
        }
    }

    /** Creates an empty schema (on Oracle, where a schema is a user, subclasses create the user). */
    protected void createSchema(String name) throws SQLException {
        execute("CREATE SCHEMA \"" + name + "\"");
    }

    /** Called after each test, once the writers and the test's connection are closed. */
    protected void closeDatabase() throws Exception {
    }

    // ---- applying -------------------------------------------------------------------------------------------

    @Test
    void appliesInsertsUpdatesAndDeletesAndRecordsThePosition() throws Exception {
        JdbcSinkWriter writer = writer(b -> b);
        List<Lcr> t1 = txn(100).insert("ORDERS", v("ID", "1"), v("NOTE", "first"), v("AMOUNT", "42.50"), nul("VERSION"))
                .insert("ORDERS", v("ID", "2"), v("NOTE", "second"), v("AMOUNT", "1"), v("VERSION", "1")).build();
        List<Lcr> t2 = txn(200).update("ORDERS",
                        image(v("ID", "1"), v("NOTE", "first"), v("AMOUNT", "42.50"), nul("VERSION")),
                        image(v("ID", "1"), v("NOTE", "changed"), v("AMOUNT", "42.50"), v("VERSION", "2")))
                .delete("ORDERS", v("ID", "2"), v("NOTE", "second"), v("AMOUNT", "1"), v("VERSION", "1")).build();
        feed(writer, t1, t2);

        assertThat(rows("SELECT \"ID\", \"NOTE\", \"AMOUNT\", \"VERSION\" FROM \"OE\".\"ORDERS\" ORDER BY 1"))
                .containsExactly("1|changed|42.50|2");
        assertThat(rows("SELECT \"SINK_NAME\", \"POSITION\", \"COMMIT_SCN\" FROM \"REDO_CDC_APPLIED\""))
                .containsExactly("redo-cdc|" + t2.get(1).position() + "|200");
        assertThat(metrics.appliedTransactions().getCount()).isEqualTo(2);
        assertThat(metrics.appliedRows().getCount()).isEqualTo(4);
        assertThat(writer.snapshotState(1)).isEmpty();
    }

    @Test
    void batchingGivesTheSameResultAsRowByRow() throws Exception {
        createSchema("A");
        createSchema("B");
        createOrders("A");
        createOrders("B");
        List<List<Lcr>> stream = new ArrayList<>();
        long scn = 1000;
        for (int t = 0; t < 6; t++) {
            Transactions txn = txn(scn += 100);
            for (int i = 0; i < 7; i++) {
                int id = t * 10 + i;
                txn.insert("ORDERS", v("ID", "" + id), i % 3 == 0 ? nul("NOTE") : v("NOTE", "n" + id), v("AMOUNT", id + ".5"),
                        v("VERSION", "1"));
            }
            if (t > 0) {
                int id = (t - 1) * 10;
                txn.update("ORDERS", image(v("ID", "" + id), nul("NOTE"), v("AMOUNT", id + ".5"), v("VERSION", "1")),
                        image(v("ID", "" + id), v("NOTE", "set"), v("AMOUNT", id + ".5"), v("VERSION", "2")));
                txn.delete("ORDERS", v("ID", "" + (id + 1)), v("NOTE", "n" + (id + 1)), v("AMOUNT", (id + 1) + ".5"),
                        v("VERSION", "1"));
            }
            stream.add(txn.build());
        }
        JdbcSinkWriter rowByRow = writer(b -> b.sinkName("a").batchSize(1).mapTable("OE.*", "A.*"));
        JdbcSinkWriter batched = writer(b -> b.sinkName("b").batchSize(500).mapTable("OE.*", "B.*"));
        for (List<Lcr> txn : stream) {
            feed(rowByRow, txn);
            feed(batched, txn);
        }
        List<String> a = rows("SELECT \"ID\", \"NOTE\", \"VERSION\" FROM \"A\".\"ORDERS\" ORDER BY \"ID\"");
        assertThat(a).hasSize(6 * 7 - 5).contains("0|set|2", "3|null|1", "51|n51|1").doesNotContain("1|n1|1");
        assertThat(rows("SELECT \"ID\", \"NOTE\", \"VERSION\" FROM \"B\".\"ORDERS\" ORDER BY \"ID\"")).isEqualTo(a);
        assertThat(rows("SELECT SUM(\"AMOUNT\") FROM \"B\".\"ORDERS\"")).isEqualTo(rows("SELECT SUM(\"AMOUNT\") FROM \"A\".\"ORDERS\""));
        assertThat(rows("SELECT \"SINK_NAME\" FROM \"REDO_CDC_APPLIED\" ORDER BY 1")).containsExactly("a", "b");
        assertThat(rows("SELECT COUNT(*) FROM \"OE\".\"ORDERS\"")).containsExactly("0");
    }

    @Test
    void updateWithoutChangedColumnsStillChecksTheOldRow() throws Exception {
        execute("INSERT INTO \"OE\".\"ORDERS\" VALUES (1, 'same', 1, 1)");
        JdbcSinkWriter writer = writer(b -> b);
        feed(writer, txn(100).update("ORDERS", image(v("ID", "1"), v("NOTE", "same")),
                image(v("ID", "1"), v("NOTE", "same"))).build());
        assertThat(metrics.errorTransactions().getCount()).isZero();
        assertThat(rows("SELECT \"NOTE\" FROM \"OE\".\"ORDERS\"")).containsExactly("same");
    }

    // ---- values and names -----------------------------------------------------------------------------------

    @Test
    void valuesAndQuotedNamesNeverBecomeSql() throws Exception {
        execute("CREATE TABLE \"OE\".\"A\"\"B\" (\"ID\" " + dialect.numberType() + " PRIMARY KEY, \"C\"\"D\" "
                + dialect.varcharType(200) + ")");
        String evil = "'); DROP TABLE \"OE\".\"ORDERS\"; --";
        JdbcSinkWriter writer = writer(b -> b.mapColumn("OE.EVIL.NOTE", "C\"D").mapTable("OE.EVIL", "OE.A\"B"));
        feed(writer, txn(100).insert("ORDERS", v("ID", "1"), v("NOTE", evil), nul("AMOUNT"), nul("VERSION"))
                .insert("EVIL", v("ID", "2"), v("NOTE", evil)).build());
        feed(writer, txn(200).update("EVIL", image(v("ID", "2"), v("NOTE", evil)), image(v("ID", "2"), v("NOTE", "x\"y'z")))
                .build());
        assertThat(rows("SELECT \"NOTE\" FROM \"OE\".\"ORDERS\"")).containsExactly(evil);
        assertThat(rows("SELECT \"C\"\"D\" FROM \"OE\".\"A\"\"B\"")).containsExactly("x\"y'z");
        assertThat(metrics.errorTransactions().getCount()).isZero();
    }

    @Test
    void bindsTypedValues() throws Exception {
        execute("CREATE TABLE \"OE\".\"TYPES\" (\"ID\" " + dialect.numberType() + " PRIMARY KEY, \"N\" "
                + dialect.numberType() + "(12,4), \"D\" " + dateType() + ", \"TS\" TIMESTAMP(9), \"TZ\" TIMESTAMP(9) WITH TIME ZONE, \"R\" "
                + binaryType() + ", \"C\" " + dialect.clobType() + ")");
        String longText = "x".repeat(9000) + "ä";
        JdbcSinkWriter writer = writer(b -> b);
        feed(writer, txn(100).insert("TYPES", v("ID", "1"), v("N", "-12345678.1234"),
                typed("D", ValueKind.DATE, "2026-02-28 13:45:59"),
                typed("TS", ValueKind.TIMESTAMP, "2026-03-29 01:30:00.123456789"),
                typed("TZ", ValueKind.TIMESTAMP_TZ, "2026-03-29 01:30:00.500000000 +05:30"),
                typed("R", ValueKind.RAW, "deadbeef"), typed("C", ValueKind.STRING, longText)).build());
        feed(writer, txn(200).update("TYPES",
                image(v("ID", "1"), v("N", "-12345678.1234"), typed("D", ValueKind.DATE, "2026-02-28 13:45:59"),
                        typed("TS", ValueKind.TIMESTAMP, "2026-03-29 01:30:00.123456789"),
                        typed("R", ValueKind.RAW, "deadbeef")),
                image(v("ID", "1"), v("N", "7"), typed("D", ValueKind.DATE, "2026-02-28 13:45:59"),
                        typed("TS", ValueKind.TIMESTAMP, "2026-03-29 01:30:00.123456789"),
                        typed("R", ValueKind.RAW, "00ff"))).build());
        assertThat(metrics.errorTransactions().getCount()).isZero();
        try (Statement statement = db.createStatement();
             ResultSet rs = statement.executeQuery("SELECT * FROM \"OE\".\"TYPES\"")) {
            assertThat(rs.next()).isTrue();
            assertThat(rs.getBigDecimal("N")).isEqualByComparingTo("7");
            assertThat(rs.getTimestamp("D").toLocalDateTime()).hasToString("2026-02-28T13:45:59");
            // PostgreSQL keeps microseconds (TIMESTAMP(9) is TIMESTAMP(6) there) and rounds
            assertThat(rs.getTimestamp("TS").toLocalDateTime()).hasToString(dialect instanceof PostgresDialect
                    ? "2026-03-29T01:30:00.123457" : "2026-03-29T01:30:00.123456789");
            assertThat(rs.getObject("TZ", java.time.OffsetDateTime.class).toInstant())
                    .hasToString("2026-03-28T20:00:00.500Z");
            assertThat(rs.getBytes("R")).containsExactly(0x00, 0xff);
            assertThat(rs.getString("C")).isEqualTo(longText);
        }
    }

    @Test
    void aValueTheTargetTypeCannotTakeFailsTheTransactionNamingTheColumn() throws Exception {
        JdbcSinkWriter writer = writer(b -> b);
        feed(writer, txn(100).insert("ORDERS", v("ID", "1"), v("AMOUNT", "not a number")).build());
        assertThat(rows("SELECT \"ERROR_MESSAGE\" FROM \"REDO_CDC_ERRORS\"")).singleElement().asString()
                .contains("AMOUNT").contains("STRING").contains("OE.ORDERS").contains("22018");
    }

    // ---- conflicts -------------------------------------------------------------------------------------------

    @Test
    void overwriteUpsertsTheNewImageAndDeletesByKey() throws Exception {
        execute("INSERT INTO \"OE\".\"ORDERS\" VALUES (1, 'target', 1, 5)");
        execute("INSERT INTO \"OE\".\"ORDERS\" VALUES (3, 'target', 3, 5)");
        JdbcSinkWriter writer = writer(b -> b.conflict("OE.ORDERS", ConflictPolicy.parse("k", "overwrite")));
        feed(writer, txn(100)
                .insert("ORDERS", v("ID", "0"), v("NOTE", "new"), v("AMOUNT", "0"), v("VERSION", "1"))
                .insert("ORDERS", v("ID", "1"), v("NOTE", "source"), v("AMOUNT", "1"), v("VERSION", "1"))
                .update("ORDERS", image(v("ID", "2"), v("NOTE", "gone"), v("AMOUNT", "2"), v("VERSION", "1")),
                        image(v("ID", "2"), v("NOTE", "back"), v("AMOUNT", "2"), v("VERSION", "2")))
                .delete("ORDERS", v("ID", "3"), v("NOTE", "source"), v("AMOUNT", "3"), v("VERSION", "1")).build());
        assertThat(rows("SELECT \"ID\", \"NOTE\", \"VERSION\" FROM \"OE\".\"ORDERS\" ORDER BY 1"))
                .containsExactly("0|new|1", "1|source|1", "2|back|2");
        assertThat(metrics.conflictsResolved().getCount()).isEqualTo(3);
        assertThat(metrics.errorTransactions().getCount()).isZero();
    }

    @Test
    void discardSkipsOnlyTheConflictingChanges() throws Exception {
        execute("INSERT INTO \"OE\".\"ORDERS\" VALUES (1, 'target', 1, 5)");
        JdbcSinkWriter writer = writer(b -> b.conflict("OE.ORDERS", ConflictPolicy.parse("k", "discard")));
        feed(writer, txn(100)
                .insert("ORDERS", v("ID", "1"), v("NOTE", "source"), v("AMOUNT", "1"), v("VERSION", "1"))
                .insert("ORDERS", v("ID", "2"), v("NOTE", "fresh"), v("AMOUNT", "2"), v("VERSION", "1"))
                .update("ORDERS", image(v("ID", "9"), v("NOTE", "missing")), image(v("ID", "9"), v("NOTE", "x")))
                .delete("ORDERS", v("ID", "8"), v("NOTE", "missing")).build());
        assertThat(rows("SELECT \"ID\", \"NOTE\" FROM \"OE\".\"ORDERS\" ORDER BY 1")).containsExactly("1|target", "2|fresh");
        assertThat(metrics.conflictsResolved().getCount()).isEqualTo(3);
    }

    @Test
    void maximumAndMinimumCompareTheResolutionColumn() throws Exception {
        execute("INSERT INTO \"OE\".\"ORDERS\" VALUES (1, 'target', 1, 5)");
        execute("INSERT INTO \"OE\".\"ORDERS\" VALUES (2, 'target', 2, 5)");
        JdbcSinkWriter max = writer(b -> b.conflict("OE.ORDERS", ConflictPolicy.parse("k", "maximum:VERSION")));
        feed(max, txn(100)
                .update("ORDERS", image(v("ID", "1"), v("NOTE", "stale")), image(v("ID", "1"), v("NOTE", "newer"), v("VERSION", "6")))
                .update("ORDERS", image(v("ID", "2"), v("NOTE", "stale")), image(v("ID", "2"), v("NOTE", "older"), v("VERSION", "4")))
                .update("ORDERS", image(v("ID", "3"), v("NOTE", "stale")), image(v("ID", "3"), v("NOTE", "missing"), v("VERSION", "1")))
                .build());
        assertThat(rows("SELECT \"ID\", \"NOTE\", \"VERSION\" FROM \"OE\".\"ORDERS\" ORDER BY 1"))
                .containsExactly("1|newer|6", "2|target|5", "3|missing|1");

        JdbcSinkWriter min = writer(b -> b.sinkName("min").conflict("OE.ORDERS", ConflictPolicy.parse("k", "minimum:VERSION")));
        feed(min, txn(200)
                .insert("ORDERS", v("ID", "1"), v("NOTE", "lower"), v("VERSION", "2"))
                .insert("ORDERS", v("ID", "2"), v("NOTE", "higher"), v("VERSION", "9")).build());
        assertThat(rows("SELECT \"ID\", \"NOTE\", \"VERSION\" FROM \"OE\".\"ORDERS\" ORDER BY 1"))
                .containsExactly("1|lower|2", "2|target|5", "3|missing|1");
        assertThat(metrics.conflictsResolved().getCount()).isEqualTo(2);
    }

    @Test
    void conflictsAreSeenWhenTheDriverCannotReportBatchCounts() throws Exception {
        execute("INSERT INTO \"OE\".\"ORDERS\" VALUES (1, 'target', 1, 5)");
        JdbcSinkOptions options = options().conflict("OE.ORDERS", ConflictPolicy.parse("k", "discard")).build();
        JdbcSinkWriter writer = track(JdbcSinkWriter.create(new ApplyContext(options, new NoBatchCounts(dialect),
                metrics = newMetrics()), List.of()));
        feed(writer, txn(100)
                .update("ORDERS", image(v("ID", "1"), v("NOTE", "target")), image(v("ID", "1"), v("NOTE", "one")))
                .update("ORDERS", image(v("ID", "7"), v("NOTE", "none")), image(v("ID", "7"), v("NOTE", "two")))
                .build());
        assertThat(rows("SELECT \"NOTE\" FROM \"OE\".\"ORDERS\"")).containsExactly("one");
        assertThat(metrics.conflictsResolved().getCount()).isEqualTo(1);
    }

    @Test
    void resolvingByKeyNeedsAKey() throws Exception {
        execute("CREATE TABLE \"OE\".\"NOKEY\" (\"ID\" " + dialect.numberType() + ", \"NOTE\" " + dialect.varcharType(20) + ")");
        JdbcSinkWriter writer = writer(b -> b.conflict("OE.NOKEY", ConflictPolicy.parse("k", "overwrite")));
        feed(writer, txn(100).update("NOKEY", image(v("ID", "1")), image(v("ID", "2"))).build());
        assertThat(rows("SELECT \"ERROR_MESSAGE\" FROM \"REDO_CDC_ERRORS\"")).singleElement().asString()
                .contains("no primary key").contains("sink.primary-key.OE.NOKEY");
        JdbcSinkWriter keyed = writer(b -> b.sinkName("keyed").conflict("OE.NOKEY", ConflictPolicy.parse("k", "overwrite"))
                .primaryKey("OE.NOKEY", "ID"));
        feed(keyed, txn(100).update("NOKEY", image(v("ID", "1")), image(v("ID", "2"), v("NOTE", "n"))).build());
        assertThat(rows("SELECT * FROM \"OE\".\"NOKEY\"")).containsExactly("2|n");
    }

    // ---- errors ----------------------------------------------------------------------------------------------

    @Test
    void aFailedTransactionGoesWholeToTheErrorTableAndTheStreamGoesOn() throws Exception {
        JdbcSinkWriter writer = writer(b -> b.spoolMemoryLcrs(1));
        List<Lcr> failing = txn(100)
                .insert("ORDERS", v("ID", "1"), v("NOTE", "rolled back"))
                .update("ORDERS", image(v("ID", "9"), v("NOTE", "missing")), image(v("ID", "9"), v("NOTE", "x")))
                .insert("ORDERS", v("ID", "2"), v("NOTE", "after the failure")).build();
        List<Lcr> next = txn(200).insert("ORDERS", v("ID", "3"), v("NOTE", "next")).build();
        feed(writer, failing, next);

        assertThat(rows("SELECT \"ID\" FROM \"OE\".\"ORDERS\"")).containsExactly("3");
        String last = failing.get(2).position();
        assertThat(rows("SELECT \"POSITION\", \"XID\", \"COMMIT_SCN\", \"ORDINAL\", \"SOURCE_TABLE\", \"COMMAND\" "
                + "FROM \"REDO_CDC_ERRORS\" ORDER BY \"ORDINAL\"")).containsExactly(
                last + "|" + Transactions.xid(100) + "|100|0|OE.ORDERS|INSERT",
                last + "|" + Transactions.xid(100) + "|100|1|OE.ORDERS|UPDATE",
                last + "|" + Transactions.xid(100) + "|100|2|OE.ORDERS|INSERT");
        List<String> messages = rows("SELECT \"ERROR_MESSAGE\" FROM \"REDO_CDC_ERRORS\" ORDER BY \"ORDINAL\"");
        assertThat(messages.get(0)).contains("conflict on OE.ORDERS").contains("UPDATE matched no row");
        assertThat(messages.subList(1, 3)).containsOnly("null");
        assertThat(metrics.errorTransactions().getCount()).isEqualTo(1);
        assertThat(metrics.appliedTransactions().getCount()).isEqualTo(1);
        assertThat(writer.appliedPosition().toHex()).isEqualTo(next.get(0).position());
        try (ErrorQueue queue = ErrorQueue.open(options().build())) {
            assertThat(queue.list()).singleElement().satisfies(t -> {
                assertThat(t.position()).isEqualTo(last);
                assertThat(t.lcrCount()).isEqualTo(3);
                assertThat(t.xid()).isEqualTo(Transactions.xid(100));
                assertThat(t.errorMessage()).contains("matched no row");
            });
        }
    }

    @Test
    void duplicateInsertUnderErrorPolicyFailsTheTransaction() throws Exception {
        execute("INSERT INTO \"OE\".\"ORDERS\" VALUES (1, 'target', 1, 5)");
        JdbcSinkWriter writer = writer(b -> b);
        feed(writer, txn(100).insert("ORDERS", v("ID", "0")).insert("ORDERS", v("ID", "1")).build());
        assertThat(rows("SELECT \"ID\" FROM \"OE\".\"ORDERS\"")).containsExactly("1");
        assertThat(rows("SELECT \"ERROR_MESSAGE\" FROM \"REDO_CDC_ERRORS\" WHERE \"ORDINAL\" = 0")).singleElement()
                .asString().contains("INSERT hit an existing key");
    }

    @Test
    void stopPolicyFailsTheJobNamingTheTransaction() throws Exception {
        JdbcSinkWriter writer = writer(b -> b.onError(OnError.STOP));
        List<Lcr> failing = txn(100).delete("ORDERS", v("ID", "9"), v("NOTE", "missing")).build();
        assertThatThrownBy(() -> feed(writer, failing))
                .isInstanceOf(SuppressRestartsException.class)
                .cause().isInstanceOf(JdbcApplyException.class).hasMessageContaining(Transactions.xid(100)).hasMessageContaining("commit SCN 100")
                .hasMessageContaining("OE.ORDERS").hasMessageContaining("SQLSTATE 23000");
        assertThat(rows("SELECT COUNT(*) FROM \"REDO_CDC_ERRORS\"")).containsExactly("0");
    }

    @Test
    void errorQueueRetriesAndDeletes() throws Exception {
        JdbcSinkWriter writer = writer(b -> b);
        List<Lcr> first = txn(100).update("ORDERS", image(v("ID", "1"), v("NOTE", "old")), image(v("ID", "1"), v("NOTE", "new")))
                .insert("ORDERS", v("ID", "2"), v("NOTE", "two")).build();
        List<Lcr> second = txn(200).delete("ORDERS", v("ID", "5"), v("NOTE", "five")).build();
        feed(writer, first, second);
        execute("INSERT INTO \"OE\".\"ORDERS\" (\"ID\", \"NOTE\") VALUES (1, 'old')");
        try (ErrorQueue queue = ErrorQueue.open(options().build())) {
            assertThat(queue.list()).extracting(ErrorTransaction::position)
                    .containsExactly(first.get(1).position(), second.get(0).position());
            assertThatThrownBy(() -> queue.retry(second.get(0).position())).hasMessageContaining("matched no row");
            queue.retry(first.get(1).position());
            assertThat(rows("SELECT \"ID\", \"NOTE\" FROM \"OE\".\"ORDERS\" ORDER BY 1")).containsExactly("1|new", "2|two");
            assertThat(queue.list()).extracting(ErrorTransaction::position).containsExactly(second.get(0).position());
            assertThat(queue.delete(second.get(0).position())).isEqualTo(1);
            assertThat(queue.list()).isEmpty();
            assertThatThrownBy(() -> queue.retry(second.get(0).position())).hasMessageContaining("no failed transaction");
        }
    }

    // ---- exactly once ----------------------------------------------------------------------------------------

    @Test
    void aNewWriterAfterACrashSkipsExactlyWhatWasApplied() throws Exception {
        List<List<Lcr>> stream = new ArrayList<>();
        for (int t = 1; t <= 5; t++) {
            stream.add(txn(t * 100L).insert("ORDERS", v("ID", t + "0"), v("NOTE", "a")).insert("ORDERS", v("ID", t + "1")).build());
        }
        JdbcSinkWriter crashed = writer(b -> b);
        feed(crashed, stream.get(0), stream.get(1), stream.get(2));
        crashed.write(stream.get(3).get(0), null); // mid-transaction when the process dies
        crashed.close();
        writers.remove(crashed);

        JdbcSinkWriter restarted = writer(b -> b);
        for (List<Lcr> txn : stream) {
            feed(restarted, txn);
        }
        assertThat(metrics.skippedOnReplay().getCount()).isEqualTo(6);
        assertThat(metrics.appliedTransactions().getCount()).isEqualTo(2);
        assertThat(metrics.errorTransactions().getCount()).isZero();
        assertThat(rows("SELECT COUNT(*), COUNT(DISTINCT \"ID\") FROM \"OE\".\"ORDERS\"")).containsExactly("10|10");
    }

    @Test
    void aCheckpointInsideATransactionRestoresAndAppliesItOnce() throws Exception {
        List<Lcr> txn = txn(100).insert("ORDERS", v("ID", "1")).insert("ORDERS", v("ID", "2"))
                .insert("ORDERS", v("ID", "3")).build();
        JdbcSinkWriter before = writer(b -> b.spoolMemoryLcrs(1));
        before.write(txn.get(0), null);
        before.write(txn.get(1), null);
        List<JdbcWriterState> state = before.snapshotState(7);
        assertThat(state).singleElement().extracting(s -> s.openTransaction().size()).isEqualTo(2);
        before.close();
        writers.remove(before);

        JdbcWriterStateSerializer serializer = new JdbcWriterStateSerializer();
        JdbcWriterState restoredState = serializer.deserialize(serializer.getVersion(), serializer.serialize(state.get(0)));
        JdbcSinkOptions options = options().build();
        JdbcSinkWriter restored = track(JdbcSinkWriter.create(new ApplyContext(options, metrics = newMetrics()),
                List.of(restoredState)));
        assertThat(rows("SELECT COUNT(*) FROM \"OE\".\"ORDERS\"")).containsExactly("0");
        restored.write(txn.get(2), null);
        restored.flush(false);
        assertThat(rows("SELECT \"ID\" FROM \"OE\".\"ORDERS\" ORDER BY 1")).containsExactly("1", "2", "3");
        assertThat(restored.snapshotState(8)).isEmpty();
    }

    @Test
    void ddlIsSkippedButItsPositionIsApplied() throws Exception {
        JdbcSinkWriter writer = writer(b -> b);
        List<Lcr> ddl = txn(100).ddl("ORDERS", "alter table oe.orders add (x number)").build();
        feed(writer, ddl);
        assertThat(writer.appliedPosition().toHex()).isEqualTo(ddl.get(0).position());
        assertThat(rows("SELECT \"POSITION\" FROM \"REDO_CDC_APPLIED\"")).containsExactly(ddl.get(0).position());
    }

    // ---- constraints -----------------------------------------------------------------------------------------

    /**
     * Foreign keys and unique keys of the target: each department commits before its employee (under a foreign
     * key), each employee is deleted before its department, and each badge code is freed by one transaction and
     * taken by the next (under a unique key, policy discard). Applied in parallel, a transaction that ran before
     * the one it depends on would fail (and go to the error table) or, under discard, be dropped silently.
     */
    @Test
    void foreignAndUniqueKeysKeepDependentTransactionsInCommitOrder() throws Exception {
        String number = dialect.numberType() + "(10)";
        execute("CREATE TABLE \"OE\".\"DEPT\" (\"DEPTNO\" " + number + " PRIMARY KEY, \"DNAME\" "
                + dialect.varcharType(20) + ")");
        execute("CREATE TABLE \"OE\".\"EMP\" (\"EMPNO\" " + number + " PRIMARY KEY, \"DEPTNO\" " + number
                + " REFERENCES \"OE\".\"DEPT\" (\"DEPTNO\"))");
        execute("CREATE TABLE \"OE\".\"BADGES\" (\"ID\" " + number + " PRIMARY KEY, \"CODE\" "
                + dialect.varcharType(20) + " NOT NULL, CONSTRAINT \"BADGES_CODE_UK\" UNIQUE (\"CODE\"))");
        int pairs = 100;
        for (int i = 1; i <= pairs; i++) {
            execute("INSERT INTO \"OE\".\"BADGES\" VALUES (" + i + ", 'code-" + i + "')");
        }
        JdbcSinkWriter writer = writer(b -> b.conflict("OE.BADGES", ConflictPolicy.parse("k", "discard")));
        List<List<Lcr>> transactions = new ArrayList<>();
        long scn = 100;
        for (int i = 1; i <= pairs; i++) {
            String id = Integer.toString(i);
            transactions.add(txn(scn++).insert("DEPT", v("DEPTNO", id), v("DNAME", "d" + i)).build());
            transactions.add(txn(scn++).insert("EMP", v("EMPNO", id), v("DEPTNO", id)).build());
            transactions.add(txn(scn++).delete("BADGES", v("ID", id), v("CODE", "code-" + i)).build());
            transactions.add(txn(scn++).insert("BADGES", v("ID", Integer.toString(1000 + i)), v("CODE", "code-" + i))
                    .build());
            if (i % 2 == 0) {
                transactions.add(txn(scn++).delete("EMP", v("EMPNO", id), v("DEPTNO", id)).build());
                transactions.add(txn(scn++).delete("DEPT", v("DEPTNO", id), v("DNAME", "d" + i)).build());
            }
        }
        for (List<Lcr> transaction : transactions) { // one flush at the end: flushing waits for the workers
            for (Lcr lcr : transaction) {
                writer.write(lcr, null);
            }
        }
        writer.flush(false);

        assertThat(rows("SELECT \"ERROR_MESSAGE\" FROM \"REDO_CDC_ERRORS\"")).as("failed transactions").isEmpty();
        assertThat(metrics.conflictsResolved().getCount()).as("changes discarded as conflicts").isZero();
        assertThat(rows("SELECT COUNT(*) FROM \"OE\".\"DEPT\"")).containsExactly(Integer.toString(pairs / 2));
        assertThat(rows("SELECT COUNT(*) FROM \"OE\".\"EMP\" e JOIN \"OE\".\"DEPT\" d ON d.\"DEPTNO\" = e.\"DEPTNO\""))
                .containsExactly(Integer.toString(pairs / 2));
        assertThat(rows("SELECT COUNT(*) FROM \"OE\".\"BADGES\" WHERE \"ID\" > 1000"))
                .as("badges that took a freed code").containsExactly(Integer.toString(pairs));
        assertThat(rows("SELECT COUNT(*) FROM \"OE\".\"BADGES\"")).containsExactly(Integer.toString(pairs));
    }

    // ---- helpers ---------------------------------------------------------------------------------------------

    private void createOrders(String schema) throws SQLException {
        execute("CREATE TABLE \"" + schema + "\".\"ORDERS\" (\"ID\" " + dialect.numberType() + "(10) PRIMARY KEY, \"NOTE\" "
                + dialect.varcharType(200) + ", \"AMOUNT\" " + dialect.numberType() + "(10,2), \"VERSION\" "
                + dialect.numberType() + "(10))");
    }

    protected JdbcSinkOptions.Builder options() {
        JdbcSinkOptions.Builder builder = JdbcSinkOptions.builder().jdbcUrl(url).user(user());
        return password() == null ? builder : builder.password(Secret.of(password()));
    }

    protected JdbcSinkWriter writer(UnaryOperator<JdbcSinkOptions.Builder> configure) throws Exception {
        metrics = newMetrics();
        return track(JdbcSinkWriter.create(new ApplyContext(configure.apply(options()).build(), metrics), List.of()));
    }

    private JdbcSinkWriter track(JdbcSinkWriter writer) {
        writers.add(writer);
        return writer;
    }

    private static JdbcSinkMetrics newMetrics() {
        return new JdbcSinkMetrics(new UnregisteredMetricsGroup());
    }

    @SafeVarargs
    protected static void feed(JdbcSinkWriter writer, List<Lcr>... transactions) throws Exception {
        for (List<Lcr> transaction : transactions) {
            for (Lcr lcr : transaction) {
                writer.write(lcr, null);
            }
        }
        writer.flush(false);
    }

    protected void execute(String sql) throws SQLException {
        try (Statement statement = db.createStatement()) {
            statement.execute(sql);
        }
        if (!db.getAutoCommit()) {
            db.commit();
        }
    }

    /** Each row as its columns' text joined with '|'. */
    protected List<String> rows(String sql) throws SQLException {
        List<String> rows = new ArrayList<>();
        try (Statement statement = db.createStatement(); ResultSet rs = statement.executeQuery(sql)) {
            ResultSetMetaData meta = rs.getMetaData();
            while (rs.next()) {
                StringBuilder row = new StringBuilder();
                for (int i = 1; i <= meta.getColumnCount(); i++) {
                    row.append(i > 1 ? "|" : "").append(rs.getString(i));
                }
                rows.add(row.toString());
            }
        }
        return rows;
    }

    /** The database's own dialect, but claiming the driver cannot report batch update counts. */
    private static final class NoBatchCounts implements JdbcDialect {
        private final JdbcDialect delegate;

        NoBatchCounts(JdbcDialect delegate) {
            this.delegate = delegate;
        }

        @Override
        public boolean reportsBatchUpdateCounts() {
            return false;
        }

        @Override
        public String name() {
            return delegate.name() + " without batch counts";
        }

        @Override
        public String upsert(TargetTable table, List<String> columns, List<String> keyColumns) {
            return delegate.upsert(table, columns, keyColumns);
        }

        @Override
        public boolean isDuplicateKey(SQLException e) {
            return delegate.isDuplicateKey(e);
        }

        @Override
        public boolean upsertNeedsUniqueKey() {
            return delegate.upsertNeedsUniqueKey();
        }

        @Override
        public boolean supportsReleaseSavepoint() {
            return delegate.supportsReleaseSavepoint();
        }

        @Override
        public String varcharType(int length) {
            return delegate.varcharType(length);
        }

        @Override
        public String numberType() {
            return delegate.numberType();
        }

        @Override
        public String clobType() {
            return delegate.clobType();
        }
    }
}
