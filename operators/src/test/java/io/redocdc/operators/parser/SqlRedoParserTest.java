package io.redocdc.operators.parser;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.redocdc.operators.lcr.ColumnValue;
import io.redocdc.operators.lcr.ValueKind;
import io.redocdc.source.model.NlsFormats;
import java.util.List;
import org.junit.jupiter.api.Test;

class SqlRedoParserTest {

    @Test
    void parsesInsert() {
        ParsedStatement s = SqlRedoParser.parse(
                "insert into \"OE\".\"ORDERS\"(\"ID\",\"NOTE\",\"CREATED\") values ('1','it''s',"
                        + "TO_DATE('2026-02-28 13:45:59', 'YYYY-MM-DD HH24:MI:SS'))");
        assertThat(s.kind()).isEqualTo(StatementKind.INSERT);
        assertThat(s.owner()).isEqualTo("OE");
        assertThat(s.table()).isEqualTo("ORDERS");
        assertThat(s.values()).containsExactly(
                ColumnValue.ofString("ID", "1"),
                ColumnValue.ofString("NOTE", "it's"),
                new ColumnValue("CREATED", ValueKind.DATE, "2026-02-28 13:45:59"));
        assertThat(s.where()).isEmpty();
        assertThat(s.rowId()).isNull();
        assertThat(s.amount()).isEqualTo(-1);
    }

    @Test
    void parsesUpdateWithSetAndWhere() {
        ParsedStatement s = SqlRedoParser.parse("update \"OE\".\"ORDERS\" set \"NOTE\" = 'x', \"QTY\" = NULL "
                + "where \"ID\" = '1' and \"NOTE\" = 'it''s' and \"QTY\" IS NULL");
        assertThat(s.kind()).isEqualTo(StatementKind.UPDATE);
        assertThat(s.owner()).isEqualTo("OE");
        assertThat(s.table()).isEqualTo("ORDERS");
        assertThat(s.values()).containsExactly(ColumnValue.ofString("NOTE", "x"), ColumnValue.ofNull("QTY"));
        assertThat(s.where()).containsExactly(ColumnValue.ofString("ID", "1"), ColumnValue.ofString("NOTE", "it's"),
                ColumnValue.ofNull("QTY"));
        assertThat(s.rowId()).isNull();
    }

    @Test
    void parsesDelete() {
        ParsedStatement s = SqlRedoParser.parse(
                "delete from \"OE\".\"ORDERS\" where \"ID\" = '3' and \"NOTE\" IS NULL and \"N\" = '0'");
        assertThat(s.kind()).isEqualTo(StatementKind.DELETE);
        assertThat(s.table()).isEqualTo("ORDERS");
        assertThat(s.values()).isEmpty();
        assertThat(s.where()).containsExactly(ColumnValue.ofString("ID", "3"), ColumnValue.ofNull("NOTE"),
                ColumnValue.ofString("N", "0"));
    }

    @Test
    void keywordsAreCaseInsensitive() {
        ParsedStatement insert = SqlRedoParser.parse("INSERT INTO \"O\".\"T\"(\"A\") VALUES (null)");
        assertThat(insert.values()).containsExactly(ColumnValue.ofNull("A"));
        ParsedStatement update = SqlRedoParser.parse(
                "UPDATE \"O\".\"T\" SET \"A\" = Unistr('x') WHERE \"B\" is null AND \"C\" = to_date('2026-01-01 00:00:00', 'yyyy-mm-dd hh24:mi:ss')");
        assertThat(update.values()).containsExactly(ColumnValue.ofString("A", "x"));
        assertThat(update.where()).containsExactly(ColumnValue.ofNull("B"),
                new ColumnValue("C", ValueKind.DATE, "2026-01-01 00:00:00"));
        assertThat(SqlRedoParser.parse("Delete From \"O\".\"T\" Where \"A\" = '1'").kind())
                .isEqualTo(StatementKind.DELETE);
    }

    /**
     * Values and names that look like SQL stay values and names (bad input of the fault suite). LogMiner doubles
     * the apostrophes inside a value; a quoted identifier may hold any character but the double quotation mark
     * (Oracle SQL Language Reference, "Database Object Naming Rules").
     */
    @Test
    void valuesAndNamesThatLookLikeSqlStayValuesAndNames() {
        String drop = "'); DROP TABLE \"OE\".\"ORDERS\"; --";
        String where = "x' where \"ID\" = '2' or '1'='1";
        String dropLiteral = "'" + drop.replace("'", "''") + "'";
        String whereLiteral = "'" + where.replace("'", "''") + "'";
        ParsedStatement insert = SqlRedoParser.parse("insert into \"OE\".\"T; DELETE FROM X\"(\"ID\",\"values (\","
                + "\"a b, c\") values ('1'," + dropLiteral + "," + whereLiteral + ")");
        assertThat(insert.table()).isEqualTo("T; DELETE FROM X");
        assertThat(insert.values()).containsExactly(ColumnValue.ofString("ID", "1"),
                ColumnValue.ofString("values (", drop), ColumnValue.ofString("a b, c", where));

        ParsedStatement update = SqlRedoParser.parse("update \"OE\".\"T; DELETE FROM X\" set \"values (\" = "
                + whereLiteral + " where \"ID\" = '1' and \"values (\" = " + dropLiteral);
        assertThat(update.values()).containsExactly(ColumnValue.ofString("values (", where));
        assertThat(update.where()).containsExactly(ColumnValue.ofString("ID", "1"),
                ColumnValue.ofString("values (", drop));

        ParsedStatement delete = SqlRedoParser.parse("delete from \"OE\".\"T; DELETE FROM X\" where \"a b, c\" = "
                + whereLiteral + " and \"ID\" = '1'");
        assertThat(delete.where()).containsExactly(ColumnValue.ofString("a b, c", where),
                ColumnValue.ofString("ID", "1"));
    }

    @Test
    void quotedIdentifiersKeepSpacesCaseAndDoubledQuotes() {
        ParsedStatement s = SqlRedoParser.parse(
                "insert into \"UNKNOWN\".\"OBJ# 45522\"(\"COL 1\",\"Mixed\"\"Case\") values ('a','b')");
        assertThat(s.owner()).isEqualTo("UNKNOWN");
        assertThat(s.table()).isEqualTo("OBJ# 45522");
        assertThat(s.values()).extracting(ColumnValue::name).containsExactly("COL 1", "Mixed\"Case");
    }

    @Test
    void unescapesDoubledQuotesAnywhereInAString() {
        ParsedStatement s = SqlRedoParser.parse(
                "insert into \"O\".\"T\"(\"A\",\"B\",\"C\",\"D\") values ('''','''''','a''b''''c','')");
        assertThat(s.values()).extracting(ColumnValue::text).containsExactly("'", "''", "a'b''c", "");
    }

    @Test
    void keepsSqlSyntaxInsideStringsAsText() {
        ParsedStatement s = SqlRedoParser.parse(
                "update \"O\".\"T\" set \"A\" = ' and \"B\" IS NULL, ROWID = ''x'' ;' where \"K\" = '1'");
        assertThat(s.values()).containsExactly(ColumnValue.ofString("A", " and \"B\" IS NULL, ROWID = 'x' ;"));
        assertThat(s.where()).containsExactly(ColumnValue.ofString("K", "1"));
        assertThat(s.rowId()).isNull();
    }

    @Test
    void readsMultiLineStringsAndWhitespaceBetweenTokens() {
        ParsedStatement s = SqlRedoParser.parse("insert into\n\"O\" . \"T\"\t(\"A\" ,\r\n \"B\")  values\n(\n'line 1\nline 2\r\n', "
                + "HEXTORAW(\n'61' )\n)\n;\n");
        assertThat(s.values()).containsExactly(ColumnValue.ofString("A", "line 1\nline 2\r\n"),
                new ColumnValue("B", ValueKind.RAW, "61"));
    }

    @Test
    void acceptsTrailingSemicolon() {
        assertThat(SqlRedoParser.parse("delete from \"O\".\"T\" where \"A\" = '1';").where())
                .containsExactly(ColumnValue.ofString("A", "1"));
        assertThat(SqlRedoParser.parse("delete from \"O\".\"T\" where \"A\" = '1' ;  ").where()).hasSize(1);
    }

    @Test
    void takesTheRowIdConditionOutOfTheWhereClause() {
        ParsedStatement s = SqlRedoParser.parse("delete from \"UNKNOWN\".\"OBJ# 41415\" where \"COL 1\" = HEXTORAW('c102') "
                + "and \"COL 2\" = HEXTORAW('61') and ROWID = 'AAAKHHAAJAAAACVAAA';");
        assertThat(s.rowId()).isEqualTo("AAAKHHAAJAAAACVAAA");
        assertThat(s.where()).extracting(ColumnValue::name).containsExactly("COL 1", "COL 2");
        ParsedStatement first = SqlRedoParser.parse("update \"O\".\"T\" set \"A\" = '2' where rowid = 'AAAR+oAAFAAAARfACG' and \"A\" = '1'");
        assertThat(first.rowId()).isEqualTo("AAAR+oAAFAAAARfACG");
        assertThat(first.where()).containsExactly(ColumnValue.ofString("A", "1"));
    }

    @Test
    void decodesUnistrEscapes() {
        ParsedStatement s = SqlRedoParser.parse("insert into \"O\".\"T\"(\"A\",\"B\",\"C\",\"D\") values ("
                + "UNISTR('nch\\00E1r '),UNISTR('\\00FCn\\00efcode \\2603'),UNISTR('back\\\\slash \\D83D\\DE00!'),"
                + "UNISTR('it''s'))");
        assertThat(s.values()).extracting(ColumnValue::kind).containsOnly(ValueKind.STRING);
        assertThat(s.values()).extracting(ColumnValue::text)
                .containsExactly("nch\u00e1r ", "\u00fcn\u00efcode \u2603", "back\\slash \uD83D\uDE00!", "it's");
        assertThat(s.values().get(2).text().codePoints().filter(cp -> cp == 0x1F600).count()).isEqualTo(1);
    }

    @Test
    void readsTypedLiterals() {
        ParsedStatement s = SqlRedoParser.parse("insert into \"O\".\"T\"(\"TS\",\"TS9\",\"TSM\",\"TZ\",\"LTZ\",\"YM\",\"DS\","
                + "\"R\",\"C\",\"B\",\"U\") values ("
                + "TO_TIMESTAMP('2026-03-29 01:30:00.123456000'),"
                + "TO_TIMESTAMP('2026-03-29 01:30:00'),"
                + "TO_TIMESTAMP('2026-03-29 01:30:00.5', 'YYYY-MM-DD HH24:MI:SS.FF'),"
                + "TO_TIMESTAMP_TZ('2026-03-29 01:30:00.500000000 +05:30'),"
                + "TO_TIMESTAMP_TZ('2026-10-25 02:30:00.250000000'),"
                + "TO_YMINTERVAL('+0012-03'),"
                + "TO_DSINTERVAL('+00005 04:03:02.123456'),"
                + "HEXTORAW('DEADbeef00FF'),"
                + "EMPTY_CLOB(),"
                + "EMPTY_BLOB( ),"
                + "Unsupported Type)");
        assertThat(s.values()).containsExactly(
                new ColumnValue("TS", ValueKind.TIMESTAMP, "2026-03-29 01:30:00.123456000"),
                new ColumnValue("TS9", ValueKind.TIMESTAMP, "2026-03-29 01:30:00"),
                new ColumnValue("TSM", ValueKind.TIMESTAMP, "2026-03-29 01:30:00.5"),
                new ColumnValue("TZ", ValueKind.TIMESTAMP_TZ, "2026-03-29 01:30:00.500000000 +05:30"),
                new ColumnValue("LTZ", ValueKind.TIMESTAMP_TZ, "2026-10-25 02:30:00.250000000 +00:00"),
                new ColumnValue("YM", ValueKind.INTERVAL_YM, "+0012-03"),
                new ColumnValue("DS", ValueKind.INTERVAL_DS, "+00005 04:03:02.123456"),
                new ColumnValue("R", ValueKind.RAW, "deadbeef00ff"),
                new ColumnValue("C", ValueKind.EMPTY_CLOB, ""),
                new ColumnValue("B", ValueKind.EMPTY_BLOB, ""),
                new ColumnValue("U", ValueKind.UNSUPPORTED, null));
        assertThat(s.values().get(0).asLocalDateTime()).hasNano(123456000);
    }

    @Test
    void timestampWithRegionIsKeptAsPrinted() {
        ParsedStatement s = SqlRedoParser.parse("insert into \"O\".\"T\"(\"A\") values "
                + "(TO_TIMESTAMP_TZ('2026-03-29 01:30:00.5 Europe/Berlin CEST', 'YYYY-MM-DD HH24:MI:SS.FF TZR TZD'))");
        assertThat(s.values()).containsExactly(
                new ColumnValue("A", ValueKind.TIMESTAMP_TZ, "2026-03-29 01:30:00.5 Europe/Berlin"));
    }

    @Test
    void quotedUnsupportedTypeIsAString() {
        ParsedStatement s = SqlRedoParser.parse("insert into \"O\".\"T\"(\"A\") values ('Unsupported Type')");
        assertThat(s.values()).containsExactly(ColumnValue.ofString("A", "Unsupported Type"));
    }

    @Test
    void unquotedNumbersAreStringsAsPrinted() {
        ParsedStatement s = SqlRedoParser.parse(
                "update \"O\".\"T\" set \"A\" = 42, \"B\" = -1.5, \"C\" = 1.5E+10, \"D\" = .5 where \"K\" = 7");
        assertThat(s.values()).containsExactly(ColumnValue.ofString("A", "42"), ColumnValue.ofString("B", "-1.5"),
                ColumnValue.ofString("C", "1.5E+10"), ColumnValue.ofString("D", ".5"));
        assertThat(s.where()).containsExactly(ColumnValue.ofString("K", "7"));
    }

    @Test
    void parsesXmlDocBeginXmlRedoAmountAndUnsupported() {
        ParsedStatement begin = SqlRedoParser.parse(
                "XML DOC BEGIN:  select \"VAL\" from \"T_SCHEMA\".\"T20\" where \"ID\" = '1'");
        assertThat(begin.kind()).isEqualTo(StatementKind.XML_DOC_BEGIN);
        assertThat(begin.owner()).isEqualTo("T_SCHEMA");
        assertThat(begin.table()).isEqualTo("T20");
        assertThat(begin.where()).containsExactly(ColumnValue.ofString("ID", "1"));
        assertThat(begin.values()).isEmpty();

        ParsedStatement xml = SqlRedoParser.parse("XML_REDO := '<a b=''1''><b>1</b></a>'");
        assertThat(xml.kind()).isEqualTo(StatementKind.XML_REDO);
        assertThat(xml.owner()).isNull();
        assertThat(xml.values()).containsExactly(ColumnValue.ofString("", "<a b='1'><b>1</b></a>"));

        ParsedStatement amount = SqlRedoParser.parse(" amount: 15");
        assertThat(amount.kind()).isEqualTo(StatementKind.AMOUNT);
        assertThat(amount.amount()).isEqualTo(15);
        assertThat(SqlRedoParser.parse("amount: 9223372036854775807").amount()).isEqualTo(Long.MAX_VALUE);

        ParsedStatement unsupported = SqlRedoParser.parse("Unsupported");
        assertThat(unsupported.kind()).isEqualTo(StatementKind.UNSUPPORTED);
        assertThat(unsupported.owner()).isNull();
        assertThat(unsupported.table()).isNull();
        assertThat(unsupported.values()).isEmpty();
        assertThat(unsupported.where()).isEmpty();
    }

    @Test
    void parsesStatementsLongerThan4000Characters() {
        StringBuilder names = new StringBuilder();
        StringBuilder literals = new StringBuilder();
        for (int i = 0; i < 200; i++) {
            names.append(i == 0 ? "" : ",").append("\"COLUMN_").append(i).append('"');
            literals.append(i == 0 ? "" : ",").append("'value ").append(i).append(" it''s'");
        }
        String longText = "x".repeat(5000);
        String sql = "insert into \"O\".\"WIDE\"(" + names + ",\"BIG\") values (" + literals + ",'" + longText + "')";
        assertThat(sql.length()).isGreaterThan(4000);
        ParsedStatement s = SqlRedoParser.parse(sql);
        assertThat(s.values()).hasSize(201);
        assertThat(s.values().get(199)).isEqualTo(ColumnValue.ofString("COLUMN_199", "value 199 it's"));
        assertThat(s.values().get(200).text()).isEqualTo(longText);
    }

    @Test
    void resultListsAreUnmodifiable() {
        ParsedStatement s = SqlRedoParser.parse("update \"O\".\"T\" set \"A\" = '1' where \"B\" = '2'");
        List<ColumnValue> values = s.values();
        assertThatThrownBy(() -> values.add(ColumnValue.ofNull("X"))).isInstanceOf(UnsupportedOperationException.class);
        List<ColumnValue> where = s.where();
        assertThatThrownBy(() -> where.clear()).isInstanceOf(UnsupportedOperationException.class);
    }

    // ---- errors ----

    @Test
    void rejectsUnknownStatementNamingWhatWasExpected() {
        assertThatThrownBy(() -> SqlRedoParser.parse("merge into \"O\".\"T\""))
                .isInstanceOf(SqlRedoParseException.class)
                .hasMessageContaining("expected 'insert', 'update', 'delete'")
                .hasMessageContaining("found 'merge'")
                .hasMessageContaining("at offset 0")
                .hasMessageContaining("\"merge into \"O\".\"T\"\"");
    }

    @Test
    void readsNullEmptyAndCommentOnlyTextAsNoStatement() {
        for (String none : new String[] {null, "", "  ", "/* No SQL_REDO for temporary tables */"}) {
            ParsedStatement s = SqlRedoParser.parse(none);
            assertThat(s.kind()).as("SQL_REDO %s", none).isEqualTo(StatementKind.NONE);
            assertThat(s.values()).isEmpty();
        }
        assertThatThrownBy(() -> SqlRedoParser.parse("/* unterminated"))
                .isInstanceOf(SqlRedoParseException.class)
                .hasMessageContaining("unterminated comment");
    }

    @Test
    void rejectsUnterminatedString() {
        String sql = "insert into \"O\".\"T\"(\"A\") values ('it''s)";
        assertThatThrownBy(() -> SqlRedoParser.parse(sql))
                .isInstanceOf(SqlRedoParseException.class)
                .hasMessageContaining("unterminated string literal")
                .hasMessageContaining("at offset " + sql.indexOf('\''));
    }

    @Test
    void rejectsUnterminatedIdentifier() {
        assertThatThrownBy(() -> SqlRedoParser.parse("delete from \"O\".\"T where A = '1'"))
                .isInstanceOf(SqlRedoParseException.class)
                .hasMessageContaining("unterminated identifier (no closing \") starting at offset 16");
    }

    @Test
    void rejectsValueCountThatDiffersFromColumnCount() {
        String fewer = "insert into \"O\".\"T\"(\"A\",\"B\") values ('1')";
        assertThatThrownBy(() -> SqlRedoParser.parse(fewer))
                .isInstanceOf(SqlRedoParseException.class)
                .hasMessageContaining("expected ',' and a value for column \"B\" (2 columns named, 1 values given)")
                .hasMessageContaining("at offset " + fewer.lastIndexOf(')'));
        assertThatThrownBy(() -> SqlRedoParser.parse("insert into \"O\".\"T\"(\"A\") values ('1',NULL)"))
                .isInstanceOf(SqlRedoParseException.class)
                .hasMessageContaining("expected ')' after the 1 values")
                .hasMessageContaining("found ','");
    }

    @Test
    void rejectsFormatMasksWithElementsOracleDoesNotHave() {
        String sql = "insert into \"O\".\"T\"(\"D\") values (TO_DATE('2459000', 'J'))";
        assertThatThrownBy(() -> SqlRedoParser.parse(sql))
                .isInstanceOf(SqlRedoParseException.class)
                .hasMessageContaining("TO_DATE format mask: unsupported element 'J' in datetime format mask 'J'")
                .hasMessageContaining("at offset " + sql.indexOf("'J'"));
        assertThatThrownBy(() -> new SqlRedoParser(NlsFormats.MINING_SESSION.withDateFormat("DD-QQQ-YY")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("NLS_DATE_FORMAT 'DD-QQQ-YY': unsupported element 'QQQ-YY'");
    }

    @Test
    void rejectsDatetimeTextOfAnotherShape() {
        assertThatThrownBy(() -> SqlRedoParser.parse("insert into \"O\".\"T\"(\"D\") values "
                + "(TO_DATE('2026-02-30 13:45:00', 'YYYY-MM-DD HH24:MI:SS'))"))
                .isInstanceOf(SqlRedoParseException.class)
                .hasMessageContaining("bad TO_DATE value '2026-02-30 13:45:00': it does not fit its format mask "
                        + "'YYYY-MM-DD HH24:MI:SS'");
        assertThatThrownBy(() -> SqlRedoParser.parse("insert into \"O\".\"T\"(\"D\") values (TO_TIMESTAMP('28-FEB-26 01.30.00.123456 AM'))"))
                .isInstanceOf(SqlRedoParseException.class)
                .hasMessageContaining("bad TO_TIMESTAMP value '28-FEB-26 01.30.00.123456 AM'");
        assertThatThrownBy(() -> SqlRedoParser.parse("insert into \"O\".\"T\"(\"D\") values (TO_TIMESTAMP('2026-03-29 01:30:00.1234567890'))"))
                .isInstanceOf(SqlRedoParseException.class)
                .hasMessageContaining("bad TO_TIMESTAMP value");
        assertThatThrownBy(() -> SqlRedoParser.parse("insert into \"O\".\"T\"(\"D\") values (TO_TIMESTAMP('2026-03-29 01:30:00 +01:00'))"))
                .isInstanceOf(SqlRedoParseException.class)
                .hasMessageContaining("bad TO_TIMESTAMP value");
    }

    @Test
    void rejectsBadHexAndBadUnistrEscapes() {
        String hex = "insert into \"O\".\"T\"(\"R\") values (HEXTORAW('deadbeeg'))";
        assertThatThrownBy(() -> SqlRedoParser.parse(hex))
                .isInstanceOf(SqlRedoParseException.class)
                .hasMessageContaining("expected a hex digit but found 'g'")
                .hasMessageContaining("at offset " + hex.indexOf('g'));
        assertThatThrownBy(() -> SqlRedoParser.parse("insert into \"O\".\"T\"(\"R\") values (HEXTORAW('abc'))"))
                .isInstanceOf(SqlRedoParseException.class)
                .hasMessageContaining("even number of hex digits");
        String unistr = "insert into \"O\".\"T\"(\"S\") values (UNISTR('a\\00G1'))";
        assertThatThrownBy(() -> SqlRedoParser.parse(unistr))
                .isInstanceOf(SqlRedoParseException.class)
                .hasMessageContaining("bad UNISTR escape")
                .hasMessageContaining("at offset " + unistr.indexOf('\\'));
        assertThatThrownBy(() -> SqlRedoParser.parse("insert into \"O\".\"T\"(\"S\") values (UNISTR('a\\00'))"))
                .isInstanceOf(SqlRedoParseException.class)
                .hasMessageContaining("bad UNISTR escape");
    }

    @Test
    void rejectsUnknownValueForms() {
        assertThatThrownBy(() -> SqlRedoParser.parse("insert into \"O\".\"T\"(\"A\") values (SYSDATE)"))
                .isInstanceOf(SqlRedoParseException.class)
                .hasMessageContaining("unknown value form 'SYSDATE'");
        assertThatThrownBy(() -> SqlRedoParser.parse("insert into \"O\".\"T\"(\"A\") values (Unsupported)"))
                .isInstanceOf(SqlRedoParseException.class)
                .hasMessageContaining("expected 'Type'");
        assertThatThrownBy(() -> SqlRedoParser.parse("insert into \"O\".\"T\"(\"A\") values (12abc)"))
                .isInstanceOf(SqlRedoParseException.class)
                .hasMessageContaining("expected a value");
    }

    @Test
    void rejectsTrailingTextAndBrokenConditions() {
        assertThatThrownBy(() -> SqlRedoParser.parse("delete from \"O\".\"T\" where \"A\" = '1'; delete"))
                .isInstanceOf(SqlRedoParseException.class)
                .hasMessageContaining("expected the end of the statement but found 'delete'");
        assertThatThrownBy(() -> SqlRedoParser.parse("delete from \"O\".\"T\" where \"A\" IS NULL or \"B\" IS NULL"))
                .isInstanceOf(SqlRedoParseException.class)
                .hasMessageContaining("found 'or'");
        assertThatThrownBy(() -> SqlRedoParser.parse("delete from \"O\".\"T\" where \"A\" IS NOT NULL"))
                .isInstanceOf(SqlRedoParseException.class)
                .hasMessageContaining("expected 'NULL' but found 'NOT'");
        assertThatThrownBy(() -> SqlRedoParser.parse("delete from \"O\".\"T\" where \"A\" < '1'"))
                .isInstanceOf(SqlRedoParseException.class)
                .hasMessageContaining("expected '=' or 'IS NULL' after column \"A\"");
        assertThatThrownBy(() -> SqlRedoParser.parse("delete from \"O\".\"T\" where \"A\" = '1' and"))
                .isInstanceOf(SqlRedoParseException.class)
                .hasMessageContaining("expected a condition");
        assertThatThrownBy(() -> SqlRedoParser.parse("delete from \"O\".\"T\" where ROWID = 'A' and ROWID = 'B'"))
                .isInstanceOf(SqlRedoParseException.class)
                .hasMessageContaining("second ROWID condition");
        assertThatThrownBy(() -> SqlRedoParser.parse("update \"O\".\"T\" set \"A\" = '1' or"))
                .isInstanceOf(SqlRedoParseException.class)
                .hasMessageContaining("expected 'where' or the end of the statement");
        assertThatThrownBy(() -> SqlRedoParser.parse("delete from T where \"A\" = '1'"))
                .isInstanceOf(SqlRedoParseException.class)
                .hasMessageContaining("expected a double-quoted identifier but found 'T' at offset 12");
        assertThatThrownBy(() -> SqlRedoParser.parse("Unsupported Type"))
                .isInstanceOf(SqlRedoParseException.class)
                .hasMessageContaining("expected the end of the statement");
        assertThatThrownBy(() -> SqlRedoParser.parse(" amount: -1"))
                .isInstanceOf(SqlRedoParseException.class)
                .hasMessageContaining("expected an unsigned integer");
        assertThatThrownBy(() -> SqlRedoParser.parse(" amount: 99999999999999999999"))
                .isInstanceOf(SqlRedoParseException.class)
                .hasMessageContaining("number too large");
    }

    @Test
    void quotesOnlyAWindowOfVeryLongStatements() {
        String sql = "insert into \"O\".\"T\"(\"A\",\"B\",\"C\") values ('" + "y".repeat(5000) + "', SYSDATE, '"
                + "z".repeat(5000) + "')";
        int offset = sql.indexOf("SYSDATE");
        assertThatThrownBy(() -> SqlRedoParser.parse(sql))
                .isInstanceOf(SqlRedoParseException.class)
                .hasMessageContaining("unknown value form 'SYSDATE'")
                .hasMessageContaining("at offset " + offset)
                .hasMessageContaining(sql.length() + " characters, showing " + (offset - 150) + " to " + (offset + 150))
                .hasMessageContaining("...yyy")
                .hasMessageContaining("', SYSDATE, 'zzz")
                .hasMessageEndingWith("zzz...\"")
                .satisfies(e -> assertThat(e.getMessage().length()).isLessThan(600));
    }
}
