package io.redocdc.sinks.jdbc.writer;

import static io.redocdc.sinks.jdbc.testing.Transactions.txn;
import static io.redocdc.sinks.jdbc.testing.Transactions.v;
import static org.assertj.core.api.Assertions.assertThat;

import io.redocdc.common.jdbc.Secret;
import io.redocdc.operators.lcr.Lcr;
import io.redocdc.sinks.jdbc.JdbcSinkMetrics;
import io.redocdc.sinks.jdbc.JdbcSinkOptions;
import io.redocdc.sinks.jdbc.apply.ApplyContext;
import io.redocdc.sinks.jdbc.apply.ConflictPolicy;
import io.redocdc.sinks.jdbc.apply.TransactionApplier;
import io.redocdc.sinks.jdbc.dialect.JdbcDialect;
import io.redocdc.sinks.jdbc.state.AppliedPositionStore;
import io.redocdc.sinks.jdbc.testing.TestDatabase;
import io.redocdc.sinks.jdbc.testing.TestDatabaseKind;
import io.redocdc.sinks.jdbc.testing.Transactions;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import org.apache.flink.metrics.groups.UnregisteredMetricsGroup;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@code sink.batch-reorder}: one pending batch per statement shape across a group gives the same target rows,
 * error-queue entries and applied position as applying in order; batches run after those their rows' foreign keys
 * need, and a transaction that really fails is still isolated and queued whole.
 */
class ReorderedBatchingTest {

    @ParameterizedTest
    @EnumSource(TestDatabaseKind.class)
    void randomTransactionsGiveTheSameRowsErrorsAndPositionWithReorderingOnAndOff(TestDatabaseKind kind)
            throws Exception {
        for (long seed = 1; seed <= 3; seed++) {
            RandomWorkload workload = RandomWorkload.generate(seed, 120);
            Outcome reordered = applyRandom(kind, workload, true, true, metrics());
            Outcome inOrder = applyRandom(kind, workload, false, false, metrics());
            List<Lcr> last = workload.transactions.get(workload.transactions.size() - 1);
            Outcome expected = new Outcome(workload.expectedRows.values().stream().toList(),
                    workload.expectedErrors, List.of(last.get(last.size() - 1).position()));
            assertThat(expected.errors()).as("seed %d queues some transactions", seed).isNotEmpty();
            assertThat(reordered).as("seed %d with reordering", seed).isEqualTo(expected);
            assertThat(inOrder).as("seed %d in order", seed).isEqualTo(expected);
        }
    }

    @ParameterizedTest
    @EnumSource(TestDatabaseKind.class)
    void rowsUpdatedAgainInTheGroupGiveTheSameOutcomeMergedUnmergedAndInOrder(TestDatabaseKind kind)
            throws Exception {
        for (long seed = 1; seed <= 3; seed++) {
            RandomWorkload workload = RandomWorkload.generate(seed, 120, true);
            List<Lcr> last = workload.transactions.get(workload.transactions.size() - 1);
            Outcome expected = new Outcome(workload.expectedRows.values().stream().toList(),
                    workload.expectedErrors, List.of(last.get(last.size() - 1).position()));
            assertThat(expected.errors()).as("seed %d queues some transactions", seed).isNotEmpty();
            JdbcSinkMetrics merging = metrics();
            JdbcSinkMetrics notMerging = metrics();
            assertThat(applyRandom(kind, workload, true, true, merging)).as("seed %d merged", seed)
                    .isEqualTo(expected);
            assertThat(applyRandom(kind, workload, true, false, notMerging)).as("seed %d reordered only", seed)
                    .isEqualTo(expected);
            assertThat(applyRandom(kind, workload, false, true, metrics())).as("seed %d in order", seed)
                    .isEqualTo(expected);
            assertThat(merging.mergedRows().getCount()).as("seed %d merges", seed).isPositive();
            assertThat(notMerging.mergedRows().getCount()).isZero();
            assertThat(merging.appliedRows().getCount()).isEqualTo(notMerging.appliedRows().getCount());
        }
    }

    @ParameterizedTest
    @EnumSource(TestDatabaseKind.class)
    void updatesMergedIntoTheirRowsPendingStatementsRunFewerBatchesAndRows(TestDatabaseKind kind) throws Exception {
        // A 5 exists: its two UPDATEs have one shape; A 1 and A 2 are inserted, then updated in the next transaction
        List<Lcr> t1 = txn(100).update("A", Transactions.image(v("ID", "5"), v("V", "x1")),
                        Transactions.image(v("ID", "5"), v("V", "x2")))
                .insert("A", v("ID", "1"), v("V", "a")).build();
        List<Lcr> t2 = txn(200).update("A", Transactions.image(v("ID", "1"), v("V", "a")),
                        Transactions.image(v("ID", "1"), v("V", "b")))
                .update("A", Transactions.image(v("ID", "5"), v("V", "x2")),
                        Transactions.image(v("ID", "5"), v("V", "x3")))
                .insert("A", v("ID", "2"), v("V", "a")).build();
        List<Lcr> t3 = txn(300).update("A", Transactions.image(v("ID", "2"), v("V", "a")),
                        Transactions.image(v("ID", "2"), Transactions.nul("V")))
                .insert("A", v("ID", "3"), v("V", "d")).build();
        int[] merged = {0, 0};
        int[] unmerged = {0, 0};
        for (boolean merge : List.of(true, false)) {
            try (TestDatabase db = kind.open()) {
                JdbcDialect dialect = JdbcDialect.forUrl(db.url());
                execute(db, RandomWorkload.ddl("A", dialect));
                execute(db, "INSERT INTO \"A\" (\"ID\", \"V\") VALUES (5, 'x1')");
                JdbcSinkMetrics metrics = metrics();
                countBatches(db, b -> b.batchMerge(merge), metrics, merge ? merged : unmerged, t1, t2, t3);
                assertThat(db.rows("SELECT \"ID\", \"V\" FROM \"A\" ORDER BY 1")).as("merge %s", merge)
                        .containsExactly("1|b", "2|null", "3|d", "5|x3");
                assertThat(metrics.mergedRows().getCount()).isEqualTo(merge ? 3 : 0);
            }
        }
        // unmerged: INSERT [1] runs before its UPDATE, INSERT [2] too, then UPDATE [5, 1, 5, 2] and INSERT [3]
        assertThat(unmerged).containsExactly(4, 7);
        // merged: UPDATE [5 (x1 -> x3)] and INSERT [1 (b), 2 (null), 3]
        assertThat(merged).containsExactly(2, 4);
    }

    @ParameterizedTest
    @EnumSource(TestDatabaseKind.class)
    void updatesWithAnotherBeforeImageDoNotMergeAndTheirConflictQueuesTheirTransactionWhole(TestDatabaseKind kind)
            throws Exception {
        List<Lcr> t1 = txn(100).insert("A", v("ID", "1"), v("V", "a")).insert("A", v("ID", "7"), v("V", "a"))
                .update("A", Transactions.image(v("ID", "5"), v("V", "x1")),
                        Transactions.image(v("ID", "5"), v("V", "x2"))).build();
        // stale before images: in order they match no row; merged into the pending statements they would apply
        List<Lcr> bad2 = txn(200).update("A", Transactions.image(v("ID", "1"), v("V", "zz")),
                Transactions.image(v("ID", "1"), v("V", "b"))).build();
        List<Lcr> bad3 = txn(300).update("A", Transactions.image(v("ID", "5"), v("V", "x1")),
                Transactions.image(v("ID", "5"), v("V", "x9"))).build();
        List<Lcr> t4 = txn(400).update("A", Transactions.image(v("ID", "1"), v("V", "a")),
                        Transactions.image(v("ID", "1"), v("V", "c")))
                .update("A", Transactions.image(v("ID", "5"), v("V", "x2")),
                        Transactions.image(v("ID", "5"), v("V", "x4")))
                // merges into the INSERT of row 7 until the group fails and is replayed in order
                .update("A", Transactions.image(v("ID", "7"), v("V", "a")),
                        Transactions.image(v("ID", "7"), v("V", "b"))).build();
        try (TestDatabase db = kind.open()) {
            JdbcDialect dialect = JdbcDialect.forUrl(db.url());
            execute(db, RandomWorkload.ddl("A", dialect));
            execute(db, "INSERT INTO \"A\" (\"ID\", \"V\") VALUES (5, 'x1')");
            JdbcSinkMetrics metrics = metrics();
            try (JdbcSinkWriter writer = open(db, metrics, b -> b)) {
                feed(writer, List.of(t1, bad2, bad3, t4));
                writer.flush(true);
            }
            assertThat(db.rows("SELECT \"ID\", \"V\" FROM \"A\" ORDER BY 1")).containsExactly("1|c", "5|x4", "7|b");
            assertThat(db.rows("SELECT \"POSITION\", \"COMMAND\" FROM \"REDO_CDC_ERRORS\" ORDER BY 1"))
                    .containsExactly(last(bad2) + "|UPDATE", last(bad3) + "|UPDATE");
            assertThat(db.rows("SELECT \"POSITION\" FROM \"REDO_CDC_APPLIED\"")).containsExactly(last(t4));
            assertThat(metrics.errorTransactions().getCount()).isEqualTo(2);
            assertThat(metrics.appliedTransactions().getCount()).isEqualTo(2);
            assertThat(metrics.mergedRows().getCount()).as("the group was replayed in order").isZero();
        }
    }

    @ParameterizedTest
    @EnumSource(TestDatabaseKind.class)
    void childRowsRunAfterTheBatchCreatingTheirParentAndParentDeletesAfterTheirChildren(TestDatabaseKind kind)
            throws Exception {
        try (TestDatabase db = kind.open()) {
            createParentAndChild(db);
            execute(db, "INSERT INTO \"PARENT\" (\"ID\") VALUES (7)");
            execute(db, "INSERT INTO \"PARENT\" (\"ID\") VALUES (8)");
            execute(db, "INSERT INTO \"CHILD\" (\"ID\", \"PID\") VALUES (80, 8)");
            // in order of first use the children's batch (1, 2) would run before the parents' (1): child 2 would
            // miss its parent
            List<Lcr> t1 = txn(100).insert("CHILD", v("ID", "1"), v("PID", "0")).build();
            List<Lcr> t2 = txn(200).insert("PARENT", v("ID", "1")).build();
            List<Lcr> t3 = txn(300).insert("CHILD", v("ID", "2"), v("PID", "1")).build();
            // the same within one transaction
            List<Lcr> t4 = txn(400).insert("CHILD", v("ID", "3"), v("PID", "0")).insert("PARENT", v("ID", "2"))
                    .insert("CHILD", v("ID", "4"), v("PID", "2")).build();
            // and the other way: the parents' DELETE batch (7, 8) was used first, but 8 goes after its child 80
            List<Lcr> t5 = txn(500).delete("PARENT", v("ID", "7")).build();
            List<Lcr> t6 = txn(600).delete("CHILD", v("ID", "80"), v("PID", "8")).delete("PARENT", v("ID", "8"))
                    .build();
            int[] counter = {0, 0};
            countBatches(db, b -> b, metrics(), counter, t1, t2, t3, t4, t5, t6);
            // PARENT INSERT [1, 2], CHILD INSERT [1, 2, 3, 4], CHILD DELETE [80], PARENT DELETE [7, 8]
            assertThat(counter).containsExactly(4, 9);
            assertThat(db.rows("SELECT \"ID\", \"PID\" FROM \"CHILD\" ORDER BY 1"))
                    .containsExactly("1|0", "2|1", "3|0", "4|2");
            assertThat(db.rows("SELECT \"ID\" FROM \"PARENT\" ORDER BY 1")).containsExactly("0", "1", "2");
        }
    }

    @ParameterizedTest
    @EnumSource(TestDatabaseKind.class)
    void tablesReferencingEachOtherRunABatchEarlyWhereTheirOrderWouldBeACycle(TestDatabaseKind kind)
            throws Exception {
        try (TestDatabase db = kind.open()) {
            JdbcDialect dialect = JdbcDialect.forUrl(db.url());
            String number = dialect.numberType() + "(10)";
            execute(db, "CREATE TABLE \"X\" (\"ID\" " + number + " PRIMARY KEY, \"YID\" " + number + ")");
            execute(db, "CREATE TABLE \"Y\" (\"ID\" " + number + " PRIMARY KEY, \"XID\" " + number
                    + " REFERENCES \"X\" (\"ID\"))");
            execute(db, "ALTER TABLE \"X\" ADD CONSTRAINT \"X_Y_FK\" FOREIGN KEY (\"YID\") REFERENCES \"Y\" (\"ID\")");
            // X 1, then Y 1 pointing at it (X's batch must run first), then X 2 pointing at Y 1: X's batch would
            // have to run after Y's too, so it runs with what it holds and X 2 starts a new one
            List<Lcr> t1 = txn(100).insert("X", v("ID", "1"), Transactions.nul("YID"))
                    .insert("Y", v("ID", "1"), v("XID", "1")).insert("X", v("ID", "2"), v("YID", "1")).build();
            int[] counter = {0, 0};
            countBatches(db, b -> b, metrics(), counter, t1);
            assertThat(counter).containsExactly(3, 3);
            assertThat(db.rows("SELECT \"ID\", \"YID\" FROM \"X\" ORDER BY 1")).containsExactly("1|null", "2|1");
            assertThat(db.rows("SELECT \"ID\", \"XID\" FROM \"Y\" ORDER BY 1")).containsExactly("1|1");
        }
    }

    @ParameterizedTest
    @EnumSource(TestDatabaseKind.class)
    void aFailingTransactionInAReorderedGroupIsQueuedWholeAndTheOthersApplied(TestDatabaseKind kind)
            throws Exception {
        try (TestDatabase db = kind.open()) {
            JdbcDialect dialect = JdbcDialect.forUrl(db.url());
            execute(db, RandomWorkload.ddl("A", dialect));
            execute(db, RandomWorkload.ddl("B", dialect));
            List<Lcr> t1 = txn(100).insert("A", v("ID", "1")).insert("B", v("ID", "1")).build();
            // its INSERTs join the batches of t1 and t3; its UPDATE matches no row when the group commits
            List<Lcr> bad2 = txn(200).insert("A", v("ID", "2"))
                    .update("A", Transactions.image(v("ID", "9"), v("V", "gone")),
                            Transactions.image(v("ID", "9"), v("V", "x")))
                    .insert("B", v("ID", "2")).build();
            List<Lcr> t3 = txn(300).insert("A", v("ID", "3")).insert("B", v("ID", "3")).build();
            JdbcSinkMetrics metrics = metrics();
            try (JdbcSinkWriter writer = open(db, metrics, b -> b)) {
                feed(writer, List.of(t1, bad2, t3));
                assertThat(db.rows("SELECT COUNT(*) FROM \"A\"")).as("nothing runs before the group commits")
                        .containsExactly("0");
                writer.flush(false);
            }
            assertThat(db.rows("SELECT \"ID\" FROM \"A\" ORDER BY 1")).containsExactly("1", "3");
            assertThat(db.rows("SELECT \"ID\" FROM \"B\" ORDER BY 1")).containsExactly("1", "3");
            assertThat(db.rows("SELECT \"POSITION\", \"ORDINAL\", \"COMMAND\" FROM \"REDO_CDC_ERRORS\" ORDER BY 2"))
                    .containsExactly(last(bad2) + "|0|INSERT", last(bad2) + "|1|UPDATE", last(bad2) + "|2|INSERT");
            assertThat(db.rows("SELECT \"POSITION\" FROM \"REDO_CDC_APPLIED\"")).containsExactly(last(t3));
            assertThat(metrics.appliedTransactions().getCount()).isEqualTo(2);
            assertThat(metrics.errorTransactions().getCount()).isEqualTo(1);
        }
    }

    @ParameterizedTest
    @EnumSource(TestDatabaseKind.class)
    void anInsertOnAUniqueValueItsUpdateFreesFirstIsAppliedUnderEveryPolicy(TestDatabaseKind kind) throws Exception {
        for (String policy : List.of("error", "discard", "overwrite")) {
            try (TestDatabase db = kind.open()) {
                JdbcDialect dialect = JdbcDialect.forUrl(db.url());
                execute(db, "CREATE TABLE \"U\" (\"ID\" " + dialect.numberType() + "(10) PRIMARY KEY, \"EMAIL\" "
                        + dialect.varcharType(20) + " UNIQUE)");
                execute(db, "INSERT INTO \"U\" (\"ID\", \"EMAIL\") VALUES (1, 'a')");
                // reordered, row 2 would join row 3's INSERT batch and run before the UPDATE frees 'a'
                List<List<Lcr>> transactions = List.of(
                        txn(100).insert("U", v("ID", "3"), v("EMAIL", "c")).build(),
                        txn(200).update("U", Transactions.image(v("ID", "1"), v("EMAIL", "a")),
                                Transactions.image(v("ID", "1"), v("EMAIL", "b"))).build(),
                        txn(300).insert("U", v("ID", "2"), v("EMAIL", "a")).build());
                try (JdbcSinkWriter writer = open(db, metrics(), b -> b.conflict("OE.U", ConflictPolicy.parse("sink.conflict.OE.U", policy)))) {
                    feed(writer, transactions);
                    writer.flush(true);
                }
                assertThat(db.rows("SELECT \"ID\", \"EMAIL\" FROM \"U\" ORDER BY 1")).as(policy)
                        .containsExactly("1|b", "2|a", "3|c");
                assertThat(db.rows("SELECT COUNT(*) FROM \"REDO_CDC_ERRORS\"")).as(policy).containsExactly("0");
            }
        }
    }

    @ParameterizedTest
    @EnumSource(TestDatabaseKind.class)
    void aConflictResolvedWhileAnotherBatchOfTheSameStatementIsPendingLeavesThatBatchIntact(TestDatabaseKind kind)
            throws Exception {
        try (TestDatabase db = kind.open()) {
            JdbcDialect dialect = JdbcDialect.forUrl(db.url());
            // no primary key in the target: overwrite upserts by UPDATE, then INSERT of the whole new image
            execute(db, "CREATE TABLE \"K\" (\"ID\" " + dialect.numberType() + "(10), \"V\" "
                    + dialect.varcharType(20) + ")");
            List<Lcr> t1 = txn(100).update("K", Transactions.image(v("ID", "5"), v("V", "x")),
                    Transactions.image(v("ID", "5"), v("V", "y"))).build();
            List<Lcr> t2 = txn(200).insert("K", v("ID", "1"), v("V", "a")).insert("K", v("ID", "2"), v("V", "b"))
                    .build();
            try (JdbcSinkWriter writer = open(db, metrics(), b -> b.primaryKey("OE.K", "ID")
                    .conflict("OE.K", ConflictPolicy.parse("sink.conflict.OE.K", "overwrite")))) {
                feed(writer, List.of(t1, t2));
                writer.flush(true);
            }
            assertThat(db.rows("SELECT \"ID\", \"V\" FROM \"K\" ORDER BY 1")).containsExactly("1|a", "2|b", "5|y");
        }
    }

    @ParameterizedTest
    @EnumSource(TestDatabaseKind.class)
    void reorderingRunsOneBatchPerShapeUntilARowIsWrittenInAnotherShape(TestDatabaseKind kind) throws Exception {
        List<Lcr> t1 = txn(100).insert("A", v("ID", "1")).insert("B", v("ID", "1")).insert("A", v("ID", "2"))
                .insert("B", v("ID", "2")).insert("A", v("ID", "3")).build();
        // row A 1 is pending in the INSERT batch: its UPDATE runs after it, then A 4 starts a new INSERT batch
        List<Lcr> t2 = txn(200).insert("B", v("ID", "3"))
                .update("A", Transactions.image(v("ID", "1"), Transactions.nul("V")),
                        Transactions.image(v("ID", "1"), v("V", "u")))
                .insert("A", v("ID", "4")).build();
        try (TestDatabase db = kind.open()) {
            assertThat(batchesExecuted(db, true, t1, t2)).isEqualTo(4);
            assertThat(db.rows("SELECT \"ID\", \"V\" FROM \"A\" ORDER BY 1"))
                    .containsExactly("1|u", "2|null", "3|null", "4|null");
            assertThat(db.rows("SELECT COUNT(*) FROM \"B\"")).containsExactly("3");
        }
        try (TestDatabase db = kind.open()) {
            assertThat(batchesExecuted(db, false, t1, t2)).isEqualTo(8);
            assertThat(db.rows("SELECT \"ID\", \"V\" FROM \"A\" ORDER BY 1"))
                    .containsExactly("1|u", "2|null", "3|null", "4|null");
        }
    }

    // ---- helpers ---------------------------------------------------------------------------------------------

    /** Target rows of A, B, C, the error queue and the applied position after one run. */
    private record Outcome(List<List<String>> rows, List<String> errors, List<String> applied) { }

    private static Outcome applyRandom(TestDatabaseKind kind, RandomWorkload workload, boolean reorder,
                                       boolean merge, JdbcSinkMetrics metrics) throws Exception {
        try (TestDatabase db = kind.open()) {
            JdbcDialect dialect = JdbcDialect.forUrl(db.url());
            for (String table : RandomWorkload.TABLES) {
                execute(db, RandomWorkload.ddl(table, dialect));
            }
            try (JdbcSinkWriter writer = open(db, metrics, b -> b.batchReorder(reorder).batchMerge(merge).batchSize(4)
                    .groupMaxRows(25).conflict("OE.B", ConflictPolicy.parse("sink.conflict.OE.B", "overwrite")))) {
                feed(writer, workload.transactions);
                writer.flush(true);
            }
            List<List<String>> tables = new ArrayList<>();
            tables.add(db.rows("SELECT \"ID\", \"V\" FROM \"A\" ORDER BY 1"));
            tables.add(db.rows("SELECT \"ID\", \"V\", \"W\" FROM \"B\" ORDER BY 1"));
            tables.add(db.rows("SELECT \"ID\", \"V\" FROM \"C\" ORDER BY 1"));
            return new Outcome(tables, db.rows("SELECT \"POSITION\", \"ORDINAL\", \"COMMAND\" FROM "
                    + "\"REDO_CDC_ERRORS\" ORDER BY 1, 2"), db.rows("SELECT \"POSITION\" FROM \"REDO_CDC_APPLIED\""));
        }
    }

    /** Applies the transactions to new tables A and B as one group; returns how many JDBC batches ran. */
    @SafeVarargs
    private static int batchesExecuted(TestDatabase db, boolean reorder, List<Lcr>... transactions) throws Exception {
        JdbcDialect dialect = JdbcDialect.forUrl(db.url());
        execute(db, RandomWorkload.ddl("A", dialect));
        execute(db, RandomWorkload.ddl("B", dialect));
        JdbcSinkOptions options = options(db, b -> b);
        AppliedPositionStore positions = new AppliedPositionStore(options.dialect(), null, options.sinkName());
        int[] batches = {0};
        try (Connection connection = db.connect();
             TransactionApplier applier = new TransactionApplier(BatchCounting.wrap(connection, batches),
                     new ApplyContext(options, metrics()), positions)) {
            positions.createIfMissing(connection);
            applier.begin(reorder);
            for (List<Lcr> transaction : transactions) {
                for (Lcr lcr : transaction) {
                    applier.apply(lcr);
                }
                applier.endTransaction();
            }
            List<Lcr> last = transactions[transactions.length - 1];
            applier.commitGroup(last.get(last.size() - 1));
        }
        return batches[0];
    }

    /**
     * Applies the transactions to the existing tables as one reordered group with the applier alone, counting
     * batches and rows batched in {@code counter}.
     */
    @SafeVarargs
    private static void countBatches(TestDatabase db, UnaryOperator<JdbcSinkOptions.Builder> configure,
                                     JdbcSinkMetrics metrics, int[] counter, List<Lcr>... transactions)
            throws Exception {
        JdbcSinkOptions options = options(db, configure);
        AppliedPositionStore positions = new AppliedPositionStore(options.dialect(), null, options.sinkName());
        try (Connection connection = db.connect();
             TransactionApplier applier = new TransactionApplier(BatchCounting.wrap(connection, counter),
                     new ApplyContext(options, metrics), positions)) {
            positions.createIfMissing(connection);
            applier.begin(true);
            for (List<Lcr> transaction : transactions) {
                for (Lcr lcr : transaction) {
                    applier.apply(lcr);
                }
                applier.endTransaction();
            }
            List<Lcr> last = transactions[transactions.length - 1];
            applier.commitGroup(last.get(last.size() - 1));
        }
    }

    private static void createParentAndChild(TestDatabase db) throws SQLException {
        JdbcDialect dialect = JdbcDialect.forUrl(db.url());
        execute(db, "CREATE TABLE \"PARENT\" (\"ID\" " + dialect.numberType() + "(10) PRIMARY KEY)");
        execute(db, "CREATE TABLE \"CHILD\" (\"ID\" " + dialect.numberType() + "(10) PRIMARY KEY, \"PID\" "
                + dialect.numberType() + "(10) REFERENCES \"PARENT\" (\"ID\"))");
        execute(db, "INSERT INTO \"PARENT\" (\"ID\") VALUES (0)");
    }

    private static JdbcSinkOptions options(TestDatabase db, UnaryOperator<JdbcSinkOptions.Builder> configure) {
        return configure.apply(JdbcSinkOptions.builder().jdbcUrl(db.url()).user(db.user())
                .password(Secret.of(db.password())).mapTable("OE.*", db.schema() + ".*")).build();
    }

    private static JdbcSinkWriter open(TestDatabase db, JdbcSinkMetrics metrics,
                                       UnaryOperator<JdbcSinkOptions.Builder> configure) throws Exception {
        return JdbcSinkWriter.create(new ApplyContext(options(db, configure), metrics), List.of(), null);
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

    private static String last(List<Lcr> transaction) {
        return transaction.get(transaction.size() - 1).position();
    }

    private static void execute(TestDatabase db, String sql) throws SQLException {
        try (Connection connection = db.connect(); Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }

}
