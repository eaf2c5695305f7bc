package io.redocdc.tools.simulate;

import io.redocdc.source.model.Xid;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/**
 * A transaction while it is open: its XID and thread, the truth's changes so far, and the undo log (what a
 * rollback restores in the model and which row locks it took).
 */
final class OpenTransaction implements AutoCloseable {

    /** How to undo one change: the model row it touched and whether that change took the row's lock. */
    record UndoEntry(SimulatedRowChange change, TableModel table, ModelRow row, boolean tookLock) {
    }

    /** The transaction's state when a savepoint was set. */
    record Savepoint(int undoEntries, long changes) {
    }

    final Xid xid;
    /** XID and partial XID as V$LOGMNR_CONTENTS prints them (kept: formatting them per row is slow). */
    final String xidRaw;
    final String partialXidRaw;
    final int thread;
    final ChangeBuffer changes;
    final List<UndoEntry> undoLog = new ArrayList<>();
    boolean started;
    /** SCN and log sequence of its START row, once written. */
    long startScn;
    long startSequence;
    /** Its rows of schema OE (INTERNAL ones aside) per log sequence of its thread, for {@link RedoTransactionsWriter}. */
    final TreeMap<Long, Long> rowsPerSequence = new TreeMap<>();
    private long ssn;

    OpenTransaction(Xid xid, int thread, Path spillDir) {
        this.xid = xid;
        this.xidRaw = xid.toRaw();
        this.partialXidRaw = XidAllocator.partial(xid).toRaw();
        this.thread = thread;
        this.changes = new ChangeBuffer(spillDir);
    }

    long nextSsn() {
        return ssn++;
    }

    Savepoint savepoint() {
        return new Savepoint(undoLog.size(), changes.size());
    }

    @Override
    public void close() throws IOException {
        changes.close();
        undoLog.clear();
    }
}
