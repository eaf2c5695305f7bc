package io.redocdc.sinks.jdbc.parallel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.redocdc.operators.lcr.Position;
import io.redocdc.sinks.jdbc.dialect.JdbcDialect;
import io.redocdc.sinks.jdbc.state.AppliedPositionStore;
import io.redocdc.sinks.jdbc.testing.H2TestDatabase;
import io.redocdc.sinks.jdbc.testing.TestDatabase;
import io.redocdc.sinks.jdbc.testing.TestDatabaseKind;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class ParallelApplyCoordinatorTest {

    private static final String SINK = "test-sink";
    private static final int ROWS = 8;
    private static final long MODULUS = 1_000_000_007L;
    /** Transactions currently writing each row, counted by {@link FakeWork#around}. */
    private static final Map<Integer, AtomicInteger> WRITERS_OF_ROW = new HashMap<>();

    static {
        for (int row = 0; row < ROWS; row++) {
            WRITERS_OF_ROW.put(row, new AtomicInteger());
        }
    }

    @ParameterizedTest
    @EnumSource(TestDatabaseKind.class)
    void randomTransactionsLeaveTheSerialResultAndDrainMovesTheLowMark(TestDatabaseKind kind) throws Exception {
        try (TestDatabase db = kind.open()) {
            createRows(db);
            Random random = new Random(42);
            List<FakeWork> transactions = new ArrayList<>();
            for (int i = 0; i < 150; i++) {
                transactions.add(random.nextInt(20) == 0 ? FakeWork.touchingAllRows(i)
                        : FakeWork.touching(i, random.nextInt(ROWS), random.nextInt(ROWS))
                                .withBytes(random.nextInt(400)).sleepingUpTo(random.nextInt(3)));
            }

            try (ParallelApplyCoordinator coordinator = start(db, 4, 1000)) {
                for (FakeWork work : transactions) {
                    assertThat(coordinator.submit(work)).isTrue();
                }
                coordinator.drain();
                assertThat(coordinator.appliedTransactions()).isEqualTo(transactions.size());
                assertThat(coordinator.lowMark()).isEqualTo(transactions.get(149).position());
            }

            assertThat(readRows(db)).isEqualTo(serialResult(transactions));
            assertThat(lowMarkRow(db)).isEqualTo(transactions.get(149).position().toHex());
            assertThat(appliedTransactionRows(db)).as("drain deletes the rows under the low mark").isZero();
        }
    }

    @ParameterizedTest
    @EnumSource(TestDatabaseKind.class)
    void workersGroupReadyTransactionsAndReplayAGroupOneByOneWhenOneFailsInIt(TestDatabaseKind kind)
            throws Exception {
        try (TestDatabase db = kind.open()) {
            createRows(db);
            // t0 to t7 are independent, t8 follows t0, and so on: a worker finds several ready at once
            List<FakeWork> transactions = new ArrayList<>();
            for (int i = 0; i < 200; i++) {
                FakeWork work = FakeWork.touching(i, i % ROWS);
                transactions.add(i % 37 == 5 ? work.failingInAGroup() : work);
            }
            int[] commits = {0};
            try (ParallelApplyCoordinator coordinator = ParallelApplyCoordinator.start(
                    new ParallelApplyOptions(SINK, 2, 1_000_000, 8), () -> countingCommits(db.connect(), commits),
                    new AppliedPositionStore(JdbcDialect.forUrl(db.url()), null, SINK))) {
                for (FakeWork work : transactions) {
                    coordinator.submit(work);
                }
                coordinator.drain();
                assertThat(coordinator.appliedTransactions()).isEqualTo(transactions.size());
            }
            // each non-commuting update exactly once: the failed groups' other members were rolled back first
            assertThat(readRows(db)).isEqualTo(serialResult(transactions));
            assertThat(transactions).allSatisfy(work -> assertThat(work.released).as("t%d released", work.id)
                    .isEqualTo(1));
            assertThat(transactions.stream().filter(work -> work.failInGroup)).allSatisfy(work ->
                    assertThat(work.appliedAlone).as("t%d applied alone after failing in a group", work.id).isTrue());
            assertThat(commits[0]).as("fewer commits than transactions").isLessThan(transactions.size());
        }
    }

    @ParameterizedTest
    @EnumSource(TestDatabaseKind.class)
    void afterACrashTheTransactionsTheTargetHoldsAreSkipped(TestDatabaseKind kind) throws Exception {
        try (TestDatabase db = kind.open()) {
            createRows(db);
            List<FakeWork> transactions = new ArrayList<>();
            for (int i = 0; i < 10; i++) {
                transactions.add(FakeWork.touching(i, i % 3));
            }

            try (ParallelApplyCoordinator first = start(db, 3, 1000)) {
                for (FakeWork work : transactions.subList(0, 5)) {
                    first.submit(work);
                }
                first.drain();
                for (FakeWork work : transactions.subList(5, 8)) {
                    first.submit(work);
                }
                awaitApplied(first, 8);
            } // a crash: no drain for the last three
            assertThat(appliedTransactionRows(db)).isEqualTo(3);

            List<Boolean> submitted = new ArrayList<>();
            try (ParallelApplyCoordinator second = start(db, 3, 1000)) {
                assertThat(second.appliedAtStart().lowMark()).isEqualTo(transactions.get(4).position());
                assertThat(second.appliedAtStart().aboveLowMark()).hasSize(3);
                for (FakeWork work : transactions) {
                    submitted.add(second.submit(work));
                }
                second.drain();
                assertThat(second.skippedTransactions()).isEqualTo(8);
                assertThat(second.appliedTransactions()).isEqualTo(2);
            }

            assertThat(submitted).containsExactly(false, false, false, false, false, false, false, false, true, true);
            assertThat(readRows(db)).as("each transaction applied exactly once").isEqualTo(serialResult(transactions));
            assertThat(appliedTransactionRows(db)).isZero();
        }
    }

    @Test
    void independentTransactionsRunAtTheSameTime() throws Exception {
        try (H2TestDatabase db = H2TestDatabase.create()) {
            createRows(db);
            CyclicBarrier bothRunning = new CyclicBarrier(2);
            try (ParallelApplyCoordinator coordinator = start(db, 2, 1000)) {
                // Each waits for the other inside its transaction: this only finishes when both run at once.
                coordinator.submit(FakeWork.touching(0, 1).whenApplied(() -> bothRunning.await(10, TimeUnit.SECONDS)));
                coordinator.submit(FakeWork.touching(1, 2).whenApplied(() -> bothRunning.await(10, TimeUnit.SECONDS)));
                coordinator.drain();
            }
            assertThat(readRows(db)).containsEntry(1, 1L).containsEntry(2, 2L);
        }
    }

    @Test
    void conflictingTransactionsNeverOverlapAndABigOneRunsAlone() throws Exception {
        try (H2TestDatabase db = H2TestDatabase.create()) {
            createRows(db);
            AtomicInteger running = new AtomicInteger();
            AtomicInteger mostRunning = new AtomicInteger();
            List<String> violations = new ArrayList<>();
            List<FakeWork> transactions = new ArrayList<>();
            for (int i = 0; i < 40; i++) {
                boolean big = i == 20;
                FakeWork work = FakeWork.touching(i, i % 4).withBytes(big ? 5000 : 10);
                transactions.add(work.around(running, mostRunning, violations, big ? 1 : 4));
            }
            try (ParallelApplyCoordinator coordinator = start(db, 4, 1000)) {
                for (FakeWork work : transactions) {
                    coordinator.submit(work);
                }
                coordinator.drain();
            }
            assertThat(violations).isEmpty();
            assertThat(mostRunning.get()).as("the small transactions did run side by side").isGreaterThan(1);
            assertThat(readRows(db)).isEqualTo(serialResult(transactions));
        }
    }

    @Test
    void submitWaitsWhileTheTransactionsNotYetCommittedFillTheMemoryLimit() throws Exception {
        try (H2TestDatabase db = H2TestDatabase.create()) {
            createRows(db);
            CountDownLatch release = new CountDownLatch(1);
            try (ParallelApplyCoordinator coordinator = start(db, 2, 100)) {
                coordinator.submit(FakeWork.touching(0, 0).withBytes(60).whenApplied(release::await));
                CompletableFuture<Boolean> second = CompletableFuture.supplyAsync(() -> {
                    try {
                        return coordinator.submit(FakeWork.touching(1, 1).withBytes(60));
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                });
                Thread.sleep(300);
                assertThat(second).as("60 + 60 bytes exceed the limit of 100").isNotDone();
                release.countDown();
                assertThat(second.get(10, TimeUnit.SECONDS)).isTrue();
                coordinator.drain();
            }
            assertThat(readRows(db)).containsEntry(0, 1L).containsEntry(1, 2L);
        }
    }

    @Test
    void aWorkerFailureRollsBackAndSurfacesOnTheNextCall() throws Exception {
        try (H2TestDatabase db = H2TestDatabase.create()) {
            createRows(db);
            FakeWork failing = FakeWork.touching(1, 3).whenApplied(() -> {
                throw new SQLException("ORA-00001: unique constraint violated");
            });
            try (ParallelApplyCoordinator coordinator = start(db, 2, 1000)) {
                coordinator.submit(FakeWork.touching(0, 0));
                coordinator.submit(failing);
                assertThatThrownBy(coordinator::drain)
                        .isInstanceOf(ParallelApplyException.class)
                        .hasMessageContaining("failed on the transaction ending at position "
                                + failing.position().toHex())
                        .hasMessageContaining("commit SCN 101")
                        .hasMessageContaining("ORA-00001");
                assertThatThrownBy(() -> coordinator.submit(FakeWork.touching(2, 5)))
                        .isInstanceOf(ParallelApplyException.class);
            }
            assertThat(readRows(db)).as("row 3 was rolled back").containsEntry(0, 1L).containsEntry(3, 0L);
            assertThat(appliedTransactionRows(db)).as("only transaction 0 is recorded").isEqualTo(1);
        }
    }

    @Test
    void transactionsMustComeInCommitOrder() throws Exception {
        try (H2TestDatabase db = H2TestDatabase.create()) {
            createRows(db);
            try (ParallelApplyCoordinator coordinator = start(db, 1, 1000)) {
                coordinator.submit(FakeWork.touching(5, 0));
                assertThatThrownBy(() -> coordinator.submit(FakeWork.touching(4, 1)))
                        .isInstanceOf(IllegalArgumentException.class)
                        .hasMessageContaining("must come in commit order");
            }
        }
    }

    // --- helpers

    /** The connection, counting its commits in {@code commits[0]}. */
    private static Connection countingCommits(Connection connection, int[] commits) {
        return (Connection) Proxy.newProxyInstance(Connection.class.getClassLoader(), new Class<?>[] {Connection.class},
                (proxy, method, args) -> {
                    if (method.getName().equals("commit")) {
                        synchronized (commits) {
                            commits[0]++;
                        }
                    }
                    try {
                        return method.invoke(connection, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }

    private static ParallelApplyCoordinator start(TestDatabase db, int workers, long memoryLimit)
            throws SQLException {
        return ParallelApplyCoordinator.start(new ParallelApplyOptions(SINK, workers, memoryLimit), db::connect,
                new AppliedPositionStore(JdbcDialect.forUrl(db.url()), null, SINK));
    }

    private static void createRows(TestDatabase db) throws SQLException {
        try (Connection connection = db.connect(); Statement statement = connection.createStatement()) {
            statement.execute("CREATE TABLE \"ACCOUNTS\" (\"ID\" INTEGER PRIMARY KEY, \"V\" BIGINT NOT NULL)");
            for (int row = 0; row < ROWS; row++) {
                statement.execute("INSERT INTO \"ACCOUNTS\" VALUES (" + row + ", 0)");
            }
        }
    }

    private static Map<Integer, Long> readRows(TestDatabase db) throws SQLException {
        Map<Integer, Long> rows = new HashMap<>();
        try (Connection connection = db.connect(); Statement statement = connection.createStatement();
             ResultSet result = statement.executeQuery("SELECT \"ID\", \"V\" FROM \"ACCOUNTS\"")) {
            while (result.next()) {
                rows.put(result.getInt(1), result.getLong(2));
            }
        }
        return rows;
    }

    private static Map<Integer, Long> serialResult(List<FakeWork> transactions) {
        Map<Integer, Long> rows = new HashMap<>();
        for (int row = 0; row < ROWS; row++) {
            rows.put(row, 0L);
        }
        for (FakeWork work : transactions) {
            for (int row : work.rows) {
                rows.put(row, next(rows.get(row), work.id));
            }
        }
        return rows;
    }

    private static long next(long value, int id) {
        return (value * 31 + id + 1) % MODULUS;
    }

    private static String lowMarkRow(TestDatabase db) throws SQLException {
        try (Connection connection = db.connect(); PreparedStatement select = connection.prepareStatement(
                "SELECT \"POSITION\" FROM \"REDO_CDC_APPLIED\" WHERE \"SINK_NAME\" = ?")) {
            select.setString(1, SINK);
            try (ResultSet result = select.executeQuery()) {
                return result.next() ? result.getString(1) : null;
            }
        }
    }

    private static int appliedTransactionRows(TestDatabase db) throws SQLException {
        try (Connection connection = db.connect(); Statement statement = connection.createStatement();
             ResultSet result = statement.executeQuery("SELECT COUNT(*) FROM \"REDO_CDC_APPLIED_TXN\"")) {
            result.next();
            return result.getInt(1);
        }
    }

    private static void awaitApplied(ParallelApplyCoordinator coordinator, long count) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (coordinator.appliedTransactions() < count) {
            assertThat(System.nanoTime()).as("%d transactions applied in time", count).isLessThan(deadline);
            Thread.sleep(10);
        }
    }

    /** Something to do inside the transaction, before its updates. */
    @FunctionalInterface
    private interface Hook {
        void run() throws Exception;
    }

    /** Transaction {@code id}: row := (row * 31 + id + 1) mod p on each of its rows, which does not commute. */
    private static final class FakeWork implements TransactionWork {
        final int id;
        final int[] rows;
        private final boolean barrier;
        private long bytes;
        private int maxSleepMillis;
        private Hook hook = () -> { };
        boolean failInGroup;
        volatile boolean appliedAlone;
        volatile int released;

        private FakeWork(int id, int[] rows, boolean barrier) {
            this.id = id;
            this.rows = rows;
            this.barrier = barrier;
        }

        static FakeWork touching(int id, int... rows) {
            return new FakeWork(id, IntStream.of(rows).distinct().toArray(), false);
        }

        /** A barrier: as a DDL or a table without key would, it writes rows it does not declare. */
        static FakeWork touchingAllRows(int id) {
            return new FakeWork(id, IntStream.range(0, ROWS).toArray(), true);
        }

        FakeWork withBytes(long estimatedBytes) {
            this.bytes = estimatedBytes;
            return this;
        }

        FakeWork sleepingUpTo(int millis) {
            this.maxSleepMillis = millis;
            return this;
        }

        /** Rejected (once) when applied after others in a group: applied alone it goes in. */
        FakeWork failingInAGroup() {
            this.failInGroup = true;
            return this;
        }

        FakeWork whenApplied(Hook action) {
            this.hook = action;
            return this;
        }

        /** Counts running transactions; notes a violation when more than {@code allowed} run at once. */
        FakeWork around(AtomicInteger running, AtomicInteger mostRunning, List<String> violations, int allowed) {
            this.hook = () -> {
                int now = running.incrementAndGet();
                mostRunning.accumulateAndGet(now, Math::max);
                for (int row : rows) {
                    if (WRITERS_OF_ROW.get(row).incrementAndGet() > 1) {
                        synchronized (violations) {
                            violations.add("t" + id + " overlaps another writer of row " + row);
                        }
                    }
                }
                Thread.sleep(15);
                if (running.get() > allowed) {
                    synchronized (violations) {
                        violations.add("t" + id + " ran beside " + (running.get() - 1) + " others");
                    }
                }
                for (int row : rows) {
                    WRITERS_OF_ROW.get(row).decrementAndGet();
                }
                running.decrementAndGet();
            };
            return this;
        }

        @Override
        public Position position() {
            return Position.of(100 + id, 1, 7, id, 0, 90 + id);
        }

        @Override
        public TransactionFootprint footprint() {
            if (barrier) {
                return TransactionFootprint.barrier();
            }
            TransactionFootprint footprint = new TransactionFootprint(100);
            for (int row : rows) {
                footprint.addRowKey(RowKey.of("TEST.ACCOUNTS", Integer.toString(row)));
            }
            return footprint;
        }

        @Override
        public long estimatedBytes() {
            return bytes;
        }

        @Override
        public void applyInGroup(Connection connection) throws SQLException {
            if (failInGroup && !appliedAlone) {
                throw new SQLException("t" + id + " rejected in a group", "23000");
            }
            update(connection);
        }

        @Override
        public void release() {
            released++;
        }

        @Override
        public void applyTo(Connection connection) throws SQLException {
            appliedAlone |= failInGroup;
            update(connection);
        }

        private void update(Connection connection) throws SQLException {
            try {
                hook.run();
                if (maxSleepMillis > 0) {
                    Thread.sleep(new Random(id).nextInt(maxSleepMillis + 1));
                }
            } catch (SQLException e) {
                throw e;
            } catch (Exception e) {
                throw new SQLException("test hook of t" + id + " failed", e);
            }
            try (PreparedStatement update = connection.prepareStatement(
                    "UPDATE \"ACCOUNTS\" SET \"V\" = MOD(\"V\" * 31 + ?, ?) WHERE \"ID\" = ?")) {
                for (int row : rows) {
                    update.setLong(1, id + 1);
                    update.setLong(2, MODULUS);
                    update.setInt(3, row);
                    update.executeUpdate();
                }
            }
        }
    }
}
