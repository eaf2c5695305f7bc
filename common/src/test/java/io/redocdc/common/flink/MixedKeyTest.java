package io.redocdc.common.flink;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class MixedKeyTest {

    /** What HashMap does with a hash code before it takes the low bits as the bucket. */
    private static int bucket(int hashCode, int buckets) {
        return (hashCode ^ (hashCode >>> 16)) & (buckets - 1);
    }

    @Test
    void slotKeysOfManyUndoSegmentsSpreadOverTheBuckets() {
        Set<Integer> plain = new HashSet<>();
        Set<Integer> mixed = new HashSet<>();
        int keys = 0;
        for (int usn = 1; usn <= 64; usn++) {
            for (int slot = 0; slot < 48; slot++) {
                int slotKey = usn << 16 | slot; // as Xid.slotKey
                plain.add(bucket(Integer.hashCode(slotKey), 4096));
                mixed.add(bucket(MixedKey.of(slotKey).hashCode(), 4096));
                keys++;
            }
        }
        assertThat(plain).as("Integer's own hash: the buckets of %d keys", keys).hasSizeLessThan(128);
        assertThat(mixed).as("at least half the keys in buckets of their own").hasSizeGreaterThan(keys / 2);
    }

    @Test
    void equalKeysAreEqual() {
        assertThat(MixedKey.of(655_360)).isEqualTo(MixedKey.of(655_360)).isNotEqualTo(MixedKey.of(655_361));
        assertThat(MixedKey.of(655_360).key()).isEqualTo(655_360);
    }
}
