package io.redocdc.tools.simulate;

import static org.assertj.core.api.Assertions.assertThat;

import io.redocdc.operators.lcr.ValueKind;
import io.redocdc.operators.parser.LobOperation;
import io.redocdc.operators.parser.ParsedStatement;
import io.redocdc.operators.parser.SqlRedoParser;
import io.redocdc.operators.parser.StatementKind;
import io.redocdc.tools.simulate.RedoFiles.Row;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The simulated statements on OE.DOCUMENTS, row by row, against the rows per statement of osodevops/
 * kafka-connect-oracle-cdc reference/lob-redo-shapes.md (LOB_SF = SecureFile, 23ai) and the XML rows of
 * reference/oracle/sqlredo-corpus-types-and-lobs.sql (T20); every LOB row must parse with the job's own parser.
 * Where LOB and XML rows meet, how a statement ends (INTERNAL [real] after a last placeholder row) and which rows
 * share an RS_ID follow Debezium's observations on Oracle 26ai (debezium/debezium pull request 7472,
 * FindFirstRolledBackEventEntryTest), for the 23ai shape.
 */
class LobShapesTest {

    private static final SimulationSettings SETTINGS = SimulationSettings.defaults().withSeed(21)
            .withTransactions(300).withThreads(2).withRowsPerLog(300).withLobRatio(0.2);

    /** One token per row: operation and ROWID kind (p placeholder, r real); repeated LOB_WRITE rows collapse. */
    private static final String XML = "( XML_BEGIN XML_WRITE XML_END)?";
    private static final Map<String, Pattern> REFERENCE = new LinkedHashMap<>();

    static {
        // 01 insert small literals: INSERT [placeholder], (XML rows,) UPDATE [real]
        REFERENCE.put("01", Pattern.compile("INSERT\\[p]" + XML + " UPDATE\\[r]"));
        // 02 insert large values / 03 one large value, others null: per LOB INTERNAL, LOB_WRITE+; (XML rows;)
        // UPDATE [real] of the nulls, else (23ai) the INTERNAL [real] end
        REFERENCE.put("02/03", Pattern.compile("INSERT\\[p]( LOCATOR\\[p] LOB_WRITE\\[p])+" + XML
                + "( UPDATE\\[r]| END\\[r])?"));
        // 06/20 update small literal or to NULL: UPDATE [real]
        REFERENCE.put("06", Pattern.compile("UPDATE\\[r]"));
        // 07/09/10 update large value: INTERNAL, LOB_WRITE+, LOB_TRIM (SecureFile: no INTERNAL before the trim)
        REFERENCE.put("07", Pattern.compile("LOCATOR\\[p] LOB_WRITE\\[p]( LOB_TRIM\\[p])?( END\\[r])?"));
        // 08 update a column and a large value: UPDATE [placeholder], INTERNAL, LOB_WRITE+, LOB_TRIM
        REFERENCE.put("08", Pattern.compile("UPDATE\\[p] LOCATOR\\[p] LOB_WRITE\\[p]( LOB_TRIM\\[p])?( END\\[r])?"));
        // 21 delete: DELETE [real]
        REFERENCE.put("21", Pattern.compile("DELETE\\[r]"));
    }

    @TempDir
    static Path out;

    static List<Row> rows;
    /** The rows of each statement on OE.DOCUMENTS (same XID and SSN), in redo order. */
    static List<List<Row>> statements = new ArrayList<>();

    @BeforeAll
    static void simulate() throws IOException {
        WorkloadSimulator.write(out, SETTINGS);
        rows = RedoFiles.allRows(out.resolve("redo"));
        Map<String, List<Row>> byStatement = new LinkedHashMap<>();
        for (Row row : rows) {
            if ("DOCUMENTS".equals(row.get("TABLE_NAME")) && !row.rollback()) {
                byStatement.computeIfAbsent(row.xid() + "/" + row.get("SSN"), k -> new ArrayList<>()).add(row);
            }
        }
        statements.addAll(byStatement.values());
    }

    @Test
    void everyStatementIsARowSequenceOfTheReferenceAndEachSequenceOccurs() {
        Set<String> seen = new HashSet<>();
        for (List<Row> statement : statements) {
            String tokens = tokens(statement);
            String matched = REFERENCE.entrySet().stream().filter(e -> e.getValue().matcher(tokens).matches())
                    .map(Map.Entry::getKey).findFirst().orElse(null);
            assertThat(matched).as("statement %s", tokens).isNotNull();
            seen.add(matched);
            if (tokens.contains("XML")) {
                seen.add("XML");
            }
            if (tokens.contains("LOB_TRIM")) {
                seen.add("TRIM");
            }
        }
        assertThat(seen).containsAll(REFERENCE.keySet()).contains("XML", "TRIM");
    }

    @Test
    void lobRowsParseToTheWritesTheyDeclareInBothShapes() {
        Set<String> shapes = new HashSet<>();
        boolean supplementary = false;
        boolean over32k = false;
        boolean blob = false;
        for (List<Row> statement : statements) {
            long written = 0;
            for (Row row : statement) {
                if (row.code() == 9) {
                    shapes.add(row.get("OPERATION"));
                    written = 0;
                }
                if (row.code() != 10) {
                    continue;
                }
                ParsedStatement parsed = SqlRedoParser.parse(row.sqlRedo());
                assertThat(parsed.kind()).isEqualTo(StatementKind.LOB);
                LobOperation.Write write = (LobOperation.Write) parsed.lobOperations().get(0);
                assertThat(write.offset()).as("writes follow each other").isEqualTo(written + 1);
                String data = write.data().text();
                boolean binary = write.data().kind() == ValueKind.RAW;
                long amount = binary ? data.length() / 2 : data.codePointCount(0, data.length());
                assertThat(write.amount()).isEqualTo(amount).isLessThanOrEqualTo(LobSqlText.WRITE_CHUNK);
                supplementary |= !binary && amount != data.length();
                blob |= binary;
                written += amount;
                over32k |= !binary && written > 32_768;
            }
        }
        assertThat(shapes).containsExactlyInAnyOrder("INTERNAL", "SEL_LOB_LOCATOR");
        assertThat(supplementary).as("a text write with characters outside the BMP (amount counts them once)")
                .isTrue();
        assertThat(over32k).as("a CLOB over 32 KB").isTrue();
        assertThat(blob).as("a BLOB write").isTrue();
    }

    @Test
    void inThe23aiShapeLocatorsShareTheStatementsRsIdAndAPlaceholderEndIsFollowedByInternal() {
        int shared = 0;
        int ended = 0;
        for (List<Row> statement : statements) {
            if (statement.stream().noneMatch(r -> r.code() == 9 && r.get("OPERATION").equals("INTERNAL"))) {
                continue;
            }
            Row first = statement.get(0);
            for (Row row : statement) {
                if (row.code() == 9 && (first.code() == 1 || first.code() == 3)) {
                    assertThat(row.get("RS_ID")).as("locator of %s", tokens(statement)).isEqualTo(first.get("RS_ID"));
                    shared++;
                }
            }
            Row last = statement.get(statement.size() - 1);
            if (last.code() == 0) {
                assertThat(statement.get(statement.size() - 2).get("ROW_ID"))
                        .isEqualTo(DocumentStatements.PLACEHOLDER_ROWID);
                ended++;
            } else {
                assertThat(last.get("ROW_ID")).as("last row of %s", tokens(statement))
                        .isNotEqualTo(DocumentStatements.PLACEHOLDER_ROWID);
            }
        }
        assertThat(shared).isPositive();
        assertThat(ended).isPositive();
    }

    @Test
    void transactionsWritingDocumentsRollBackOnlyToASavepointAndOnlyInThe23aiShape() {
        Set<String> documentXids = new HashSet<>();
        Set<String> nineteenC = new HashSet<>();
        for (List<Row> statement : statements) {
            documentXids.add(statement.get(0).xid());
            if (statement.stream().anyMatch(r -> r.get("OPERATION").equals("SEL_LOB_LOCATOR"))) {
                nineteenC.add(statement.get(0).xid());
            }
        }
        assertThat(documentXids).hasSizeGreaterThan(30);
        assertThat(rows).filteredOn(r -> documentXids.contains(r.xid())).noneMatch(r -> r.code() == 36);
        assertThat(rows).filteredOn(r -> nineteenC.contains(r.xid())).noneMatch(Row::rollback);
        assertThat(rows).as("undo rows of document statements")
                .anyMatch(r -> r.rollback() && "DOCUMENTS".equals(r.get("TABLE_NAME")));
    }

    private static String tokens(List<Row> statement) {
        List<String> tokens = new ArrayList<>();
        for (Row row : statement) {
            String rowId = row.get("ROW_ID").equals(DocumentStatements.PLACEHOLDER_ROWID) ? "[p]" : "[r]";
            String token = switch (row.code()) {
                case 1 -> "INSERT" + rowId;
                case 2 -> "DELETE" + rowId;
                case 3 -> "UPDATE" + rowId;
                case 9 -> "LOCATOR" + rowId;
                case 10 -> "LOB_WRITE" + rowId;
                case 11 -> "LOB_TRIM" + rowId;
                case 68 -> "XML_BEGIN";
                case 70 -> "XML_WRITE";
                case 71 -> "XML_END";
                case 0 -> "END" + rowId;
                default -> "code " + row.code();
            };
            if (tokens.isEmpty() || !tokens.get(tokens.size() - 1).equals(token)) {
                tokens.add(token);
            }
        }
        return String.join(" ", tokens);
    }
}
