package io.redocdc.operators.txn;

import io.redocdc.operators.lcr.Lcr;
import io.redocdc.operators.lcr.Position;
import io.redocdc.operators.parser.ParsedStatement;
import io.redocdc.source.model.OperationCode;
import io.redocdc.source.model.RedoRecord;
import io.redocdc.source.model.Xid;
import java.util.HashSet;
import java.util.Set;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.runtime.execution.SuppressRestartsException;
import org.apache.flink.streaming.api.operators.Output;
import org.apache.flink.streaming.api.operators.TimestampedCollector;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Emits one committed transaction of the current slot ({@link TransactionAssemblerOperator}): only when undo rows
 * are buffered, pass 1 cancels the rows a rollback to a savepoint undid ({@link UndoMatcher},
 * {@link LobStatementUndo}); then one pass in redo order converts each row, folds LOB and XML rows into their
 * change ({@link LobAssembly}), emits the LCRs and deletes the rows from state; rows that cannot be converted fail
 * the job or go to the dead-letter side output in that same pass.
 */
final class CommittedTransactionEmitter {

    /** The operator's logger: the log lines kept their logger name when they moved here. */
    private static final Logger LOG = LoggerFactory.getLogger(TransactionAssemblerOperator.class);

    private final AssemblerOptions options;
    private final RedoOrderBuffer buffer;
    private final BufferedRows buffered;
    private final UndoMatcher undoMatcher;
    private final LobStatementUndo lobUndo;
    private final RowChangeConverter converter;
    private final AssemblerMetrics metrics;
    private final Output<StreamRecord<Lcr>> output;
    private final TimestampedCollector<Lcr> collector;
    private final ValueState<EmissionCursor> cursor;

    CommittedTransactionEmitter(AssemblerOptions options, RedoOrderBuffer buffer, BufferedRows buffered,
                                UndoMatcher undoMatcher, LobStatementUndo lobUndo, RowChangeConverter converter,
                                AssemblerMetrics metrics, Output<StreamRecord<Lcr>> output,
                                ValueState<EmissionCursor> cursor) {
        this.cursor = cursor;
        this.options = options;
        this.buffer = buffer;
        this.buffered = buffered;
        this.undoMatcher = undoMatcher;
        this.lobUndo = lobUndo;
        this.converter = converter;
        this.metrics = metrics;
        this.output = output;
        this.collector = new TimestampedCollector<>(output);
    }

    /**
     * Streams a committed transaction out of state in redo order, one LCR at a time. LOB and XML rows are folded
     * into the change they complete ({@link LobAssembly}), which is held back until they are; each LCR is emitted
     * one step late so that the last one can carry {@code lastInTransaction}; nothing counts the transaction first.
     * A transaction on one redo thread stops after {@link AssemblerOptions#emissionStep()} LCRs, at the next row
     * change that starts an LCR of its own, and keeps an {@link EmissionCursor} in the slot's state for
     * {@link #resume}; one across threads (rare: instance recovery, XA COMMIT FORCE) goes out in one go.
     *
     * @return true when the transaction is out whole (or went to the dead letters), false when it stopped
     */
    boolean emit(Boundary start, Boundary end, TransactionRows rows) throws Exception {
        String xid = Xid.fromRaw(end.xid()).isPartial() ? start.xid() : end.xid();
        TransactionNotes notes = new TransactionNotes(xid);
        if (buffered.undoRows() > 0 && !cancelUndoneRows(rows, end, notes, xid)) {
            return true;
        }
        notes.log(LOG, end.scn());
        metrics.unmatchedUndoRows.inc(notes.unmatchedUndoRows());
        return stream(rows, new EmissionCursor(start, end, xid, start.key(), 0));
    }

    /** The stopped emission of the current slot, or null. */
    EmissionCursor stopped() throws Exception {
        return cursor.value();
    }

    /**
     * Goes on with the current slot's stopped emission, for at most another step.
     *
     * @return true when the transaction is out whole, false when it stopped again
     */
    boolean resume() throws Exception {
        EmissionCursor at = cursor.value();
        cursor.clear();
        return stream(TransactionRows.onOneThread(at.resumeAfter(), at.end().key()), at);
    }

    private boolean stream(TransactionRows rows, EmissionCursor from) throws Exception {
        Boundary end = from.end();
        String xid = from.xid();
        collector.setAbsoluteTimestamp(end.scn());
        Emission emission = new Emission(xid, end, from.ordinal());
        LobAssembly lobs = new LobAssembly(emission::emit);
        boolean stoppable = !rows.acrossThreads();
        RowKey handled = from.resumeAfter();
        for (RowKey key : rows.keys(buffer)) {
            RedoRecord row = buffer.get(key);
            if (row == null) {
                continue;
            }
            OperationCode op = row.op();
            if (op == OperationCode.START || op.endsTransaction()) {
                throw new IllegalStateException("transaction " + end.xid() + ": unexpected " + op + " record at "
                        + row.origin() + " between its START and its end");
            }
            if (RowChangeConverter.isConvertible(op)) {
                RowChange change = convertOrRefuse(key, row, xid, end);
                if (change != null && stoppable && emission.stepDone() && lobs.handOnBefore(change)) {
                    emission.release();
                    cursor.update(new EmissionCursor(from.start(), end, xid, handled, emission.ordinal));
                    emission.count(false);
                    return false;
                }
                buffered.remove(key, row);
                if (change != null) {
                    lobs.change(change, row);
                }
            } else {
                buffered.remove(key, row);
                if (RowChangeConverter.isLobRow(op)) {
                    lobRow(lobs, row, xid, end);
                } else if (op != OperationCode.INTERNAL) { // INTERNAL: kept only to match undo rows, no change
                    metrics.unsupportedRows.inc();
                    unconvertible(row, xid, end, unreadableOperation(row));
                }
            }
            handled = key;
        }
        lobs.finish();
        emission.finish();
        emission.count(true);
        return true;
    }

    /** Folds a LOB or XML row into its change; one that cannot be applied fails or goes to the dead letters. */
    private void lobRow(LobAssembly lobs, RedoRecord row, String xid, Boundary end) {
        try {
            ParsedStatement statement = converter.parseLob(row, xid);
            if (statement == null) {
                lobs.skip();
            } else {
                lobs.lob(statement, row);
            }
        } catch (IllegalArgumentException e) {
            unconvertible(row, xid, end, e.getMessage());
        } catch (RowConversionException e) {
            divertOrFail(row, xid, end, e);
        }
    }

    /** A row no LCR can show: the job fails for good, or (dead letters on) the row goes there. */
    private void unconvertible(RedoRecord row, String xid, Boundary end, String reason) {
        divertOrFail(row, xid, end, RowChangeConverter.failure(row, xid, reason, null));
    }

    /**
     * Why a captured table's row that is neither a row change, DDL nor LOB row cannot be applied: UNSUPPORTED
     * (255), or an OPERATION_CODE this version does not know (reference/oracle/operation-codes.md lists those it
     * reads). Dropping it would lose whatever change it records.
     */
    static String unreadableOperation(RedoRecord row) {
        if (row.op() == OperationCode.UNSUPPORTED) {
            return "LogMiner cannot show this change (OPERATION UNSUPPORTED: the table has a column of a type "
                    + "LogMiner does not mine, such as BOOLEAN, JSON or VECTOR)";
        }
        return "OPERATION_CODE " + row.operationCode() + " (OPERATION " + row.operation() + ") is not an operation "
                + "this version reads, so the change it records cannot be applied";
    }

    /**
     * A row that cannot be converted fails the same way after every restart, so the job fails without the restart
     * loop that would bury the message (fix the input, or run with dead letters, and restart); with dead letters
     * it goes to the side output and its transaction goes on.
     */
    private void divertOrFail(RedoRecord row, String xid, Boundary end, RowConversionException e) {
        if (!options.deadLetter()) {
            throw new SuppressRestartsException(e);
        }
        divert(row, xid, end, e);
    }

    /** A large transaction's emission logs its progress every this many LCRs (the fault suite kills there too). */
    static final int LARGE_TRANSACTION_PROGRESS = 10_000;

    /** The LCRs of one emission step, each emitted one step late so the last can carry {@code lastInTransaction}. */
    private final class Emission {
        private final String xid;
        private final Boundary end;
        private final int firstOrdinal;
        private Lcr held;
        private int ordinal;

        Emission(String xid, Boundary end, int firstOrdinal) {
            this.xid = xid;
            this.end = end;
            this.firstOrdinal = firstOrdinal;
            this.ordinal = firstOrdinal;
        }

        void emit(LobAssembly.Ready ready) {
            if (ready == null) {
                return;
            }
            if (ordinal == Integer.MAX_VALUE) {
                throw new IllegalStateException("transaction " + xid + " has more changes than an LCR ordinal can "
                        + "number");
            }
            release();
            held = toLcr(ready.change(), ready.row(), xid, end, ordinal++);
            if (ordinal % LARGE_TRANSACTION_PROGRESS == 0) {
                LOG.info("transaction {} (commit SCN {}): {} LCRs emitted so far", xid, end.scn(), ordinal);
            }
        }

        /** Whether this step has emitted its share ({@link AssemblerOptions#emissionStep()}). */
        boolean stepDone() {
            return ordinal - firstOrdinal >= options.emissionStep();
        }

        /** Emits the held LCR, known not to be the last. */
        void release() {
            if (held != null) {
                collector.collect(held);
                held = null;
            }
        }

        void finish() {
            if (held != null) {
                collector.collect(held.asLast());
                held = null;
            }
        }

        void count(boolean whole) {
            metrics.emittedLcrs.inc(ordinal - firstOrdinal);
            if (whole && ordinal > 0) {
                metrics.committedTransactions.inc();
            }
        }
    }

    /**
     * Pass 1, only when undo rows are buffered: applies rollback-to-savepoint undo rows. In a table without LOB rows
     * in the transaction each cancels the newest earlier live row with its ROW_ID (a stack per ROW_ID kept in
     * state, see {@link UndoMatcher}); in a table with LOB rows each cancels the LOB statement it reverses
     * ({@link LobStatementUndo}), or the transaction is refused.
     *
     * @return false when the transaction cannot be undone reliably and went to the dead letters
     */
    private boolean cancelUndoneRows(TransactionRows rows, Boundary end, TransactionNotes notes, String xid)
            throws Exception {
        boolean undone = matchUndoRows(rows, end, notes, xid);
        undoMatcher.clear(); // the stacks serve this pass only, so no checkpoint holds them
        return undone;
    }

    private boolean matchUndoRows(TransactionRows rows, Boundary end, TransactionNotes notes, String xid)
            throws Exception {
        Set<String> lobTables = lobTablesWithUndoRows(rows);
        for (RowKey key : rows.keys(buffer)) {
            RedoRecord row = buffer.get(key);
            if (row == null) {
                continue;
            }
            boolean lobTable = lobTables.contains(tableOf(row));
            if (row.rollback() && lobTable) {
                try {
                    lobUndo.apply(row, buffered::remove);
                } catch (LobStatementUndo.Refused refused) {
                    undoUnreliable(rows, end, row, refused.getMessage(), xid);
                    return false;
                }
                buffered.remove(key, row);
            } else if (row.rollback()) {
                buffered.remove(key, row);
                RowKey undone = undoMatcher.pop(row.rowId());
                if (undone == null) {
                    notes.unmatchedUndo(row);
                } else if (buffer.get(undone) != null) {
                    buffered.removeUndone(undone);
                }
            } else {
                if (!lobTables.isEmpty()) {
                    lobUndo.push(key);
                }
                if (row.op().isRowChange() && !lobTable) {
                    undoMatcher.push(row.rowId(), key);
                }
            }
        }
        return true;
    }

    private static String tableOf(RedoRecord row) {
        return row.segOwner() + "." + row.tableName();
    }

    /**
     * The tables with undo rows and LOB rows in the transaction: there LogMiner writes the INSERT and LOB rows with
     * a placeholder ROWID of only 'A's, while the undo row that reverses their statement names the real one
     * (lob-redo-shapes.md of osodevops/kafka-connect-oracle-cdc), so matching by ROW_ID alone would cancel the
     * wrong change.
     */
    private Set<String> lobTablesWithUndoRows(TransactionRows rows) throws Exception {
        Set<String> undoneTables = new HashSet<>();
        Set<String> lobTables = new HashSet<>();
        for (RowKey key : rows.keys(buffer)) {
            RedoRecord row = buffer.get(key);
            if (row == null) {
                continue;
            }
            if (row.rollback()) {
                undoneTables.add(tableOf(row));
            } else if (RowChangeConverter.isLobRow(row.op())
                    || (row.op().isRowChange() && row.hasPlaceholderRowId())) {
                lobTables.add(tableOf(row));
            }
        }
        lobTables.retainAll(undoneTables);
        return lobTables;
    }

    /** The job fails for good, or (dead letters on) every row of the transaction left in state goes there. */
    private void undoUnreliable(TransactionRows rows, Boundary end, RedoRecord undo, String why, String xid)
            throws Exception {
        String reason = "the transaction rolled back to a savepoint in " + tableOf(undo) + ", a table with LOB "
                + "columns, and its undo row (" + undo.operation() + " with ROW_ID " + undo.rowId() + " at "
                + undo.origin() + ") does not fit the row sequences observed for LOB statements: " + why + "; so it "
                + "is not replicated";
        if (!options.deadLetter()) {
            throw new SuppressRestartsException(RowChangeConverter.failure(undo, xid, reason, null));
        }
        for (RowKey key : rows.keys(buffer)) {
            RedoRecord row = buffer.get(key);
            if (row != null) {
                buffered.remove(key, row);
                divert(row, xid, end, RowChangeConverter.failure(row, xid, reason, null));
            }
        }
    }

    /** Converts a row; one that cannot be converted fails the job or goes to the dead letters. */
    private RowChange convertOrRefuse(RowKey key, RedoRecord row, String xid, Boundary end) {
        try {
            return convert(key, row, xid);
        } catch (RowConversionException e) {
            divertOrFail(row, xid, end, e);
            return null;
        }
    }

    private void divert(RedoRecord row, String xid, Boundary end, RowConversionException e) {
        metrics.deadLetters.inc();
        LOG.warn("dead letter: {}", e.getMessage());
        output.collect(TransactionAssembler.DEAD_LETTERS, new StreamRecord<>(
                new DeadLetter(row.origin(), xid, row.scn(), row.sqlRedo(), e.reason()), end.scn()));
    }

    /**
     * Converts a row, or takes the change converted when it arrived; a row change LogMiner could not name or decode
     * is refused ({@link UnreadableRows}).
     */
    private RowChange convert(RowKey key, RedoRecord row, String xid) {
        boolean rowChange = row.op().isRowChange();
        if (rowChange && row.segOwner() != null) {
            UnreadableRows.check(row, xid, row.segOwner(), row.tableName()); // before parsing: it may not parse
        }
        RowChange held = buffer.takeConversion(key, row);
        RowChange change = held != null ? held : converter.convert(row, xid);
        if (rowChange && change != null && row.segOwner() == null) {
            UnreadableRows.check(row, xid, change.owner(), change.table());
        }
        return change;
    }

    private Lcr toLcr(RowChange change, RedoRecord row, String xid, Boundary commit, int ordinal) {
        Position position = Position.of(commit.scn(), commit.key().thread(), commit.key().sequence(),
                commit.recordIndex(), ordinal, row.scn());
        return new Lcr(options.sourceDatabase(), row.container(), change.owner(), change.table(), change.command(),
                xid, row.scn(),
                commit.scn(), row.thread(), row.rsId(), row.ssn(), row.timestamp(), change.oldValues(),
                change.newValues(), change.ddlText(), ordinal, false, position.toHex());
    }}
