package io.redocdc.tools.simulate;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * One very large transaction on thread 1 (a nightly archive job): inserts into OE.ORDER_HISTORY, every 8th row
 * an update of the row just inserted instead, spread over most of the run so it spans many logs while other
 * transactions commit. Nothing of it is held in memory: its truth changes spill to disk, and its table's final
 * rows (ascending keys) stream to their file as they are written.
 */
final class LargeTransaction implements TransactionDriver {

    static final int UPDATE_EVERY = 8;

    private final Simulation sim;
    private final int rows;
    private final double gap;
    private final TableDef table = OrderEntrySchema.ORDER_HISTORY;
    private final int eventColumn = table.indexOf("EVENT");
    private final int noteColumn = table.indexOf("NOTE");
    private OpenTransaction tx;
    private Path finalRows;
    private Path tempRows;
    private BufferedWriter rowsOut;
    private int done;
    private long lastId;
    private String[] pending;

    LargeTransaction(Simulation sim, int rows, double gap) {
        this.sim = sim;
        this.rows = rows;
        this.gap = gap;
    }

    @Override
    public double step(double now) throws IOException {
        if (tx == null) {
            tx = sim.open(1);
            finalRows = TruthTables.tableFile(sim.expectedDir(), table);
            tempRows = finalRows.resolveSibling("." + finalRows.getFileName() + ".tmp");
            rowsOut = Files.newBufferedWriter(tempRows, StandardCharsets.UTF_8);
        }
        if (done == rows) {
            flushPending();
            rowsOut.close();
            sim.rows().commit(tx);
            Files.move(tempRows, finalRows, StandardCopyOption.REPLACE_EXISTING);
            return DONE;
        }
        if (done % UPDATE_EVERY == UPDATE_EVERY - 1 && pending != null) {
            archivePending();
        } else {
            insertNext();
        }
        done++;
        return now + gap;
    }

    private void insertNext() throws IOException {
        flushPending();
        long id = ++lastId;
        pending = sim.values().newRow(table, id);
        sim.rows().untracked(tx, SimulatedRowChange.insert(table, rowId(id), pending, tx.nextSsn()));
    }

    private void archivePending() throws IOException {
        String[] after = pending.clone();
        after[eventColumn] = "ARCHIVED";
        after[noteColumn] = "archived by the nightly job";
        sim.rows().untracked(tx, SimulatedRowChange.update(table, rowId(lastId), pending, after,
                new int[] {eventColumn, noteColumn}, tx.nextSsn()));
        pending = after;
    }

    private void flushPending() throws IOException {
        if (pending != null) {
            rowsOut.write(ChangeJson.row(table, pending));
            rowsOut.write('\n');
            pending = null;
        }
    }

    private String rowId(long id) {
        return RowIds.nth(table, id - 1);
    }
}
