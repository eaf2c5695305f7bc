package io.redocdc.operators.txn;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.flink.api.common.state.MapState;
import org.apache.flink.api.common.state.MapStateDescriptor;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.runtime.state.KeyedStateBackend;
import org.apache.flink.runtime.state.VoidNamespace;
import org.apache.flink.runtime.state.VoidNamespaceSerializer;

/**
 * The pending boundaries (START, COMMIT, ROLLBACK) of the current slot, in redo order, as one keyed value: a slot
 * holds a few at a time, and every timer of the slot reads them all. They were a map state before; on RocksDB,
 * reading a map means iterating the slot's key range, which passes every entry deleted there since the last
 * compaction, and slots are reused by transaction after transaction, so that iteration took most of the
 * assembler's time. A point read of one value does not pass deleted entries.
 *
 * <p>Savepoints of earlier builds hold the boundaries in the map state {@code boundaries}; {@link #moveLegacy}
 * moves them into this value on restore, and that map stays registered, empty.
 */
final class SlotBoundaries {

    private static final Boundary[] NONE = new Boundary[0];

    static ValueStateDescriptor<Boundary[]> descriptor() {
        return new ValueStateDescriptor<>("slot-boundaries", TypeInformation.of(Boundary[].class));
    }

    /** Where builds before this one kept the boundaries, by their key in redo order. */
    static MapStateDescriptor<RowKey, Boundary> legacyDescriptor() {
        return new MapStateDescriptor<>(
                "boundaries", TypeInformation.of(RowKey.class), TypeInformation.of(Boundary.class));
    }

    private final ValueState<Boundary[]> state;

    SlotBoundaries(ValueState<Boundary[]> state) {
        this.state = state;
    }

    /** The slot's boundaries in redo order, as a new list the caller may change. */
    List<Boundary> inRedoOrder() throws Exception {
        return new ArrayList<>(Arrays.asList(stored()));
    }

    void add(Boundary boundary) throws Exception {
        Boundary[] all = stored();
        int insertAt = 0;
        while (insertAt < all.length && all[insertAt].key().compareTo(boundary.key()) < 0) {
            insertAt++;
        }
        if (insertAt < all.length && all[insertAt].key().equals(boundary.key())) {
            throw new IllegalStateException("slot already holds a boundary at " + boundary.key());
        }
        Boundary[] grown = new Boundary[all.length + 1];
        System.arraycopy(all, 0, grown, 0, insertAt);
        grown[insertAt] = boundary;
        System.arraycopy(all, insertAt, grown, insertAt + 1, all.length - insertAt);
        state.update(grown);
    }

    void remove(Boundary boundary) throws Exception {
        Boundary[] kept = Arrays.stream(stored()).filter(b -> !b.key().equals(boundary.key()))
                .toArray(Boundary[]::new);
        state.update(kept.length == 0 ? null : kept);
    }

    private Boundary[] stored() throws Exception {
        Boundary[] all = state.value();
        return all == null ? NONE : all;
    }

    /**
     * Moves the boundaries a savepoint of an earlier build holds in {@link #legacyDescriptor()} into this value,
     * slot by slot, and empties the map. Returns the number of slots moved.
     */
    static int moveLegacy(KeyedStateBackend<Integer> backend) throws Exception {
        Map<Integer, List<Boundary>> legacy = new HashMap<>();
        backend.applyToAllKeys(VoidNamespace.INSTANCE, VoidNamespaceSerializer.INSTANCE, legacyDescriptor(),
                (slot, map) -> {
                    List<Boundary> slotBoundaries = new ArrayList<>();
                    map.values().forEach(slotBoundaries::add);
                    if (!slotBoundaries.isEmpty()) {
                        legacy.put(slot, slotBoundaries);
                    }
                });
        if (legacy.isEmpty()) {
            return 0;
        }
        MapState<RowKey, Boundary> map = backend.getPartitionedState(VoidNamespace.INSTANCE,
                VoidNamespaceSerializer.INSTANCE, legacyDescriptor());
        SlotBoundaries moved = new SlotBoundaries(backend.getPartitionedState(VoidNamespace.INSTANCE,
                VoidNamespaceSerializer.INSTANCE, descriptor()));
        for (Map.Entry<Integer, List<Boundary>> slot : legacy.entrySet()) {
            backend.setCurrentKey(slot.getKey());
            for (Boundary boundary : slot.getValue()) {
                moved.add(boundary);
            }
            map.clear();
        }
        return legacy.size();
    }
}
