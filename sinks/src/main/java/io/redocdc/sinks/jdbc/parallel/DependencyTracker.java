package io.redocdc.sinks.jdbc.parallel;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Set;

/**
 * Decides when a committed transaction may start applying, as Oracle Streams' apply does with
 * {@code commit_serialization = DEPENDENT_TRANSACTIONS}: transactions are added in commit order; one may start
 * once every earlier transaction that writes one of its keys has finished, and no earlier barrier is unfinished;
 * one that writes a key also waits for the earlier ones that read it (a parent row's transaction waits for the
 * earlier transactions whose child rows reference it), while readers of a key do not wait for each other.
 * A barrier waits for every earlier transaction, and every later one waits for it. Transactions that conflict
 * therefore keep commit order; the others may run in any order or at the same time.
 *
 * <p>Cost: adding a transaction looks up each of its keys once in a map from key to the last unfinished
 * transaction writing it and the unfinished ones reading it since (a barrier also registers with each unfinished
 * transaction); finishing one visits its keys and its dependents. Memory is bounded by the unfinished
 * transactions. Not thread-safe: the caller locks.
 *
 * @param <T> the caller's transaction type
 */
public final class DependencyTracker<T> {

    /** One added transaction; hand it back to {@link #finish}. */
    public static final class Entry<T> {
        private final T transaction;
        private final long sequence;
        private final boolean barrier;
        private final Collection<RowKey> keys;
        private final Collection<RowKey> reads;
        private final List<Entry<T>> dependents = new ArrayList<>(0);
        private int unfinishedDependencies;
        private State state = State.WAITING;

        private Entry(T transaction, long sequence, boolean barrier, Collection<RowKey> keys,
                      Collection<RowKey> reads) {
            this.transaction = transaction;
            this.sequence = sequence;
            this.barrier = barrier;
            this.keys = keys;
            this.reads = reads;
        }

        public T transaction() {
            return transaction;
        }

        /** 0, 1, ... in the order the transactions were added (commit order). */
        public long sequence() {
            return sequence;
        }

        public boolean isBarrier() {
            return barrier;
        }
    }

    private enum State { WAITING, READY, STARTED, FINISHED }

    private final Map<RowKey, Entry<T>> lastWriter = new HashMap<>();
    /** Per key, the unfinished transactions that read it after its last writer was added. */
    private final Map<RowKey, Set<Entry<T>>> readersSince = new HashMap<>();
    private final Set<Entry<T>> unfinished = new LinkedHashSet<>();
    private final PriorityQueue<Entry<T>> ready =
            new PriorityQueue<>(Comparator.comparingLong((Entry<T> entry) -> entry.sequence));
    private Entry<T> unfinishedBarrier;
    private long nextSequence;

    /** Adds the next transaction in commit order, with the keys it writes and reads. */
    public Entry<T> add(T transaction, TransactionFootprint footprint, boolean barrier) {
        return add(transaction, footprint.rowKeys(), footprint.referencedKeys(), barrier || footprint.isBarrier());
    }

    /** Adds the next transaction in commit order, writing {@code keys} and reading none. */
    public Entry<T> add(T transaction, Collection<RowKey> keys, boolean barrier) {
        return add(transaction, keys, List.of(), barrier);
    }

    /**
     * Adds the next transaction in commit order.
     *
     * @param keys    the keys it writes (ignored for a barrier); the tracker keeps this collection, do not change it
     * @param reads   the keys it only reads, none of them in {@code keys} (ignored for a barrier); kept likewise
     * @param barrier true when its rows are unknown (DDL, a table without a key, too big to track)
     */
    public Entry<T> add(T transaction, Collection<RowKey> keys, Collection<RowKey> reads, boolean barrier) {
        Entry<T> entry = new Entry<>(transaction, nextSequence++, barrier, barrier ? List.of() : keys,
                barrier ? List.of() : reads);
        if (barrier) {
            for (Entry<T> earlier : unfinished) {
                dependOn(entry, earlier);
            }
            // Later transactions wait for the barrier, which waits for all of these: their keys no longer matter.
            lastWriter.clear();
            readersSince.clear();
            unfinishedBarrier = entry;
        } else {
            if (unfinishedBarrier != null) {
                dependOn(entry, unfinishedBarrier);
            }
            for (RowKey key : reads) {
                Entry<T> writer = lastWriter.get(key);
                if (writer != null) {
                    dependOn(entry, writer);
                }
                readersSince.computeIfAbsent(key, k -> new LinkedHashSet<>()).add(entry);
            }
            for (RowKey key : keys) {
                Entry<T> previous = lastWriter.put(key, entry);
                if (previous != null && previous != entry) {
                    dependOn(entry, previous);
                }
                // Readers before the previous writer come before it, so only the ones since then matter.
                for (Entry<T> reader : readersSince.getOrDefault(key, Collections.emptySet())) {
                    dependOn(entry, reader);
                }
                readersSince.remove(key);
            }
        }
        unfinished.add(entry);
        if (entry.unfinishedDependencies == 0) {
            markReady(entry);
        }
        return entry;
    }

    /** The oldest transaction that may start now, marked started; null when none may. */
    public Entry<T> pollReady() {
        Entry<T> entry = ready.poll();
        if (entry != null) {
            entry.state = State.STARTED;
        }
        return entry;
    }

    /** Marks a started transaction finished (committed), which may make later ones ready. */
    public void finish(Entry<T> entry) {
        if (entry.state != State.STARTED) {
            throw new IllegalStateException("transaction #" + entry.sequence + " is " + entry.state
                    + ", only a started transaction can finish");
        }
        entry.state = State.FINISHED;
        unfinished.remove(entry);
        for (RowKey key : entry.keys) {
            lastWriter.remove(key, entry);
        }
        for (RowKey key : entry.reads) {
            Set<Entry<T>> readers = readersSince.get(key);
            if (readers != null && readers.remove(entry) && readers.isEmpty()) {
                readersSince.remove(key);
            }
        }
        if (unfinishedBarrier == entry) {
            unfinishedBarrier = null;
        }
        for (Entry<T> dependent : entry.dependents) {
            if (--dependent.unfinishedDependencies == 0) {
                markReady(dependent);
            }
        }
        entry.dependents.clear();
    }

    /** Transactions added and not finished (waiting, ready or started). */
    public int unfinishedCount() {
        return unfinished.size();
    }

    public int readyCount() {
        return ready.size();
    }

    /** Keys currently remembered (written or read); 0 once everything has finished. */
    public int trackedKeyCount() {
        return lastWriter.size() + readersSince.size();
    }

    private void dependOn(Entry<T> later, Entry<T> earlier) {
        List<Entry<T>> dependents = earlier.dependents;
        // Several keys of one transaction often lead to the same earlier one: count it once.
        if (!dependents.isEmpty() && dependents.get(dependents.size() - 1) == later) {
            return;
        }
        dependents.add(later);
        later.unfinishedDependencies++;
    }

    private void markReady(Entry<T> entry) {
        entry.state = State.READY;
        ready.add(entry);
    }
}
