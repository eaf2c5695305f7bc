package io.redocdc.operators.txn;

import io.redocdc.source.model.OperationCode;
import io.redocdc.source.model.RedoRecord;
import io.redocdc.source.model.Scn;
import io.redocdc.source.model.Xid;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.IntSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Finishes the transactions of the current slot whose end the watermark has passed
 * ({@link TransactionAssemblerOperator}): pairs each end with its START, on the end's redo thread or, for a full
 * XID, on another thread ({@link TransactionRows}: RAC instance recovery, XA COMMIT FORCE); discards the rows of
 * a rolled-back transaction, of one committed before the start SCN and those whose START or end was not read;
 * hands any other to the {@link CommittedTransactionEmitter}; then releases the transaction's boundaries, rows and
 * undo stacks from keyed state.
 */
final class TransactionFinisher {

    /** The operator's logger: the log lines kept their logger name when they moved here. */
    private static final Logger LOG = LoggerFactory.getLogger(TransactionAssemblerOperator.class);

    private final RedoOrderBuffer buffer;
    private final BufferedRows buffered;
    private final SlotBoundaries boundaries;
    private final OpenTransactions openTransactions;
    private final IntSupplier currentSlot;
    private final LobStatementUndo lobUndo;
    private final CommittedTransactionEmitter emitter;
    private final AssemblerMetrics metrics;
    private final Scn startScn;

    /** @param currentSlot the slot key the keyed state is set to (the operator's current key) */
    TransactionFinisher(RedoOrderBuffer buffer, BufferedRows buffered, SlotBoundaries boundaries,
                        OpenTransactions openTransactions, IntSupplier currentSlot,
                        LobStatementUndo lobUndo, CommittedTransactionEmitter emitter, AssemblerMetrics metrics,
                        Scn startScn) {
        this.buffer = buffer;
        this.buffered = buffered;
        this.boundaries = boundaries;
        this.openTransactions = openTransactions;
        this.currentSlot = currentSlot;
        this.lobUndo = lobUndo;
        this.emitter = emitter;
        this.metrics = metrics;
        this.startScn = startScn;
    }

    /**
     * Finishes, in redo order, the slot's transactions whose end is at or below {@code frontier}; stops when one
     * stops part way through its emission ({@link EmissionCursor}). Not to be called while the slot has a stopped
     * emission: {@link #resumeStopped} goes on with it, and then with the rest.
     *
     * @return false when an emission stopped part way
     */
    boolean finishDue(long frontier) throws Exception {
        List<Boundary> pending = boundaries.inRedoOrder();
        // Ends are finished in redo order; an end not yet due holds back the later ends of its thread.
        Set<Integer> heldThreads = new HashSet<>();
        List<Boundary> due = new ArrayList<>();
        for (Boundary end : pending) {
            if (!end.isEnd() || heldThreads.contains(end.key().thread())) {
                continue;
            }
            if (end.scn() > frontier) {
                heldThreads.add(end.key().thread());
                continue;
            }
            due.add(end);
        }
        for (Boundary end : due) {
            // an end that pairs across threads may have finished it already
            if (pending.contains(end) && !finish(end, pending, due)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Goes on with the slot's stopped emission for another step; once the transaction is out, releases it and
     * finishes the slot's other transactions due at {@code frontier}.
     *
     * @return false when an emission of the slot is still stopped part way
     */
    boolean resumeStopped(long frontier) throws Exception {
        EmissionCursor stopped = emitter.stopped();
        if (!emitter.resume()) {
            return false;
        }
        List<Boundary> pending = new ArrayList<>(List.of(stopped.start(), stopped.end()));
        release(stopped.start(), stopped.end(), pending);
        return finishDue(frontier);
    }

    /**
     * Finishes the transaction that {@code end} ends: everything of its thread up to {@code end} leaves state.
     *
     * @return false when its emission stopped part way through (it stays in state until it is out)
     */
    private boolean finish(Boundary end, List<Boundary> pending, List<Boundary> due) throws Exception {
        Boundary start = startOnThreadOf(end, pending);
        if (start == null || !start.xid().equals(end.xid())) {
            Boundary elsewhere = startOnAnotherThread(end, pending);
            if (elsewhere != null) {
                if (!finishEarlierEnds(elsewhere, pending, due)) {
                    return false;
                }
                finishAcrossThreads(elsewhere, end, pending);
                return true;
            }
        }
        discardRowsBefore(start != null ? start.key() : end.key(), start, end, pending);
        if (start != null && !finishRows(start, end, TransactionRows.onOneThread(start.key(), end.key()))) {
            return false;
        }
        release(start, end, pending);
        return true;
    }

    /** Releases a finished transaction of one thread: its boundaries, what is left of its rows, its undo stacks. */
    private void release(Boundary start, Boundary end, List<Boundary> pending) throws Exception {
        if (start != null) {
            forget(start, pending);
        }
        forget(end, pending);
        buffer.releaseThrough(end.key());
        lobUndo.clear();
    }

    /** The last START of the slot before {@code end} on {@code end}'s thread, or null. */
    private static Boundary startOnThreadOf(Boundary end, List<Boundary> pending) {
        Boundary start = null;
        for (Boundary boundary : pending) {
            if (boundary.isStart() && boundary.sameThread(end.key()) && boundary.key().compareTo(end.key()) < 0
                    && (start == null || boundary.key().compareTo(start.key()) > 0)) {
                start = boundary;
            }
        }
        return start;
    }

    /**
     * The START with {@code end}'s XID on another thread, or null. Only a full XID pairs across threads: an XID
     * names one transaction in the whole database, while a partial XID (SQN 0xFFFFFFFF) names only its slot.
     */
    private static Boundary startOnAnotherThread(Boundary end, List<Boundary> pending) {
        if (Xid.fromRaw(end.xid()).isPartial()) {
            return null;
        }
        for (Boundary boundary : pending) {
            if (boundary.isStart() && !boundary.sameThread(end.key()) && boundary.xid().equals(end.xid())) {
                return boundary;
            }
        }
        return null;
    }

    /**
     * Finishes the due ends that precede {@code start} on its thread: they end the slot's earlier transactions.
     *
     * @return false when one of them stopped part way through its emission
     */
    private boolean finishEarlierEnds(Boundary start, List<Boundary> pending, List<Boundary> due) throws Exception {
        for (Boundary earlier : due) {
            if (earlier.sameThread(start.key()) && earlier.key().compareTo(start.key()) < 0
                    && pending.contains(earlier) && !finish(earlier, pending, due)) {
                return false;
            }
        }
        return true;
    }

    /**
     * A transaction whose START one RAC thread wrote and whose end another did: its rows are those of the START's
     * thread up to the slot's next boundary there, then those of the end's thread before the end.
     */
    private void finishAcrossThreads(Boundary start, Boundary end, List<Boundary> pending) throws Exception {
        discardRowsBefore(start.key(), start, end, pending);
        Boundary next = null;
        for (Boundary boundary : pending) {
            if (boundary.sameThread(start.key()) && boundary.key().compareTo(start.key()) > 0
                    && (next == null || boundary.key().compareTo(next.key()) < 0)) {
                next = boundary;
            }
        }
        TransactionRows rows = TransactionRows.acrossThreads(start.key(),
                next != null ? next.key() : TransactionRows.endOfThread(start.key().thread()), end.key());
        LOG.debug("transaction {} started on thread {} ({}) and ended on thread {} ({} at SCN {})", end.xid(),
                start.key().thread(), start.origin(), end.key().thread(), end.op(), end.scn());
        finishRows(start, end, rows); // across threads: always whole
        forget(start, pending);
        forget(end, pending);
        buffer.releaseThrough(rows.lastOnStartThread());
        buffer.releaseThrough(end.key());
        lobUndo.clear();
    }

    /**
     * Discards a rolled-back transaction or one committed before the start SCN, and emits any other.
     *
     * @return false when the emission stopped part way through
     */
    private boolean finishRows(Boundary start, Boundary end, TransactionRows rows) throws Exception {
        if (end.op() == OperationCode.ROLLBACK) {
            long discarded = discard(rows);
            metrics.rolledBackTransactions.inc();
            LOG.debug("transaction {} rolled back at SCN {}: {} row(s) discarded", end.xid(), end.scn(), discarded);
        } else if (end.scn() < startScn.value()) {
            long discarded = discard(rows);
            metrics.committedBeforeStartScn.inc();
            LOG.debug("transaction {} committed at SCN {}, before start SCN {}: {} row(s) discarded",
                    end.xid(), end.scn(), startScn, discarded);
        } else {
            return emitter.emit(start, end, rows);
        }
        return true;
    }

    /**
     * Drops the rows of {@code end}'s thread that precede {@code bound}: rows of a transaction whose START was not
     * read (it began before capture started) or, when a later START exists, rows and STARTs of a transaction
     * whose end was not read.
     */
    private void discardRowsBefore(RowKey bound, Boundary start, Boundary end, List<Boundary> pending)
            throws Exception {
        int staleStarts = 0;
        String staleXid = null;
        for (Boundary boundary : List.copyOf(pending)) {
            if (boundary.isStart() && boundary.sameThread(bound) && boundary.key().compareTo(bound) < 0) {
                staleXid = boundary.xid();
                staleStarts++;
                forget(boundary, pending);
            }
        }
        long rows = 0;
        String firstXid = null;
        for (RowKey key : buffer.between(null, bound)) {
            RedoRecord row = buffer.get(key);
            if (row != null) {
                firstXid = firstXid == null ? row.xid().toRaw() : firstXid;
                buffered.remove(key, row);
                rows++;
            }
        }
        metrics.discardedRowsWithoutStart.inc(rows);
        if (start == null && rows > 0) {
            metrics.transactionsWithoutStart.inc();
            // Only a commit at or after the start SCN loses changes the user asked for.
            boolean lost = end.op() == OperationCode.COMMIT && end.scn() >= startScn.value();
            if (lost) {
                LOG.warn("transaction {} ({} at SCN {}, {}) has no START in the redo read: it began before capture "
                        + "started; discarding its {} buffered row(s)", end.xid(), end.op(), end.scn(), end.origin(),
                        rows);
            } else {
                LOG.debug("transaction {} ({} at SCN {}) began before capture started and needs no output; "
                        + "discarding its {} buffered row(s)", end.xid(), end.op(), end.scn(), rows);
            }
        } else if (start != null && (rows > 0 || staleStarts > 0)) {
            LOG.warn("slot of transaction {}: discarding {} row(s) (first XID {}) and {} START(s) (last XID {}) "
                    + "that precede its START at {} on thread {}: their transaction's START or end was not read",
                    start.xid(), rows, firstXid, staleStarts, staleXid, start.origin(), bound.thread());
        }
    }

    private long discard(TransactionRows rows) throws Exception {
        long discarded = 0;
        for (RowKey key : rows.keys(buffer)) {
            RedoRecord row = buffer.get(key);
            if (row != null) {
                buffered.remove(key, row);
                discarded++;
            }
        }
        return discarded;
    }

    private void forget(Boundary boundary, List<Boundary> pending) throws Exception {
        boundaries.remove(boundary);
        pending.remove(boundary);
        if (boundary.isStart()) {
            openTransactions.remove(currentSlot.getAsInt(), boundary);
        }
    }
}
