package io.redocdc.tools.simulate;

import io.redocdc.source.model.OperationCode;
import io.redocdc.tools.simulate.OpenTransaction.UndoEntry;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Statements on OE.DOCUMENTS, each written as the rows LogMiner shows for it: the rows per statement of
 * osodevops/kafka-connect-oracle-cdc reference/lob-redo-shapes.md (SecureFile, "LOB_SF nn" below), the XML rows of
 * reference/oracle/sqlredo-corpus-types-and-lobs.sql (T20) and the STATUS of each row from sql-redo-shapes.md.
 * INSERT rows and LOB rows carry the placeholder ROWID; all rows of one statement share its SSN.
 * <p>
 * The order of a statement's rows where LOB and XMLTYPE columns meet, and how a statement ends, follow what
 * Debezium's maintainers observed on Oracle 26ai (debezium/debezium pull request 7472,
 * FindFirstRolledBackEventEntryTest): the INSERT or UPDATE [placeholder], the LOB rows, the XML rows, then the
 * UPDATE [real] of the small values; in the 23ai shape the SEL_LOB_LOCATOR rows share the RS_ID of the statement's
 * INSERT or UPDATE, and a statement whose last row has the placeholder ROWID ends with an INTERNAL row
 * (OPERATION_CODE 0) with the real one. A transaction touches a document row at most once: a second statement's
 * LOB rows right after the first's read as part of it. Transactions in the 23ai shape may roll back to a savepoint
 * (their undo rows name the real ROWID; the assembler matches them to the statements by those sequences); none
 * rolls back fully, and none in the 19c shape rolls back at all (no 19c sequences of this were published).
 */
final class DocumentStatements {

    /** How LOB_WRITE rows look: whole blocks (23ai) or pieces of one block per LOB (19c). */
    enum Shape {
        ORACLE_23AI, ORACLE_19C
    }

    /** The ROW_ID of INSERT and LOB rows of tables with LOB columns: all 'A', as of control rows. */
    static final String PLACEHOLDER_ROWID = RowIds.NONE;
    private static final String NOT_RE_EXECUTABLE = "LOB sql_redo not re-executable";
    private static final TableDef TABLE = OrderEntrySchema.DOCUMENTS;
    private static final int DOC_ID = TABLE.indexOf("DOC_ID");
    private static final int TITLE = TABLE.indexOf("TITLE");
    private static final int META = TABLE.indexOf("META");
    private static final int[] LOBS = {TABLE.indexOf("BODY"), TABLE.indexOf("SUMMARY"), TABLE.indexOf("ATTACHMENT")};
    /** What the output shows of a row's change: LogMiner's WHERE clause (no LOB), or the INSERT's columns. */
    private static final int[] ROW_COLUMNS = {DOC_ID, TITLE};
    private static final int[] INSERTED = {DOC_ID, TITLE, LOBS[0], LOBS[1], LOBS[2]};
    private static final int[] INSERTED_WITH_XML = {DOC_ID, TITLE, LOBS[0], LOBS[1], LOBS[2], META};

    private final Simulation sim;
    private final SplittableRandom random;
    private final TableModel documents;
    private final RedoEmitter redo;
    private final SqlText sql;
    private final LobSqlText lobSql;
    private final LobValues values;

    DocumentStatements(Simulation sim, RedoEmitter redo, SqlText sql) {
        this.sim = sim;
        this.random = sim.random();
        this.documents = sim.db().documents;
        this.redo = redo;
        this.sql = sql;
        this.lobSql = new LobSqlText(sql);
        this.values = new LobValues(random);
    }

    /** One statement on a document: an insert, or a change of a row no open transaction holds. */
    void execute(OpenTransaction tx, Shape shape) throws IOException {
        ModelRow row = documents.pickFree(random);
        int kind = random.nextInt(100);
        redo.statementStarts(tx);
        if (row == null || kind < 40) {
            insert(tx, shape);
        } else if (kind < 65) {
            updateLob(tx, shape, row, false);
        } else if (kind < 80) {
            updateLob(tx, shape, row, true);
        } else if (kind < 92) {
            updateSmall(tx, row);
        } else {
            delete(tx, row);
        }
        redo.statementEnds(tx);
    }

    /** LOB_SF 01 (small literals: INSERT, UPDATE) or 02/03 (large values: INSERT, LOB rows, UPDATE of the nulls). */
    private void insert(OpenTransaction tx, Shape shape) throws IOException {
        long id = documents.nextId();
        sim.sequences().nextVal(tx.thread, TABLE, id);
        String[] row = new String[TABLE.columnCount()];
        row[DOC_ID] = Long.toString(id);
        row[TITLE] = sim.values().value(TABLE.column(TITLE));
        boolean large = random.nextBoolean();
        List<Integer> nulls = new ArrayList<>();
        for (int c : LOBS) {
            if (random.nextInt(large ? 3 : 5) == 0) {
                nulls.add(c);
            } else {
                row[c] = values.value(TABLE.column(c).type(), large, 0);
            }
        }
        if (large && nulls.size() == LOBS.length) {
            nulls.remove(0);
            row[LOBS[0]] = values.value(ColumnType.CLOB, true, 0);
        }
        row[META] = random.nextBoolean() ? values.value(ColumnType.XMLTYPE, random.nextBoolean(), 0) : null;
        ModelRow model = documents.insert(row);
        model.lockedBy = tx;
        long ssn = tx.nextSsn();
        dml(tx, OperationCode.INSERT, PLACEHOLDER_ROWID, ssn, sql.insert(TABLE, row), opens(shape));
        if (large) {
            for (int c : LOBS) {
                if (row[c] != null) {
                    write(tx, shape, ssn, c, row, -1, ContentsRow.Record.SHARED);
                }
            }
        }
        if (row[META] != null) {
            xml(tx, ssn, row);
        }
        if (!large) {
            dml(tx, OperationCode.UPDATE, model.rowId, ssn, sql.update(TABLE, LOBS, row, row), ContentsRow.Record.OWN);
        } else if (!nulls.isEmpty()) {
            int[] set = nulls.stream().mapToInt(Integer::intValue).toArray();
            dml(tx, OperationCode.UPDATE, model.rowId, ssn, sql.update(TABLE, set, row, row), ContentsRow.Record.OWN);
        } else {
            statementEnd(tx, shape, model, ssn);
        }
        sim.rows().written(tx,
                new UndoEntry(SimulatedRowChange.insert(TABLE, model.rowId, row, ssn), documents, model, true),
                ChangeJson.rowChange(TABLE, "I", null, null, row, row[META] == null ? INSERTED : INSERTED_WITH_XML));
    }

    /**
     * LOB_SF 07/09/10 (a large value alone: LOB rows, LOB_TRIM when shorter) or, with {@code withTitle}, LOB_SF 08
     * (UPDATE of the title, then the LOB rows of the row as updated).
     */
    private void updateLob(OpenTransaction tx, Shape shape, ModelRow model, boolean withTitle) throws IOException {
        boolean tookLock = RowOperations.lock(tx, model);
        String[] before = model.values;
        String[] after = before.clone();
        int c = LOBS[random.nextInt(LOBS.length)];
        ColumnType type = TABLE.column(c).type();
        long oldLength = before[c] == null ? -1 : LobSqlText.length(type, before[c]);
        // 19c pieces have no LOB_TRIM in the references: there the new value is never shorter
        after[c] = values.value(type, true, shape == Shape.ORACLE_19C ? oldLength : 0);
        long ssn = tx.nextSsn();
        ContentsRow.Record locator = opens(shape);
        if (withTitle) {
            after[TITLE] = sim.values().value(TABLE.column(TITLE));
            dml(tx, OperationCode.UPDATE, PLACEHOLDER_ROWID, ssn, sql.update(TABLE, new int[] {TITLE}, after, before),
                    locator);
            locator = ContentsRow.Record.SHARED;
        }
        write(tx, shape, ssn, c, after, oldLength, locator);
        statementEnd(tx, shape, model, ssn);
        updated(tx, model, before, after, c, ssn, tookLock);
    }

    /** LOB_SF 06/20: UPDATE [real] of one LOB column to a small literal or NULL. */
    private void updateSmall(OpenTransaction tx, ModelRow model) throws IOException {
        boolean tookLock = RowOperations.lock(tx, model);
        String[] before = model.values;
        String[] after = before.clone();
        int c = LOBS[random.nextInt(LOBS.length)];
        after[c] = random.nextInt(4) == 0 ? null : values.value(TABLE.column(c).type(), false, 0);
        long ssn = tx.nextSsn();
        dml(tx, OperationCode.UPDATE, model.rowId, ssn, sql.update(TABLE, new int[] {c}, after, before),
                ContentsRow.Record.OWN);
        updated(tx, model, before, after, c, ssn, tookLock);
    }

    /** LOB_SF 21: DELETE [real]; its WHERE clause and the before image hold the non-LOB columns. */
    private void delete(OpenTransaction tx, ModelRow model) throws IOException {
        boolean tookLock = RowOperations.lock(tx, model);
        documents.remove(model);
        long ssn = tx.nextSsn();
        dml(tx, OperationCode.DELETE, model.rowId, ssn, sql.delete(TABLE, model.values), ContentsRow.Record.OWN);
        sim.rows().written(tx, new UndoEntry(SimulatedRowChange.delete(TABLE, model.rowId, model.values, ssn),
                documents, model, tookLock), ChangeJson.rowChange(TABLE, "D", model.values, ROW_COLUMNS, null, null));
    }

    /** The output's UPDATE shows the row's non-LOB columns before, and those and the LOB column written after. */
    private void updated(OpenTransaction tx, ModelRow model, String[] before, String[] after, int column, long ssn,
            boolean tookLock) throws IOException {
        model.values = after;
        sim.rows().written(tx, new UndoEntry(SimulatedRowChange.update(TABLE, model.rowId, before, after,
                new int[] {column}, ssn), documents, model, tookLock),
                ChangeJson.rowChange(TABLE, "U", before, ROW_COLUMNS, after, new int[] {DOC_ID, TITLE, column}));
    }

    /**
     * The LOB rows writing column {@code c} of {@code row} from its start: 23ai a code 9 row without SQL (labelled
     * INTERNAL) and LOB_WRITE blocks, then a LOB_TRIM when the old value ({@code oldLength}, -1 for none) was
     * longer; 19c a SEL_LOB_LOCATOR row and LOB_WRITE pieces.
     */
    private void write(OpenTransaction tx, Shape shape, long ssn, int c, String[] row, long oldLength,
            ContentsRow.Record locator) throws IOException {
        Column column = TABLE.column(c);
        boolean pieces = shape == Shape.ORACLE_19C;
        lob(tx, pieces ? "SEL_LOB_LOCATOR" : "INTERNAL", OperationCode.SELECT_LOB_LOCATOR, 0, null, ssn,
                pieces ? lobSql.locator19c(TABLE, column, row) : null, pieces ? ContentsRow.Record.OWN : locator);
        List<String> chunks = LobSqlText.chunks(column.type(), row[c], LobSqlText.WRITE_CHUNK);
        long offset = 1;
        for (int i = 0; i < chunks.size(); i++) {
            String chunk = chunks.get(i);
            lob(tx, "LOB_WRITE", OperationCode.LOB_WRITE, 2, NOT_RE_EXECUTABLE, ssn, pieces
                    ? lobSql.piece19c(column, offset, chunk, i == chunks.size() - 1)
                    : lobSql.write23ai(TABLE, column, row, offset, chunk), ContentsRow.Record.OWN);
            offset += LobSqlText.length(column.type(), chunk);
        }
        long length = offset - 1;
        if (oldLength > length) {
            lob(tx, "LOB_TRIM", OperationCode.LOB_TRIM, 2, NOT_RE_EXECUTABLE, ssn,
                    lobSql.trim23ai(TABLE, column, row, length), ContentsRow.Record.OWN);
        }
    }

    /** XML DOC BEGIN (STATUS 2), XML DOC WRITE rows (STATUS 2), XML DOC END (STATUS 0, no SQL). */
    private void xml(OpenTransaction tx, long ssn, String[] row) throws IOException {
        lob(tx, "XML DOC BEGIN", OperationCode.XML_DOC_BEGIN, 2, null, ssn,
                lobSql.xmlBegin(TABLE, TABLE.column(META), row), ContentsRow.Record.OWN);
        for (String chunk : LobSqlText.chunks(ColumnType.XMLTYPE, row[META], LobSqlText.XML_CHUNK)) {
            lob(tx, "XML DOC WRITE", OperationCode.XML_DOC_WRITE, 2, null, ssn, LobSqlText.xmlWrite(chunk),
                    ContentsRow.Record.OWN);
        }
        lob(tx, "XML DOC END", OperationCode.XML_DOC_END, 0, null, ssn, null, ContentsRow.Record.OWN);
    }

    /** 23ai: the statement's INSERT/UPDATE [placeholder] (or first locator) opens the record its locators share. */
    private static ContentsRow.Record opens(Shape shape) {
        return shape == Shape.ORACLE_23AI ? ContentsRow.Record.OPENS : ContentsRow.Record.OWN;
    }

    /** 23ai: an INTERNAL row with the real ROWID ends a statement whose last row has the placeholder. */
    private void statementEnd(OpenTransaction tx, Shape shape, ModelRow model, long ssn) throws IOException {
        if (shape == Shape.ORACLE_23AI) {
            redo.statementRow(tx, "INTERNAL", OperationCode.INTERNAL, 0, null, TABLE, model.rowId, ssn, null,
                    ContentsRow.Record.OWN);
        }
    }

    private void dml(OpenTransaction tx, OperationCode op, String rowId, long ssn, String text,
            ContentsRow.Record record) throws IOException {
        redo.statementRow(tx, op.name(), op, 0, null, TABLE, rowId, ssn, text, record);
    }

    private void lob(OpenTransaction tx, String operation, OperationCode op, int status, String info, long ssn,
            String text, ContentsRow.Record record) throws IOException {
        redo.statementRow(tx, operation, op, status, info, TABLE, PLACEHOLDER_ROWID, ssn, text, record);
    }
}
