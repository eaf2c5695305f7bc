package io.redocdc.sinks.jdbc.writer;

import static io.redocdc.sinks.jdbc.testing.Transactions.txn;
import static io.redocdc.sinks.jdbc.testing.Transactions.v;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.redocdc.common.jdbc.Secret;
import io.redocdc.operators.lcr.Lcr;
import io.redocdc.sinks.jdbc.DdlHandling;
import io.redocdc.sinks.jdbc.JdbcSinkMetrics;
import io.redocdc.sinks.jdbc.JdbcSinkOptions;
import io.redocdc.sinks.jdbc.OnError;
import io.redocdc.sinks.jdbc.apply.ApplyContext;
import io.redocdc.sinks.jdbc.testing.H2TestDatabase;
import io.redocdc.sinks.jdbc.testing.Transactions;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.function.UnaryOperator;
import org.apache.flink.metrics.groups.UnregisteredMetricsGroup;
import org.apache.flink.runtime.execution.SuppressRestartsException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code sink.ddl=execute}: a transaction with DDL is its own target transaction. Oracle "implicitly commits the
 * current transaction before and after every DDL statement" (Oracle Database SQL Language Reference, Types of SQL
 * Statements, https://docs.oracle.com/cd/B28359_01/server.111/b28286/statements_1001.htm), so a DDL inside a
 * group can never be rolled back with it. H2 stands in for Oracle here: its DDL commits the open transaction too
 * (the first test shows it); PostgreSQL is not a case, {@code sink.ddl=execute} is refused there (its DDL is
 * transactional anyway). The options are built for H2 with the record's constructor, past the builder's
 * Oracle-only check.
 *
 * <p>After a crash between the DDL's implicit commit and the record of its position, the restarted writer runs the
 * DDL again: Oracle then answers ORA-00955 "name is already used by an existing object"
 * (https://docs.oracle.com/error-help/db/ora-00955), ORA-01430 "column being added already exists in table"
 * (https://docs.oracle.com/error-help/db/ora-01430) or, for a DROP, ORA-00942 "table or view does not exist"
 * (https://docs.oracle.com/error-help/db/ora-00942); H2 answers its own codes (42121 duplicate column here).
 */
class ExecutedDdlTest {

    private static final String ADD_X = "ALTER TABLE \"ORDERS\" ADD (\"X\" NUMBER)";

    private H2TestDatabase db;

    @BeforeEach
    void createOrders() throws SQLException {
        db = H2TestDatabase.create();
        execute("CREATE TABLE \"ORDERS\" (\"ID\" NUMBER(10) PRIMARY KEY, \"NOTE\" VARCHAR2(40))");
    }

    @AfterEach
    void dropDatabase() throws SQLException {
        db.close();
    }

    @Test
    void h2CommitsTheOpenTransactionAtDdlAsOracleDoes() throws SQLException {
        try (Connection connection = db.connect(); Statement statement = connection.createStatement()) {
            connection.setAutoCommit(false);
            statement.execute("INSERT INTO \"ORDERS\" (\"ID\") VALUES (1)");
            statement.execute(ADD_X);
            connection.rollback();
        }
        assertThat(rows("SELECT COUNT(*) FROM \"ORDERS\"")).containsExactly("1");
    }

    @Test
    void aFailingTransactionAfterTheDdlInTheSameGroupLeavesTheDdlAppliedOnceAndGoesAloneToTheErrorTable()
            throws Exception {
        List<Lcr> t1 = txn(100).insert("ORDERS", v("ID", "1"), v("NOTE", "t1")).build();
        List<Lcr> ddl = txn(200).ddl("ORDERS", ADD_X).build();
        List<Lcr> t3 = txn(300).insert("ORDERS", v("ID", "3"), v("NOTE", "t3")).build();
        // deletes a row that does not exist: a conflict, seen when its batch runs at the group's commit
        List<Lcr> bad4 = txn(400).delete("ORDERS", v("ID", "8"), v("NOTE", "missing")).build();
        List<Lcr> t5 = txn(500).insert("ORDERS", v("ID", "5"), v("NOTE", "t5")).build();
        JdbcSinkMetrics metrics = metrics();
        JdbcSinkWriter writer = open(metrics, b -> b.groupMaxRows(100).onError(OnError.CONTINUE));
        feed(writer, t1, ddl, t3, bad4, t5);
        writer.flush(false);
        writer.close();

        assertThat(rows("SELECT \"ID\", \"NOTE\" FROM \"ORDERS\" ORDER BY 1")).containsExactly("1|t1", "3|t3", "5|t5");
        assertThat(rows("SELECT COUNT(*) FROM INFORMATION_SCHEMA.COLUMNS WHERE TABLE_NAME = 'ORDERS' "
                + "AND COLUMN_NAME = 'X'")).containsExactly("1");
        assertThat(rows("SELECT \"POSITION\", \"COMMAND\" FROM \"REDO_CDC_ERRORS\""))
                .as("only the failing transaction is queued, not the DDL").containsExactly(last(bad4) + "|DELETE");
        assertThat(rows("SELECT \"POSITION\" FROM \"REDO_CDC_APPLIED\"")).containsExactly(last(t5));
        assertThat(metrics.appliedTransactions().getCount()).isEqualTo(4);
        assertThat(metrics.errorTransactions().getCount()).isEqualTo(1);
    }

    @Test
    void underStopAFailingTransactionAfterTheDdlStopsNamingItWithTheDdlsPositionRecorded() throws Exception {
        List<Lcr> t1 = txn(100).insert("ORDERS", v("ID", "1")).build();
        List<Lcr> ddl = txn(200).ddl("ORDERS", ADD_X).build();
        List<Lcr> bad3 = txn(300).delete("ORDERS", v("ID", "8"), v("NOTE", "missing")).build();
        JdbcSinkWriter writer = open(metrics(), b -> b.groupMaxRows(100).onError(OnError.STOP));
        assertThatThrownBy(() -> {
            feed(writer, t1, ddl, bad3);
            writer.flush(false);
        }).isInstanceOf(SuppressRestartsException.class).cause().hasMessageContaining(Transactions.xid(300));
        writer.close();
        assertThat(rows("SELECT \"POSITION\" FROM \"REDO_CDC_APPLIED\"")).containsExactly(last(ddl));
        assertThat(rows("SELECT COUNT(*) FROM \"REDO_CDC_ERRORS\"")).containsExactly("0");
    }

    @Test
    void theDdlCommitsWithItsPositionBeforeTheNextTransactionStarts() throws Exception {
        List<Lcr> t1 = txn(100).insert("ORDERS", v("ID", "1")).build();
        List<Lcr> ddl = txn(200).ddl("ORDERS", ADD_X).build();
        List<Lcr> t3 = txn(300).insert("ORDERS", v("ID", "3")).build();
        JdbcSinkWriter writer = open(metrics(), b -> b.groupMaxRows(100));
        feed(writer, t1, ddl);
        assertThat(rows("SELECT \"POSITION\" FROM \"REDO_CDC_APPLIED\"")).containsExactly(last(ddl));
        feed(writer, t3);
        assertThat(rows("SELECT COUNT(*) FROM \"ORDERS\"")).as("t3 waits in the next group").containsExactly("1");
        writer.close();
    }

    /** The crash window: the DDL committed itself, the writer died before recording its position. */
    @ParameterizedTest(name = "apply.parallelism {0}")
    @ValueSource(ints = {1, 4})
    void aReplayedDdlWhoseEffectIsAlreadyThereIsTakenAsAppliedWhenItIsTheFirstTransactionAfterARestart(
            int parallelism) throws Exception {
        List<Lcr> t1 = txn(100).insert("ORDERS", v("ID", "1")).build();
        List<Lcr> ddl = txn(200).ddl("ORDERS", ADD_X).build();
        List<Lcr> t3 = txn(300).insert("ORDERS", v("ID", "3")).build();
        JdbcSinkWriter first = open(metrics(), b -> b.applyParallelism(parallelism).onError(OnError.STOP));
        feed(first, t1);
        first.flush(false);
        first.close();
        execute(ADD_X); // what the DDL did before the crash; its position was not recorded

        JdbcSinkMetrics metrics = metrics();
        JdbcSinkWriter restarted = open(metrics, b -> b.applyParallelism(parallelism).onError(OnError.STOP));
        feed(restarted, t1, ddl, t3);
        restarted.flush(false);
        restarted.close();
        assertThat(rows("SELECT \"ID\" FROM \"ORDERS\" ORDER BY 1")).containsExactly("1", "3");
        assertThat(rows("SELECT COUNT(*) FROM \"REDO_CDC_ERRORS\"")).containsExactly("0");
        assertThat(metrics.skippedOnReplay().getCount()).isEqualTo(1);
        assertThat(metrics.appliedTransactions().getCount()).isEqualTo(2);
    }

    /** Anywhere else the same error is a real one: the DDL goes where the on-error policy says. */
    @ParameterizedTest(name = "apply.parallelism {0}")
    @ValueSource(ints = {1, 4})
    void anAlreadyAppliedLookingDdlThatIsNotTheFirstTransactionAfterAStartFollowsTheOnErrorPolicy(int parallelism)
            throws Exception {
        execute(ADD_X); // someone else added the column
        List<Lcr> t1 = txn(100).insert("ORDERS", v("ID", "1")).build();
        List<Lcr> ddl = txn(200).ddl("ORDERS", ADD_X).build();
        JdbcSinkWriter writer = open(metrics(), b -> b.applyParallelism(parallelism).onError(OnError.CONTINUE));
        feed(writer, t1, ddl);
        writer.flush(false);
        writer.close();
        assertThat(rows("SELECT \"POSITION\", \"COMMAND\" FROM \"REDO_CDC_ERRORS\""))
                .containsExactly(last(ddl) + "|DDL");
    }

    // ---- helpers ---------------------------------------------------------------------------------------------

    private JdbcSinkWriter open(JdbcSinkMetrics metrics, UnaryOperator<JdbcSinkOptions.Builder> configure)
            throws Exception {
        JdbcSinkOptions built = configure.apply(JdbcSinkOptions.builder().jdbcUrl(db.url()).user(db.user())
                .password(Secret.of(db.password())).mapTable("OE.*", db.schema() + ".*")).build();
        return JdbcSinkWriter.create(new ApplyContext(executingDdl(built), metrics), List.of(), null);
    }

    /** The options with {@code sink.ddl=execute}, which the builder allows on Oracle only. */
    private static JdbcSinkOptions executingDdl(JdbcSinkOptions o) {
        return new JdbcSinkOptions(o.jdbcUrl(), o.user(), o.password(), o.batchSize(), o.tableMap(), o.columnMap(),
                o.dropColumns(), o.conflictPolicies(), o.primaryKeys(), o.onError(), o.applyParallelism(),
                DdlHandling.EXECUTE, o.sinkName(), o.stateSchema(), o.spoolMemoryLcrs(), o.groupMaxRows(),
                o.groupMaxLatencyMillis(), o.batchReorder(), o.batchMerge());
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

    private List<String> rows(String sql) throws SQLException {
        return db.rows(sql);
    }

    private void execute(String sql) throws SQLException {
        try (Connection connection = db.connect(); Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }
}
