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
        private final Map<K, Entry<T>> byKey = new HashMap<>();

        CachedValue(ValueState<T> state) {
            this.state = state;
        }

        @Override
        public T value() throws IOException {
            K key = currentKey.get();
            Entry<T> entry = byKey.get(key);
            if (entry == null) {
                T stored = state.value();
                byKey.put(key, new Entry<>(stored, false));
                countAdded();
                return stored;
            }
            return entry.value;
        }

        @Override
        public void update(T value) throws IOException {
            K key = currentKey.get();
            Entry<T> entry = byKey.get(key);
            if (entry == null) {
                byKey.put(key, new Entry<>(value, true));
                countAdded();
            } else {
                entry.value = value;
                entry.dirty = true;
            }
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
            for (Map.Entry<K, Entry<T>> cached : byKey.entrySet()) {
                if (cached.getValue().dirty) {
                    setCurrentKey.accept(cached.getKey());
                    if (cached.getValue().value == null) {
                        state.clear();
                    } else {
                        state.update(cached.getValue().value);
                    }
                }
            }
            byKey.clear();
        }

        /** {@link #added}, within ValueState's signatures. */
        private void countAdded() throws IOException {
            try {
                added();
            } catch (IOException | RuntimeException e) {
                throw e;
            } catch (Exception e) {
                throw new IOException(e);
            }
        }
    }

    /** Point operations of a keyed map state, cached per key and map key. */
    public final class CachedMap<UK, UV> implements Flushable {
        private final MapState<UK, UV> state;
        private final Map<K, Map<UK, Entry<UV>>> byKey = new HashMap<>();

        CachedMap(MapState<UK, UV> state) {
            this.state = state;
        }

        /** The value of {@code mapKey} for the current key, or null. */
        public UV get(UK mapKey) throws Exception {
            Map<UK, Entry<UV>> map = byKey.computeIfAbsent(currentKey.get(), key -> new HashMap<>());
            Entry<UV> entry = map.get(mapKey);
            if (entry == null) {
                UV stored = state.get(mapKey);
                map.put(mapKey, new Entry<>(stored, false));
                added();
                return stored;
            }
            return entry.value;
        }

        public void put(UK mapKey, UV value) throws Exception {
            Map<UK, Entry<UV>> map = byKey.computeIfAbsent(currentKey.get(), key -> new HashMap<>());
            Entry<UV> entry = map.get(mapKey);
            if (entry == null) {
                map.put(mapKey, new Entry<>(value, true));
                added();
            } else {
                entry.value = value;
                entry.dirty = true;
            }
        }

        public void remove(UK mapKey) throws Exception {
            put(mapKey, null);
        }

        @Override
        public void writeOut() throws Exception {
            for (Map.Entry<K, Map<UK, Entry<UV>>> perKey : byKey.entrySet()) {
                boolean keySet = false;
                for (Map.Entry<UK, Entry<UV>> cached : perKey.getValue().entrySet()) {
                    if (!cached.getValue().dirty) {
                        continue;
                    }
                    if (!keySet) {
                        setCurrentKey.accept(perKey.getKey());
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
