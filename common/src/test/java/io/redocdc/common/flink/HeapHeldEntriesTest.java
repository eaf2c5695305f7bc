package io.redocdc.common.flink;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class HeapHeldEntriesTest {

    /** The keyed backend's current key, as the operator's getCurrentKey/setCurrentKey see it. */
    private Integer currentKey = 1;
    private final FakeKeyedMapState<String> rows = new FakeKeyedMapState<>(() -> currentKey);
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
        assertThat(rows.writes).isZero();
    }

    @Test
    void aWriteOutPutsEveryHeldEntryUnderItsKeyAndSetsTheCurrentKeyBack() throws Exception {
        held.putNew("a", "1");
        held.putNew("b", "2");
        currentKey = 7;
        held.putNew("a", "3");
        held.writeOut();
        assertThat(rows.stored).isEqualTo(Map.of(1, Map.of("a", "1", "b", "2"), 7, Map.of("a", "3")));
        assertThat(rows.writes).as("one putAll per key").isEqualTo(2);
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
}
