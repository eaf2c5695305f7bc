package io.redocdc.operators.parser;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.redocdc.operators.lcr.ColumnValue;
import io.redocdc.operators.lcr.ValueKind;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * LOB rows as LogMiner writes them. 23ai: each LOB_WRITE, LOB_TRIM and LOB_ERASE row is a whole block
 * (osodevops/kafka-connect-oracle-cdc, oracle-cdc-core/src/main/resources/reference/lob-redo-shapes.md, and the
 * block layout of its test kit LobRedoShapes; Apache-2.0). 19c: the SEL_LOB_LOCATOR row opens the block and each
 * LOB_WRITE row holds one assignment and write (the shapes of Debezium's SelectLobParserTest and LobWriteParser,
 * Apache-2.0). The statements here are written for this test in those shapes, not copied.
 */
class LobStatementTest {

    private static final String DECLARE = "DECLARE \n loc_c CLOB; \n buf_c VARCHAR2(6162); \n loc_b BLOB; \n"
            + " buf_b RAW(6162); \n loc_nc NCLOB; \n buf_nc NVARCHAR2(6162); \n e_len NUMBER; \nBEGIN\n";
    private static final String WHERE = "\"ID\" = '2' and \"NAME\" = 'it''s'";

    private static String block(String column, String locator, String body) {
        return DECLARE + " select \"" + column + "\" into " + locator + " from \"APP\".\"DOCS\" where " + WHERE
                + " for update;\n\n" + body + "END;\n\n";
    }

    @Test
    void a23aiWriteBlockNamesColumnRowOffsetAndData() {
        ParsedStatement s = SqlRedoParser.parse(block("C", "loc_c",
                " buf_c := 'it''s ok'; \n  dbms_lob.write(loc_c, 7, 1023, buf_c);\n"));
        assertThat(s.kind()).isEqualTo(StatementKind.LOB);
        assertThat(s.owner()).isEqualTo("APP");
        assertThat(s.table()).isEqualTo("DOCS");
        assertThat(s.locator()).isEqualTo(new LobLocator("APP", "DOCS", "C", LobLocator.LobType.CLOB,
                List.of(ColumnValue.ofString("ID", "2"), ColumnValue.ofString("NAME", "it's"))));
        assertThat(s.lobOperations()).containsExactly(
                new LobOperation.Write(7, 1023, ColumnValue.ofString("buf_c", "it's ok")));
    }

    @Test
    void blobNclobTrimAndEraseBlocks() {
        ParsedStatement blob = SqlRedoParser.parse(block("B", "loc_b",
                " buf_b := HEXTORAW('CAFE01'); \n  dbms_lob.write(loc_b, 3, 1, buf_b);\n"));
        assertThat(blob.locator().type()).isEqualTo(LobLocator.LobType.BLOB);
        assertThat(blob.lobOperations()).containsExactly(
                new LobOperation.Write(3, 1, new ColumnValue("buf_b", ValueKind.RAW, "cafe01")));
        ParsedStatement nclob = SqlRedoParser.parse(block("NC", "loc_nc",
                " buf_nc := UNISTR('\\00E9\\D83D\\DE00'); \n  dbms_lob.write(loc_nc, 2, 1, buf_nc);\n"));
        assertThat(nclob.locator().type()).isEqualTo(LobLocator.LobType.NCLOB);
        assertThat(((LobOperation.Write) nclob.lobOperations().get(0)).data().text()).isEqualTo("\u00e9\uD83D\uDE00");
        assertThat(SqlRedoParser.parse(block("C", "loc_c", "  dbms_lob.trim(loc_c, 7000);\n")).lobOperations())
                .containsExactly(new LobOperation.Trim(7000));
        assertThat(SqlRedoParser.parse(block("NC", "loc_nc", "  e_len :=  10;\n  dbms_lob.erase(loc_nc, e_len, 1);\n"))
                .lobOperations()).containsExactly(new LobOperation.Erase(10, 1));
    }

    @Test
    void nineteenCPiecesOpenWriteAndClose() {
        ParsedStatement locator = SqlRedoParser.parse("DECLARE \n loc_c CLOB; \n buf_c VARCHAR2(6174); \n loc_b BLOB; \n"
                + " buf_b RAW(6174); \n loc_nc NCLOB; \n buf_nc NVARCHAR2(6174); \nBEGIN\n select \"VAL_CLOB\" into loc_c "
                + "from \"DEBEZIUM\".\"CLOB_TEST\" where \"ID\" = '2' and \"VAL_DATA\" = 'Test2' for update;");
        assertThat(locator.kind()).isEqualTo(StatementKind.LOB);
        assertThat(locator.locator().column()).isEqualTo("VAL_CLOB");
        assertThat(locator.where()).containsExactly(ColumnValue.ofString("ID", "2"),
                ColumnValue.ofString("VAL_DATA", "Test2"));
        assertThat(locator.lobOperations()).isEmpty();
        ParsedStatement piece = SqlRedoParser.parse(" buf_c := 'Zabbix 3.4.15'; \n  dbms_lob.write(loc_c, 13, 3073, buf_c);");
        assertThat(piece.locator()).isNull();
        assertThat(piece.lobOperations()).containsExactly(
                new LobOperation.Write(13, 3073, ColumnValue.ofString("buf_c", "Zabbix 3.4.15")));
        ParsedStatement last = SqlRedoParser.parse(" buf_c := 'end'; \n  dbms_lob.write(loc_c, 3, 3086, buf_c);\nEND;");
        assertThat(last.lobOperations()).hasSize(1);
        assertThat(SqlRedoParser.parse("END;").lobOperations()).isEmpty();
    }

    @Test
    void malformedBlocksNameWhatWasExpected() {
        assertThatThrownBy(() -> SqlRedoParser.parse(block("C", "loc_c", "  dbms_lob.append(loc_c, loc_x);\n")))
                .isInstanceOf(SqlRedoParseException.class)
                .hasMessageContaining("dbms_lob.write, dbms_lob.trim or dbms_lob.erase (found dbms_lob.append)");
        assertThatThrownBy(() -> SqlRedoParser.parse(block("C", "loc_c", "  dbms_lob.write(loc_c, 1, 1, buf_c);\n")))
                .isInstanceOf(SqlRedoParseException.class)
                .hasMessageContaining("'buf_c' is never assigned");
        assertThatThrownBy(() -> SqlRedoParser.parse(block("C", "loc_x", "  dbms_lob.trim(loc_x, 1);\n")))
                .isInstanceOf(SqlRedoParseException.class)
                .hasMessageContaining("'loc_x' is not declared");
    }

    @Test
    void xmlDocumentRowsNameTheirColumnAndCarryTheText() {
        // oracle-reference/sqlredo-corpus-types-and-lobs.sql, table T20
        ParsedStatement begin = SqlRedoParser.parse("XML DOC BEGIN:  select \"VAL\" from \"T_SCHEMA\".\"T20\" where \"ID\" = '1'");
        assertThat(begin.locator()).isEqualTo(new LobLocator("T_SCHEMA", "T20", "VAL", LobLocator.LobType.XML,
                List.of(ColumnValue.ofString("ID", "1"))));
        ParsedStatement write = SqlRedoParser.parse("XML_REDO := '<a><b>1</b></a>'\n amount: 15");
        assertThat(write.kind()).isEqualTo(StatementKind.XML_REDO);
        assertThat(write.values()).containsExactly(ColumnValue.ofString("", "<a><b>1</b></a>"));
        assertThat(write.amount()).isEqualTo(15);
    }
}
