package io.redocdc.operators.parser;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.redocdc.operators.lcr.ColumnValue;
import io.redocdc.operators.lcr.ValueKind;
import io.redocdc.source.model.NlsFormats;
import org.junit.jupiter.api.Test;

/**
 * Forms real LogMiner output takes that our own mining sessions never print. Statements marked "Debezium" are
 * SQL_REDO strings from debezium/debezium, LogMinerDmlParserTest (Apache-2.0, see NOTICE), with the values
 * Oracle means by them; the Oracle-default NLS cases follow the defaults of NLS_TERRITORY AMERICA
 * (DD-MON-RR, DD-MON-RR HH.MI.SSXFF AM, ... TZR) and the RR rule of Oracle's SQL Language Reference
 * ("RR Datetime Format Element").
 */
class SqlRedoRealFormsTest {

    private static final SqlRedoParser ORACLE_DEFAULTS = new SqlRedoParser(NlsFormats.ORACLE_DEFAULT);

    private static ParsedStatement parse(String sql) {
        return SqlRedoParser.parse(sql);
    }

    private static ColumnValue value(ValueKind kind, String name, String text) {
        return new ColumnValue(name, kind, text);
    }

    @Test
    void updateAndDeleteWithoutWhereClause() {
        // Debezium DBZ-3235 and DBZ-3305
        ParsedStatement update = parse("update \"DEBEZIUM\".\"TEST\" set \"COL1\" = '1', \"COL2\" = NULL, \"COL3\" = 'Hello';");
        assertThat(update.kind()).isEqualTo(StatementKind.UPDATE);
        assertThat(update.values()).containsExactly(ColumnValue.ofString("COL1", "1"), ColumnValue.ofNull("COL2"),
                ColumnValue.ofString("COL3", "Hello"));
        assertThat(update.where()).isEmpty();
        ParsedStatement last = parse("update \"TICKETUSER\".\"CRS_ORDER\" set \"AMOUNT_PAID\" = '0', \"AMOUNT_UNPAID\" = '540', "
                + "\"PAY_STATUS\" = '10111015', \"IS_DEL\" = '0', \"TM_UPDATE\" = TO_DATE('2021-03-17 10:18:55', 'YYYY-MM-DD HH24:MI:SS');");
        assertThat(last.values()).hasSize(5).last()
                .isEqualTo(value(ValueKind.DATE, "TM_UPDATE", "2021-03-17 10:18:55"));
        ParsedStatement delete = parse("delete from \"DEBEZIUM\".\"TEST\";");
        assertThat(delete.kind()).isEqualTo(StatementKind.DELETE);
        assertThat(delete.table()).isEqualTo("TEST");
        assertThat(delete.where()).isEmpty();
    }

    @Test
    void tableAliasesInSetAndWhere() {
        ParsedStatement s = parse("update \"S\".\"T\" a set a.\"C\" = '1' where a.\"C\" = '2' and a.ROWID = 'AAAR+oAAFAAAARfACG'");
        assertThat(s.owner()).isEqualTo("S");
        assertThat(s.table()).isEqualTo("T");
        assertThat(s.values()).containsExactly(ColumnValue.ofString("C", "1"));
        assertThat(s.where()).containsExactly(ColumnValue.ofString("C", "2"));
        assertThat(s.rowId()).isEqualTo("AAAR+oAAFAAAARfACG");
        ParsedStatement delete = parse("delete from \"S\".\"T\" x where x.\"ID\" = '7'");
        assertThat(delete.where()).containsExactly(ColumnValue.ofString("ID", "7"));
        assertThatThrownBy(() -> parse("update \"S\".\"T\" a set b.\"C\" = '1'"))
                .isInstanceOf(SqlRedoParseException.class)
                .hasMessageContaining("expected a column of alias a but found 'b'");
    }

    @Test
    void concatenatedQuotedAndUnistrPieces() {
        ParsedStatement s = parse("insert into \"S\".\"T\"(\"A\",\"B\") values (UNISTR('\\963F\\72F8') || UNISTR('\\5C0F'),"
                + "'abc' || UNISTR('\\00E9') || 'f')");
        assertThat(s.values()).containsExactly(ColumnValue.ofString("A", "\u963F\u72F8\u5C0F"),
                ColumnValue.ofString("B", "abc\u00e9f"));
        // Debezium DBZ-3892: in SET and WHERE; DBZ-5521: || inside a quoted value is text
        ParsedStatement update = parse("update \"DEBEZIUM\".\"TEST\" set \"COL2\" = NULL where \"COL1\" = '1' and "
                + "\"COL2\" = UNISTR('\\0412\\044B') || UNISTR('\\043F\\043E');");
        assertThat(update.where()).containsExactly(ColumnValue.ofString("COL1", "1"),
                ColumnValue.ofString("COL2", "\u0412\u044B\u043F\u043E"));
        ParsedStatement quoted = parse("insert into \"UNKNOWN\".\"TABLE\" (\"COL1\",\"COL2\") values ('I||am','test||case');");
        assertThat(quoted.values()).extracting(ColumnValue::text).containsExactly("I||am", "test||case");
        assertThatThrownBy(() -> parse("insert into \"S\".\"T\"(\"A\") values ('a' || HEXTORAW('00'))"))
                .isInstanceOf(SqlRedoParseException.class)
                .hasMessageContaining("quoted or UNISTR pieces on both sides of ||");
    }

    @Test
    void undoubledApostrophesResolvedByTheGrammar() {
        ParsedStatement s = parse("update \"HEVPROD\".\"FALLDOSSIER\" set \"TEXT\" = 'j'ai glissé sur le sol, l'arrière' "
                + "where \"PKEY\" = '2310822'");
        assertThat(s.values()).containsExactly(ColumnValue.ofString("TEXT", "j'ai glissé sur le sol, l'arrière"));
        assertThat(s.where()).containsExactly(ColumnValue.ofString("PKEY", "2310822"));
        // Debezium DBZ-9191: the column count leaves one reading
        ParsedStatement insert = parse("insert into \"SCHEMA\".\"TAB\"(\"NAME\",\"DATA\") values ('12345','la pompe d'aspiration, "
                + "puis s'est rincé.');");
        assertThat(insert.values()).containsExactly(ColumnValue.ofString("NAME", "12345"),
                ColumnValue.ofString("DATA", "la pompe d'aspiration, puis s'est rincé."));
        // an apostrophe before a comma and a value: the INSERT's column count decides
        ParsedStatement counted = parse("insert into \"S\".\"T\"(\"A\") values ('it', 'x')");
        assertThat(counted.values()).containsExactly(ColumnValue.ofString("A", "it', 'x"));
    }

    @Test
    void undoubledApostrophesTakeTheReadingWithTheShortestValues() {
        // Debezium DBZ-8869: "DESCRIPTION" could also run on to "does it work?"; that reading takes one more quote
        // that could have ended it into its value
        ParsedStatement s = parse("update \"SCHEMA\".\"TAB\" set \"DESCRIPTION\" = 'Nello svolgere la sua attivita', "
                + "del liquido', \"NAME\" = 'Another field', does it work?' where \"ID\" = '1' and \"NAME\" = 'Acme';");
        assertThat(s.values()).containsExactly(
                ColumnValue.ofString("DESCRIPTION", "Nello svolgere la sua attivita', del liquido"),
                ColumnValue.ofString("NAME", "Another field', does it work?"));
        assertThat(s.where()).containsExactly(ColumnValue.ofString("ID", "1"), ColumnValue.ofString("NAME", "Acme"));
    }

    @Test
    void canonicalTextIsTakenAsItIsOnlyWhenItIsCanonical() {
        assertThatThrownBy(() -> parse("insert into \"S\".\"T\"(\"D\") values (TO_DATE('2026-02-28 13:45:59.5', "
                + "'YYYY-MM-DD HH24:MI:SS'))"))
                .isInstanceOf(SqlRedoParseException.class).hasMessageContaining("bad TO_DATE value");
        assertThat(parse("insert into \"S\".\"T\"(\"T\") values (TO_TIMESTAMP_TZ('2026-02-28 13:45:59.5 +5:3'))")
                .values()).containsExactly(value(ValueKind.TIMESTAMP_TZ, "T", "2026-02-28 13:45:59.5 +05:03"));
    }

    @Test
    void failuresThatNoApostropheExplainsAreNotReadAgain() {
        // a quote could swallow the rest of these statements; their real problem must be the error
        assertThatThrownBy(() -> parse("update \"S\".\"T\" set \"NAME\" = 'x', \"TS\" = "
                + "TO_TIMESTAMP('15-JUN-25 10.30.00.123456 AM') where \"ID\" = '1'"))
                .isInstanceOf(SqlRedoParseException.class)
                .hasMessageContaining("bad TO_TIMESTAMP value '15-JUN-25 10.30.00.123456 AM'");
        assertThatThrownBy(() -> parse("delete from \"S\".\"T\" where \"A\" = 'x' and \"B\" = BOGUS('1')"))
                .isInstanceOf(SqlRedoParseException.class)
                .hasMessageContaining("unknown value form 'BOGUS'");
    }

    @Test
    void undoubledApostrophesInAnXmlDocumentWrite() {
        ParsedStatement s = parse("XML_REDO := '<a b='1'/>'\n amount: 12");
        assertThat(s.values()).containsExactly(ColumnValue.ofString("", "<a b='1'/>"));
        assertThat(s.amount()).isEqualTo(12);
    }

    @Test
    void undoubledApostrophesWithTwoEqualReadingsFailNamingBoth() {
        String sql = "insert into \"S\".\"T\"(\"A\",\"B\") values ('x', 'y', 'z')";
        assertThatThrownBy(() -> parse(sql))
                .isInstanceOf(SqlRedoParseException.class)
                .hasMessageContaining("apostrophes that are not doubled and reads two ways: "
                        + "[A = 'x', B = 'y', 'z'] or [A = 'x', 'y', B = 'z']")
                .hasMessageContaining(sql);
    }

    @Test
    void timestampsWithZeroToNineFractionDigitsAndABareDot() {
        // Debezium DBZ-3078: TIMESTAMP(0) printed with a trailing dot; Unsupported Type stays a flag
        ParsedStatement s = parse("insert into \"DEBEZIUM\".\"TEST\"(\"ID\",\"NAME\",\"TS\",\"UT\",\"DATE\",\"UT2\",\"C1\",\"C2\") values "
                + "('1','Acme',TO_TIMESTAMP('2020-02-01 00:00:00.'),Unsupported Type,"
                + "TO_DATE('2020-02-01 00:00:00', 'YYYY-MM-DD HH24:MI:SS'),Unsupported Type,NULL,NULL);");
        assertThat(s.values()).containsExactly(ColumnValue.ofString("ID", "1"), ColumnValue.ofString("NAME", "Acme"),
                value(ValueKind.TIMESTAMP, "TS", "2020-02-01 00:00:00"), value(ValueKind.UNSUPPORTED, "UT", null),
                value(ValueKind.DATE, "DATE", "2020-02-01 00:00:00"), value(ValueKind.UNSUPPORTED, "UT2", null),
                ColumnValue.ofNull("C1"), ColumnValue.ofNull("C2"));
        for (int digits = 1; digits <= 9; digits++) {
            String fraction = "123456789".substring(0, digits);
            ParsedStatement ts = parse("insert into \"S\".\"T\"(\"TS\") values (TO_TIMESTAMP('2026-03-29 01:30:00." + fraction + "'))");
            assertThat(ts.values().get(0)).isEqualTo(value(ValueKind.TIMESTAMP, "TS", "2026-03-29 01:30:00." + fraction));
            assertThat(ts.values().get(0).asLocalDateTime().getNano())
                    .isEqualTo(Integer.parseInt((fraction + "000000000").substring(0, 9)));
        }
        ParsedStatement zoned = parse("insert into \"S\".\"T\"(\"TZ\") values (TO_TIMESTAMP_TZ('2026-03-29 01:30:00. +05:30'))");
        assertThat(zoned.values().get(0)).isEqualTo(value(ValueKind.TIMESTAMP_TZ, "TZ", "2026-03-29 01:30:00 +05:30"));
    }

    @Test
    void commentsAreBlanks() {
        ParsedStatement s = parse("insert into \"S\".\"T\"(\"ID\",\"DOC\") values ('1',/* JSON */ EMPTY_BLOB())");
        assertThat(s.values()).containsExactly(ColumnValue.ofString("ID", "1"), value(ValueKind.EMPTY_BLOB, "DOC", ""));
        assertThat(parse("/* No SQL_REDO for temporary tables */").kind()).isEqualTo(StatementKind.NONE);
    }

    @Test
    void oracleDefaultNlsDatesAndTimestamps() {
        ParsedStatement s = ORACLE_DEFAULTS.parse("insert into \"S\".\"T\"(\"D\",\"TS\",\"PM\",\"MIDNIGHT\",\"NOON\",\"TZ\",\"REGION\",\"LTZ\") values ("
                + "TO_DATE('15-JUN-25', 'DD-MON-RR'),"
                + "TO_TIMESTAMP('15-JUN-25 10.30.00.123456 AM'),"
                + "TO_TIMESTAMP('15-JUN-25 10.30.00.123456 PM'),"
                + "TO_TIMESTAMP('01-JAN-26 12.00.00.000000 AM'),"
                + "TO_TIMESTAMP('01-JAN-26 12.00.00.000000 PM'),"
                + "TO_TIMESTAMP_TZ('29-MAR-26 01.30.00.500000000 AM +05:30'),"
                + "TO_TIMESTAMP_TZ('29-MAR-26 01.30.00.5 AM US/PACIFIC'),"
                + "TO_TIMESTAMP_TZ('25-OCT-26 02.30.00.250000 PM'))", 2026);
        assertThat(s.values()).containsExactly(
                value(ValueKind.DATE, "D", "2025-06-15 00:00:00"),
                value(ValueKind.TIMESTAMP, "TS", "2025-06-15 10:30:00.123456"),
                value(ValueKind.TIMESTAMP, "PM", "2025-06-15 22:30:00.123456"),
                value(ValueKind.TIMESTAMP, "MIDNIGHT", "2026-01-01 00:00:00.000000"),
                value(ValueKind.TIMESTAMP, "NOON", "2026-01-01 12:00:00.000000"),
                value(ValueKind.TIMESTAMP_TZ, "TZ", "2026-03-29 01:30:00.500000000 +05:30"),
                value(ValueKind.TIMESTAMP_TZ, "REGION", "2026-03-29 01:30:00.5 US/PACIFIC"),
                value(ValueKind.TIMESTAMP_TZ, "LTZ", "2026-10-25 14:30:00.250000"));
        assertThatThrownBy(() -> ORACLE_DEFAULTS.parse("insert into \"S\".\"T\"(\"TS\") values (TO_TIMESTAMP('2026-03-29 01:30:00'))", 2026))
                .isInstanceOf(SqlRedoParseException.class)
                .hasMessageContaining("bad TO_TIMESTAMP value '2026-03-29 01:30:00': it does not fit the session's NLS "
                        + "format 'DD-MON-RR HH.MI.SSXFF AM'");
    }

    @Test
    void localTimeZoneValuesTakeTheSessionTimeZone() {
        // TIMESTAMP WITH LOCAL TIME ZONE: TO_TIMESTAMP_TZ in the NLS_TIMESTAMP_FORMAT, local to the session's zone
        String sql = "insert into \"S\".\"T\"(\"LTZ\",\"TZ\") values (TO_TIMESTAMP_TZ('2026-10-25 02:30:00.250000000'),"
                + "TO_TIMESTAMP_TZ('2026-10-25 02:30:00.250000000 +02:00'))";
        assertThat(parse(sql).values()).containsExactly(
                value(ValueKind.TIMESTAMP_TZ, "LTZ", "2026-10-25 02:30:00.250000000 +00:00"),
                value(ValueKind.TIMESTAMP_TZ, "TZ", "2026-10-25 02:30:00.250000000 +02:00"));
        SqlRedoParser unknownZone = new SqlRedoParser(NlsFormats.MINING_SESSION.withTimeZone(null));
        assertThat(unknownZone.parse(sql, 2026).values().get(0))
                .isEqualTo(value(ValueKind.TIMESTAMP_TZ, "LTZ", "2026-10-25 02:30:00.250000000"));
    }

    @Test
    void rrYearsFollowTheReferenceYear() {
        String sql = "insert into \"S\".\"T\"(\"A\",\"B\") values (TO_DATE('01-JAN-49', 'DD-MON-RR'),TO_DATE('01-JAN-50', 'DD-MON-RR'))";
        assertThat(ORACLE_DEFAULTS.parse(sql, 2026).values()).extracting(ColumnValue::text)
                .containsExactly("2049-01-01 00:00:00", "1950-01-01 00:00:00");
        assertThat(ORACLE_DEFAULTS.parse(sql, 2060).values()).extracting(ColumnValue::text)
                .containsExactly("2149-01-01 00:00:00", "2050-01-01 00:00:00");
        assertThat(ORACLE_DEFAULTS.parse(sql.replace("'DD-MON-RR'", "'DD-MON-YY'"), 2026).values())
                .extracting(ColumnValue::text).containsExactly("2049-01-01 00:00:00", "2050-01-01 00:00:00");
        // four digits under RR (or YY) are the year itself; MONTH also takes an abbreviation
        assertThat(ORACLE_DEFAULTS.parse("insert into \"S\".\"T\"(\"A\",\"B\") values (TO_DATE('01-JAN-2026', "
                + "'DD-MON-RR'),TO_DATE('01-FEB-1999', 'DD-MONTH-YYYY'))", 2026).values())
                .extracting(ColumnValue::text).containsExactly("2026-01-01 00:00:00", "1999-02-01 00:00:00");
    }

    @Test
    void toDateWithAnyMaskItCarries() {
        ParsedStatement s = parse("insert into \"S\".\"T\"(\"A\",\"B\",\"C\",\"D\",\"E\",\"F\") values ("
                + "TO_DATE('28/02/2026 13:45:59', 'DD/MM/YYYY HH24:MI:SS'),"
                + "TO_DATE('20260228', 'YYYYMMDD'),"
                + "TO_DATE('February  28, 2026', 'FMMonth DD, YYYY'),"
                + "TO_DATE('SATURDAY 28-FEB-2026 01:45:59 P.M.', 'DAY DD-MON-YYYY HH:MI:SS P.M.'),"
                + "TO_DATE('2026-059 49559', 'YYYY-DDD SSSSS'),"
                + "TO_DATE('2026-02-28T13:45:59', 'YYYY-MM-DD\"T\"HH24:MI:SS'))");
        assertThat(s.values()).extracting(ColumnValue::text).containsExactly("2026-02-28 13:45:59",
                "2026-02-28 00:00:00", "2026-02-28 00:00:00", "2026-02-28 13:45:59", "2026-02-28 13:45:59",
                "2026-02-28 13:45:59");
        assertThat(s.values()).extracting(ColumnValue::kind).containsOnly(ValueKind.DATE);
        assertThatThrownBy(() -> parse("insert into \"S\".\"T\"(\"A\") values (TO_DATE('31-FEB-2026', 'DD-MON-YYYY'))"))
                .isInstanceOf(SqlRedoParseException.class)
                .hasMessageContaining("bad TO_DATE value '31-FEB-2026': it does not fit its format mask 'DD-MON-YYYY'");
        assertThatThrownBy(() -> parse("insert into \"S\".\"T\"(\"A\") values (TO_DATE('28-FEV-2026', 'DD-MON-YYYY'))"))
                .isInstanceOf(SqlRedoParseException.class)
                .hasMessageContaining("bad TO_DATE value '28-FEV-2026'");
    }

    @Test
    void timestampsWithMasksAndIntervalsAsOraclePrintsThem() {
        ParsedStatement s = parse("insert into \"S\".\"T\"(\"A\",\"B\",\"C\",\"D\",\"E\") values ("
                + "TO_TIMESTAMP('2026-03-29 01:30:00.123', 'YYYY-MM-DD HH24:MI:SSXFF3'),"
                + "TO_TIMESTAMP_TZ('2026-03-29 01:30:00.5 -07:00', 'YYYY-MM-DD HH24:MI:SS.FF TZH:TZM'),"
                + "TO_TIMESTAMP_TZ('2026-03-29 01:30:00.5 Europe/Berlin CEST', 'YYYY-MM-DD HH24:MI:SS.FF TZR TZD'),"
                + "TO_DSINTERVAL('-00005 04:03:02.123456'),"
                + "TO_YMINTERVAL('-0012-03'))");
        assertThat(s.values()).containsExactly(
                value(ValueKind.TIMESTAMP, "A", "2026-03-29 01:30:00.123"),
                value(ValueKind.TIMESTAMP_TZ, "B", "2026-03-29 01:30:00.5 -07:00"),
                value(ValueKind.TIMESTAMP_TZ, "C", "2026-03-29 01:30:00.5 Europe/Berlin"),
                value(ValueKind.INTERVAL_DS, "D", "-00005 04:03:02.123456"),
                value(ValueKind.INTERVAL_YM, "E", "-0012-03"));
        // X is the session's decimal character: a comma under NLS_NUMERIC_CHARACTERS ',.'
        SqlRedoParser commaDecimal = new SqlRedoParser(NlsFormats.MINING_SESSION.withNumericCharacters(",."));
        assertThat(commaDecimal.parse("insert into \"S\".\"T\"(\"A\") values "
                + "(TO_TIMESTAMP('2026-03-29 01:30:00,123', 'YYYY-MM-DD HH24:MI:SSXFF3'))", 2026).values())
                .containsExactly(value(ValueKind.TIMESTAMP, "A", "2026-03-29 01:30:00.123"));
    }
}
