package io.redocdc.operators.txn;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.redocdc.operators.lcr.ColumnValue;
import io.redocdc.operators.lcr.Lcr;
import io.redocdc.operators.lcr.LcrCommand;
import io.redocdc.operators.lcr.ValueKind;
import io.redocdc.source.model.OperationCode;
import io.redocdc.source.model.RedoRecord;
import java.util.List;
import org.apache.flink.runtime.execution.SuppressRestartsException;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * LOB and XMLType rows become part of the change they complete. The row sequences per statement are those of
 * osodevops/kafka-connect-oracle-cdc, reference/lob-redo-shapes.md (Oracle 23ai, Apache-2.0): INSERT and LOB rows
 * carry the placeholder ROWID, a code 9 row without SQL precedes each LOB's writes, LOB_WRITE/LOB_TRIM/LOB_ERASE
 * rows are whole blocks; the 19c pieces follow Debezium's SelectLobParserTest and LobWriteParser; XML rows follow
 * oracle-reference/sqlredo-corpus-types-and-lobs.sql (table T20).
 */
class LobAssemblyTest {

    private static final String XID = "0A000C003C020000";
    private static final String PLACEHOLDER = "AAAAAAAAAAAAAAAAAA";
    private static final String REAL = "AAAR+oAAFAAAARfACA";
    private static final String WHERE = "\"ID\" = '2' and \"NAME\" = 'two'";
    private static final String INSERT_EMPTY = "insert into \"OE\".\"DOCS\"(\"ID\",\"NAME\",\"C\",\"NC\",\"B\") values "
            + "('2','two',EMPTY_CLOB(),EMPTY_CLOB(),EMPTY_BLOB())";

    private final RedoLog log = RedoLog.of(1, 679);
    private long scn = 100;

    private static String block(String column, String body) {
        String locator = column.equals("B") ? "loc_b" : column.equals("NC") ? "loc_nc" : "loc_c";
        return "DECLARE \n loc_c CLOB; \n buf_c VARCHAR2(6162); \n loc_b BLOB; \n buf_b RAW(6162); \n"
                + " loc_nc NCLOB; \n buf_nc NVARCHAR2(6162); \n e_len NUMBER; \nBEGIN\n select \"" + column + "\" into "
                + locator + " from \"OE\".\"DOCS\" where " + WHERE + " for update;\n\n" + body.replace("LOC", locator)
                + "END;\n\n";
    }

    private RedoRecord write(String column, long offset, String text) {
        String buffer = column.equals("NC") ? "buf_nc" : "buf_c";
        return lob(OperationCode.LOB_WRITE, block(column, " " + buffer + " := '" + text.replace("'", "''") + "'; \n"
                + "  dbms_lob.write(LOC, " + text.codePointCount(0, text.length()) + ", " + offset + ", " + buffer
                + ");\n"));
    }

    private RedoRecord writeBytes(long offset, String hex) {
        return lob(OperationCode.LOB_WRITE, block("B", " buf_b := HEXTORAW('" + hex + "'); \n  dbms_lob.write(LOC, "
                + hex.length() / 2 + ", " + offset + ", buf_b);\n"));
    }

    private RedoRecord lob(OperationCode op, String sql) {
        return log.lob(scn++, XID, op, PLACEHOLDER, sql);
    }

    /** A DBMS_LOB call on a stored value: LogMiner names the row's real ROWID (LOB_SF 12, 13, 15, 16). */
    private RedoRecord inPlace(RedoRecord placeholderRow) {
        return log.lob(placeholderRow.scn(), XID, placeholderRow.op(), REAL, placeholderRow.sqlRedo());
    }

    private RedoRecord dml(String rowId, String sql) {
        return log.dml(scn++, XID, rowId, sql);
    }

    /** 23ai's code 9 row before each LOB's writes: labelled INTERNAL, no SQL_REDO. */
    private RedoRecord locatorRow() {
        return log.row(scn++, XID, OperationCode.SELECT_LOB_LOCATOR, "INTERNAL", false, "OE", "DOCS", PLACEHOLDER,
                null);
    }

    private List<Lcr> run(AssemblerHarness h, RedoRecord... rows) throws Exception {
        h.feed(log.start(scn++, XID));
        h.feed(rows);
        long commit = scn++;
        h.feed(log.commit(commit, XID)).watermark(commit);
        return h.lcrs();
    }

    private static ColumnValue str(String name, String text) {
        return ColumnValue.ofString(name, text);
    }

    @ParameterizedTest
    @EnumSource(StateBackendKind.class)
    void insertOfSmallLiteralsIsOneInsert(StateBackendKind backend) throws Exception {
        // LOB_SF 01: INSERT [placeholder], UPDATE [real] of the LOB columns
        try (AssemblerHarness h = AssemblerHarness.open(backend)) {
            List<Lcr> lcrs = run(h, dml(PLACEHOLDER, INSERT_EMPTY), dml(REAL, "update \"OE\".\"DOCS\" set \"C\" = "
                    + "'short clob', \"NC\" = UNISTR('\\00E9'), \"B\" = HEXTORAW('cafe') where " + WHERE));
            assertThat(lcrs).singleElement().satisfies(lcr -> {
                assertThat(lcr.command()).isEqualTo(LcrCommand.INSERT);
                assertThat(lcr.newValues()).containsExactly(str("ID", "2"), str("NAME", "two"), str("C", "short clob"),
                        str("NC", "\u00e9"), new ColumnValue("B", ValueKind.RAW, "cafe"));
                assertThat(lcr.transInd()).isEqualTo(3);
            });
            assertThat(h.operator.slotsHoldingState()).isZero();
        }
    }

    @ParameterizedTest
    @EnumSource(StateBackendKind.class)
    void insertOfLargeValuesWrittenInChunksIsOneInsert(StateBackendKind backend) throws Exception {
        // LOB_SF 02: INSERT, then per LOB a code 9 row and LOB_WRITE blocks; a CLOB over 32 KB, an NCLOB with a
        // character outside the BMP (amounts count it once), a BLOB
        String chunk = "x".repeat(8000);
        try (AssemblerHarness h = AssemblerHarness.open(backend)) {
            List<Lcr> lcrs = run(h, dml(PLACEHOLDER, INSERT_EMPTY),
                    locatorRow(), write("C", 1, chunk), write("C", 8001, chunk), write("C", 16001, chunk),
                    write("C", 24001, chunk), write("C", 32001, "it's the end"),
                    locatorRow(), write("NC", 1, "caf\u00e9 \uD83D\uDE00"), write("NC", 7, "!"),
                    locatorRow(), writeBytes(1, "cafe"), writeBytes(3, "babe00"));
            assertThat(lcrs).singleElement().satisfies(lcr -> {
                assertThat(lcr.command()).isEqualTo(LcrCommand.INSERT);
                assertThat(lcr.newValues()).containsExactly(str("ID", "2"), str("NAME", "two"),
                        str("C", chunk.repeat(4) + "it's the end"), str("NC", "caf\u00e9 \uD83D\uDE00!"),
                        new ColumnValue("B", ValueKind.RAW, "cafebabe00"));
            });
        }
    }

    @ParameterizedTest
    @EnumSource(StateBackendKind.class)
    void nineteenCPiecesContinueTheirLocator(StateBackendKind backend) throws Exception {
        String locator = "DECLARE \n loc_c CLOB; \n buf_c VARCHAR2(6174); \n loc_b BLOB; \n buf_b RAW(6174); \n"
                + " loc_nc NCLOB; \n buf_nc NVARCHAR2(6174); \nBEGIN\n select \"C\" into loc_c from \"OE\".\"DOCS\" "
                + "where " + WHERE + " for update;";
        try (AssemblerHarness h = AssemblerHarness.open(backend)) {
            List<Lcr> lcrs = run(h, dml(PLACEHOLDER, INSERT_EMPTY), lob(OperationCode.SELECT_LOB_LOCATOR, locator),
                    lob(OperationCode.LOB_WRITE, " buf_c := 'abc'; \n  dbms_lob.write(loc_c, 3, 1, buf_c);"),
                    lob(OperationCode.LOB_WRITE, " buf_c := 'def'; \n  dbms_lob.write(loc_c, 3, 4, buf_c);\nEND;"));
            assertThat(lcrs).singleElement().extracting(Lcr::newValues)
                    .satisfies(after -> assertThat(after[2]).isEqualTo(str("C", "abcdef")));
        }
    }

    @ParameterizedTest
    @EnumSource(StateBackendKind.class)
    void aLargeValueUpdatedAloneIsOneUpdateOfThatRow(StateBackendKind backend) throws Exception {
        // LOB_SF 07: code 9 row, LOB_WRITE blocks, LOB_TRIM to the new length (the old value was longer)
        try (AssemblerHarness h = AssemblerHarness.open(backend)) {
            List<Lcr> lcrs = run(h, locatorRow(), write("C", 1, "new "), write("C", 5, "value"),
                    lob(OperationCode.LOB_TRIM, block("C", "  dbms_lob.trim(LOC, 9);\n")),
                    dml(REAL, "update \"OE\".\"DOCS\" set \"NAME\" = 'three' where \"ID\" = '3' and \"NAME\" = 'x'"));
            assertThat(lcrs).hasSize(2);
            assertThat(lcrs.get(0).command()).isEqualTo(LcrCommand.UPDATE);
            assertThat(lcrs.get(0).oldValues()).containsExactly(str("ID", "2"), str("NAME", "two"));
            assertThat(lcrs.get(0).newValues()).containsExactly(str("ID", "2"), str("NAME", "two"), str("C", "new value"));
            assertThat(lcrs.get(1).newValues()).contains(str("NAME", "three"));
            assertThat(lcrs).extracting(Lcr::transInd).containsExactly(0, 2);
        }
    }

    @ParameterizedTest
    @EnumSource(StateBackendKind.class)
    void writesInTheMiddleEraseAndTrimOfAValueThisTransactionWrote(StateBackendKind backend) throws Exception {
        try (AssemblerHarness h = AssemblerHarness.open(backend)) {
            List<Lcr> lcrs = run(h, dml(PLACEHOLDER, INSERT_EMPTY), locatorRow(), write("C", 1, "0123456789"),
                    write("C", 4, "abc"), lob(OperationCode.LOB_ERASE,
                            block("C", "  e_len :=  2;\n  dbms_lob.erase(LOC, e_len, 8);\n")),
                    lob(OperationCode.LOB_TRIM, block("C", "  dbms_lob.trim(LOC, 9);\n")), write("C", 12, "z"));
            assertThat(lcrs).singleElement().extracting(Lcr::newValues)
                    .satisfies(after -> assertThat(after[2]).isEqualTo(str("C", "012abc6    z")));
        }
    }

    @ParameterizedTest
    @EnumSource(StateBackendKind.class)
    void xmlDocumentIsTheValueOfItsColumn(StateBackendKind backend) throws Exception {
        try (AssemblerHarness h = AssemblerHarness.open(backend)) {
            List<Lcr> lcrs = run(h, dml(PLACEHOLDER, "insert into \"OE\".\"DOCS\"(\"ID\",\"NAME\") values ('2','two')"),
                    lob(OperationCode.XML_DOC_BEGIN, "XML DOC BEGIN:  select \"X\" from \"OE\".\"DOCS\" where " + WHERE),
                    lob(OperationCode.XML_DOC_WRITE, "XML_REDO := '<a><b>1</b>'\n amount: 11"),
                    lob(OperationCode.XML_DOC_WRITE, "XML_REDO := '<c d=''e''/></a>'\n amount: 12"),
                    lob(OperationCode.XML_DOC_END, null));
            assertThat(lcrs).singleElement().extracting(Lcr::newValues).satisfies(after -> assertThat(after)
                    .containsExactly(str("ID", "2"), str("NAME", "two"), str("X", "<a><b>1</b><c d='e'/></a>")));
        }
    }

    @ParameterizedTest
    @EnumSource(StateBackendKind.class)
    void anAppendToAValueNotInTheRedoFailsNamingColumnAndRow(StateBackendKind backend) throws Exception {
        // LOB_SF 12 (DBMS_LOB.WRITEAPPEND): the value before the append is not in this transaction
        try (AssemblerHarness h = AssemblerHarness.open(backend)) {
            assertThatThrownBy(() -> run(h, locatorRow(), inPlace(write("C", 501, "more"))))
                    .isInstanceOf(SuppressRestartsException.class)
                    .cause().hasMessageContaining("OE.DOCS.C of the row")
                    .hasMessageContaining("a LOB_WRITE at offset 501 changes a value this transaction did not write");
        }
        AssemblerOptions deadLetters = AssemblerOptions.builder().deadLetter(true).build();
        try (AssemblerHarness h = AssemblerHarness.open(deadLetters, backend)) {
            RedoRecord append = inPlace(write("C", 501, "more"));
            List<Lcr> lcrs = run(h, dml(REAL, "update \"OE\".\"DOCS\" set \"NAME\" = 'two' where \"ID\" = '2' and "
                    + "\"NAME\" = 'one'"), locatorRow(), append);
            assertThat(lcrs).singleElement().satisfies(lcr -> {
                assertThat(lcr.newValues()).contains(new ColumnValue("C", ValueKind.UNSUPPORTED, null));
                assertThat(lcr.unsupportedColumns()).containsExactly("C");
            });
            assertThat(deadLetters(h)).singleElement().satisfies(dead -> {
                assertThat(dead.origin()).isEqualTo(append.origin());
                assertThat(dead.error()).contains("changes a value this transaction did not write");
            });
        }
    }

    @ParameterizedTest
    @EnumSource(StateBackendKind.class)
    void aWriteAtTheStartOfAStoredValueIsNotTakenForTheWholeValue(StateBackendKind backend) throws Exception {
        // LOB_SF 13 at offset 1: DBMS_LOB.WRITE(loc, 1, 1, 'X') keeps the rest of the stored value, which the
        // redo does not hold
        try (AssemblerHarness h = AssemblerHarness.open(backend)) {
            assertThatThrownBy(() -> run(h, locatorRow(), inPlace(write("C", 1, "X"))))
                    .isInstanceOf(SuppressRestartsException.class)
                    .cause().hasMessageContaining("a LOB_WRITE at offset 1 changes a value this transaction did not "
                            + "write");
        }
    }

    @ParameterizedTest
    @EnumSource(StateBackendKind.class)
    void aFailedLobRowDoesNotTakeTheChangeBeforeItAlong(StateBackendKind backend) throws Exception {
        try (AssemblerHarness h = AssemblerHarness.open(AssemblerOptions.builder().deadLetter(true).build(), backend)) {
            List<Lcr> lcrs = run(h, dml(REAL, "update \"OE\".\"DOCS\" set \"NAME\" = 'nine' where \"ID\" = '9' and "
                    + "\"NAME\" = 'x'"), locatorRow(), inPlace(write("C", 501, "more")));
            assertThat(lcrs).singleElement().satisfies(lcr -> assertThat(lcr.newValues())
                    .containsExactly(str("ID", "9"), str("NAME", "nine")));
            assertThat(deadLetters(h)).hasSize(1);
        }
    }

    @ParameterizedTest
    @EnumSource(StateBackendKind.class)
    void onlyLogMinersUpdateOfTheEmptyLobsIsFoldedIntoTheInsert(StateBackendKind backend) throws Exception {
        try (AssemblerHarness h = AssemblerHarness.open(backend)) {
            List<Lcr> lcrs = run(h, dml(PLACEHOLDER, INSERT_EMPTY),
                    dml(REAL, "update \"OE\".\"DOCS\" set \"C\" = 'first' where " + WHERE),
                    dml(REAL, "update \"OE\".\"DOCS\" set \"C\" = 'second' where " + WHERE));
            assertThat(lcrs).extracting(Lcr::command).containsExactly(LcrCommand.INSERT, LcrCommand.UPDATE);
            assertThat(lcrs.get(0).newValues()).contains(str("C", "first"));
            assertThat(lcrs.get(1).newValues()).contains(str("C", "second"));
        }
    }

    @ParameterizedTest
    @EnumSource(StateBackendKind.class)
    void aLaterLobStatementOnTheSameRowIsAChangeOfItsOwn(StateBackendKind backend) throws Exception {
        // LOB_SF 02 then 07 in one transaction: each statement's LOB rows start with a code 9 row
        try (AssemblerHarness h = AssemblerHarness.open(backend)) {
            List<Lcr> lcrs = run(h, dml(PLACEHOLDER, INSERT_EMPTY), locatorRow(), write("C", 1, "first"),
                    locatorRow(), write("C", 1, "second"));
            assertThat(lcrs).extracting(Lcr::command).containsExactly(LcrCommand.INSERT, LcrCommand.UPDATE);
            assertThat(lcrs.get(0).newValues()).contains(str("C", "first"));
            assertThat(lcrs.get(1).newValues()).containsExactly(str("ID", "2"), str("NAME", "two"),
                    str("C", "second"));
        }
    }

    @ParameterizedTest
    @EnumSource(StateBackendKind.class)
    void aSavepointRollbackOfInPlaceLobCallsIsNotGuessed(StateBackendKind backend) throws Exception {
        // LOB_SF 07 after an UPDATE: append, savepoint, append, then the undo row set "C" = EMPTY_CLOB() [real],
        // which matched by ROW_ID alone would cancel the UPDATE; without the INTERNAL row that ends a DBMS_LOB call
        // (LobSavepointRollbackTest) the newest change is a LOB_WRITE, not a sequence observed on 26ai
        try (AssemblerHarness h = AssemblerHarness.open(backend)) {
            RedoRecord undo = log.undo(scn + 10, XID, REAL, "update \"OE\".\"DOCS\" set \"C\" = EMPTY_CLOB() where "
                    + "ROWID = '" + REAL + "'");
            assertThatThrownBy(() -> run(h, dml(REAL, "update \"OE\".\"DOCS\" set \"C\" = 'abc' where " + WHERE),
                    inPlace(write("C", 4, "d")), inPlace(write("C", 5, "e")), undo))
                    .isInstanceOf(SuppressRestartsException.class)
                    .cause().hasMessageContaining("rolled back to a savepoint in OE.DOCS");
        }
    }

    @ParameterizedTest
    @EnumSource(StateBackendKind.class)
    void aSavepointRollbackAmongPlaceholderRowIdsIsNotGuessed(StateBackendKind backend) throws Exception {
        // LOB_SF 04: INSERT [placeholder] of large values, then its undo DELETE [real] where ROWID, without the
        // INTERNAL row [real] that ends the statement on 26ai (LobSavepointRollbackTest): not guessed
        RedoRecord undo = log.undo(scn + 5, XID, REAL, "delete from \"OE\".\"DOCS\" where ROWID = '" + REAL + "'");
        try (AssemblerHarness h = AssemblerHarness.open(backend)) {
            assertThatThrownBy(() -> run(h, dml(PLACEHOLDER, INSERT_EMPTY), locatorRow(), write("C", 1, "x"), undo))
                    .isInstanceOf(SuppressRestartsException.class)
                    .cause().hasMessageContaining("rolled back to a savepoint in OE.DOCS, a table with LOB columns");
        }
        scn += 10;
        AssemblerOptions deadLetters = AssemblerOptions.builder().deadLetter(true).build();
        try (AssemblerHarness h = AssemblerHarness.open(deadLetters, backend)) {
            RedoRecord undoAgain = log.undo(scn + 5, XID, REAL, "delete from \"OE\".\"DOCS\" where ROWID = '" + REAL
                    + "'");
            assertThat(run(h, dml(PLACEHOLDER, INSERT_EMPTY), locatorRow(), write("C", 1, "x"), undoAgain)).isEmpty();
            assertThat(deadLetters(h)).hasSize(4);
            assertThat(h.operator.slotsHoldingState()).isZero();
        }
    }

    @ParameterizedTest
    @EnumSource(StateBackendKind.class)
    void unsupportedRowsOfCapturedTablesFailOrGoToTheDeadLetters(StateBackendKind backend) throws Exception {
        // operation-codes.md / README of the reference: BOOLEAN, JSON, VECTOR columns come as UNSUPPORTED (255)
        RedoRecord unsupported = log.row(scn + 1, XID, OperationCode.UNSUPPORTED, "UNSUPPORTED", false, "OE", "DOCS",
                REAL, "Unsupported");
        try (AssemblerHarness h = AssemblerHarness.open(backend)) {
            assertThatThrownBy(() -> run(h, unsupported))
                    .isInstanceOf(SuppressRestartsException.class)
                    .cause().hasMessageContaining("LogMiner cannot show this change (OPERATION UNSUPPORTED");
        }
        scn += 10;
        try (AssemblerHarness h = AssemblerHarness.open(AssemblerOptions.builder().deadLetter(true).build(), backend)) {
            RedoRecord again = log.row(scn + 1, XID, OperationCode.UNSUPPORTED, "UNSUPPORTED", false, "OE", "DOCS",
                    REAL, "Unsupported");
            assertThat(run(h, again)).isEmpty();
            assertThat(deadLetters(h)).extracting(DeadLetter::origin).containsExactly(again.origin());
        }
    }

    private static List<DeadLetter> deadLetters(AssemblerHarness h) {
        return h.harness.getSideOutput(TransactionAssembler.DEAD_LETTERS).stream().map(StreamRecord::getValue)
                .toList();
    }
}
