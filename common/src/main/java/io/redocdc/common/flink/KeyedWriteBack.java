package io.redocdc.common.flink;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.apache.flink.api.common.state.MapState;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.util.function.SupplierWithException;

/**
 * Write-back caches in front of small keyed states that an operator reads and writes for every record (counters,
 * index ranges, a few boundaries per key). On RocksDB each such access is a JNI call that serializes the key and
 * the value; here it is a hash lookup, and the states see one write per key and checkpoint. {@link #flush} writes
 * what changed to the states: call it from the operator's {@code snapshotState(StateSnapshotContext)}, which runs
 * before the keyed state backend takes its snapshot, so every checkpoint holds the cached values. After a restore
 * the caches start empty and read through to the restored states.
 *
 * <p>Cached values are held by reference: they must not be changed in place after {@code update}/{@code put}
 * (the states' own rule on the heap backend too). The caches flush by themselves once {@code maxEntries} entries
 * are held, so memory stays bounded also between checkpoints or without them. Task thread only.
 *
 * @param <K> the operator's key
 */
public final class KeyedWriteBack<K> {

    private final Supplier<K> currentKey;
    private final Consumer<K> setCurrentKey;
    private final int maxEntries;
    private final List<Flushable> caches = new ArrayList<>();
    private int entries;

    /**
     * @param currentKey    the key the operator's keyed state is set to
     * @param setCurrentKey sets it (the operator's {@code setCurrentKey})
     * @param maxEntries    entries held over all caches before they flush by themselves
     */
    public KeyedWriteBack(Supplier<K> currentKey, Consumer<K> setCurrentKey, int maxEntries) {
        if (maxEntries < 1) {
            throw new IllegalArgumentException("maxEntries must be at least 1, got " + maxEntries);
        }
        this.currentKey = currentKey;
        this.setCurrentKey = setCurrentKey;
        this.maxEntries = maxEntries;
    }

    /** A cached view of {@code state}: {@code value}, {@code update} and {@code clear} of the current key. */
    public <T> ValueState<T> value(ValueState<T> state) {
        CachedValue<T> cached = new CachedValue<>(state);
        caches.add(cached);
        return cached;
    }

    /** A cached view of {@code state}'s point operations for the current key. */
    public <UK, UV> CachedMap<UK, UV> map(MapState<UK, UV> state) {
        CachedMap<UK, UV> cached = new CachedMap<>(state);
        caches.add(cached);
        return cached;
    }

    /** Writes every changed value to its state and empties the caches; the current key is set back after. */
    public void flush() throws Exception {
        if (entries == 0) {
            return;
        }
        K current = currentKey.get();
        try {
            for (Flushable cache : caches) {
                cache.writeOut();
            }
        } finally {
            entries = 0;
            if (current != null) {
                setCurrentKey.accept(current);
            }
        }
    }

    /** Entries held over all caches (for tests). */
    int entries() {
        return entries;
    }

    /** The cached value of {@code key}, else the stored one, cached from then on. */
    private <X, T> T read(Map<X, Entry<T>> cache, X key, SupplierWithException<T, Exception> stored)
            throws Exception {
        Entry<T> entry = cache.get(key);
        if (entry != null) {
            return entry.value;
        }
        T value = stored.get();
        cache.put(key, new Entry<>(value, false));
        added();
        return value;
    }

    /** Caches {@code value} (null: none) for {@code key}, to be written out at the next flush. */
    private <X, T> void write(Map<X, Entry<T>> cache, X key, T value) throws Exception {
        Entry<T> entry = cache.get(key);
        if (entry != null) {
            entry.value = value;
            entry.dirty = true;
            return;
        }
        cache.put(key, new Entry<>(value, true));
        added();
    }

    /** {@code action} within ValueState's signatures: only a flush of full caches throws more than IOException. */
    private static <T> T asIo(SupplierWithException<T, Exception> action) throws IOException {
        try {
            return action.get();
        } catch (IOException | RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IOException(e);
        }
    }

    private void added() throws Exception {
        if (++entries >= maxEntries) {
            flush();
        }
    }

    /** A cached value or the absence of one (null), and whether the state still has to be told. */
    private static final class Entry<T> {
        T value;
        boolean dirty;

        Entry(T value, boolean dirty) {
            this.value = value;
            this.dirty = dirty;
        }
    }

    private interface Flushable {
        /** Writes the changed entries to the state (setting the operator's key) and forgets every entry. */
        void writeOut() throws Exception;
    }

    private final class CachedValue<T> implements ValueState<T>, Flushable {
        private final ValueState<T> state;
        private final Map<MixedKey<K>, Entry<T>> byKey = new HashMap<>();

        CachedValue(ValueState<T> state) {
            this.state = state;
        }

        @Override
        public T value() throws IOException {
            return asIo(() -> read(byKey, MixedKey.of(currentKey.get()), state::value));
        }

        @Override
        public void update(T value) throws IOException {
            asIo(() -> {
                write(byKey, MixedKey.of(currentKey.get()), value);
                return null;
            });
        }

        @Override
        public void clear() {
            try {
                update(null);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        public void writeOut() throws Exception {
            for (Map.Entry<MixedKey<K>, Entry<T>> cached : byKey.entrySet()) {
                if (cached.getValue().dirty) {
                    setCurrentKey.accept(cached.getKey().key());
                    if (cached.getValue().value == null) {
                        state.clear();
                    } else {
                        state.update(cached.getValue().value);
                    }
                }
            }
            byKey.clear();
        }
    }

    /** Point operations of a keyed map state, cached per key and map key. */
    public final class CachedMap<UK, UV> implements Flushable {
        private final MapState<UK, UV> state;
        private final Map<MixedKey<K>, Map<UK, Entry<UV>>> byKey = new HashMap<>();

        CachedMap(MapState<UK, UV> state) {
            this.state = state;
        }

        /** The value of {@code mapKey} for the current key, or null. */
        public UV get(UK mapKey) throws Exception {
            return read(ofCurrentKey(), mapKey, () -> state.get(mapKey));
        }

        public void put(UK mapKey, UV value) throws Exception {
            write(ofCurrentKey(), mapKey, value);
        }

        public void remove(UK mapKey) throws Exception {
            put(mapKey, null);
        }

        private Map<UK, Entry<UV>> ofCurrentKey() {
            return byKey.computeIfAbsent(MixedKey.of(currentKey.get()), key -> new HashMap<>());
        }

        @Override
        public void writeOut() throws Exception {
            for (Map.Entry<MixedKey<K>, Map<UK, Entry<UV>>> perKey : byKey.entrySet()) {
                boolean keySet = false;
                for (Map.Entry<UK, Entry<UV>> cached : perKey.getValue().entrySet()) {
                    if (!cached.getValue().dirty) {
                        continue;
                    }
                    if (!keySet) {
                        setCurrentKey.accept(perKey.getKey().key());
                        keySet = true;
                    }
                    if (cached.getValue().value == null) {
                        state.remove(cached.getKey());
                    } else {
                        state.put(cached.getKey(), cached.getValue().value);
                    }
                }
            }
            byKey.clear();
        }
    }
}
