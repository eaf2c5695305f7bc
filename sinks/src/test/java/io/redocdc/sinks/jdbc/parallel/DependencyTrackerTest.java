package io.redocdc.sinks.jdbc.parallel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.redocdc.sinks.jdbc.parallel.DependencyTracker.Entry;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

class DependencyTrackerTest {

    private static final RowKey A = RowKey.of("OE.ORDERS", "1");
    private static final RowKey B = RowKey.of("OE.ORDERS", "2");
    private static final RowKey C = RowKey.of("OE.ITEMS", "1");

    private final DependencyTracker<String> tracker = new DependencyTracker<>();

    @Test
    void independentTransactionsAreAllReadyAtOnceInCommitOrder() {
        tracker.add("t1", Set.of(A), false);
        tracker.add("t2", Set.of(B), false);
        tracker.add("t3", Set.of(C), false);

        assertThat(drainReady()).containsExactly("t1", "t2", "t3");
    }

    @Test
    void aTransactionWaitsForTheEarlierWriterOfEachOfItsRows() {
        Entry<String> t1 = tracker.add("t1", Set.of(A), false);
        Entry<String> t2 = tracker.add("t2", Set.of(B), false);
        tracker.add("t3", Set.of(A, B), false);
        assertThat(drainReady()).containsExactly("t1", "t2");

        tracker.finish(t2);
        assertThat(tracker.pollReady()).isNull();
        tracker.finish(t1);
        assertThat(drainReady()).containsExactly("t3");
    }

    @Test
    void conflictingTransactionsRunOneAfterAnotherInCommitOrder() {
        tracker.add("t1", Set.of(A), false);
        tracker.add("t2", Set.of(A), false);
        tracker.add("t3", Set.of(A), false);

        List<String> order = new ArrayList<>();
        Entry<String> next;
        while ((next = tracker.pollReady()) != null) {
            assertThat(tracker.pollReady()).as("only one writer of row A at a time").isNull();
            order.add(next.transaction());
            tracker.finish(next);
        }
        assertThat(order).containsExactly("t1", "t2", "t3");
    }

    @Test
    void aBarrierWaitsForEverythingBeforeItAndEverythingAfterWaitsForIt() {
        Entry<String> t1 = tracker.add("t1", Set.of(A), false);
        Entry<String> barrier = tracker.add("ddl", Set.of(), true);
        tracker.add("t3", Set.of(C), false);
        assertThat(drainReady()).containsExactly("t1");

        tracker.finish(t1);
        assertThat(tracker.pollReady()).isSameAs(barrier);
        assertThat(tracker.pollReady()).as("nothing runs beside a barrier").isNull();
        tracker.finish(barrier);
        assertThat(drainReady()).containsExactly("t3");
    }

    @Test
    void finishedTransactionsAreForgotten() {
        List<Entry<String>> entries = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            entries.add(tracker.add("t" + i, Set.of(RowKey.of("T", Integer.toString(i % 10))), i % 100 == 0));
        }
        Entry<String> next;
        while ((next = tracker.pollReady()) != null) {
            tracker.finish(next);
        }
        assertThat(tracker.unfinishedCount()).isZero();
        assertThat(tracker.trackedKeyCount()).isZero();
        assertThatThrownBy(() -> tracker.finish(entries.get(0)))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("#0 is FINISHED");
    }

    @Test
    void readersOfAKeyRunSideBySideAndItsNextWriterWaitsForAllOfThem() {
        Entry<String> parent = tracker.add("parent", Set.of(A), Set.of(), false);
        Entry<String> child1 = tracker.add("child1", Set.of(B), Set.of(A), false);
        Entry<String> child2 = tracker.add("child2", Set.of(C), Set.of(A), false);
        tracker.add("delete parent", Set.of(A), Set.of(), false);
        assertThat(drainReady()).containsExactly("parent");

        tracker.finish(parent);
        assertThat(drainReady()).as("children of one parent do not wait for each other")
                .containsExactly("child1", "child2");
        tracker.finish(child2);
        assertThat(tracker.pollReady()).as("the parent's next writer waits for every reader").isNull();
        tracker.finish(child1);
        assertThat(drainReady()).containsExactly("delete parent");
    }

    @Test
    void aTransactionNotStartedCannotFinish() {
        tracker.add("t1", Set.of(A), false);
        Entry<String> waiting = tracker.add("t2", Set.of(A), false);
        assertThatThrownBy(() -> tracker.finish(waiting)).hasMessageContaining("#1 is WAITING");
    }

    /**
     * Random transactions over a few rows, run in a random schedule the tracker allows (transactions arrive while
     * others run, commit in random order, each applying its effect at start or at commit), must leave the same
     * rows as serial application in commit order. The effects do not commute, so any wrong order shows.
     */
    @Test
    void everyScheduleTheTrackerAllowsEqualsSerialApplication() {
        int maxRunningSeen = 0;
        for (long seed = 0; seed < 300; seed++) {
            Random random = new Random(seed);
            List<SimulatedTransaction> transactions = randomTransactions(random, 120, 6);
            Map<Integer, Long> serial = new HashMap<>();
            transactions.forEach(t -> t.applyTo(serial));

            Map<Integer, Long> parallel = new HashMap<>();
            maxRunningSeen = Math.max(maxRunningSeen, runRandomSchedule(random, transactions, parallel));

            assertThat(parallel).as("seed %d", seed).isEqualTo(serial);
        }
        assertThat(maxRunningSeen).as("the schedules did run transactions side by side").isGreaterThan(2);
    }

    /** Returns the most transactions that ran at the same time. */
    private static int runRandomSchedule(Random random, List<SimulatedTransaction> transactions,
                                         Map<Integer, Long> rows) {
        DependencyTracker<SimulatedTransaction> tracker = new DependencyTracker<>();
        List<Entry<SimulatedTransaction>> running = new ArrayList<>();
        Set<Integer> finished = new HashSet<>();
        int added = 0;
        int maxRunning = 0;
        while (finished.size() < transactions.size()) {
            int action = random.nextInt(3);
            if (action == 0 && added < transactions.size()) {
                SimulatedTransaction t = transactions.get(added++);
                tracker.add(t, t.keys(), t.readKeys(), t.barrier);
            } else if (action == 1) {
                Entry<SimulatedTransaction> next = tracker.pollReady();
                if (next != null) {
                    assertEarlierConflictingFinished(next.transaction(), transactions, finished);
                    if (random.nextBoolean()) {
                        next.transaction().applyTo(rows);
                        next.transaction().applied = true;
                    }
                    running.add(next);
                    maxRunning = Math.max(maxRunning, running.size());
                }
            } else if (!running.isEmpty()) {
                Entry<SimulatedTransaction> done = running.remove(random.nextInt(running.size()));
                if (!done.transaction().applied) {
                    done.transaction().applyTo(rows);
                }
                tracker.finish(done);
                finished.add(done.transaction().id);
            }
        }
        assertThat(tracker.unfinishedCount()).isZero();
        assertThat(tracker.trackedKeyCount()).isZero();
        return maxRunning;
    }

    private static void assertEarlierConflictingFinished(SimulatedTransaction starting,
                                                         List<SimulatedTransaction> all, Set<Integer> finished) {
        for (SimulatedTransaction earlier : all.subList(0, starting.id)) {
            if (earlier.conflictsWith(starting)) {
                assertThat(finished).as("t%d starts after t%d, which it conflicts with", starting.id, earlier.id)
                        .contains(earlier.id);
            }
        }
    }

    private static List<SimulatedTransaction> randomTransactions(Random random, int count, int rowCount) {
        List<SimulatedTransaction> transactions = new ArrayList<>();
        for (int id = 0; id < count; id++) {
            boolean barrier = random.nextInt(25) == 0;
            Set<Integer> rows = new HashSet<>();
            int writes = barrier ? rowCount : random.nextInt(4);
            while (rows.size() < writes) {
                rows.add(random.nextInt(rowCount));
            }
            Set<Integer> reads = new HashSet<>();
            for (int i = barrier ? 0 : random.nextInt(3); i > 0; i--) {
                int row = random.nextInt(rowCount);
                if (!rows.contains(row)) {
                    reads.add(row);
                }
            }
            transactions.add(new SimulatedTransaction(id, rows, reads, barrier));
        }
        return transactions;
    }

    /**
     * Writes row := row * 31 + id + 1 on each of its rows (a barrier: on all rows, as a DDL might), and copies
     * each row it reads into a row of its own (-id-1), as a child row depends on its parent: readers of a row
     * commute with each other, not with its writers.
     */
    private static final class SimulatedTransaction {
        final int id;
        final Set<Integer> rows;
        final Set<Integer> reads;
        final boolean barrier;
        boolean applied;

        SimulatedTransaction(int id, Set<Integer> rows, Set<Integer> reads, boolean barrier) {
            this.id = id;
            this.rows = rows;
            this.reads = reads;
            this.barrier = barrier;
        }

        Set<RowKey> readKeys() {
            Set<RowKey> keys = new HashSet<>();
            reads.forEach(row -> keys.add(RowKey.of("T", Integer.toString(row))));
            return keys;
        }

        Set<RowKey> keys() {
            Set<RowKey> keys = new HashSet<>();
            rows.forEach(row -> keys.add(RowKey.of("T", Integer.toString(row))));
            return keys;
        }

        boolean conflictsWith(SimulatedTransaction other) {
            return barrier || other.barrier || rows.stream().anyMatch(other.rows::contains)
                    || rows.stream().anyMatch(other.reads::contains) || reads.stream().anyMatch(other.rows::contains);
        }

        void applyTo(Map<Integer, Long> table) {
            for (int row : reads) {
                table.merge(-id - 1, table.getOrDefault(row, 0L), (old, read) -> old * 31 + read);
            }
            for (int row : rows) {
                table.merge(row, (long) id + 1, (old, ignored) -> old * 31 + id + 1);
            }
        }
    }

    private List<String> drainReady() {
        List<String> ready = new ArrayList<>();
        Entry<String> next;
        while ((next = tracker.pollReady()) != null) {
            ready.add(next.transaction());
        }
        return ready;
    }
}
