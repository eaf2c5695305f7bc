package io.redocdc.operators.txn;

import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The transaction ends (COMMIT and ROLLBACK records) the assembler holds until the watermark passes their SCN, by
 * SCN, on the heap. They were one event-time timer each: on RocksDB a put and a poll of its priority queue per end,
 * 7 % of the assembler task's thread (async-profiler, warm rocksdb:1, 2026-12-07). Rebuilt on restore from the
 * slots' boundaries, which are in keyed state; at each checkpoint the operator also registers them as timers, so
 * that builds that rely on timers restore its checkpoints. Task thread only.
 */
final class DueEnds {

    private final TreeMap<Long, Set<Integer>> slotsByScn = new TreeMap<>();

    /** Holds the end at {@code scn} of a transaction of {@code slot}; the same end twice is held once. */
    void add(long scn, int slot) {
        slotsByScn.computeIfAbsent(scn, ignored -> new LinkedHashSet<>()).add(slot);
    }

    /** The slots with an end at the lowest SCN at or below {@code watermark}, no longer held; null when none is due. */
    Map.Entry<Long, Set<Integer>> pollDue(long watermark) {
        Map.Entry<Long, Set<Integer>> first = slotsByScn.firstEntry();
        return first == null || first.getKey() > watermark ? null : slotsByScn.pollFirstEntry();
    }

    /** Every held end, lowest SCN first. */
    Iterable<Map.Entry<Long, Set<Integer>>> all() {
        return slotsByScn.entrySet();
    }

    int size() {
        return slotsByScn.values().stream().mapToInt(Set::size).sum();
    }
}
