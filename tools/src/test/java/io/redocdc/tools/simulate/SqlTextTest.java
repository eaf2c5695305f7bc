package io.redocdc.tools.simulate;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Literal and statement shapes against reference/oracle/sqlredo-corpus-types-and-lobs.sql and sql-redo-shapes.md. */
class SqlTextTest {

    private static final SqlText SQL = new SqlText(SimulatedNls.MINING_SESSION);
    private static final SqlText ORACLE_DEFAULTS = new SqlText(SimulatedNls.ORACLE_DEFAULT);

    private static final TableDef T = new TableDef("OE", "T", 100, 1, 1, 10, List.of(
            Column.notNull("ID", "NUMBER(10)", Domain.ID),
            Column.nullable("NOTE", "VARCHAR2(100)", Domain.FREE_TEXT),
            Column.nullable("CITY", "NVARCHAR2(60)", Domain.CITY),
            Column.nullable("CREATED", "DATE", Domain.DAY_TIME),
            Column.nullable("AT", "TIMESTAMP(6)", Domain.INSTANT),
            Column.nullable("SUM", "RAW(16)", Domain.CHECKSUM)),
            List.of("ID"));

    @Test
    void datesAndTimestampsUnderOraclesDefaultNlsCarryDdMonRr() {
        // sql-redo-shapes.md: with default NLS a DATE is TO_DATE('<value>', 'DD-MON-RR'), a TIMESTAMP has no mask
        assertThat(ORACLE_DEFAULTS.literal(ColumnType.DATE, "2026-02-28 00:00:00"))
                .isEqualTo("TO_DATE('28-FEB-26', 'DD-MON-RR')");
        assertThat(ORACLE_DEFAULTS.literal(ColumnType.TIMESTAMP, "2026-03-29 13:30:00.123456"))
                .isEqualTo("TO_TIMESTAMP('29-MAR-26 01.30.00.123456 PM')");
        assertThat(SimulatedNls.ORACLE_DEFAULT.date(java.time.LocalDateTime.of(2026, 2, 28, 13, 45, 59)))
                .isEqualTo("2026-02-28 00:00:00");
        assertThat(SimulatedNls.MINING_SESSION.date(java.time.LocalDateTime.of(2026, 2, 28, 13, 45, 59)))
                .isEqualTo("2026-02-28 13:45:59");
    }

    @Test
    void literalsLookLikeLogMinersWithTheConnectorsNlsSettings() {
        assertThat(SQL.literal(ColumnType.VARCHAR2, "plain 'quoted' text")).isEqualTo("'plain ''quoted'' text'");
        assertThat(SQL.literal(ColumnType.NUMBER, "-42.5")).isEqualTo("'-42.5'");
        assertThat(SQL.literal(ColumnType.NVARCHAR2, "ün\u00efcode \u2603 text"))
                .isEqualTo("UNISTR('\\00FCn\\00EFcode \\2603 text')");
        assertThat(SQL.literal(ColumnType.DATE, "2026-02-28 13:45:59"))
                .isEqualTo("TO_DATE('2026-02-28 13:45:59', 'YYYY-MM-DD HH24:MI:SS')");
        assertThat(SQL.literal(ColumnType.TIMESTAMP, "2026-03-29 01:30:00.123456000"))
                .isEqualTo("TO_TIMESTAMP('2026-03-29 01:30:00.123456000')");
        assertThat(SQL.literal(ColumnType.RAW, "deadbeef00ff")).isEqualTo("HEXTORAW('deadbeef00ff')");
        assertThat(SQL.literal(ColumnType.VARCHAR2, null)).isEqualTo("NULL");
    }

    @Test
    void unistrEscapesSurrogatePairsBackslashesAndDoublesQuotes() {
        assertThat(SQL.literal(ColumnType.NVARCHAR2, "L'Haÿ 😀\\"))
                .isEqualTo("UNISTR('L''Ha\\00FF \\D83D\\DE00\\005C')");
    }

    @Test
    void varchar2KeepsNonAsciiAndNewlinesAsIs() {
        assertThat(SQL.literal(ColumnType.VARCHAR2, "中文 é\n😀")).isEqualTo("'中文 é\n😀'");
    }

    @Test
    void insertListsEveryColumnWithNullsAsNull() {
        String[] row = {"1", "it's", "Zürich", "2026-02-28 13:45:59", null, "cafe"};
        assertThat(SQL.insert(T, row)).isEqualTo("insert into \"OE\".\"T\"(\"ID\",\"NOTE\",\"CITY\",\"CREATED\","
                + "\"AT\",\"SUM\") values ('1','it''s',UNISTR('Z\\00FCrich'),TO_DATE('2026-02-28 13:45:59', "
                + "'YYYY-MM-DD HH24:MI:SS'),NULL,HEXTORAW('cafe'))");
    }

    @Test
    void updateSetsSomeColumnsAndMatchesAllOldValues() {
        String[] before = {"1", null, null, null, null, null};
        String[] after = {"1", "x", "y", null, null, null};
        assertThat(SQL.update(T, new int[] {1, 2}, after, before)).isEqualTo("update \"OE\".\"T\" set \"NOTE\" "
                + "= 'x', \"CITY\" = UNISTR('y') where \"ID\" = '1' and \"NOTE\" IS NULL and \"CITY\" IS NULL and "
                + "\"CREATED\" IS NULL and \"AT\" IS NULL and \"SUM\" IS NULL");
    }

    @Test
    void deleteAndRollbackRowFormsUseWhereOrRowid() {
        String[] row = {"3", null, null, null, null, null};
        assertThat(SQL.delete(T, row)).startsWith("delete from \"OE\".\"T\" where \"ID\" = '3' and \"NOTE\" IS NULL");
        assertThat(SQL.deleteByRowId(T, "AAAR+oAAFAAAARfACG"))
                .isEqualTo("delete from \"OE\".\"T\" where ROWID = 'AAAR+oAAFAAAARfACG'");
        assertThat(SQL.updateByRowId(T, new int[] {1}, new String[] {"3", "old", null, null, null, null},
                "AAAR+oAAFAAAARfACG"))
                .isEqualTo("update \"OE\".\"T\" set \"NOTE\" = 'old' where ROWID = 'AAAR+oAAFAAAARfACG'");
    }

    @Test
    void rowIdsEncodeObjectFileBlockAndRowAsTheReferenceOne() {
        // AAAR+oAAFAAAARfACG from reference/oracle/logminer-sql_redo-without-dictionary.txt: object 73640.
        assertThat(RowIds.of(73640, 5, 1119, 134)).isEqualTo("AAAR+oAAFAAAARfACG");
        assertThat(RowIds.of(73641, 0, 0, 0)).isEqualTo("AAAR+pAAAAAAAAAAAA");
    }

    @Test
    void statementsAreSplitIntoPiecesOfAtMost4000CharactersWithoutCuttingSurrogatePairs() {
        assertThat(StatementPieces.split(null)).isEmpty();
        assertThat(StatementPieces.split("x".repeat(4000))).hasSize(1);
        List<String> pieces = StatementPieces.split("x".repeat(9000));
        assertThat(pieces).extracting(String::length).containsExactly(4000, 4000, 1000);

        String withEmojiAtBoundary = "x".repeat(3999) + "😀" + "y".repeat(10);
        List<String> split = StatementPieces.split(withEmojiAtBoundary);
        assertThat(split.get(0)).hasSize(3999);
        assertThat(String.join("", split)).isEqualTo(withEmojiAtBoundary);
    }
}
