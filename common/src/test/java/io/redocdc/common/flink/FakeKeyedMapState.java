package io.redocdc.common.flink;

import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.function.Supplier;
import org.apache.flink.api.common.state.MapState;

/** A keyed MapState of String keys for the current operator key: point operations only, writes counted. */
final class FakeKeyedMapState<UV> implements MapState<String, UV> {

    final Map<Integer, Map<String, UV>> stored = new HashMap<>();
    /** Calls of put, remove and putAll. */
    int writes;
    private final Supplier<Integer> currentKey;

    FakeKeyedMapState(Supplier<Integer> currentKey) {
        this.currentKey = currentKey;
    }

    private Map<String, UV> current() {
        return stored.computeIfAbsent(currentKey.get(), key -> new HashMap<>());
    }

    @Override
    public UV get(String key) {
        Map<String, UV> entries = stored.get(currentKey.get());
        return entries == null ? null : entries.get(key);
    }

    @Override
    public void put(String key, UV value) {
        writes++;
        current().put(key, value);
    }

    @Override
    public void remove(String key) {
        writes++;
        Map<String, UV> entries = stored.get(currentKey.get());
        if (entries != null) {
            entries.remove(key);
        }
    }

    @Override
    public void putAll(Map<String, UV> map) {
        writes++;
        current().putAll(map);
    }

    @Override
    public boolean contains(String key) {
        throw new UnsupportedOperationException();
    }

    @Override
    public Iterable<Map.Entry<String, UV>> entries() {
        throw new UnsupportedOperationException();
    }

    @Override
    public Iterable<String> keys() {
        throw new UnsupportedOperationException();
    }

    @Override
    public Iterable<UV> values() {
        throw new UnsupportedOperationException();
    }

    @Override
    public Iterator<Map.Entry<String, UV>> iterator() {
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
