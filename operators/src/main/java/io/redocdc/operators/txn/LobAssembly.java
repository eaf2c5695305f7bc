package io.redocdc.operators.txn;

import io.redocdc.operators.lcr.ColumnValue;
import io.redocdc.operators.lcr.LcrCommand;
import io.redocdc.operators.lcr.ValueKind;
import io.redocdc.operators.parser.LobLocator;
import io.redocdc.operators.parser.LobOperation;
import io.redocdc.operators.parser.ParsedStatement;
import io.redocdc.operators.parser.StatementKind;
import io.redocdc.source.model.OperationCode;
import io.redocdc.source.model.RedoRecord;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Folds the LOB and XMLType rows of one committed transaction into the changes they complete, so one source
 * statement is one change. LogMiner writes a LOB column's value apart from its row (operation-codes.md,
 * sql-redo-shapes.md; osodevops/kafka-connect-oracle-cdc lob-redo-shapes.md):
 * <ul>
 *   <li>an INSERT with EMPTY_CLOB()/EMPTY_BLOB(), then an UPDATE of those columns alone (small values), or
 *       LOB_WRITE rows (and a LOB_TRIM) per column: one INSERT with the values;</li>
 *   <li>an UPDATE, then LOB_WRITE rows for the same row: one UPDATE;</li>
 *   <li>LOB_WRITE/LOB_TRIM/LOB_ERASE rows of a row no change before them wrote: one UPDATE of the row (its key
 *       columns as before image) with the rebuilt column;</li>
 *   <li>XML DOC BEGIN, XML DOC WRITE rows, XML DOC END: the document as the XMLType column's value.</li>
 * </ul>
 * Changes pass through one at a time (the one being completed is held back), so memory holds one change and the
 * LOB values it is given, never the transaction. A change is handed on as soon as the next row shows it complete,
 * before that row is applied, so a row that fails never takes the change before it along.
 */
final class LobAssembly {

    /** A change and the row it came from (its SCN, RS_ID and time go into the LCR). */
    record Ready(RowChange change, RedoRecord row) {
    }

    private final Consumer<Ready> out;
    private Pending pending;
    /** 19c: the SEL_LOB_LOCATOR that LOB_WRITE pieces continue; 23ai blocks each carry their own. */
    private LobLocator locator;
    /** XML DOC WRITE rows append to the document that XML DOC BEGIN opened. */
    private LobValue xmlDocument;
    /** The last locator named a table that is not captured: the 19c pieces after it are dropped with it. */
    private boolean skipping;
    /**
     * A code 9 row (23ai's INTERNAL row without SQL, 19c's SEL_LOB_LOCATOR) came: a new LOB statement starts, so
     * a column the held change already has LOB rows for begins a change of its own.
     */
    private boolean statementStarts;

    /** @param out receives the completed changes, in redo order */
    LobAssembly(Consumer<Ready> out) {
        this.out = out;
    }

    /** A DML or DDL change, in redo order. */
    void change(RowChange change, RedoRecord row) {
        locator = null;
        xmlDocument = null;
        skipping = false;
        if (pending != null && pending.takesLobValues(change)) {
            pending.assign(change);
            return;
        }
        flush();
        pending = new Pending(change, row);
    }

    /** A LOB row of a table that is not captured: the 19c pieces after it are dropped too. */
    void skip() {
        locator = null;
        xmlDocument = null;
        skipping = true;
    }

    /**
     * A LOB or XML row, in redo order.
     *
     * @throws IllegalArgumentException when the value cannot be rebuilt (the message says why); the column is
     *                                  then left out of the change as UNSUPPORTED
     */
    void lob(ParsedStatement statement, RedoRecord row) {
        if (row.op() == OperationCode.SELECT_LOB_LOCATOR) {
            statementStarts = true;
        }
        if (statement.kind() == StatementKind.XML_REDO) {
            if (xmlDocument == null) {
                throw new IllegalArgumentException("XML DOC WRITE without XML DOC BEGIN before it in the transaction");
            }
            ColumnValue piece = statement.values().get(0);
            xmlDocument.write(piece.text().codePointCount(0, piece.text().length()), xmlDocument.length() + 1, piece);
            return;
        }
        if (statement.kind() == StatementKind.AMOUNT || statement.kind() == StatementKind.NONE) {
            return;
        }
        if (statement.locator() == null && skipping) {
            return;
        }
        skipping = false;
        LobLocator target = statement.locator() != null ? statement.locator() : locator;
        if (target == null) {
            throw new IllegalArgumentException("a LOB row without a locator: no SEL_LOB_LOCATOR row before it in the "
                    + "transaction names its column and row");
        }
        locator = target;
        boolean sameStatement = !statementStarts || pending == null || !pending.hasLobRows(target.column());
        statementStarts = false;
        if (pending == null || !pending.isRow(target) || !sameStatement) {
            flush();
            pending = Pending.lobUpdate(target, row);
        }
        if (statement.kind() == StatementKind.XML_DOC_BEGIN) {
            xmlDocument = pending.startValue(target.column(), LobValue.emptyText());
            return;
        }
        // LogMiner writes a whole new value from offset 1 with the placeholder ROWID; DBMS_LOB calls on a stored
        // value name its real ROWID (lob-redo-shapes.md)
        boolean rewritesWholeValue = !row.hasRealRowId();
        try {
            for (LobOperation operation : statement.lobOperations()) {
                pending.apply(target, operation, rewritesWholeValue);
            }
        } catch (IllegalArgumentException e) {
            pending.unknown(target.column());
            throw new IllegalArgumentException(target.owner() + "." + target.table() + "." + target.column()
                    + " of the row " + target.where() + ": " + e.getMessage(), e);
        }
    }

    /** Hands on the last change of the transaction. */
    void finish() {
        locator = null;
        xmlDocument = null;
        flush();
    }

    /**
     * Before {@code change} is given: whether it starts a change of its own rather than completing the held one.
     * If so, the held change is handed on now and the assembly is as new, so emission may stop before
     * {@code change} and go on later with a new assembly ({@link EmissionCursor}).
     */
    boolean handOnBefore(RowChange change) {
        if (pending != null && pending.takesLobValues(change)) {
            return false;
        }
        finish();
        skipping = false;
        statementStarts = false;
        return true;
    }

    private void flush() {
        Ready done = pending == null ? null : pending.ready();
        pending = null;
        if (done != null) {
            out.accept(done);
        }
    }

    /** The change being completed, with the LOB values rebuilt for it so far. */
    private static final class Pending {
        private final RowChange change;
        private final RedoRecord row;
        private List<ColumnValue> after;
        /** INSERT: the columns it gave EMPTY_CLOB()/EMPTY_BLOB(), which LogMiner fills in afterwards. */
        private final Set<String> emptyLobs = new HashSet<>();
        private final Map<String, LobValue> lobs = new LinkedHashMap<>();
        private final Set<String> unknown = new HashSet<>();
        /** LOB columns that LogMiner's UPDATE after the INSERT filled in. */
        private final Set<String> folded = new HashSet<>();
        /** Whether {@link #after} is this change's own list, no longer the original image. */
        private boolean copied;
        /** Made of LOB rows alone: nothing to emit when none of its columns could be rebuilt. */
        private boolean lobRowsOnly;

        Pending(RowChange change, RedoRecord row) {
            this.change = change;
            this.row = row;
            this.after = Arrays.asList(change.newValues()); // copied on the first put: most changes take none
            if (change.command() == LcrCommand.INSERT) {
                for (ColumnValue value : after) {
                    if (value.kind() == ValueKind.EMPTY_CLOB || value.kind() == ValueKind.EMPTY_BLOB) {
                        emptyLobs.add(value.name());
                    }
                }
            }
        }

        /** An UPDATE made of LOB rows alone: the locator's row conditions are its before image. */
        static Pending lobUpdate(LobLocator target, RedoRecord row) {
            ColumnValue[] where = target.where().toArray(new ColumnValue[0]);
            Pending update = new Pending(new RowChange(target.owner(), target.table(), LcrCommand.UPDATE, where, where,
                    null), row);
            update.lobRowsOnly = true;
            return update;
        }

        /** Whether {@code next} is LogMiner's UPDATE of this INSERT's empty LOB columns (their small values). */
        boolean takesLobValues(RowChange next) {
            return change.command() == LcrCommand.INSERT && next.command() == LcrCommand.UPDATE
                    && sameTable(next.owner(), next.table()) && !next.setColumns().isEmpty()
                    && emptyLobs.containsAll(next.setColumns()) && matches(List.of(next.oldValues()));
        }

        /** Folds LogMiner's UPDATE of the empty LOB columns in; a later UPDATE of them is a change of its own. */
        void assign(RowChange update) {
            for (ColumnValue value : update.newValues()) {
                if (update.setColumns().contains(value.name())) {
                    lobs.remove(value.name());
                    unknown.remove(value.name());
                    emptyLobs.remove(value.name());
                    folded.add(value.name());
                    put(value);
                }
            }
        }

        /** Whether the locator names this change's row: its conditions hold in the after image. */
        boolean isRow(LobLocator target) {
            return (change.command() == LcrCommand.INSERT || change.command() == LcrCommand.UPDATE)
                    && sameTable(target.owner(), target.table()) && matches(target.where());
        }

        /** Whether LOB rows (or LogMiner's UPDATE of an empty LOB) already gave this column its value. */
        boolean hasLobRows(String column) {
            return lobs.containsKey(column) || unknown.contains(column) || folded.contains(column);
        }

        LobValue startValue(String column, LobValue value) {
            unknown.remove(column);
            lobs.put(column, value);
            return value;
        }

        void apply(LobLocator target, LobOperation operation, boolean rewritesWholeValue) {
            String column = target.column();
            if (unknown.contains(column)) {
                throw new IllegalArgumentException("an earlier LOB row of this column could not be applied");
            }
            LobValue value = lobs.get(column);
            if (value == null) {
                ColumnValue current = valueOf(column);
                if (current != null) {
                    value = LobValue.of(current, target.type().isBinary());
                } else if (rewritesWholeValue && operation instanceof LobOperation.Write write && write.offset() == 1) {
                    // the value this UPDATE replaces is not in the redo, and LogMiner writes the new one whole (a
                    // LOB_TRIM follows when it is shorter)
                    value = target.type().isBinary() ? LobValue.emptyBinary() : LobValue.emptyText();
                } else {
                    throw new IllegalArgumentException(describe(operation) + " changes a value this transaction did "
                            + "not write, and the redo does not hold the rest of it");
                }
                lobs.put(column, value);
            }
            if (operation instanceof LobOperation.Write write) {
                value.write(write.amount(), write.offset(), write.data());
            } else if (operation instanceof LobOperation.Trim trim) {
                value.trim(trim.length());
            } else if (operation instanceof LobOperation.Erase erase) {
                value.erase(erase.amount(), erase.offset());
            }
        }

        void unknown(String column) {
            lobs.remove(column);
            unknown.add(column);
        }

        Ready ready() {
            if (lobRowsOnly && lobs.isEmpty()) {
                return null; // its LOB rows failed (and went to the dead letters, or stopped the job)
            }
            for (Map.Entry<String, LobValue> lob : lobs.entrySet()) {
                put(lob.getValue().toColumnValue(lob.getKey()));
            }
            for (String column : unknown) {
                put(new ColumnValue(column, ValueKind.UNSUPPORTED, null));
            }
            if (!copied) {
                return new Ready(change, row);
            }
            return new Ready(new RowChange(change.owner(), change.table(), change.command(), change.oldValues(),
                    after.toArray(new ColumnValue[0]), change.ddlText(), change.setColumns()), row);
        }

        private boolean sameTable(String owner, String table) {
            return owner.equals(change.owner()) && table.equals(change.table());
        }

        /** Every condition holds in the after image (LOB columns, which conditions never name, aside). */
        private boolean matches(List<ColumnValue> conditions) {
            for (ColumnValue condition : conditions) {
                if (!condition.equals(valueOf(condition.name()))) {
                    return false;
                }
            }
            return true;
        }

        private ColumnValue valueOf(String column) {
            int at = ColumnValue.indexOf(after, column);
            return at < 0 ? null : after.get(at);
        }

        private void put(ColumnValue value) {
            if (!copied) {
                after = new ArrayList<>(after);
                copied = true;
            }
            ColumnValue.put(after, value);
        }

        private static String describe(LobOperation operation) {
            if (operation instanceof LobOperation.Write write) {
                return "a LOB_WRITE at offset " + write.offset();
            }
            if (operation instanceof LobOperation.Trim trim) {
                return "a LOB_TRIM to " + trim.length();
            }
            return "a LOB_ERASE at offset " + ((LobOperation.Erase) operation).offset();
        }
    }
}
