package io.redocdc.common.flink;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import org.apache.flink.api.common.state.ValueState;
import org.junit.jupiter.api.Test;

class KeyedWriteBackTest {

    /** The keyed backend's current key, as the operator's getCurrentKey/setCurrentKey see it. */
    private Integer currentKey = 1;
    private final KeyedWriteBack<Integer> writeBack = new KeyedWriteBack<>(() -> currentKey, key -> currentKey = key, 100);
    private final FakeValueState counter = new FakeValueState();
    private final FakeKeyedMapState<Long> ranges = new FakeKeyedMapState<>(() -> currentKey);
    private final ValueState<Long> cachedCounter = writeBack.value(counter);
    private final KeyedWriteBack<Integer>.CachedMap<String, Long> cachedRanges = writeBack.map(ranges);

    @Test
    void theStatesSeeTheLastValueOfEachKeyAtTheFlushAndTheCurrentKeyIsSetBack() throws Exception {
        counter.stored.put(1, 10L);
        for (long i = 11; i <= 15; i++) {
            cachedCounter.update(cachedCounter.value() + 1);
        }
        currentKey = 2;
        cachedCounter.update(7L);
        cachedRanges.put("log 11", 3L);
        assertThat(counter.reads).as("read once, then from the cache").isEqualTo(1);
        assertThat(counter.writes).isZero();
        assertThat(ranges.writes).isZero();

        writeBack.flush();
        assertThat(counter.stored).containsExactlyInAnyOrderEntriesOf(Map.of(1, 15L, 2, 7L));
        assertThat(counter.writes).as("one write per key").isEqualTo(2);
        assertThat(ranges.stored).containsExactlyInAnyOrderEntriesOf(Map.of(2, Map.of("log 11", 3L)));
        assertThat(currentKey).isEqualTo(2);
    }

    @Test
    void clearedValuesAndRemovedEntriesLeaveTheStatesAtTheFlush() throws Exception {
        counter.stored.put(1, 10L);
        ranges.stored.put(1, new HashMap<>(Map.of("log 11", 3L, "log 12", 4L)));
        cachedCounter.clear();
        cachedRanges.remove("log 11");
        assertThat(cachedCounter.value()).isNull();
        assertThat(cachedRanges.get("log 11")).isNull();
        assertThat(cachedRanges.get("log 12")).isEqualTo(4L);
        assertThat(counter.stored).as("not before the flush").containsKey(1);

        writeBack.flush();
        assertThat(counter.stored).isEmpty();
        assertThat(ranges.stored.get(1)).containsExactlyEntriesOf(Map.of("log 12", 4L));
        assertThat(ranges.writes).as("nothing written for an entry only read").isEqualTo(1);
    }

    @Test
    void afterAFlushValuesAreReadFromTheStatesAgain() throws Exception {
        cachedCounter.update(5L);
        writeBack.flush();
        counter.stored.put(1, 6L); // as a restore would
        assertThat(cachedCounter.value()).isEqualTo(6L);
        assertThat(writeBack.entries()).isEqualTo(1);
    }

    @Test
    void theCachesFlushByThemselvesAtTheirBound() throws Exception {
        for (int key = 0; key < 250; key++) {
            currentKey = key;
            cachedCounter.update((long) key);
        }
        assertThat(writeBack.entries()).as("flushed at 100 and 200 entries").isEqualTo(50);
        assertThat(counter.stored).hasSize(200);
        assertThat(currentKey).isEqualTo(249);
        writeBack.flush();
        assertThat(counter.stored).hasSize(250).containsEntry(249, 249L);
    }

    private final class FakeValueState implements ValueState<Long> {
        final Map<Integer, Long> stored = new HashMap<>();
        int reads;
        int writes;

        @Override
        public Long value() {
            reads++;
            return stored.get(currentKey);
        }

        @Override
        public void update(Long value) {
            writes++;
            stored.put(currentKey, value);
        }

        @Override
        public void clear() {
            writes++;
            stored.remove(currentKey);
        }
    }
}
