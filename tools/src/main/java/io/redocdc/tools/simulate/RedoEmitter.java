package io.redocdc.tools.simulate;

import io.redocdc.source.model.OperationCode;
import java.io.IOException;
import java.util.SplittableRandom;

/**
 * Turns transaction events into V$LOGMNR_CONTENTS rows on the transaction's thread, each at the next SCN:
 * START before the first change, the change rows (SQL_UNDO = the inverse statement), rollback rows
 * (ROLLBACK = 1, ROWID-based, same ROW_ID and SSN as the row undone, sometimes with the partial XID), COMMIT
 * and ROLLBACK rows, DDL rows, and INTERNAL rows now and then.
 */
final class RedoEmitter {

    private final ScnClock clock;
    private final RedoLogWriter[] writers;
    private final SplittableRandom random;
    private final double internalRowRatio;
    private final SqlText sql;
    private final RedoTransactionsWriter transactions;

    RedoEmitter(ScnClock clock, RedoLogWriter[] writers, SplittableRandom random, double internalRowRatio,
                SqlText sql, RedoTransactionsWriter transactions) {
        this.clock = clock;
        this.writers = writers;
        this.random = random;
        this.internalRowRatio = internalRowRatio;
        this.sql = sql;
        this.transactions = transactions;
    }

    void change(OpenTransaction tx, SimulatedRowChange c) throws IOException {
        startIfNeeded(tx);
        TableDef t = c.table();
        String redo;
        String undo;
        OperationCode op;
        switch (c.op()) {
            case I -> {
                op = OperationCode.INSERT;
                redo = sql.insert(t, c.after());
                undo = sql.delete(t, c.after());
            }
            case U -> {
                op = OperationCode.UPDATE;
                redo = sql.update(t, c.setColumns(), c.after(), c.before());
                undo = sql.update(t, c.setColumns(), c.before(), c.after());
            }
            default -> {
                op = OperationCode.DELETE;
                redo = sql.delete(t, c.before());
                undo = sql.insert(t, c.before());
            }
        }
        write(tx, tx.xidRaw, op, false, t, c.rowId(), c.ssn(), redo, undo);
        if (random.nextDouble() < internalRowRatio) {
            long indexObj = t.dataObj() + 1;
            write(tx, tx.xidRaw, OperationCode.INTERNAL, false, null, null, indexObj,
                    RowIds.of(indexObj, 0, 0, 0), c.ssn(), null, null);
        }
    }

    /** The rollback row undoing a change: the inverse operation, addressed by ROWID. */
    void undo(OpenTransaction tx, SimulatedRowChange c) throws IOException {
        TableDef t = c.table();
        String redo;
        String undo;
        OperationCode op;
        switch (c.op()) {
            case I -> {
                op = OperationCode.DELETE;
                redo = sql.deleteByRowId(t, c.rowId());
                undo = sql.insert(t, c.after());
            }
            case U -> {
                op = OperationCode.UPDATE;
                redo = sql.updateByRowId(t, c.setColumns(), c.before(), c.rowId());
                undo = sql.updateByRowId(t, c.setColumns(), c.after(), c.rowId());
            }
            default -> {
                op = OperationCode.INSERT;
                redo = sql.insert(t, c.before());
                undo = sql.deleteByRowId(t, c.rowId());
            }
        }
        String xid = random.nextBoolean() ? tx.partialXidRaw : tx.xidRaw;
        write(tx, xid, op, true, t, c.rowId(), c.ssn(), redo, undo);
    }

    /**
     * A row of a statement that {@link DocumentStatements} shapes itself (LOB and XML rows, and the DML rows around
     * them): LogMiner's OPERATION text, code, STATUS and INFO as given, no SQL_UNDO.
     */
    void statementRow(OpenTransaction tx, String operation, OperationCode op, int status, String info, TableDef table,
            String rowId, long ssn, String redo, ContentsRow.Record record) throws IOException {
        startIfNeeded(tx);
        written(tx, op, new ContentsRow(clock.next(), tx.thread, tx.xidRaw, operation, op.code(), false,
                status, info, table.owner(), table.name(), table.dataObj(), rowId, ssn, redo, null, record));
    }

    /** The rows until {@link #statementEnds} are one statement's: they stay in one log of the thread. */
    void statementStarts(OpenTransaction tx) {
        writers[tx.thread - 1].holdSwitch();
    }

    void statementEnds(OpenTransaction tx) throws IOException {
        writers[tx.thread - 1].releaseSwitch();
    }

    void ddl(OpenTransaction tx, String owner, String table, long dataObj, String text) throws IOException {
        startIfNeeded(tx);
        writeRow(tx, clock.next(), tx.xidRaw, OperationCode.DDL, false, owner, table, dataObj, RowIds.NONE, 0, text,
                null);
    }

    /** COMMIT at a fresh SCN; returns the commit SCN. */
    long commit(OpenTransaction tx) throws IOException {
        long scn = clock.advance();
        writeRow(tx, scn, tx.xidRaw, OperationCode.COMMIT, false, null, null, 0, RowIds.NONE, 0, "commit", null);
        return scn;
    }

    void rollback(OpenTransaction tx) throws IOException {
        writeRow(tx, clock.next(), tx.xidRaw, OperationCode.ROLLBACK, false, null, null, 0, RowIds.NONE, 0,
                "rollback", null);
    }

    private void startIfNeeded(OpenTransaction tx) throws IOException {
        if (!tx.started) {
            tx.started = true;
            writeRow(tx, clock.next(), tx.xidRaw, OperationCode.START, false, null, null, 0, RowIds.NONE, 0,
                    "set transaction read write", null);
        }
    }

    private void write(OpenTransaction tx, String xid, OperationCode op, boolean rollback, TableDef table, String rowId,
            long ssn, String redo, String undo) throws IOException {
        write(tx, xid, op, rollback, table == null ? null : table.owner(), table == null ? null : table.name(),
                table == null ? 0 : table.dataObj(), rowId, ssn, redo, undo);
    }

    private void write(OpenTransaction tx, String xid, OperationCode op, boolean rollback, String owner, String table,
            long dataObj, String rowId, long ssn, String redo, String undo) throws IOException {
        writeRow(tx, clock.next(), xid, op, rollback, owner, table, dataObj, rowId, ssn, redo, undo);
    }

    private void writeRow(OpenTransaction tx, long scn, String xid, OperationCode op, boolean rollback, String owner,
            String table, long dataObj, String rowId, long ssn, String redo, String undo) throws IOException {
        written(tx, op, new ContentsRow(scn, tx.thread, xid, op.name(), op.code(), rollback, 0, null,
                owner, table, dataObj, rowId, ssn, redo, undo, ContentsRow.Record.OWN));
    }

    /** Writes the row to the transaction's thread and notes where it went, for {@link RedoTransactionsWriter}. */
    private void written(OpenTransaction tx, OperationCode op, ContentsRow row) throws IOException {
        long sequence = writers[tx.thread - 1].sequence();
        writers[tx.thread - 1].write(row);
        if (op == OperationCode.START) {
            tx.startScn = row.scn();
            tx.startSequence = sequence;
        } else if (op.endsTransaction()) {
            transactions.ended(tx, op, row.scn(), sequence);
        } else if (op != OperationCode.INTERNAL && OrderEntrySchema.OWNER.equals(row.segOwner())) {
            tx.rowsPerSequence.merge(sequence, 1L, Long::sum);
        }
    }
}
