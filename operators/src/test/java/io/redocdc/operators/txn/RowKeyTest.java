package io.redocdc.operators.txn;

import static org.assertj.core.api.Assertions.assertThat;

import io.redocdc.source.model.ThreadSequence;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** equals, hashCode and compareTo are written out (not the record's): each must still follow every component. */
class RowKeyTest {

    @Test
    void rowKeysAreEqualExactlyWhenEveryComponentIs() {
        RowKey key = new RowKey(7, 2, 40, 5);
        assertThat(key).isEqualTo(new RowKey(7, 2, 40, 5)).hasSameHashCodeAs(new RowKey(7, 2, 40, 5));
        assertThat(List.of(new RowKey(8, 2, 40, 5), new RowKey(7, 1, 40, 5), new RowKey(7, 2, 41, 5),
                new RowKey(7, 2, 40, 6))).doesNotContain(key);
        assertThat(key).isNotEqualTo(new ThreadSequence(2, 40, 7));
    }

    @Test
    void rowKeysOrderByIncarnationThreadSequenceIndex() {
        List<RowKey> sorted = List.of(new RowKey(1, 2, 9, 9), new RowKey(2, 1, 1, 1), new RowKey(2, 1, 2, 0),
                new RowKey(2, 1, 2, 3), new RowKey(2, 2, 1, 0));
        List<RowKey> shuffled = new ArrayList<>(sorted);
        Collections.reverse(shuffled);
        shuffled.sort(null);
        assertThat(shuffled).containsExactlyElementsOf(sorted);
        assertThat(new RowKey(2, 1, 2, 3).compareTo(new RowKey(2, 1, 2, 3))).isZero();
    }

    @Test
    void logsAreEqualAndOrderedByEveryComponent() {
        ThreadSequence log = new ThreadSequence(2, 40, 7);
        assertThat(log).isEqualTo(new ThreadSequence(2, 40, 7)).hasSameHashCodeAs(new ThreadSequence(2, 40, 7));
        assertThat(List.of(new ThreadSequence(1, 40, 7), new ThreadSequence(2, 41, 7), new ThreadSequence(2, 40, 8)))
                .doesNotContain(log);
        List<ThreadSequence> sorted = List.of(new ThreadSequence(9, 9, 1), new ThreadSequence(1, 5, 2),
                new ThreadSequence(1, 6, 2), new ThreadSequence(2, 1, 2));
        List<ThreadSequence> shuffled = new ArrayList<>(sorted);
        Collections.reverse(shuffled);
        shuffled.sort(null);
        assertThat(shuffled).containsExactlyElementsOf(sorted);
        assertThat(RowKey.of(log, 3)).isEqualTo(new RowKey(7, 2, 40, 3));
        assertThat(RowKey.of(log, 3).log()).isEqualTo(log);
    }

    @Test
    void theRowsOfManyLogsHaveDistinctHashes() {
        // with a hash that multiplies by 31 at each step, (sequence s, index i) and (s + 1, i - 31) collide: a
        // large transaction's rows of 40 logs of 5,000 rows each then shared about 6,200 hashes
        Set<Integer> hashes = new HashSet<>();
        int rows = 0;
        for (long sequence = 600; sequence < 640; sequence++) {
            for (int index = 0; index < 5000; index++, rows++) {
                hashes.add(new RowKey(1029337344L, 1, sequence, index).hashCode());
            }
        }
        assertThat(hashes).as("distinct hashes of %s row keys", rows).hasSizeGreaterThan(rows * 99 / 100);
        assertThat(new ThreadSequence(1, 600, 1029337344L).hashCode())
                .isNotEqualTo(new ThreadSequence(1, 601, 1029337344L).hashCode());
    }
}
