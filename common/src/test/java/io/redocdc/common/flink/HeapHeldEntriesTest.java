package io.redocdc.common.flink;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import org.apache.flink.api.common.state.MapState;
import org.junit.jupiter.api.Test;

class HeapHeldEntriesTest {

    /** The keyed backend's current key, as the operator's getCurrentKey/setCurrentKey see it. */
    private Integer currentKey = 1;
    private final FakeMapState rows = new FakeMapState();
    /** Weight: the value's length; budget 10. */
    private final HeapHeldEntries<Integer, String, String> held =
            new HeapHeldEntries<>(rows, () -> currentKey, key -> currentKey = key, 10, String::length);

    @Test
    void entriesPutAndRemovedBetweenWriteOutsNeverReachTheState() throws Exception {
        held.putNew("a", "xx");
        currentKey = 2;
        held.putNew("a", "yyy");
        assertThat(held.get("a")).isEqualTo("yyy");
        currentKey = 1;
        assertThat(held.get("a")).isEqualTo("xx");
        held.remove("a");
        currentKey = 2;
        held.remove("a");
        assertThat(held.heldBytes()).isZero();
        held.writeOut();
        assertThat(rows.stored).isEmpty();
        assertThat(rows.calls).isZero();
    }

    @Test
    void aWriteOutPutsEveryHeldEntryUnderItsKeyAndSetsTheCurrentKeyBack() throws Exception {
        held.putNew("a", "1");
        held.putNew("b", "2");
        currentKey = 7;
        held.putNew("a", "3");
        held.writeOut();
        assertThat(rows.stored).isEqualTo(Map.of(1, Map.of("a", "1", "b", "2"), 7, Map.of("a", "3")));
        assertThat(rows.calls).as("one putAll per key").isEqualTo(2);
        assertThat(currentKey).isEqualTo(7);
        assertThat(held.heldBytes()).isZero();

        // from then on read from and removed in the state
        currentKey = 1;
        assertThat(held.get("b")).isEqualTo("2");
        held.remove("b");
        assertThat(rows.stored.get(1)).containsOnlyKeys("a");
    }

    @Test
    void beyondTheBudgetNewEntriesGoToTheStateAndTheHeldOnesStay() throws Exception {
        held.putNew("a", "123456");
        currentKey = 2;
        held.putNew("b", "12345"); // 11 > 10
        assertThat(rows.stored).isEqualTo(Map.of(2, Map.of("b", "12345")));
        assertThat(held.heldBytes()).isEqualTo(6);
        held.putNew("c", "1234");
        assertThat(held.heldBytes()).as("room for it").isEqualTo(10);
        assertThat(held.get("b")).isEqualTo("12345");
        assertThat(held.get("c")).isEqualTo("1234");
        assertThat(held.get("none")).isNull();
        currentKey = 1;
        held.remove("a");
        assertThat(held.heldBytes()).isEqualTo(4);
        held.putNew("d", "12345");
        assertThat(rows.stored.get(1)).as("held again once there is room").isNull();
    }

    private final class FakeMapState implements MapState<String, String> {
        final Map<Integer, Map<String, String>> stored = new HashMap<>();
        int calls;

        private Map<String, String> current() {
            return stored.computeIfAbsent(currentKey, key -> new HashMap<>());
        }

        @Override
        public String get(String key) {
            Map<String, String> entries = stored.get(currentKey);
            return entries == null ? null : entries.get(key);
        }

        @Override
        public void put(String key, String value) {
            calls++;
            current().put(key, value);
        }

        @Override
        public void remove(String key) {
            Map<String, String> entries = stored.get(currentKey);
            if (entries != null) {
                calls++;
                entries.remove(key);
            }
        }

        @Override
        public void putAll(Map<String, String> map) {
            calls++;
            current().putAll(map);
        }

        @Override
        public boolean contains(String key) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Iterable<Map.Entry<String, String>> entries() {
            throw new UnsupportedOperationException();
        }

        @Override
        public Iterable<String> keys() {
            throw new UnsupportedOperationException();
        }

        @Override
        public Iterable<String> values() {
            throw new UnsupportedOperationException();
        }

        @Override
        public Iterator<Map.Entry<String, String>> iterator() {
            throw new UnsupportedOperationException();
        }

        @Override
        public boolean isEmpty() {
            throw new UnsupportedOperationException();
        }

        @Override
        public void clear() {
            throw new UnsupportedOperationException();
        }
    }
}
