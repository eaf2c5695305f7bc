package io.redocdc.sinks.jdbc.apply;

import static org.assertj.core.api.Assertions.assertThat;

import io.redocdc.operators.lcr.LcrCommand;
import io.redocdc.sinks.jdbc.parallel.RowKey;
import java.util.List;
import org.junit.jupiter.api.Test;

class PendingBatchesTest {

    private final PendingBatches pending = new PendingBatches();

    @Test
    void rowsOfOtherKeysJoinTheirShapesBatchAndRunInOrderOfFirstUse() {
        Batch inserts = add("INSERT A", key("A", "1"));
        Batch updates = add("UPDATE B", key("B", "1"));
        assertThat(pending.takeBlocking("INSERT A", rows(key("A", "2")))).isEmpty();
        assertThat(pending.takeBlocking("UPDATE B", rows(key("B", "1")))).as("same row, same batch").isEmpty();
        assertThat(pending.takeBlocking("INSERT C", rows(key("C", "1")))).as("other table, same key value")
                .isEmpty();
        assertThat(pending.takeAll()).containsExactly(inserts, updates);
        assertThat(pending.isEmpty()).isTrue();
    }

    @Test
    void onlyTheBatchesHoldingTheRowInAnotherShapeRunFirst() {
        Batch insertsA = add("INSERT A", key("A", "1"));
        Batch insertsB = add("INSERT B", key("B", "1"));
        Batch deletesA = add("DELETE A", key("A", "7"));
        // an UPDATE moving A 7 to A 1: both batches holding those rows run, in order of first use
        assertThat(pending.takeBlocking("UPDATE A", rows(key("A", "7"), key("A", "1"))))
                .containsExactly(insertsA, deletesA);
        assertThat(pending.takeBlocking("UPDATE A", rows(key("A", "1")))).as("their rows are released").isEmpty();
        assertThat(pending.takeAll()).containsExactly(insertsB);
    }

    @Test
    void aTakenBatchReleasesItsRowsAndItsShape() {
        Batch full = add("INSERT A", key("A", "1"));
        add("UPDATE A", key("A", "2"));
        assertThat(pending.takeWithPredecessors(full)).containsExactly(full);
        assertThat(pending.get("INSERT A")).isNull();
        assertThat(pending.takeBlocking("DELETE A", rows(key("A", "1")))).isEmpty();
        assertThat(pending.takeBlocking("DELETE A", rows(key("A", "2")))).hasSize(1);
    }

    @Test
    void aRowWithoutKeyRunsAfterEverythingPendingAndOnlyItsShapeJoinsIt() {
        assertThat(pending.takeBlocking("INSERT C", null)).as("nothing pending").isEmpty();
        Batch keyed = add("INSERT A", key("A", "1"));
        assertThat(pending.takeBlocking("INSERT C", null)).containsExactly(keyed);
        Batch keyless = new Batch("INSERT C", null, ConflictPolicy.ERROR, LcrCommand.INSERT, false);
        pending.add(keyless, 0, null, true);
        assertThat(pending.takeBlocking("INSERT C", null)).isEmpty();
        assertThat(pending.takeBlocking("DELETE C", null)).containsExactly(keyless);
        pending.add(keyless, 0, null, true);
        assertThat(pending.takeBlocking("INSERT A", rows(key("A", "2")))).containsExactly(keyless);
    }

    @Test
    void newShapesBeyondTheLimitWaitForThePendingOnes() {
        for (int i = 0; i < PendingBatches.MAX_SHAPES; i++) {
            add("INSERT T" + i, key("T" + i, "1"));
        }
        assertThat(pending.takeBlocking("INSERT T0", rows(key("T0", "2")))).isEmpty();
        assertThat(pending.takeBlocking("INSERT X", rows(key("X", "1")))).hasSize(PendingBatches.MAX_SHAPES);
    }

    @Test
    void aChildRowOrdersItsBatchAfterItsParentsWithoutRunningEitherAndATakenBatchTakesItsPredecessors() {
        Batch children = add("INSERT CHILD", key("CHILD", "1"));
        Batch parents = add("INSERT PARENT", insert(key("PARENT", "1")));
        StatementKeys child = insert(key("CHILD", "2"), key("PARENT", "1"));
        assertThat(pending.takeBlocking("INSERT CHILD", child)).isEmpty();
        pending.add(children, 1, child, false);
        Batch other = add("INSERT OTHER", key("OTHER", "1"));
        assertThat(pending.takeWithPredecessors(children)).containsExactly(parents, children);
        assertThat(pending.takeAll()).containsExactly(other);
    }

    @Test
    void batchesRunAfterTheirPredecessorsThoughFirstUsedBefore() {
        Batch children = add("INSERT CHILD", key("CHILD", "1"));
        Batch parents = add("INSERT PARENT", insert(key("PARENT", "1")));
        pending.add(children, 1, insert(key("CHILD", "2"), key("PARENT", "1")), false);
        assertThat(pending.takeAll()).containsExactly(parents, children);
    }

    @Test
    void whereTheOrderWouldBeACycleTheBatchItMustFollowRunsFirst() {
        // X 1, then Y 1 referencing it (X before Y), then X 2 referencing Y 1: X would have to follow Y too
        Batch xs = add("INSERT X", insert(key("X", "1")));
        Batch ys = add("INSERT Y", insert(key("Y", "1"), key("X", "1")));
        assertThat(pending.takeBlocking("INSERT X", insert(key("X", "2"), key("Y", "1"))))
                .containsExactly(xs, ys);
        assertThat(pending.isEmpty()).isTrue();
    }

    private Batch add(String sql, StatementKeys keys) {
        Batch batch = new Batch(sql, null, ConflictPolicy.ERROR, LcrCommand.INSERT, false);
        pending.add(batch, 0, keys, false);
        return batch;
    }

    /** An INSERT of {@code row} whose foreign keys name {@code parents}. */
    private static StatementKeys insert(RowKey row, RowKey... parents) {
        return new StatementKeys(List.of(row), List.of(row), List.of(row), List.of(parents));
    }

    private Batch add(String sql, RowKey key) {
        return add(sql, rows(key));
    }

    private static StatementKeys rows(RowKey... rows) {
        return new StatementKeys(List.of(rows), List.of(rows), List.of(), List.of());
    }

    private static RowKey key(String table, String id) {
        return RowKey.of(table, id);
    }
}
