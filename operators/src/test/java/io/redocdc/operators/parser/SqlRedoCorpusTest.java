package io.redocdc.operators.parser;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import io.redocdc.operators.lcr.ColumnValue;
import io.redocdc.operators.lcr.ValueKind;
import io.redocdc.source.model.NlsFormats;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Parses real LogMiner output, copied from the project's Oracle reference into the test resources
 * ({@code oracle-reference/}, attribution in NOTICE):
 * {@code sqlredo-corpus-types-and-lobs.sql} (Oracle 23ai, dictionary mode, every classic type, LOBs, XML,
 * Unsupported) and {@code logminer-sql_redo-without-dictionary.txt} (no dictionary: "OBJ# n", "COL n",
 * lower-case keywords, multi-line statements, ROWID conditions).
 */
class SqlRedoCorpusTest {

    /** The corpus was mined with our formats but an unknown session TIME_ZONE. */
    private static final SqlRedoParser CORPUS_SESSION = new SqlRedoParser(NlsFormats.MINING_SESSION.withTimeZone(null));

    private static List<String> corpus;

    @BeforeAll
    static void readCorpus() throws IOException {
        corpus = new ArrayList<>();
        for (String line : readReference("sqlredo-corpus-types-and-lobs.sql")) {
            if (!line.isBlank()) {
                corpus.add(line);
            }
        }
    }

    @Test
    void parsesEveryCorpusLine() {
        assertThat(corpus).hasSize(69);
        List<String> failures = new ArrayList<>();
        for (int i = 0; i < corpus.size(); i++) {
            try {
                CORPUS_SESSION.parse(corpus.get(i), 2026);
            } catch (SqlRedoParseException e) {
                failures.add("corpus statement " + (i + 1) + ": " + e.getMessage());
            }
        }
        assertThat(failures).isEmpty();
    }

    @Test
    void decodesStringsAndUnistr() {
        assertThat(insertedValue("T0", "'1'")).isEqualTo(ColumnValue.ofString("VAL", "abc       "));
        assertThat(insertedValue("T0", "'2'")).isEqualTo(ColumnValue.ofNull("VAL"));
        assertThat(insertedValue("T1", "'1'")).isEqualTo(ColumnValue.ofString("VAL", "nch\u00e1r     "));
        assertThat(insertedValue("T2", "'1'")).isEqualTo(ColumnValue.ofString("VAL", "plain 'quoted' text"));
        assertThat(insertedValue("T3", "'1'"))
                .isEqualTo(ColumnValue.ofString("VAL", "\u00fcn\u00efcode \u2603 text"));
        assertThat(insertedValue("T4", "'1'")).isEqualTo(ColumnValue.ofString("VAL", "1234567890.123456789"));
        assertThat(insertedValue("T5", "'1'")).isEqualTo(ColumnValue.ofString("VAL", "-42.5"));
        assertThat(insertedValue("T7", "'1'")).isEqualTo(ColumnValue.ofString("VAL", "1.50000005E+010"));
    }

    @Test
    void decodesTypedLiterals() {
        assertThat(insertedValue("T9", "'1'")).isEqualTo(new ColumnValue("VAL", ValueKind.DATE, "2026-02-28 13:45:59"));
        assertThat(insertedValue("T10", "'1'"))
                .isEqualTo(new ColumnValue("VAL", ValueKind.TIMESTAMP, "2026-03-29 01:30:00.123456000"));
        assertThat(insertedValue("T11", "'1'").asLocalDateTime()).hasNano(123456789);
        assertThat(insertedValue("T12", "'1'"))
                .isEqualTo(new ColumnValue("VAL", ValueKind.TIMESTAMP_TZ, "2026-03-29 01:30:00.500000000 +05:30"));
        assertThat(insertedValue("T13", "'1'"))
                .isEqualTo(new ColumnValue("VAL", ValueKind.TIMESTAMP_TZ, "2026-10-25 02:30:00.250000000"));
        assertThat(insertedValue("T14", "'1'")).isEqualTo(new ColumnValue("VAL", ValueKind.INTERVAL_YM, "+0012-03"));
        assertThat(insertedValue("T15", "'1'"))
                .isEqualTo(new ColumnValue("VAL", ValueKind.INTERVAL_DS, "+00005 04:03:02.123456"));
        assertThat(insertedValue("T16", "'1'")).isEqualTo(new ColumnValue("VAL", ValueKind.RAW, "deadbeef00ff"));
        assertThat(insertedValue("T17", "'1'")).isEqualTo(new ColumnValue("VAL", ValueKind.EMPTY_CLOB, ""));
        assertThat(insertedValue("T19", "'1'")).isEqualTo(new ColumnValue("VAL", ValueKind.EMPTY_BLOB, ""));
    }

    @Test
    void readsLobUpdates() {
        ParsedStatement clob = parseLine("update \"T_SCHEMA\".\"T17\" set \"VAL\" = 'short clob'");
        assertThat(clob.kind()).isEqualTo(StatementKind.UPDATE);
        assertThat(clob.values()).containsExactly(ColumnValue.ofString("VAL", "short clob"));
        assertThat(clob.where()).containsExactly(ColumnValue.ofString("ID", "1"));
        ParsedStatement blob = parseLine("update \"T_SCHEMA\".\"T19\" set \"VAL\" = HEXTORAW");
        assertThat(blob.values()).containsExactly(new ColumnValue("VAL", ValueKind.RAW, "cafebabe"));
        assertThat(parseLine("update \"T_SCHEMA\".\"T19\" set \"VAL\" = NULL").values())
                .containsExactly(ColumnValue.ofNull("VAL"));
    }

    @Test
    void readsXmlAndUnsupportedRows() {
        ParsedStatement begin = parseLine("XML DOC BEGIN:");
        assertThat(begin.kind()).isEqualTo(StatementKind.XML_DOC_BEGIN);
        assertThat(begin.owner()).isEqualTo("T_SCHEMA");
        assertThat(begin.table()).isEqualTo("T20");
        assertThat(begin.where()).containsExactly(ColumnValue.ofString("ID", "1"));
        assertThat(parseLine("XML_REDO").values()).containsExactly(ColumnValue.ofString("", "<a><b>1</b></a>"));
        ParsedStatement amount = parseLine(" amount:");
        assertThat(amount.kind()).isEqualTo(StatementKind.AMOUNT);
        assertThat(amount.amount()).isEqualTo(15);
        long unsupported = corpus.stream()
                .map(SqlRedoParser::parse)
                .filter(s -> s.kind() == StatementKind.UNSUPPORTED && s.table() == null)
                .count();
        assertThat(unsupported).isEqualTo(10);
    }

    @Test
    void readsClassicAllColumnsLogging() {
        ParsedStatement insert = parseLine("insert into \"T_SCHEMA\".\"CLASSIC_ALL\"(\"ID\",\"C0\"", "values ('1'");
        assertThat(insert.values()).hasSize(18);
        assertThat(insert.values().get(17)).isEqualTo(new ColumnValue("C16", ValueKind.RAW, "deadbeef00ff"));

        ParsedStatement update = parseLine("update \"T_SCHEMA\".\"CLASSIC_ALL\"");
        assertThat(update.values()).containsExactly(ColumnValue.ofString("C2", "changed"), ColumnValue.ofString("C4", "1"));
        assertThat(update.where()).hasSize(18);
        assertThat(update.where()).extracting(ColumnValue::name)
                .containsExactly("ID", "C0", "C1", "C2", "C3", "C4", "C5", "C6", "C7", "C8", "C9", "C10", "C11",
                        "C12", "C13", "C14", "C15", "C16");
        assertThat(update.where().get(3)).isEqualTo(ColumnValue.ofString("C2", "plain 'quoted' text"));
        assertThat(update.where().get(10)).isEqualTo(new ColumnValue("C9", ValueKind.DATE, "2026-02-28 13:45:59"));
        assertThat(update.where()).containsExactlyElementsOf(insert.values());

        ParsedStatement delete = parseLine("delete from \"T_SCHEMA\".\"CLASSIC_ALL\"");
        assertThat(delete.where()).hasSize(18);
        assertThat(delete.where().get(1)).isEqualTo(ColumnValue.ofNull("C0"));
        assertThat(delete.where().get(5)).isEqualTo(ColumnValue.ofString("C4", "0"));
        assertThat(delete.where().get(10)).isEqualTo(new ColumnValue("C9", ValueKind.DATE, "1900-01-01 00:00:00"));
        assertThat(delete.where()).filteredOn(ColumnValue::isNull).hasSize(15);
    }

    @Test
    void readsClassicPrimaryKeyLogging() {
        ParsedStatement update = parseLine("update \"T_SCHEMA\".\"CLASSIC_PK\"");
        assertThat(update.values()).hasSize(2);
        assertThat(update.where()).containsExactly(ColumnValue.ofString("ID", "1"),
                ColumnValue.ofString("C2", "plain 'quoted' text"), ColumnValue.ofString("C4", "1234567890.123456789"));
        assertThat(parseLine("insert into \"T_SCHEMA\".\"CLASSIC_PK\"", "values ('3'").values().get(10))
                .isEqualTo(new ColumnValue("C9", ValueKind.DATE, "1900-01-01 00:00:00"));
    }

    @Test
    void parsesStatementsMinedWithoutDictionary() throws IOException {
        List<String> statements = noDictionaryStatements();
        assertThat(statements).hasSize(6);
        statements.forEach(SqlRedoParser::parse);

        ParsedStatement multiLine = CORPUS_SESSION.parse(statements.get(0), 2026);
        assertThat(multiLine.kind()).isEqualTo(StatementKind.INSERT);
        assertThat(multiLine.owner()).isEqualTo("UNKNOWN");
        assertThat(multiLine.table()).isEqualTo("OBJ# 45522");
        assertThat(multiLine.values()).containsExactly(
                new ColumnValue("COL 1", ValueKind.RAW, "45465f4748"),
                new ColumnValue("COL 2", ValueKind.RAW, "546563686e6963616c20577269746572"),
                new ColumnValue("COL 3", ValueKind.RAW, "c229"),
                new ColumnValue("COL 4", ValueKind.RAW, "c3020b"));
        assertThat(new String(multiLine.values().get(1).asBytes(), StandardCharsets.US_ASCII))
                .isEqualTo("Technical Writer");

        ParsedStatement delete = CORPUS_SESSION.parse(statements.get(2), 2026);
        assertThat(delete.kind()).isEqualTo(StatementKind.DELETE);
        assertThat(delete.table()).isEqualTo("OBJ# 41415");
        assertThat(delete.where()).containsExactly(new ColumnValue("COL 1", ValueKind.RAW, "c102"),
                new ColumnValue("COL 2", ValueKind.RAW, "61"));
        assertThat(delete.rowId()).isEqualTo("AAAKHHAAJAAAACVAAA");

        ParsedStatement mismatch = CORPUS_SESSION.parse(statements.get(5), 2026);
        assertThat(mismatch.table()).isEqualTo("OBJ# 73640");
        assertThat(mismatch.where()).hasSize(5);
        assertThat(mismatch.where().get(0)).isEqualTo(new ColumnValue("COL 1", ValueKind.RAW, "c30a3027"));
        assertThat(mismatch.rowId()).isEqualTo("AAAR+oAAFAAAARfACH");
    }

    /**
     * The statements of the no-dictionary reference: plain statements (possibly over several lines, ending
     * with ";") and the redo='...' field of the OracleLogEntry dumps.
     */
    static List<String> noDictionaryStatements() throws IOException {
        List<String> statements = new ArrayList<>();
        StringBuilder pending = new StringBuilder();
        for (String line : readReference("logminer-sql_redo-without-dictionary.txt")) {
            if (line.startsWith("OracleLogEntry{")) {
                int start = line.indexOf("redo='");
                if (start >= 0) {
                    statements.add(line.substring(start + "redo='".length(), line.indexOf("', csf=", start)));
                }
            } else if (!line.isBlank() && !line.startsWith("#")) {
                pending.append(pending.length() == 0 ? "" : "\n").append(line);
                if (line.endsWith(";")) {
                    statements.add(pending.toString());
                    pending.setLength(0);
                }
            }
        }
        assertThat(pending).as("unfinished statement in the no-dictionary reference").isEmpty();
        return statements;
    }

    static List<String> readReference(String name) throws IOException {
        try (InputStream in = SqlRedoCorpusTest.class.getResourceAsStream("/oracle-reference/" + name)) {
            if (in == null) {
                fail("test resource oracle-reference/" + name + " is missing");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        }
    }

    /** The single VAL value of the corpus insert into T_SCHEMA.{table} whose ID literal is {@code idLiteral}. */
    private static ColumnValue insertedValue(String table, String idLiteral) {
        ParsedStatement insert = parseLine("insert into \"T_SCHEMA\".\"" + table + "\"(", "values (" + idLiteral + ",");
        assertThat(insert.kind()).isEqualTo(StatementKind.INSERT);
        assertThat(insert.table()).isEqualTo(table);
        assertThat(insert.values()).hasSize(2);
        assertThat(insert.values().get(0)).isEqualTo(ColumnValue.ofString("ID", idLiteral.substring(1, 2)));
        return insert.values().get(1);
    }

    /** Parses the one corpus line that starts with {@code prefix} and contains all of {@code fragments}. */
    private static ParsedStatement parseLine(String prefix, String... fragments) {
        List<String> matches = corpus.stream()
                .filter(line -> line.startsWith(prefix))
                .filter(line -> List.of(fragments).stream().allMatch(line::contains))
                .toList();
        assertThat(matches).as("corpus lines starting with %s", prefix).hasSize(1);
        return CORPUS_SESSION.parse(matches.get(0), 2026);
    }
}
