package io.redocdc.operators.txn;

import java.util.PriorityQueue;

/**
 * The transaction ends (COMMIT and ROLLBACK records) the assembler holds until the watermark passes their SCN, by
 * SCN, on the heap. They were one event-time timer each: on RocksDB a put and a poll of its priority queue per end,
 * 7 % of the assembler task's thread (async-profiler, warm rocksdb:1, 2026-12-07). Rebuilt on restore from the
 * slots' boundaries, which are in keyed state; at each checkpoint the operator also registers them as timers, so
 * that builds that rely on timers restore its checkpoints. An end held twice is finished once: the second finds
 * nothing left to do. Task thread only.
 */
final class DueEnds {

    /** A transaction's end at {@code scn} in {@code slot}. */
    record End(long scn, int slot) {}

    private final PriorityQueue<End> bySCN = new PriorityQueue<>((a, b) -> Long.compare(a.scn, b.scn));

    void add(long scn, int slot) {
        bySCN.add(new End(scn, slot));
    }

    /** The end with the lowest SCN at or below {@code watermark}, no longer held; null when none is due. */
    End pollDue(long watermark) {
        End first = bySCN.peek();
        return first == null || first.scn > watermark ? null : bySCN.poll();
    }

    /** Every held end, in no particular order. */
    Iterable<End> all() {
        return bySCN;
    }

    boolean isEmpty() {
        return bySCN.isEmpty();
    }
}
