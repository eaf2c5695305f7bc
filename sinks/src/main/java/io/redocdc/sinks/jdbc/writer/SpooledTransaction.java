package io.redocdc.sinks.jdbc.writer;

import io.redocdc.operators.lcr.ColumnValue;
import io.redocdc.operators.lcr.Lcr;
import io.redocdc.operators.lcr.LcrCommand;
import io.redocdc.operators.lcr.Position;
import io.redocdc.sinks.jdbc.apply.ReplayedDdl;
import io.redocdc.sinks.jdbc.apply.RowKeyExtractor;
import io.redocdc.sinks.jdbc.parallel.TransactionFootprint;
import io.redocdc.sinks.jdbc.parallel.TransactionWork;
import io.redocdc.sinks.jdbc.spool.TransactionSpool;
import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * One transaction for parallel apply: filled LCR by LCR by the writer thread (spool, footprint, size estimate),
 * then handed to the coordinator after its last LCR, and applied by one worker, which deletes its spill file once
 * it is committed.
 */
final class SpooledTransaction implements TransactionWork {

    /** Footprints with more distinct rows are barriers (a huge transaction does not keep a huge key set). */
    static final int MAX_TRACKED_ROWS = 10_000;

    private final TransactionSpool spool;
    private final TransactionFootprint footprint = new TransactionFootprint(MAX_TRACKED_ROWS);
    private final SpoolReplay replay;
    private long estimatedBytes;
    private boolean hasDdl;
    private Lcr last;
    /** The first transaction its writer handed in: it may find its DDL already applied (see {@link ReplayedDdl}). */
    private final boolean firstAfterOpen;

    SpooledTransaction(TransactionSpool spool, SpoolReplay replay, boolean firstAfterOpen) {
        this.spool = spool;
        this.replay = replay;
        this.firstAfterOpen = firstAfterOpen;
    }

    /** Adds the next LCR (the last one completes the transaction). */
    void add(Lcr lcr, RowKeyExtractor keys) throws IOException {
        boolean inMemory = !spool.hasSpilled() && spool.size() < spool.memoryLimit();
        spool.add(lcr);
        if (inMemory) {
            estimatedBytes += estimateBytes(lcr);
        }
        keys.addTo(footprint, lcr);
        hasDdl |= lcr.command() == LcrCommand.DDL;
        if (lcr.lastInTransaction()) {
            last = lcr;
        }
    }

    boolean isComplete() {
        return last != null;
    }

    boolean hasDdl() {
        return hasDdl;
    }

    TransactionSpool spool() {
        return spool;
    }

    @Override
    public Position position() {
        return last.positionValue();
    }

    @Override
    public TransactionFootprint footprint() {
        return footprint;
    }

    @Override
    public long estimatedBytes() {
        return estimatedBytes;
    }

    @Override
    public int size() {
        return spool.size();
    }

    @Override
    public void applyTo(Connection connection) throws SQLException, IOException {
        replay.replay(connection, spool, last, firstAfterOpen, true);
    }

    @Override
    public void applyInGroup(Connection connection) throws SQLException, IOException {
        replay.replay(connection, spool, last, firstAfterOpen, false);
    }

    @Override
    public void release() throws IOException {
        spool.close();
    }

    /** Rough heap size of an LCR: object headers plus two bytes per character of names and values. */
    static long estimateBytes(Lcr lcr) {
        long bytes = 200 + 2L * length(lcr.ddlText());
        for (ColumnValue[] image : new ColumnValue[][] {lcr.oldValues(), lcr.newValues()}) {
            if (image != null) {
                for (ColumnValue value : image) {
                    bytes += 56 + 2L * (length(value.name()) + length(value.text()));
                }
            }
        }
        return bytes;
    }

    private static int length(String text) {
        return text == null ? 0 : text.length();
    }
}
