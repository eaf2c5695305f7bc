package io.redocdc.operators.parser;

import static org.assertj.core.api.Assertions.assertThat;

import io.redocdc.source.model.NlsFormats;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The plain-DML fast path must give exactly what the general reader's strict pass gives (the parser returns that
 * when the strict pass succeeds) and give up on everything else; and the strict pass that fails quietly must fail
 * where the loud one does. Checked on the real-LogMiner corpus and on random near-plain statements.
 */
class PlainDmlReaderTest {

    private static final DatetimeLiterals DATETIMES = new DatetimeLiterals(NlsFormats.MINING_SESSION.withTimeZone(null));
    private static final int YEAR = 2026;

    @Test
    void takesThePlainShapes() {
        for (String sql : List.of(
                "insert into \"DEBEZIUM\".\"TEST\"(\"ID\",\"C0\") values ('1','V0');",
                "update \"DEBEZIUM\".\"TEST\" set \"ID\" = '1', \"C0\" = 'VAL0' where \"ID\" = '1' and \"C0\" = 'V0';",
                "delete from \"DEBEZIUM\".\"TEST\" where \"ID\" = '1' and \"C0\" = 'V0';",
                "insert into \"O\".\"T\"(\"A\",\"B\") values ('it''s',NULL)",
                "UPDATE \"O\".\"T\" SET \"A\" = null WHERE \"B\" is null AND ROWID = 'AAAR+oAAFAAAARfACG'",
                "delete from \"O\".\"T\";",
                " update \"O\".\"T\"\nset \"A\" = ''''\t where \"B\" = '' ;\n")) {
            assertThat(PlainDmlReader.read(sql)).as(sql).isNotNull().isEqualTo(strict(sql));
        }
    }

    @Test
    void leavesEverythingElseToTheGeneralReader() {
        for (String sql : List.of(
                "insert into \"O\".\"T\"(\"A\") values (42)",
                "insert into \"O\".\"T\"(\"A\") values (HEXTORAW('0a'))",
                "insert into \"O\".\"T\"(\"A\",\"B\") values ('1',/* JSON */ EMPTY_BLOB())",
                "insert into \"O\".\"T\"(\"A\") values ('a' || 'b')",
                "insert into \"O\".\"T\"(\"Mixed\"\"Case\") values ('a')",
                "update \"S\".\"T\" a set a.\"C\" = '1'",
                "update \"O\".\"T\" set \"TEXT\" = 'j'ai glissé' where \"PKEY\" = '1'",
                "delete from \"O\".\"T\" where ROWID = 'A' and ROWID = 'B'",
                "inſert into \"O\".\"T\"(\"A\") values ('a')",
                "insert into \"O\".\"T\"(\"A\") values ('a'); /* trailing comment */",
                "insert into \"O\".\"T\"(\"A\") values ('a",
                "",
                "Unsupported")) {
            assertThat(PlainDmlReader.read(sql)).as(sql).isNull();
        }
    }

    @Test
    void agreesWithTheGeneralReaderOnTheCorpus() throws IOException {
        List<String> statements = new ArrayList<>();
        for (String line : SqlRedoCorpusTest.readReference("sqlredo-corpus-types-and-lobs.sql")) {
            if (!line.isBlank()) {
                statements.add(line);
            }
        }
        statements.addAll(SqlRedoCorpusTest.noDictionaryStatements());
        int taken = 0;
        for (String sql : statements) {
            taken += compare(sql) ? 1 : 0;
        }
        assertThat(taken).as("corpus statements read by the fast path").isGreaterThan(20);
    }

    @Test
    void agreesWithTheGeneralReaderOnRandomStatements() {
        Random random = new Random(20261201L);
        int taken = 0;
        int generalOnly = 0;
        for (int i = 0; i < 100_000; i++) {
            String sql = RandomDml.statement(random);
            if (compare(sql)) {
                taken++;
            } else if (!(outcome(sql, false) instanceof SqlRedoParseException)) {
                generalOnly++;
            }
        }
        assertThat(taken).as("random statements read by the fast path").isGreaterThan(10_000);
        assertThat(generalOnly).as("random statements only the general reader reads").isGreaterThan(10_000);
    }

    /** Asserts fast path and strict pass agree (and quiet and loud strict passes); true when the fast path read it. */
    private static boolean compare(String sql) {
        Object loud = outcome(sql, false);
        Object quiet = outcome(sql, true);
        if (loud instanceof SqlRedoParseException) {
            assertThat(quiet).as(sql).isInstanceOf(SqlRedoParseException.class);
            assertThat(failedAtAQuote(sql, true)).as(sql).isEqualTo(failedAtAQuote(sql, false));
        } else {
            assertThat(quiet).as(sql).isEqualTo(loud);
        }
        ParsedStatement plain = PlainDmlReader.read(sql);
        if (plain == null) {
            return false;
        }
        assertThat(loud).as(sql).isEqualTo(plain);
        ParsedStatement general = (ParsedStatement) loud;
        assertThat(plain.values().getClass()).as(sql).isEqualTo(general.values().getClass());
        assertThat(plain.where().getClass()).as(sql).isEqualTo(general.where().getClass());
        return true;
    }

    private static Object outcome(String sql, boolean quietErrors) {
        try {
            return new RedoStatementReader(sql, DATETIMES, YEAR, null, quietErrors).read();
        } catch (SqlRedoParseException e) {
            return e;
        }
    }

    private static boolean failedAtAQuote(String sql, boolean quietErrors) {
        RedoStatementReader reader = new RedoStatementReader(sql, DATETIMES, YEAR, null, quietErrors);
        try {
            reader.read();
        } catch (SqlRedoParseException expected) {
            // the position it failed at is what is compared
        }
        return reader.failedAtAQuote();
    }

    private static ParsedStatement strict(String sql) {
        return new RedoStatementReader(sql, DATETIMES, YEAR, null, false).read();
    }
}
