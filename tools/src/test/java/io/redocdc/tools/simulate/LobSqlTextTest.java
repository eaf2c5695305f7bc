package io.redocdc.tools.simulate;

import static org.assertj.core.api.Assertions.assertThat;

import io.redocdc.operators.lcr.ColumnValue;
import io.redocdc.operators.lcr.ValueKind;
import io.redocdc.operators.parser.LobLocator;
import io.redocdc.operators.parser.LobOperation;
import io.redocdc.operators.parser.ParsedStatement;
import io.redocdc.operators.parser.SqlRedoParser;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * SQL_REDO of LOB and XML rows, character for character: 23ai blocks as in osodevops/kafka-connect-oracle-cdc
 * reference/lob-redo-shapes.md (block layout of its test kit LobRedoShapes), 19c pieces as in Debezium's
 * SelectLobParserTest, XML rows and EMPTY_CLOB() inserts as in reference/oracle/sqlredo-corpus-types-and-lobs.sql.
 */
class LobSqlTextTest {

    private static final SqlText SQL = new SqlText(SimulatedNls.MINING_SESSION);
    private static final LobSqlText LOB = new LobSqlText(SQL);
    private static final TableDef DOCS = OrderEntrySchema.DOCUMENTS;
    private static final Column BODY = DOCS.column(DOCS.indexOf("BODY"));
    private static final Column SUMMARY = DOCS.column(DOCS.indexOf("SUMMARY"));
    private static final Column ATTACHMENT = DOCS.column(DOCS.indexOf("ATTACHMENT"));
    private static final String[] ROW = {"2", "it's", "body", "caf\u00e9", "cafe", "<a/>"};
    private static final String WHERE = "\"DOC_ID\" = '2' and \"TITLE\" = 'it''s'";

    @Test
    void insertGivesLobsEmptyValuesAndLeavesTheXmlColumnOut() {
        assertThat(SQL.insert(DOCS, ROW)).isEqualTo("insert into \"OE\".\"DOCUMENTS\"(\"DOC_ID\",\"TITLE\",\"BODY\","
                + "\"SUMMARY\",\"ATTACHMENT\") values ('2','it''s',EMPTY_CLOB(),EMPTY_CLOB(),EMPTY_BLOB())");
        assertThat(SQL.update(DOCS, new int[] {2, 3, 4}, new String[] {"2", "it's", "b 'q'", null, "00ff", null},
                ROW)).isEqualTo("update \"OE\".\"DOCUMENTS\" set \"BODY\" = 'b ''q''', \"SUMMARY\" = NULL, "
                + "\"ATTACHMENT\" = HEXTORAW('00ff') where " + WHERE);
        assertThat(SQL.update(DOCS, new int[] {3}, ROW, ROW)).contains("\"SUMMARY\" = UNISTR('caf\\00E9')");
        assertThat(SQL.delete(DOCS, ROW)).isEqualTo("delete from \"OE\".\"DOCUMENTS\" where " + WHERE);
    }

    @Test
    void a23aiWriteIsAWholeBlockSelectingItsLocator() {
        String expected = "DECLARE \n loc_c CLOB; \n buf_c VARCHAR2(6162); \n loc_b BLOB; \n buf_b RAW(6162); \n"
                + " loc_nc NCLOB; \n buf_nc NVARCHAR2(6162); \n e_len NUMBER; \nBEGIN\n select \"SUMMARY\" into loc_nc "
                + "from \"OE\".\"DOCUMENTS\" where " + WHERE + " for update;\n\n buf_nc := 'it''s \uD83D\uDE00'; \n"
                + "  dbms_lob.write(loc_nc, 6, 6001, buf_nc);\nEND;\n\n";
        assertThat(LOB.write23ai(DOCS, SUMMARY, ROW, 6001, "it's \uD83D\uDE00")).isEqualTo(expected);
        ParsedStatement parsed = SqlRedoParser.parse(expected);
        assertThat(parsed.locator()).isEqualTo(new LobLocator("OE", "DOCUMENTS", "SUMMARY", LobLocator.LobType.NCLOB,
                List.of(ColumnValue.ofString("DOC_ID", "2"), ColumnValue.ofString("TITLE", "it's"))));
        assertThat(parsed.lobOperations()).containsExactly(
                new LobOperation.Write(6, 6001, ColumnValue.ofString("buf_nc", "it's \uD83D\uDE00")));
        assertThat(LOB.trim23ai(DOCS, BODY, ROW, 7000)).endsWith(" for update;\n\n  dbms_lob.trim(loc_c, 7000);\nEND;\n\n");
        assertThat(SqlRedoParser.parse(LOB.write23ai(DOCS, ATTACHMENT, ROW, 1, "cafe01")).lobOperations())
                .singleElement().isEqualTo(new LobOperation.Write(3, 1,
                        new ColumnValue("buf_b", ValueKind.RAW, "cafe01")));
    }

    @Test
    void nineteenCOpensTheBlockOnTheLocatorRowAndClosesItWithTheLastWrite() {
        assertThat(LOB.locator19c(DOCS, BODY, ROW)).isEqualTo("DECLARE \n loc_c CLOB; \n buf_c VARCHAR2(6174); \n"
                + " loc_b BLOB; \n buf_b RAW(6174); \n loc_nc NCLOB; \n buf_nc NVARCHAR2(6174); \nBEGIN\n select \"BODY\""
                + " into loc_c from \"OE\".\"DOCUMENTS\" where " + WHERE + " for update;");
        assertThat(LOB.piece19c(BODY, 3073, "Zabbix 3.4.15", false))
                .isEqualTo(" buf_c := 'Zabbix 3.4.15'; \n  dbms_lob.write(loc_c, 13, 3073, buf_c);");
        assertThat(LOB.piece19c(ATTACHMENT, 1, "00ff", true))
                .isEqualTo(" buf_b := HEXTORAW('00ff'); \n  dbms_lob.write(loc_b, 2, 1, buf_b);\nEND;");
    }

    @Test
    void xmlRowsNameTheColumnAndCarryTheTextWithItsAmount() {
        // T20: XML DOC BEGIN:  select "VAL" from "T_SCHEMA"."T20" where "ID" = '1', then XML_REDO ... amount: 15
        assertThat(LOB.xmlBegin(DOCS, DOCS.column(5), ROW))
                .isEqualTo("XML DOC BEGIN:  select \"META\" from \"OE\".\"DOCUMENTS\" where " + WHERE);
        assertThat(LobSqlText.xmlWrite("<a><b>1</b></a>")).isEqualTo("XML_REDO := '<a><b>1</b></a>'\n amount: 15");
        assertThat(LobSqlText.xmlWrite("<c d='e'/>")).isEqualTo("XML_REDO := '<c d=''e''/>'\n amount: 10");
    }

    @Test
    void chunksCountCodePointsOrBytesAndNeverCutASurrogatePair() {
        assertThat(LobSqlText.chunks(ColumnType.NCLOB, "ab\uD83D\uDE00cd", 3))
                .containsExactly("ab\uD83D\uDE00", "cd");
        assertThat(LobSqlText.length(ColumnType.NCLOB, "ab\uD83D\uDE00")).isEqualTo(3);
        assertThat(LobSqlText.chunks(ColumnType.BLOB, "0011223344", 2)).containsExactly("0011", "2233", "44");
        assertThat(LobSqlText.length(ColumnType.BLOB, "0011")).isEqualTo(2);
    }
}
