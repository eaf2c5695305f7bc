package io.redocdc.operators.txn;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.redocdc.operators.lcr.ColumnValue;
import io.redocdc.operators.lcr.Lcr;
import io.redocdc.operators.lcr.LcrCommand;
import io.redocdc.operators.lcr.ValueKind;
import io.redocdc.source.model.OperationCode;
import io.redocdc.source.model.RedoRecord;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.runtime.execution.SuppressRestartsException;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Rollbacks to a savepoint in a table with LOB columns. The row sequences, statement by statement, are those
 * Debezium's maintainers observed on Oracle 26ai Free Release 23.26.2.0.0 (debezium/debezium pull request 7472,
 * https://github.com/debezium/debezium/pull/7472, test FindFirstRolledBackEventEntryTest, Apache-2.0; each test
 * names its case and quotes its SQL): operation, ROLLBACK, placeholder ("AAAAAAAAAAAAAAAAAA") or real ROW_ID and
 * which rows share an RS_ID. INTERNAL rows are kept here, as the LogMiner source keeps them ("with INTERNAL" in
 * Debezium's terms, also where Debezium leaves out the INTERNAL row of SEQUENCE# 1). Debezium's EXTENDED_STRING
 * rows (VARCHAR2(32767) values) are left out: this version does not read them. The SQL_REDO of each row has the
 * shapes of oracle-reference/sqlredo-corpus-types-and-lobs.sql (Oracle 23ai; EMPTY_CLOB() in the INSERT, UPDATE of
 * small values with the key as WHERE, XML DOC BEGIN/XML_REDO/amount) and of LobAssemblyTest (23ai LOB_WRITE
 * blocks); undo rows those of operation-codes.md (WHERE ROWID = ...).
 *
 * <p>Table (as Debezium's DBZ1960_nn, one name here): OE.DOCS(ID NUMBER PRIMARY KEY, STR0 VARCHAR2(50), LOB0 CLOB,
 * LOB1 CLOB, XML0 XMLTYPE). No 19c sequences were published for this case.
 */
class LobSavepointRollbackTest {

    private static final String XID = "0A000C003C020000";
    /** A source that keeps the INTERNAL rows ending LOB statements, as these observations were mined. */
    private static final AssemblerOptions MARKERS_KEPT = AssemblerOptions.builder().undoMarkersKept(true).build();
    private static final String PLACEHOLDER = "AAAAAAAAAAAAAAAAAA";
    private static final String ROW = "AAAR+oAAFAAAARfACA";
    private static final String T = "\"OE\".\"DOCS\"";
    private static final String KEY = "\"ID\" = '1'";
    private static final String LONG_LOB = "LOB0-1-" + "0".repeat(1985 - 7);
    private static final String XML_V0 = "<XML0><ID>1</ID><V>0</V></XML0>";

    private final RedoLog log = RedoLog.of(1, 679);
    private long scn = 100;
    private final List<RedoRecord> rows = new ArrayList<>();

    // --- rows, in the order the test adds them; rs is Debezium's RS_ID key (rows with the same rs share one RS_ID)

    private void add(RedoRecord row, int rs) {
        rows.add(withRsId(row, String.format(" 0x0002a7.%08x.0010 ", 0x1000 + rs)));
    }

    private void dml(String rowId, int rs, String sql) {
        add(log.dml(scn++, XID, rowId, sql), rs);
    }

    private void internal(int rs) {
        internal(ROW, rs);
    }

    /** LogMiner's INTERNAL row (OPERATION_CODE 0) with the row's real ROWID that ends a LOB statement. */
    private void internal(String rowId, int rs) {
        add(log.row(scn++, XID, OperationCode.INTERNAL, "INTERNAL", false, "OE", "DOCS", rowId, null), rs);
    }

    /** 23ai's code 9 row before a LOB's writes: no SQL_REDO (LobAssemblyTest). */
    private void locator(String rowId, int rs) {
        add(log.row(scn++, XID, OperationCode.SELECT_LOB_LOCATOR, "SEL_LOB_LOCATOR", false, "OE", "DOCS", rowId,
                null), rs);
    }

    private void write(String column, String rowId, int rs, long offset, String text) {
        add(log.lob(scn++, XID, OperationCode.LOB_WRITE, rowId, block(column, " buf_c := '" + text + "'; \n"
                + "  dbms_lob.write(loc_c, " + text.length() + ", " + offset + ", buf_c);\n")), rs);
    }

    private void trim(String column, String rowId, int rs, long length) {
        add(log.lob(scn++, XID, OperationCode.LOB_TRIM, rowId, block(column, "  dbms_lob.trim(loc_c, " + length
                + ");\n")), rs);
    }

    private void xml(String document, int rs) {
        add(log.lob(scn++, XID, OperationCode.XML_DOC_BEGIN, PLACEHOLDER, "XML DOC BEGIN:  select \"XML0\" from " + T
                + " where " + KEY), rs);
        add(log.lob(scn++, XID, OperationCode.XML_DOC_WRITE, PLACEHOLDER, "XML_REDO := '" + document + "'\n amount: "
                + document.length()), rs);
        add(log.lob(scn++, XID, OperationCode.XML_DOC_END, PLACEHOLDER, null), rs);
    }

    private void undo(int rs, String sql) {
        add(log.undo(scn++, XID, ROW, sql), rs);
    }

    private void undoDelete(int rs) {
        undo(rs, "delete from " + T + " where ROWID = '" + ROW + "'");
    }

    private void undoUpdate(int rs, String set) {
        undo(rs, "update " + T + " set " + set + " where ROWID = '" + ROW + "'");
    }

    private static String block(String column, String body) {
        return "DECLARE \n loc_c CLOB; \n buf_c VARCHAR2(6162); \n loc_b BLOB; \n buf_b RAW(6162); \n"
                + " loc_nc NCLOB; \n buf_nc NVARCHAR2(6162); \n e_len NUMBER; \nBEGIN\n select \"" + column
                + "\" into loc_c from " + T + " where " + KEY + " for update;\n\n" + body + "END;\n\n";
    }

    private static RedoRecord withRsId(RedoRecord r, String rsId) {
        return new RedoRecord(r.scn(), r.timestamp(), r.thread(), r.xid(), r.operation(), r.operationCode(),
                r.rollback(), r.status(), r.info(), r.container(), r.segOwner(), r.tableName(), r.dataObj(), r.rowId(),
                rsId, r.ssn(), r.sqlRedo(), r.sqlUndo(), r.log(), r.index(), r.line());
    }

    private List<Lcr> commit(AssemblerHarness h) throws Exception {
        h.feed(log.start(99, XID));
        h.feed(rows.toArray(new RedoRecord[0]));
        long commit = scn++;
        h.feed(log.commit(commit, XID)).watermark(commit);
        assertThat(h.operator.slotsHoldingState()).isZero();
        return h.lcrs();
    }

    private static ColumnValue str(String name, String text) {
        return ColumnValue.ofString(name, text);
    }

    private static ColumnValue emptyClob(String name) {
        return new ColumnValue(name, ValueKind.EMPTY_CLOB, "");
    }

    private static void assertInsert(Lcr lcr, ColumnValue... after) {
        assertThat(lcr.command()).isEqualTo(LcrCommand.INSERT);
        assertThat(lcr.newValues()).containsExactly(after);
    }

    // --- INSERT rolled back

    @ParameterizedTest
    @EnumSource(StateBackendKind.class)
    void rollbackInsertEmpty(StateBackendKind backend) throws Exception {
        // testRollbackInsertEmpty: SAVEPOINT s1; INSERT INTO DBZ1960_02 (ID, LOB0) VALUES (1, EMPTY_CLOB());
        // ROLLBACK TO SAVEPOINT s1 -- a row inserted before the savepoint survives
        dml("AAAR+oAAFAAAARfACB", 0, "insert into " + T + "(\"ID\",\"STR0\") values ('0','kept')");
        dml(PLACEHOLDER, 1, "insert into " + T + "(\"ID\",\"LOB0\") values ('1',EMPTY_CLOB())");
        internal(2);
        undoDelete(3);
        try (AssemblerHarness h = AssemblerHarness.open(MARKERS_KEPT, backend)) {
            assertThat(commit(h)).singleElement().satisfies(lcr -> assertInsert(lcr, str("ID", "0"),
                    str("STR0", "kept")));
        }
    }

    @ParameterizedTest
    @EnumSource(StateBackendKind.class)
    void rollbackInsertInline(StateBackendKind backend) throws Exception {
        // testRollbackInsertInline: SAVEPOINT s1; INSERT INTO DBZ1960_03 (ID, LOB0) VALUES (1, 'LOB0-1-0');
        // ROLLBACK TO SAVEPOINT s1; then a second insert of the row is committed
        dml(PLACEHOLDER, 1, "insert into " + T + "(\"ID\",\"LOB0\") values ('1',EMPTY_CLOB())");
        dml(ROW, 2, "update " + T + " set \"LOB0\" = 'LOB0-1-0' where " + KEY);
        undoDelete(3);
        dml(PLACEHOLDER, 4, "insert into " + T + "(\"ID\",\"LOB0\") values ('1',EMPTY_CLOB())");
        dml(ROW, 5, "update " + T + " set \"LOB0\" = 'again' where " + KEY);
        try (AssemblerHarness h = AssemblerHarness.open(MARKERS_KEPT, backend)) {
            assertThat(commit(h)).singleElement().satisfies(lcr -> assertInsert(lcr, str("ID", "1"),
                    str("LOB0", "again")));
        }
    }

    @ParameterizedTest
    @EnumSource(StateBackendKind.class)
    void rollbackInsertOutOfLine(StateBackendKind backend) throws Exception {
        // testRollbackInsertOutOfLine (EXT0 left out): SAVEPOINT s1; INSERT INTO DBZ1960_04 (ID, XML0, LOB0) VALUES
        // (1, XMLTYPE('<XML0><ID>1</ID><V>0</V></XML0>'), RPAD('LOB0-1-', 1985, '0')); ROLLBACK TO SAVEPOINT s1
        dml(PLACEHOLDER, 1, "insert into " + T + "(\"ID\",\"LOB0\") values ('1',EMPTY_CLOB())");
        locator(PLACEHOLDER, 1);
        write("LOB0", PLACEHOLDER, 2, 1, LONG_LOB);
        xml(XML_V0, 4);
        internal(5);
        undoDelete(6);
        try (AssemblerHarness h = AssemblerHarness.open(MARKERS_KEPT, backend)) {
            assertThat(commit(h)).isEmpty();
        }
    }

    @ParameterizedTest
    @EnumSource(StateBackendKind.class)
    void rollbackInsertInlineAndOutOfLine(StateBackendKind backend) throws Exception {
        // testRollbackInsertInlineAndOutOfLine (EXT0 left out): INSERT INTO DBZ1960_05 (ID, XML0, LOB0, LOB1) VALUES
        // (1, XMLTYPE(...), RPAD('LOB0-1-', 1985, '0'), 'LOB1-1-0') after the savepoint; before it, row 0 with a
        // large value, which survives whole
        dml(PLACEHOLDER, 10, "insert into " + T + "(\"ID\",\"LOB0\") values ('0',EMPTY_CLOB())");
        locator(PLACEHOLDER, 10);
        add(log.lob(scn++, XID, OperationCode.LOB_WRITE, PLACEHOLDER, block("LOB0", " buf_c := 'zero'; \n"
                + "  dbms_lob.write(loc_c, 4, 1, buf_c);\n").replace(KEY, "\"ID\" = '0'")), 11);
        internal("AAAR+oAAFAAAARfACB", 12);
        dml(PLACEHOLDER, 1, "insert into " + T + "(\"ID\",\"LOB0\",\"LOB1\") values ('1',EMPTY_CLOB(),EMPTY_CLOB())");
        locator(PLACEHOLDER, 1);
        write("LOB0", PLACEHOLDER, 3, 1, LONG_LOB);
        xml(XML_V0, 4);
        dml(ROW, 5, "update " + T + " set \"LOB1\" = 'LOB1-1-0' where " + KEY);
        undoDelete(6);
        try (AssemblerHarness h = AssemblerHarness.open(MARKERS_KEPT, backend)) {
            assertThat(commit(h)).singleElement().satisfies(lcr -> assertInsert(lcr, str("ID", "0"),
                    str("LOB0", "zero")));
        }
    }

    // --- UPDATE rolled back

    @ParameterizedTest
    @EnumSource(StateBackendKind.class)
    void rollbackUpdateEmpty(StateBackendKind backend) throws Exception {
        // testRollbackUpdateEmpty: INSERT INTO DBZ1960_07 (ID, LOB0) VALUES (1, NULL); SAVEPOINT s1;
        // UPDATE DBZ1960_07 SET LOB0 = EMPTY_CLOB() WHERE ID = 1; ROLLBACK TO SAVEPOINT s1
        dml(PLACEHOLDER, 1, "insert into " + T + "(\"ID\",\"LOB0\") values ('1',EMPTY_CLOB())");
        dml(ROW, 2, "update " + T + " set \"LOB0\" = NULL where " + KEY);
        dml(PLACEHOLDER, 3, "update " + T + " set \"LOB0\" = EMPTY_CLOB() where " + KEY);
        internal(4);
        undoUpdate(5, "\"LOB0\" = NULL");
        try (AssemblerHarness h = AssemblerHarness.open(MARKERS_KEPT, backend)) {
            assertThat(commit(h)).singleElement().satisfies(lcr -> assertInsert(lcr, str("ID", "1"),
                    ColumnValue.ofNull("LOB0")));
        }
    }

    @ParameterizedTest
    @EnumSource(StateBackendKind.class)
    void rollbackUpdateInline(StateBackendKind backend) throws Exception {
        // testRollbackUpdateInline: INSERT INTO DBZ1960_08 (ID, LOB0) VALUES (1, 'LOB0-1-0'); SAVEPOINT s1;
        // UPDATE DBZ1960_08 SET LOB0 = 'LOB0-1-1' WHERE ID = 1; ROLLBACK TO SAVEPOINT s1
        dml(PLACEHOLDER, 1, "insert into " + T + "(\"ID\",\"LOB0\") values ('1',EMPTY_CLOB())");
        dml(ROW, 2, "update " + T + " set \"LOB0\" = 'LOB0-1-0' where " + KEY);
        dml(PLACEHOLDER, 3, "update " + T + " set \"LOB0\" = EMPTY_CLOB() where " + KEY);
        dml(ROW, 4, "update " + T + " set \"LOB0\" = 'LOB0-1-1' where " + KEY);
        undoUpdate(5, "\"LOB0\" = 'LOB0-1-0'");
        try (AssemblerHarness h = AssemblerHarness.open(MARKERS_KEPT, backend)) {
            assertThat(commit(h)).singleElement().satisfies(lcr -> assertInsert(lcr, str("ID", "1"),
                    str("LOB0", "LOB0-1-0")));
        }
    }

    @ParameterizedTest
    @EnumSource(StateBackendKind.class)
    void rollbackUpdateOutOfLine(StateBackendKind backend) throws Exception {
        // testRollbackUpdateOutOfLine (EXT0 left out; the INTERNAL row of SEQUENCE# 1 kept): INSERT INTO DBZ1960_09
        // (ID, XML0, LOB0) VALUES (1, XMLTYPE('<XML0><ID>1</ID><V>0</V></XML0>'), 'LOB0-1-0'); SAVEPOINT s1;
        // UPDATE DBZ1960_09 SET XML0 = XMLTYPE(... <V>1</V> ...), LOB0 = RPAD('LOB0-1-', 1985, '1') WHERE ID = 1;
        // ROLLBACK TO SAVEPOINT s1
        dml(PLACEHOLDER, 1, "insert into " + T + "(\"ID\",\"LOB0\") values ('1',EMPTY_CLOB())");
        xml(XML_V0, 2);
        dml(ROW, 3, "update " + T + " set \"LOB0\" = 'LOB0-1-0' where " + KEY);
        locator(PLACEHOLDER, 4);
        write("LOB0", PLACEHOLDER, 5, 1, LONG_LOB.replace('0', '1'));
        xml("<XML0><ID>1</ID><V>1</V></XML0>", 7);
        internal(8);
        undoUpdate(9, "\"LOB0\" = 'LOB0-1-0'");
        try (AssemblerHarness h = AssemblerHarness.open(MARKERS_KEPT, backend)) {
            assertThat(commit(h)).singleElement().satisfies(lcr -> assertInsert(lcr, str("ID", "1"),
                    str("LOB0", "LOB0-1-0"), str("XML0", XML_V0)));
        }
    }

    @ParameterizedTest
    @EnumSource(StateBackendKind.class)
    void rollbackUpdateXml(StateBackendKind backend) throws Exception {
        // testRollbackUpdateXml: INSERT INTO DBZ1960_10 (ID, XML0) VALUES (1, XMLTYPE('<XML0><ID>1</ID><V>0</V>
        // </XML0>')); SAVEPOINT s1; UPDATE DBZ1960_10 SET XML0 = XMLTYPE(... <V>1</V> ...) WHERE ID = 1;
        // ROLLBACK TO SAVEPOINT s1
        dml(PLACEHOLDER, 1, "insert into " + T + "(\"ID\") values ('1')");
        xml(XML_V0, 2);
        internal(3);
        xml("<XML0><ID>1</ID><V>1</V></XML0>", 4);
        internal(5);
        undoUpdate(6, "\"STR0\" = NULL");
        try (AssemblerHarness h = AssemblerHarness.open(MARKERS_KEPT, backend)) {
            assertThat(commit(h)).singleElement().satisfies(lcr -> assertInsert(lcr, str("ID", "1"),
                    str("XML0", XML_V0)));
        }
    }

    @ParameterizedTest
    @EnumSource(StateBackendKind.class)
    void rollbackUpdateScalarAndOutOfLine(StateBackendKind backend) throws Exception {
        // testRollbackUpdateScalarAndOutOfLine (EXT0 left out): INSERT INTO DBZ1960_11 (ID, STR0, LOB0) VALUES (1,
        // 'STR0-1-0', 'LOB0-1-0'); SAVEPOINT s1; UPDATE DBZ1960_11 SET STR0 = 'STR0-1-1', XML0 = XMLTYPE(...),
        // LOB0 = RPAD('LOB0-1-', 1985, '1') WHERE ID = 1; ROLLBACK TO SAVEPOINT s1
        dml(PLACEHOLDER, 1, "insert into " + T + "(\"ID\",\"STR0\",\"LOB0\") values ('1','STR0-1-0',EMPTY_CLOB())");
        dml(ROW, 2, "update " + T + " set \"LOB0\" = 'LOB0-1-0' where " + KEY);
        dml(PLACEHOLDER, 3, "update " + T + " set \"STR0\" = 'STR0-1-1' where " + KEY);
        locator(PLACEHOLDER, 3);
        write("LOB0", PLACEHOLDER, 5, 1, LONG_LOB.replace('0', '1'));
        xml("<XML0><ID>1</ID><V>1</V></XML0>", 6);
        internal(7);
        undoUpdate(8, "\"STR0\" = 'STR0-1-0'");
        try (AssemblerHarness h = AssemblerHarness.open(MARKERS_KEPT, backend)) {
            assertThat(commit(h)).singleElement().satisfies(lcr -> assertInsert(lcr, str("ID", "1"),
                    str("STR0", "STR0-1-0"), str("LOB0", "LOB0-1-0")));
        }
    }

    @ParameterizedTest
    @EnumSource(StateBackendKind.class)
    void rollbackUpdateScalarAndXml(StateBackendKind backend) throws Exception {
        // testRollbackUpdateScalarAndXml: INSERT INTO DBZ1960_12 (ID, STR0, XML0) VALUES (1, 'STR0-1-0',
        // XMLTYPE(...)); SAVEPOINT s1; UPDATE DBZ1960_12 SET STR0 = 'STR0-1-1', XML0 = XMLTYPE(...) WHERE ID = 1;
        // ROLLBACK TO SAVEPOINT s1
        dml(PLACEHOLDER, 1, "insert into " + T + "(\"ID\",\"STR0\") values ('1','STR0-1-0')");
        xml(XML_V0, 2);
        internal(3);
        dml(PLACEHOLDER, 4, "update " + T + " set \"STR0\" = 'STR0-1-1' where " + KEY);
        xml("<XML0><ID>1</ID><V>1</V></XML0>", 5);
        internal(6);
        undoUpdate(7, "\"STR0\" = 'STR0-1-0'");
        try (AssemblerHarness h = AssemblerHarness.open(MARKERS_KEPT, backend)) {
            assertThat(commit(h)).singleElement().satisfies(lcr -> assertInsert(lcr, str("ID", "1"),
                    str("STR0", "STR0-1-0"), str("XML0", XML_V0)));
        }
    }

    @ParameterizedTest
    @EnumSource(StateBackendKind.class)
    void rollbackUpdateInlineAndOutOfLine(StateBackendKind backend) throws Exception {
        // testRollbackUpdateInlineAndOutOfLine (EXT0 left out): INSERT INTO DBZ1960_13 (ID, LOB0, XML0, LOB1) VALUES
        // (1, 'LOB0-1-0', XMLTYPE(...), 'LOB1-1-0'); SAVEPOINT s1; UPDATE DBZ1960_13 SET LOB0 = RPAD('LOB0-1-',
        // 1985, '1'), XML0 = XMLTYPE(...), LOB1 = 'LOB1-1-1' WHERE ID = 1; ROLLBACK TO SAVEPOINT s1
        dml(PLACEHOLDER, 1, "insert into " + T + "(\"ID\",\"LOB0\",\"LOB1\") values ('1',EMPTY_CLOB(),EMPTY_CLOB())");
        xml(XML_V0, 2);
        dml(ROW, 3, "update " + T + " set \"LOB0\" = 'LOB0-1-0', \"LOB1\" = 'LOB1-1-0' where " + KEY);
        locator(PLACEHOLDER, 4);
        write("LOB0", PLACEHOLDER, 5, 1, LONG_LOB.replace('0', '1'));
        xml("<XML0><ID>1</ID><V>1</V></XML0>", 7);
        dml(ROW, 8, "update " + T + " set \"LOB1\" = 'LOB1-1-1' where " + KEY);
        undoUpdate(9, "\"LOB1\" = 'LOB1-1-0'");
        try (AssemblerHarness h = AssemblerHarness.open(MARKERS_KEPT, backend)) {
            assertThat(commit(h)).singleElement().satisfies(lcr -> assertInsert(lcr, str("ID", "1"),
                    str("LOB0", "LOB0-1-0"), str("LOB1", "LOB1-1-0"), str("XML0", XML_V0)));
        }
    }

    @ParameterizedTest
    @EnumSource(StateBackendKind.class)
    void rollbackLobWrite(StateBackendKind backend) throws Exception {
        // testRollbackLobWrite: INSERT INTO DBZ1960_15 (ID, LOB0) VALUES (1, 'LOB0-1-0'); SAVEPOINT s1; SELECT LOB0
        // INTO loc ... FOR UPDATE; DBMS_LOB.WRITE(loc, 1985, 1, RPAD('LOB0-1-', 1985, '1')); ROLLBACK TO SAVEPOINT s1
        dml(PLACEHOLDER, 1, "insert into " + T + "(\"ID\",\"LOB0\") values ('1',EMPTY_CLOB())");
        dml(ROW, 2, "update " + T + " set \"LOB0\" = 'LOB0-1-0' where " + KEY);
        locator(ROW, 3);
        write("LOB0", ROW, 4, 1, LONG_LOB.replace('0', '1'));
        internal(5);
        undoUpdate(6, "\"STR0\" = NULL");
        try (AssemblerHarness h = AssemblerHarness.open(MARKERS_KEPT, backend)) {
            assertThat(commit(h)).singleElement().satisfies(lcr -> assertInsert(lcr, str("ID", "1"),
                    str("LOB0", "LOB0-1-0")));
        }
    }

    @ParameterizedTest
    @EnumSource(StateBackendKind.class)
    void rollbackLobTrim(StateBackendKind backend) throws Exception {
        // testRollbackLobTrim (its LOB_TRIM row, which Debezium does not keep, kept): INSERT INTO DBZ1960_16 (ID,
        // LOB0) VALUES (1, 'LOB0-1-00'); SAVEPOINT s1; SELECT LOB0 INTO loc ... FOR UPDATE; DBMS_LOB.TRIM(loc, 8);
        // ROLLBACK TO SAVEPOINT s1
        dml(PLACEHOLDER, 1, "insert into " + T + "(\"ID\",\"LOB0\") values ('1',EMPTY_CLOB())");
        dml(ROW, 2, "update " + T + " set \"LOB0\" = 'LOB0-1-00' where " + KEY);
        locator(ROW, 3);
        trim("LOB0", PLACEHOLDER, 4, 8);
        internal(5);
        undoUpdate(6, "\"STR0\" = NULL");
        try (AssemblerHarness h = AssemblerHarness.open(MARKERS_KEPT, backend)) {
            assertThat(commit(h)).singleElement().satisfies(lcr -> assertInsert(lcr, str("ID", "1"),
                    str("LOB0", "LOB0-1-00")));
        }
    }

    // --- DELETE rolled back

    @ParameterizedTest
    @EnumSource(StateBackendKind.class)
    void rollbackDelete(StateBackendKind backend) throws Exception {
        // testRollbackDelete (EXT0 left out): INSERT INTO DBZ1960_17 (ID, STR0, LOB0, XML0, LOB1) VALUES (1,
        // 'STR0-1-0', RPAD('LOB0-1-', 1985, '0'), XMLTYPE(...), 'LOB1-1-0'); SAVEPOINT s1;
        // DELETE FROM DBZ1960_17 WHERE ID = 1; ROLLBACK TO SAVEPOINT s1
        dml(PLACEHOLDER, 1, "insert into " + T + "(\"ID\",\"STR0\",\"LOB0\",\"LOB1\") values ('1','STR0-1-0',"
                + "EMPTY_CLOB(),EMPTY_CLOB())");
        locator(PLACEHOLDER, 1);
        write("LOB0", PLACEHOLDER, 2, 1, LONG_LOB);
        xml(XML_V0, 4);
        dml(ROW, 5, "update " + T + " set \"LOB1\" = 'LOB1-1-0' where " + KEY);
        dml(ROW, 6, "delete from " + T + " where " + KEY + " and \"STR0\" = 'STR0-1-0'");
        undo(7, "insert into " + T + "(\"ID\",\"STR0\",\"LOB0\",\"LOB1\") values ('1','STR0-1-0',EMPTY_CLOB(),"
                + "EMPTY_CLOB())");
        try (AssemblerHarness h = AssemblerHarness.open(MARKERS_KEPT, backend)) {
            assertThat(commit(h)).singleElement().satisfies(lcr -> assertInsert(lcr, str("ID", "1"),
                    str("STR0", "STR0-1-0"), str("LOB0", LONG_LOB), str("LOB1", "LOB1-1-0"), str("XML0", XML_V0)));
        }
    }

    // --- an earlier statement ends with its INTERNAL row ("without INTERNAL" cases of Debezium, INTERNAL kept)

    @ParameterizedTest
    @EnumSource(StateBackendKind.class)
    void insertEmptyThenRollbackUpdateScalar(StateBackendKind backend) throws Exception {
        // testInsertEmptyWithoutInternalAndRollbackUpdateScalar: INSERT INTO DBZ1960_20 (ID, STR0, LOB0) VALUES (1,
        // 'STR0-1-0', EMPTY_CLOB()); SAVEPOINT s1; UPDATE DBZ1960_20 SET STR0 = 'STR0-1-1' WHERE ID = 1;
        // ROLLBACK TO SAVEPOINT s1
        dml(PLACEHOLDER, 1, "insert into " + T + "(\"ID\",\"STR0\",\"LOB0\") values ('1','STR0-1-0',EMPTY_CLOB())");
        internal(2);
        dml(ROW, 3, "update " + T + " set \"STR0\" = 'STR0-1-1' where " + KEY + " and \"STR0\" = 'STR0-1-0'");
        undoUpdate(4, "\"STR0\" = 'STR0-1-0'");
        try (AssemblerHarness h = AssemblerHarness.open(MARKERS_KEPT, backend)) {
            assertThat(commit(h)).singleElement().satisfies(lcr -> assertInsert(lcr, str("ID", "1"),
                    str("STR0", "STR0-1-0"), emptyClob("LOB0")));
        }
    }

    @ParameterizedTest
    @EnumSource(StateBackendKind.class)
    void updateEmptyThenRollbackUpdateInlineAndOutOfLine(StateBackendKind backend) throws Exception {
        // testUpdateEmptyWithoutInternalAndRollbackUpdateInlineAndOutOfLine: INSERT INTO DBZ1960_21 (ID, LOB0, LOB1)
        // VALUES (1, NULL, NULL); UPDATE DBZ1960_21 SET LOB0 = EMPTY_CLOB(), LOB1 = EMPTY_CLOB() WHERE ID = 1;
        // SAVEPOINT s1; UPDATE DBZ1960_21 SET LOB0 = RPAD('LOB0-1-', 1985, '2'), LOB1 = 'LOB1-1-2' WHERE ID = 1;
        // ROLLBACK TO SAVEPOINT s1
        dml(PLACEHOLDER, 1, "insert into " + T + "(\"ID\",\"LOB0\",\"LOB1\") values ('1',EMPTY_CLOB(),EMPTY_CLOB())");
        dml(ROW, 2, "update " + T + " set \"LOB0\" = NULL, \"LOB1\" = NULL where " + KEY);
        dml(PLACEHOLDER, 3, "update " + T + " set \"LOB0\" = EMPTY_CLOB(), \"LOB1\" = EMPTY_CLOB() where " + KEY);
        internal(4);
        locator(PLACEHOLDER, 5);
        write("LOB0", PLACEHOLDER, 6, 1, LONG_LOB.replace('0', '2'));
        dml(ROW, 7, "update " + T + " set \"LOB1\" = 'LOB1-1-2' where " + KEY);
        undoUpdate(8, "\"LOB1\" = EMPTY_CLOB()");
        try (AssemblerHarness h = AssemblerHarness.open(MARKERS_KEPT, backend)) {
            List<Lcr> lcrs = commit(h);
            assertThat(lcrs).hasSize(2);
            assertInsert(lcrs.get(0), str("ID", "1"), ColumnValue.ofNull("LOB0"), ColumnValue.ofNull("LOB1"));
            assertThat(lcrs.get(1).command()).isEqualTo(LcrCommand.UPDATE);
            assertThat(lcrs.get(1).newValues()).containsExactly(str("ID", "1"), emptyClob("LOB0"), emptyClob("LOB1"));
        }
    }

    @ParameterizedTest
    @EnumSource(StateBackendKind.class)
    void updateXmlThenRollbackUpdateInlineAndOutOfLine(StateBackendKind backend) throws Exception {
        // testUpdateXmlWithoutInternalAndRollbackUpdateInlineAndOutOfLine (STR0 in the role of EXT0, a short value
        // either way): INSERT INTO DBZ1960_24 (ID, XML0, EXT0, LOB0) VALUES (1, XMLTYPE(... <V>0</V> ...),
        // 'EXT0-1-0', 'LOB0-1-0'); UPDATE DBZ1960_24 SET XML0 = XMLTYPE(... <V>1</V> ...) WHERE ID = 1;
        // SAVEPOINT s1; UPDATE DBZ1960_24 SET EXT0 = 'EXT0-1-2', LOB0 = RPAD('LOB0-1-', 1985, '2') WHERE ID = 1;
        // ROLLBACK TO SAVEPOINT s1
        String xmlV1 = "<XML0><ID>1</ID><V>1</V></XML0>";
        dml(PLACEHOLDER, 1, "insert into " + T + "(\"ID\",\"STR0\",\"LOB0\") values ('1','EXT0-1-0',EMPTY_CLOB())");
        xml(XML_V0, 2);
        dml(ROW, 3, "update " + T + " set \"LOB0\" = 'LOB0-1-0' where " + KEY);
        xml(xmlV1, 4);
        internal(5);
        locator(PLACEHOLDER, 6);
        write("LOB0", PLACEHOLDER, 7, 1, LONG_LOB.replace('0', '2'));
        dml(ROW, 8, "update " + T + " set \"STR0\" = 'EXT0-1-2' where " + KEY + " and \"STR0\" = 'EXT0-1-0'");
        undoUpdate(9, "\"STR0\" = 'EXT0-1-0'");
        try (AssemblerHarness h = AssemblerHarness.open(MARKERS_KEPT, backend)) {
            // the XML update of a row inserted earlier in the transaction folds into the INSERT (LobAssembly: no
            // locator row starts a new statement there), with or without the rollback
            assertThat(commit(h)).singleElement().satisfies(lcr -> assertInsert(lcr, str("ID", "1"),
                    str("STR0", "EXT0-1-0"), str("LOB0", "LOB0-1-0"), str("XML0", xmlV1)));
        }
    }

    @ParameterizedTest
    @EnumSource(StateBackendKind.class)
    void updateEmptyThenRollbackUpdateScalar(StateBackendKind backend) throws Exception {
        // testUpdateEmptyWithoutInternalAndRollbackUpdateScalar, "with INTERNAL": UPDATE DBZ1960_28 SET LOB0 =
        // EMPTY_CLOB() WHERE ID = 1; SAVEPOINT s1; UPDATE DBZ1960_28 SET STR0 = 'STR0-1-2' WHERE ID = 1;
        // ROLLBACK TO SAVEPOINT s1
        dml(PLACEHOLDER, 1, "update " + T + " set \"LOB0\" = EMPTY_CLOB() where " + KEY);
        internal(2);
        dml(ROW, 3, "update " + T + " set \"STR0\" = 'STR0-1-2' where " + KEY + " and \"STR0\" = 'STR0-1-0'");
        undoUpdate(4, "\"STR0\" = 'STR0-1-0'");
        try (AssemblerHarness h = AssemblerHarness.open(MARKERS_KEPT, backend)) {
            assertThat(commit(h)).singleElement().satisfies(lcr -> {
                assertThat(lcr.command()).isEqualTo(LcrCommand.UPDATE);
                assertThat(lcr.newValues()).containsExactly(str("ID", "1"), emptyClob("LOB0"));
            });
        }
    }

    // --- several statements and tables

    @ParameterizedTest
    @EnumSource(StateBackendKind.class)
    void severalStatementsOfTwoTablesAreUndoneNewestFirst(StateBackendKind backend) throws Exception {
        // testRollbacks (its three statements in a table without LOB columns, OE.ORDERS, matched by ROW_ID as
        // before) with LOB statements of OE.DOCS among them: after the savepoint an INSERT of an order, an UPDATE of
        // row 1's large value, a DELETE of order 1; the undo rows come newest first
        String order1 = "AAAR+oAAFAAAARfAAB";
        String order3 = "AAAR+oAAFAAAARfAAD";
        dml(order1, 1, "insert into \"OE\".\"ORDERS\"(\"ID\",\"STR0\") values ('1','STR0-1-0')");
        dml(PLACEHOLDER, 2, "insert into " + T + "(\"ID\",\"LOB0\") values ('1',EMPTY_CLOB())");
        dml(ROW, 3, "update " + T + " set \"LOB0\" = 'LOB0-1-0' where " + KEY);
        dml(order3, 4, "insert into \"OE\".\"ORDERS\"(\"ID\",\"STR0\") values ('3','STR0-3-0')");
        locator(PLACEHOLDER, 5);
        write("LOB0", PLACEHOLDER, 6, 1, LONG_LOB.replace('0', '1'));
        internal(7);
        dml(order1, 8, "delete from \"OE\".\"ORDERS\" where \"ID\" = '1' and \"STR0\" = 'STR0-1-0'");
        add(log.undo(scn++, XID, order1, "insert into \"OE\".\"ORDERS\"(\"ID\",\"STR0\") values ('1',"
                + "'STR0-1-0')"), 9);
        undoUpdate(10, "\"LOB0\" = 'LOB0-1-0'");
        add(log.undo(scn++, XID, order3, "delete from \"OE\".\"ORDERS\" where ROWID = '" + order3 + "'"), 11);
        try (AssemblerHarness h = AssemblerHarness.open(MARKERS_KEPT, backend)) {
            List<Lcr> lcrs = commit(h);
            assertThat(lcrs).hasSize(2);
            assertInsert(lcrs.get(0), str("ID", "1"), str("STR0", "STR0-1-0"));
            assertThat(lcrs.get(0).table()).isEqualTo("ORDERS");
            assertInsert(lcrs.get(1), str("ID", "1"), str("LOB0", "LOB0-1-0"));
            assertThat(lcrs.get(1).table()).isEqualTo("DOCS");
        }
    }

    @ParameterizedTest
    @EnumSource(StateBackendKind.class)
    void internalRowsChangeNothingWithoutUndoRows(StateBackendKind backend) throws Exception {
        // the sequence of rollbackUpdateOutOfLine committed without the rollback, then a scalar update
        dml(PLACEHOLDER, 1, "insert into " + T + "(\"ID\",\"LOB0\") values ('1',EMPTY_CLOB())");
        xml(XML_V0, 2);
        dml(ROW, 3, "update " + T + " set \"LOB0\" = 'LOB0-1-0' where " + KEY);
        locator(PLACEHOLDER, 4);
        write("LOB0", PLACEHOLDER, 5, 1, "LOB0-1-1");
        internal(6);
        dml(ROW, 7, "update " + T + " set \"STR0\" = 'STR0-1-1' where " + KEY + " and \"STR0\" IS NULL");
        try (AssemblerHarness h = AssemblerHarness.open(MARKERS_KEPT, backend)) {
            List<Lcr> lcrs = commit(h);
            assertThat(lcrs).hasSize(3);
            assertInsert(lcrs.get(0), str("ID", "1"), str("LOB0", "LOB0-1-0"), str("XML0", XML_V0));
            assertThat(lcrs.get(1).newValues()).containsExactly(str("ID", "1"), str("LOB0", "LOB0-1-1"));
            assertThat(lcrs.get(2).newValues()).containsExactly(str("ID", "1"), str("STR0", "STR0-1-1"));
        }
    }

    // --- sequences that do not fit: refused as before

    @ParameterizedTest
    @EnumSource(StateBackendKind.class)
    void anUndoDeleteOfLobRowsWithoutTheirInsertIsRefused(StateBackendKind backend) throws Exception {
        // testRollbackUpdateOutOfLineWithUnexpectedOperation: SEL_LOB_LOCATOR, LOB_WRITE [placeholder], INTERNAL
        // [real], then an undo DELETE, which reverses an INSERT, and there is none
        locator(PLACEHOLDER, 1);
        write("LOB0", PLACEHOLDER, 2, 1, "x");
        internal(3);
        undoDelete(4);
        try (AssemblerHarness h = AssemblerHarness.open(MARKERS_KEPT, backend)) {
            assertThatThrownBy(() -> commit(h)).isInstanceOf(SuppressRestartsException.class).cause()
                    .hasMessageContaining("rolled back to a savepoint in OE.DOCS, a table with LOB columns")
                    .hasMessageContaining("no INSERT starts the statement of INTERNAL of OE.DOCS with ROW_ID " + ROW)
                    .hasMessageContaining("XID " + XID).hasMessageContaining(rows.get(3).origin());
        }
    }

    @ParameterizedTest
    @EnumSource(StateBackendKind.class)
    void anUndoRowThatIsNotOfTheNewestChangeIsRefusedOrDeadLettered(StateBackendKind backend) throws Exception {
        // testRollbackInsertScalarWithUnexpectedRowId's point in a LOB table: the newest change is of another row
        dml(PLACEHOLDER, 1, "insert into " + T + "(\"ID\",\"LOB0\") values ('1',EMPTY_CLOB())");
        internal(2);
        dml("AAAR+oAAFAAAARfACB", 3, "update " + T + " set \"STR0\" = 'x' where \"ID\" = '2'");
        undoDelete(4);
        try (AssemblerHarness h = AssemblerHarness.open(MARKERS_KEPT, backend)) {
            assertThatThrownBy(() -> commit(h)).isInstanceOf(SuppressRestartsException.class).cause()
                    .hasMessageContaining("the newest change left in the transaction is not of its row: UPDATE of "
                            + "OE.DOCS with ROW_ID AAAR+oAAFAAAARfACB");
        }
        try (AssemblerHarness h = AssemblerHarness.open(AssemblerOptions.builder().deadLetter(true).build(),
                backend)) {
            assertThat(commit(h)).isEmpty();
            assertThat(h.harness.getSideOutput(TransactionAssembler.DEAD_LETTERS)).extracting(StreamRecord::getValue)
                    .extracting(DeadLetter::origin)
                    .containsExactlyElementsOf(rows.stream().map(RedoRecord::origin).toList());
        }
    }

    @ParameterizedTest
    @EnumSource(StateBackendKind.class)
    void anUpdateEndedStatementIsRefusedWhereTheSourceMayHaveDroppedTheInternalRows(StateBackendKind backend)
            throws Exception {
        // rollbackUpdateInline's rows from a source that does not declare it keeps INTERNAL rows (a redo directory
        // mined by another tool): the placeholder UPDATE may end with a dropped INTERNAL row of its own
        dml(PLACEHOLDER, 1, "insert into " + T + "(\"ID\",\"LOB0\") values ('1',EMPTY_CLOB())");
        dml(ROW, 2, "update " + T + " set \"LOB0\" = 'LOB0-1-0' where " + KEY);
        dml(PLACEHOLDER, 3, "update " + T + " set \"LOB0\" = EMPTY_CLOB() where " + KEY);
        dml(ROW, 4, "update " + T + " set \"LOB0\" = 'LOB0-1-1' where " + KEY);
        undoUpdate(5, "\"LOB0\" = 'LOB0-1-0'");
        try (AssemblerHarness h = AssemblerHarness.open(AssemblerOptions.defaults(), backend)) {
            assertThatThrownBy(() -> commit(h)).isInstanceOf(SuppressRestartsException.class).cause()
                    .hasMessageContaining("the source does not declare that it keeps LogMiner's INTERNAL rows")
                    .hasMessageContaining("mining_options.csv");
        }
    }
}
