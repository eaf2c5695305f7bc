package io.redocdc.common.flink;

import java.util.HashMap;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.function.ToLongFunction;
import org.apache.flink.api.common.state.MapState;

/**
 * New entries of a keyed {@link MapState} held on the heap until a checkpoint, within a budget of bytes: entries
 * that are put and removed between two checkpoints, as most buffered rows are, never reach the state. On RocksDB
 * each of those puts, gets and deletes is a JNI call that serializes the entry; they were half the assembler
 * thread (async-profiler, rocksdb:1, 2026-12-07). {@link #writeOut} puts everything held into the state, one
 * {@code putAll} per operator key: call it from the operator's {@code snapshotState(StateSnapshotContext)}, which
 * runs before the keyed state backend takes its snapshot. While the held entries weigh as much as the budget, new
 * ones go to the state at once: the heap keeps the oldest, which are usually the first to be removed, and nothing
 * is written twice. After a restore nothing is held and everything is read from the state.
 *
 * <p>Only for keys the state does not have ({@link #putNew}), so that a held entry is never also in the state.
 * Values are held by reference and must not be changed in place. Task thread only.
 *
 * @param <K>  the operator's key
 * @param <UK> the map's keys
 * @param <UV> the map's values
 */
public final class HeapHeldEntries<K, UK, UV> {

    private final MapState<UK, UV> state;
    private final Supplier<K> currentKey;
    private final Consumer<K> setCurrentKey;
    private final long budgetBytes;
    private final ToLongFunction<UV> weight;
    private final Map<MixedKey<K>, Map<UK, UV>> held = new HashMap<>();
    private long heldBytes;

    /**
     * @param currentKey    the key the operator's keyed state is set to
     * @param setCurrentKey sets it (the operator's {@code setCurrentKey})
     * @param budgetBytes   weight held at most; entries beyond it go to the state (0: all of them)
     * @param weight        about the heap a value takes, in bytes
     */
    public HeapHeldEntries(MapState<UK, UV> state, Supplier<K> currentKey, Consumer<K> setCurrentKey,
                           long budgetBytes, ToLongFunction<UV> weight) {
        if (budgetBytes < 0) {
            throw new IllegalArgumentException("the heap budget must not be negative, got " + budgetBytes);
        }
        this.state = state;
        this.currentKey = currentKey;
        this.setCurrentKey = setCurrentKey;
        this.budgetBytes = budgetBytes;
        this.weight = weight;
    }

    /** Adds an entry for the current key; {@code key} must be one the state does not have. */
    public void putNew(UK key, UV value) throws Exception {
        long bytes = weight.applyAsLong(value);
        if (heldBytes + bytes > budgetBytes) {
            state.put(key, value);
            return;
        }
        held.computeIfAbsent(MixedKey.of(currentKey.get()), k -> new HashMap<>()).put(key, value);
        heldBytes += bytes;
    }

    /** The current key's value of {@code key}, held or in the state; null when there is none. */
    public UV get(UK key) throws Exception {
        Map<UK, UV> entries = held.isEmpty() ? null : held.get(MixedKey.of(currentKey.get()));
        UV value = entries == null ? null : entries.get(key);
        return value != null ? value : state.get(key);
    }

    /** Removes the current key's entry: held ones are only forgotten, the state is told of the others. */
    public void remove(UK key) throws Exception {
        MixedKey<K> current = held.isEmpty() ? null : MixedKey.of(currentKey.get());
        Map<UK, UV> entries = current == null ? null : held.get(current);
        UV value = entries == null ? null : entries.remove(key);
        if (value == null) {
            state.remove(key);
            return;
        }
        heldBytes -= weight.applyAsLong(value);
        if (entries.isEmpty()) {
            held.remove(current);
        }
    }

    /** Puts every held entry into the state and holds nothing; the current key is set back after. */
    public void writeOut() throws Exception {
        if (held.isEmpty()) {
            return;
        }
        K current = currentKey.get();
        try {
            for (Map.Entry<MixedKey<K>, Map<UK, UV>> entries : held.entrySet()) {
                setCurrentKey.accept(entries.getKey().key());
                state.putAll(entries.getValue());
            }
        } finally {
            held.clear();
            heldBytes = 0;
            if (current != null) {
                setCurrentKey.accept(current);
            }
        }
    }

    /** The weight held now (for tests and metrics). */
    public long heldBytes() {
        return heldBytes;
    }
}
