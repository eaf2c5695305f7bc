package io.redocdc.operators.txn;

import io.redocdc.source.model.OperationCode;
import io.redocdc.source.model.RedoRecord;
import java.util.Objects;
import org.apache.flink.api.common.state.MapState;
import org.apache.flink.api.common.state.MapStateDescriptor;
import org.apache.flink.api.common.typeinfo.TypeInformation;

/**
 * Matches a rollback-to-savepoint undo row of a table with LOB rows to the rows of the statement it reverses. There
 * one undo row, naming the row's real ROWID, reverses a whole LOB statement of several rows, most of them under
 * LogMiner's placeholder ROWID of only 'A's. The rule follows the row sequences Debezium's maintainers observed on
 * Oracle 26ai Free 23.26.2 (debezium/debezium pull request 7472, FindFirstRolledBackEventEntryTest):
 * <ul>
 *   <li>a LOB statement is an optional INSERT or UPDATE [placeholder], then per out-of-line LOB value a
 *       SEL_LOB_LOCATOR and its LOB_WRITE/LOB_TRIM/LOB_ERASE rows [placeholder] (the INSERT/UPDATE and the
 *       SEL_LOB_LOCATORs share one RS_ID), then per XMLType value XML DOC BEGIN/WRITE/END [placeholder], and last
 *       a row with the real ROWID: an UPDATE of the in-line values or an INTERNAL row (OPERATION_CODE 0);</li>
 *   <li>a DBMS_LOB call is a SEL_LOB_LOCATOR [real], LOB_WRITE/LOB_TRIM/LOB_ERASE rows [real or placeholder], and
 *       an INTERNAL row [real];</li>
 *   <li>undo rows come in the reverse order of the changes they undo: the undo DELETE of an INSERT, the undo UPDATE
 *       of an UPDATE or DBMS_LOB call, the undo INSERT of a DELETE, each reversing the newest change still live.</li>
 * </ul>
 * So an undo row cancels the newest live row of the transaction, which must be of its table and ROWID, and with
 * it the contiguous placeholder rows of the same statement before it (or the DBMS_LOB call's rows). Anything else
 * is refused ({@link Refused}): the caller fails the transaction or sends it to the dead letters.
 *
 * <p>The live rows are linked newest to oldest in keyed state ({@code preceding}), so a transaction of any size
 * is walked without holding it in memory; rows cancelled earlier are skipped on the way.
 */
final class LobStatementUndo {

    static MapStateDescriptor<RowKey, RowKey> precedingDescriptor() {
        return new MapStateDescriptor<>(
                "preceding-row", TypeInformation.of(RowKey.class), TypeInformation.of(RowKey.class));
    }

    /** Why an undo row does not fit the observed row sequences. */
    static final class Refused extends Exception {
        private static final long serialVersionUID = 1L;

        Refused(String reason) {
            super(reason, null, false, false);
        }
    }

    /** Removes a cancelled row from the transaction's buffer. */
    @FunctionalInterface
    interface Cancel {
        void row(RowKey key, RedoRecord row) throws Exception;
    }

    private record Live(RowKey key, RedoRecord row) {
    }

    private final RedoOrderBuffer buffer;
    private final MapState<RowKey, RowKey> preceding;
    /** Whether the source keeps the INTERNAL rows that end LOB statements (AssemblerOptions#undoMarkersKept). */
    private final boolean markersKept;
    /** The newest row pushed; every row after it in the transaction was cancelled. */
    private RowKey newest;
    private boolean used;

    LobStatementUndo(RedoOrderBuffer buffer, MapState<RowKey, RowKey> preceding, boolean markersKept) {
        this.buffer = buffer;
        this.preceding = preceding;
        this.markersKept = markersKept;
    }

    /** A live (ROLLBACK=0) row of the transaction, in redo order. */
    void push(RowKey key) throws Exception {
        used = true;
        if (newest != null) {
            preceding.put(key, newest);
        }
        newest = key;
    }

    /** Cancels the rows {@code undo} reverses, or refuses it (nothing is cancelled then). */
    void apply(RedoRecord undo, Cancel cancel) throws Exception {
        Live last = liveFrom(newest);
        newest = last == null ? null : last.key();
        if (!undo.hasRealRowId()) {
            throw new Refused("the undo row has no real ROW_ID");
        }
        if (last == null) {
            throw new Refused("no change of the transaction is left for it to undo");
        }
        RedoRecord x = last.row();
        if (!sameTable(x, undo) || !undo.rowId().equals(x.rowId())) {
            throw new Refused("the newest change left in the transaction is not of its row: " + describe(x)
                    + " (undo rows reverse the newest change first)");
        }
        Live first = switch (undo.op()) {
            case INSERT -> single(last, OperationCode.DELETE);
            case DELETE -> x.op() == OperationCode.INSERT ? last : statement(last, undo);
            case UPDATE -> x.op() == OperationCode.INTERNAL ? lobCallOrStatement(last, undo) : statement(last, undo);
            default -> throw new Refused("an undo row of operation " + undo.operation() + " is not one this version "
                    + "reads");
        };
        Live before = liveBefore(first.key());
        for (Live row = last; row != null; row = row.key().equals(first.key()) ? null : liveBefore(row.key())) {
            cancel.row(row.key(), row.row());
        }
        newest = before == null ? null : before.key();
    }

    /** Forgets the links of the transaction just finished. */
    void clear() {
        if (used) {
            preceding.clear();
            used = false;
        }
        newest = null;
    }

    private static Live single(Live last, OperationCode expected) throws Refused {
        if (last.row().op() != expected) {
            throw new Refused("it does not reverse " + describe(last.row()));
        }
        return last;
    }

    /** A DBMS_LOB call (SEL_LOB_LOCATOR [real], its LOB rows, INTERNAL [real]), else a LOB statement. */
    private Live lobCallOrStatement(Live internal, RedoRecord undo) throws Exception {
        String rowId = internal.row().rowId();
        for (Live row = liveBefore(internal.key()); row != null && sameTable(row.row(), undo);
                row = liveBefore(row.key())) {
            RedoRecord r = row.row();
            if (r.op() == OperationCode.SELECT_LOB_LOCATOR && rowId.equals(r.rowId())) {
                return row;
            }
            if (!isLobChange(r.op()) || !(r.hasPlaceholderRowId() || rowId.equals(r.rowId()))) {
                break;
            }
        }
        return statement(internal, undo);
    }

    /**
     * The first row of the LOB statement that {@code last} (an UPDATE or INTERNAL with the real ROWID) ends: walking
     * back over the placeholder rows of its table, XML documents, then SEL_LOB_LOCATOR groups, then the INSERT or
     * UPDATE; the walk ends at a row of another table, one with a real ROWID, or the transaction's start.
     */
    private Live statement(Live last, RedoRecord undo) throws Exception {
        OperationCode lastOp = last.row().op();
        if (lastOp != OperationCode.UPDATE && lastOp != OperationCode.INTERNAL) {
            throw new Refused("it does not reverse " + describe(last.row()));
        }
        Live first = last;
        Live dml = null;
        String statementRsId = null;
        boolean inXml = false;
        boolean inLob = false;
        boolean lobSeen = false;
        for (Live row = liveBefore(last.key()); row != null && sameTable(row.row(), undo)
                && row.row().hasPlaceholderRowId(); row = liveBefore(row.key())) {
            RedoRecord r = row.row();
            if (dml != null) {
                throw new Refused(describe(r) + " comes before the first row of the statement, " + describe(dml.row())
                        + ", with no row of the real ROWID between them");
            }
            switch (r.op()) {
                case XML_DOC_END -> {
                    if (inXml || lobSeen) {
                        throw outOfPlace(r);
                    }
                    inXml = true;
                }
                case XML_DOC_WRITE -> {
                    if (!inXml) {
                        throw outOfPlace(r);
                    }
                }
                case XML_DOC_BEGIN -> {
                    if (!inXml) {
                        throw outOfPlace(r);
                    }
                    inXml = false;
                }
                case LOB_WRITE, LOB_TRIM, LOB_ERASE, LOB_ERASE_DOCUMENTED -> {
                    if (inXml) {
                        throw outOfPlace(r);
                    }
                    inLob = true;
                    lobSeen = true;
                }
                case SELECT_LOB_LOCATOR, INSERT, UPDATE -> {
                    if (inXml || (r.op() != OperationCode.SELECT_LOB_LOCATOR && inLob)) {
                        throw outOfPlace(r);
                    }
                    if (statementRsId != null && !statementRsId.equals(r.rsId())) {
                        throw new Refused(describe(r) + " has RS_ID " + r.rsId() + ", not the statement's "
                                + statementRsId + ": the rows are of two statements");
                    }
                    statementRsId = r.rsId();
                    inLob = false;
                    lobSeen = true;
                    if (r.op() != OperationCode.SELECT_LOB_LOCATOR) {
                        dml = row;
                    }
                }
                default -> throw outOfPlace(r);
            }
            first = row;
        }
        if (inXml || inLob) {
            throw new Refused("the statement's rows before " + describe(first.row()) + " are not in the transaction");
        }
        boolean insert = dml != null && dml.row().op() == OperationCode.INSERT;
        if (undo.op() == OperationCode.DELETE && !insert) {
            throw new Refused("an undo DELETE reverses an INSERT, and no INSERT starts the statement of "
                    + describe(last.row()));
        }
        if (undo.op() == OperationCode.UPDATE && insert) {
            throw new Refused("an undo UPDATE does not reverse the INSERT " + describe(dml.row()));
        }
        if (lastOp == OperationCode.INTERNAL && first == last) {
            throw new Refused(describe(last.row()) + " has no LOB rows before it");
        }
        if (lastOp == OperationCode.UPDATE && first != last && !markersKept) {
            // Without the INTERNAL row that ends an earlier LOB statement of the row, that statement's placeholder
            // rows and this UPDATE read as one statement, and the undo row would cancel both.
            throw new Refused("the source does not declare that it keeps LogMiner's INTERNAL rows (a redo directory "
                    + "without INTERNAL_ROWS,UNDO_MARKERS in mining_options.csv), so the rows before "
                    + describe(last.row()) + " may end another statement; export the logs again with this version");
        }
        return first;
    }

    private static boolean isLobChange(OperationCode op) {
        return op == OperationCode.LOB_WRITE || op == OperationCode.LOB_TRIM || op == OperationCode.LOB_ERASE
                || op == OperationCode.LOB_ERASE_DOCUMENTED;
    }

    private static Refused outOfPlace(RedoRecord row) {
        return new Refused(describe(row) + " is not where the observed LOB statements have it");
    }

    private Live liveBefore(RowKey key) throws Exception {
        return liveFrom(preceding.get(key));
    }

    /** {@code key} or, when it was cancelled, the newest live row before it; null when none. */
    private Live liveFrom(RowKey key) throws Exception {
        while (key != null) {
            RedoRecord row = buffer.get(key);
            if (row != null) {
                return new Live(key, row);
            }
            key = preceding.get(key);
        }
        return null;
    }

    private static boolean sameTable(RedoRecord a, RedoRecord b) {
        return Objects.equals(a.segOwner(), b.segOwner()) && Objects.equals(a.tableName(), b.tableName());
    }

    private static String describe(RedoRecord row) {
        return row.operation() + " of " + row.segOwner() + "." + row.tableName() + " with ROW_ID " + row.rowId()
                + " at " + row.origin();
    }
}
