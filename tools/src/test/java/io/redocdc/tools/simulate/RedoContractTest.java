package io.redocdc.tools.simulate;

import static org.assertj.core.api.Assertions.assertThat;

import io.redocdc.tools.simulate.RedoFiles.Log;
import io.redocdc.tools.simulate.RedoFiles.Row;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The redo directory follows DESIGN.md contract 1 and looks like real LogMiner output (reference/oracle/). */
class RedoContractTest {

    private static final SimulationSettings SETTINGS = SimulationSettings.defaults().withSeed(5)
            .withTransactions(400).withThreads(3).withRowsPerLog(250).withLongTextRatio(0.1)
            .withSavepointRatio(0.3).withRollbackRatio(0.1).withDdlCount(3).withLongTransactions(2).withLobRatio(0.1);

    private static final Pattern XID = Pattern.compile("[0-9A-F]{16}");
    private static final Pattern ROW_ID = Pattern.compile("[A-Za-z0-9+/]{18}");
    private static final Pattern TIMESTAMP = Pattern.compile("\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d");
    private static final Pattern RS_ID = Pattern.compile(" 0x([0-9a-f]{6})\\.[0-9a-f]{8}\\.[0-9a-f]{4} ");

    @TempDir
    static Path out;

    static Path redo;
    static List<Log> logs;
    static List<Row> rows;

    @BeforeAll
    static void simulate() throws IOException {
        WorkloadSimulator.write(out, SETTINGS);
        redo = out.resolve("redo");
        logs = RedoFiles.catalog(redo);
        rows = RedoFiles.allRows(redo);
    }

    @Test
    void filesHaveTheContractsHeaders() throws IOException {
        assertThat(RedoFiles.header(redo.resolve("archived_logs.csv"))).containsExactly("THREAD#", "SEQUENCE#",
                "RESETLOGS_ID", "FIRST_CHANGE#", "NEXT_CHANGE#", "FIRST_TIME", "NEXT_TIME", "NAME",
                "DICTIONARY_BEGIN", "DICTIONARY_END");
        for (Log log : logs) {
            assertThat(RedoFiles.header(RedoFiles.contentsFile(redo, log))).containsExactly("SCN", "TIMESTAMP",
                    "THREAD#", "XID", "OPERATION", "OPERATION_CODE", "ROLLBACK", "STATUS", "INFO", "SEG_OWNER",
                    "TABLE_NAME", "DATA_OBJ#", "ROW_ID", "RS_ID", "SSN", "CSF", "SQL_REDO", "SQL_UNDO", "SRC_CON_NAME");
        }
    }

    @Test
    void csvQuotesStringsAndLeavesNumbersAndNullsBare() throws IOException {
        Log first = logs.get(0);
        List<String> lines = Files.readAllLines(RedoFiles.contentsFile(redo, first));
        assertThat(lines.get(0)).startsWith("\"SCN\",\"TIMESTAMP\",\"THREAD#\"");
        // START row: SCN, thread, codes bare; INFO, SEG_OWNER, TABLE_NAME, SQL_UNDO and SRC_CON_NAME empty.
        String start = lines.stream().filter(l -> l.contains("\"START\"")).findFirst().orElseThrow();
        assertThat(start).matches("\\d+,\"[^\"]+\",\\d+,\"[0-9A-F]{16}\",\"START\",6,0,0,,,,0,\"A{18}\","
                + "\" 0x[0-9a-f.]+ \",\\d+,0,\"set transaction read write\",,");
        assertThat(Files.readAllLines(redo.resolve("archived_logs.csv")).get(1))
                .matches("\\d+,\\d+,\\d+,\\d+,\\d+,\"[^\"]+\",\"[^\"]+\",\"/u01/arch/\\d+_\\d+_\\d+\\.dbf\",\"NO\",\"NO\"");
    }

    @Test
    void catalogHasOneIncarnationAndConsecutiveSequencesPerThreadWithContinuousScns() {
        assertThat(logs.stream().map(Log::resetlogsId).distinct()).containsExactly(SETTINGS.resetlogsId());
        assertThat(logs).allSatisfy(log -> {
            assertThat(log.name()).isEqualTo("/u01/arch/" + log.stem() + ".dbf");
            assertThat(log.dictionaryBegin()).isEqualTo("NO");
            assertThat(log.dictionaryEnd()).isEqualTo("NO");
            assertThat(log.firstChange()).isLessThan(log.nextChange());
            assertThat(log.firstTime()).matches(TIMESTAMP).isLessThanOrEqualTo(log.nextTime());
        });
        Map<Integer, List<Log>> byThread = logs.stream().collect(Collectors.groupingBy(Log::thread));
        assertThat(byThread.keySet()).containsExactlyInAnyOrder(1, 2, 3);
        for (List<Log> thread : byThread.values()) {
            assertThat(thread).hasSizeGreaterThan(2);
            for (int i = 1; i < thread.size(); i++) {
                assertThat(thread.get(i).sequence()).isEqualTo(thread.get(i - 1).sequence() + 1);
                assertThat(thread.get(i).firstChange()).isEqualTo(thread.get(i - 1).nextChange());
            }
        }
    }

    @Test
    void threadsScnRangesOverlap() {
        long overlapping = logs.stream().flatMap(a -> logs.stream().filter(b -> b.thread() > a.thread())
                        .filter(b -> a.firstChange() < b.nextChange() && b.firstChange() < a.nextChange()))
                .count();
        assertThat(overlapping).isGreaterThan(2);
    }

    @Test
    void everyLogHasItsContentsFileAndNoOtherFileIsThere() throws IOException {
        Set<String> expected = logs.stream().map(l -> l.stem() + ".csv").collect(Collectors.toSet());
        try (Stream<Path> files = Files.list(redo.resolve("contents"))) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactlyInAnyOrderElementsOf(expected);
        }
    }

    @Test
    void rowsLieInTheirLogsScnRangeInScnOrderWithWellFormedColumns() {
        Map<Log, List<Row>> byLog = rows.stream().collect(Collectors.groupingBy(Row::log));
        for (Map.Entry<Log, List<Row>> entry : byLog.entrySet()) {
            Log log = entry.getKey();
            long previous = 0;
            String previousTime = "";
            for (Row row : entry.getValue()) {
                assertThat(row.scn()).as("SCN of a row of %s", log.stem())
                        .isBetween(log.firstChange(), log.nextChange() - 1).isGreaterThanOrEqualTo(previous);
                assertThat(row.get("TIMESTAMP")).matches(TIMESTAMP).isGreaterThanOrEqualTo(previousTime);
                previous = row.scn();
                previousTime = row.get("TIMESTAMP");
                assertThat(row.get("THREAD#")).isEqualTo(Integer.toString(log.thread()));
                assertThat(row.xid()).matches(XID);
                assertThat(row.get("ROW_ID")).matches(ROW_ID);
                // lob-redo-shapes.md: LOB_WRITE/LOB_TRIM STATUS 2 and INFO; sql-redo-shapes.md: XML DOC BEGIN/WRITE 2
                boolean lobWrite = row.code() == 10 || row.code() == 11;
                assertThat(row.get("STATUS")).isEqualTo(lobWrite || row.code() == 68 || row.code() == 70 ? "2" : "0");
                assertThat(row.get("INFO")).isEqualTo(lobWrite ? "LOB sql_redo not re-executable" : "");
                var rsId = RS_ID.matcher(row.get("RS_ID"));
                assertThat(rsId.matches()).as("RS_ID '%s'", row.get("RS_ID")).isTrue();
                assertThat(Long.parseLong(rsId.group(1), 16)).isEqualTo(log.sequence());
            }
        }
    }

    @Test
    void longStatementsAreCsfPiecesOfAtMost4000CharactersThatJoinToOneStatement() throws IOException {
        int split = 0;
        for (Log log : logs) {
            for (Map<String, String> piece : RedoFiles.physicalRows(RedoFiles.contentsFile(redo, log))) {
                assertThat(piece.get("SQL_REDO").length()).isLessThanOrEqualTo(4000);
                assertThat(piece.get("SQL_UNDO").length()).isLessThanOrEqualTo(4000);
                assertThat(piece.get("CSF")).isIn("0", "1");
            }
        }
        for (Row row : rows) {
            if (row.pieces() > 1) {
                split++;
                assertThat(Math.max(row.sqlRedo().length(), row.sqlUndo().length())).isGreaterThan(4000);
                assertThat(row.sqlRedo()).matches("(?s)((insert into|update|delete from) \"OE\"\\.\"[A-Z_]+\"|DECLARE "
                        + "| buf_[a-z]+ := |XML_REDO := ).*");
            }
        }
        assertThat(split).isGreaterThan(5);
    }

    @Test
    void everyTransactionStartsAndEndsWithCommitOrRollbackAndXidsAreNotReused() {
        Set<String> seen = new HashSet<>();
        Set<Long> commitScns = new HashSet<>();
        for (int thread = 1; thread <= SETTINGS.threads(); thread++) {
            Map<String, String> openBySlot = new HashMap<>();
            for (Row row : rowsOfThread(thread)) {
                switch (row.code()) {
                    case 6 -> {
                        assertThat(openBySlot).as("slot of %s already open", row.xid()).doesNotContainKey(row.slot());
                        assertThat(seen.add(row.xid())).as("XID %s started twice", row.xid()).isTrue();
                        assertThat(row.sqlRedo()).isEqualTo("set transaction read write");
                        assertThat(row.sqlUndo()).isEmpty();
                        openBySlot.put(row.slot(), row.xid());
                    }
                    case 7, 36 -> {
                        assertThat(openBySlot.remove(row.slot())).isEqualTo(row.xid());
                        assertThat(row.sqlRedo()).isEqualTo(row.code() == 7 ? "commit" : "rollback");
                        if (row.code() == 7) {
                            assertThat(commitScns.add(row.scn())).as("commit SCN %d unique", row.scn()).isTrue();
                        }
                    }
                    default -> {
                        String owner = openBySlot.get(row.slot());
                        assertThat(owner).as("row of %s outside its transaction", row.xid()).isNotNull();
                        if (row.xid().endsWith("FFFFFFFF")) {
                            assertThat(row.rollback()).as("partial XID only on rollback rows").isTrue();
                        } else {
                            assertThat(row.xid()).isEqualTo(owner);
                        }
                    }
                }
            }
            assertThat(openBySlot).as("transactions left open on thread %d", thread).isEmpty();
        }
    }

    /**
     * A statement on OE.DOCUMENTS is several rows of one SSN, most with the placeholder ROWID (LobShapesTest); its
     * undo row names the real ROWID that one of them (UPDATE, DELETE or the closing INTERNAL row) has.
     */
    @Test
    void rollbackRowsUndoTheLatestEarlierRowOfTheSameRowIdWithTheInverseStatement() {
        int undone = 0;
        int undoneDocuments = 0;
        for (int thread = 1; thread <= SETTINGS.threads(); thread++) {
            Map<String, List<Row>> changesBySlot = new HashMap<>();
            Map<String, String> documentRowIds = new HashMap<>();
            for (Row row : rowsOfThread(thread)) {
                boolean document = "DOCUMENTS".equals(row.get("TABLE_NAME"));
                if (document && !row.rollback() && !row.get("ROW_ID").equals(DocumentStatements.PLACEHOLDER_ROWID)) {
                    documentRowIds.put(row.slot() + "/" + row.get("SSN"), row.get("ROW_ID"));
                }
                if (row.code() == 6) {
                    changesBySlot.put(row.slot(), new ArrayList<>());
                } else if (row.code() == 7) {
                    changesBySlot.remove(row.slot());
                } else if (row.code() == 36) {
                    assertThat(changesBySlot.remove(row.slot())).as("changes left after ROLLBACK").isEmpty();
                } else if ((row.isDml() || (document && row.code() == 9)) && !row.rollback()) {
                    List<Row> changes = changesBySlot.get(row.slot());
                    Row last = changes.isEmpty() ? null : changes.get(changes.size() - 1);
                    if (!document || last == null || !"DOCUMENTS".equals(last.get("TABLE_NAME"))
                            || !last.get("SSN").equals(row.get("SSN"))) {
                        changes.add(row);
                    }
                } else if (row.rollback() && document) {
                    List<Row> changes = changesBySlot.get(row.slot());
                    Row statement = changes.remove(changes.size() - 1);
                    assertThat(statement.get("TABLE_NAME")).isEqualTo("DOCUMENTS");
                    assertThat(statement.get("SSN")).isEqualTo(row.get("SSN"));
                    assertThat(row.get("ROW_ID")).isEqualTo(documentRowIds.get(row.slot() + "/" + row.get("SSN")));
                    assertThat(row.code()).isEqualTo(statement.code() == 1 ? 2 : statement.code() == 2 ? 1 : 3);
                    undoneDocuments++;
                } else if (row.rollback()) {
                    List<Row> changes = changesBySlot.get(row.slot());
                    Row original = changes.remove(changes.size() - 1);
                    assertThat(original.get("ROW_ID")).isEqualTo(row.get("ROW_ID"));
                    assertThat(original.get("SSN")).isEqualTo(row.get("SSN"));
                    assertThat(original.get("RS_ID")).isNotEqualTo(row.get("RS_ID"));
                    assertThat(row.code()).isEqualTo(original.code() == 1 ? 2 : original.code() == 2 ? 1 : 3);
                    String table = "\"" + row.get("SEG_OWNER") + "\".\"" + row.get("TABLE_NAME") + "\"";
                    if (original.code() == 1) {
                        assertThat(row.sqlRedo())
                                .isEqualTo("delete from " + table + " where ROWID = '" + row.get("ROW_ID") + "'");
                    } else if (original.code() == 3) {
                        assertThat(row.sqlRedo()).startsWith("update " + table + " set ")
                                .endsWith(" where ROWID = '" + row.get("ROW_ID") + "'");
                    } else {
                        assertThat(row.sqlRedo()).isEqualTo(original.sqlUndo());
                    }
                    undone++;
                }
            }
        }
        assertThat(undone).isGreaterThan(20);
        assertThat(undoneDocuments).as("undo rows of document statements").isPositive();
    }

    @Test
    void sqlUndoOfAChangeIsItsInverseStatement() {
        for (Row row : rows) {
            if (!row.isDml() || row.rollback() || row.get("TABLE_NAME").equals("DOCUMENTS")) {
                continue; // LOB statements: no SQL_UNDO (lob-redo-shapes.md names none), see LobShapesTest
            }
            String table = "\"" + row.get("SEG_OWNER") + "\".\"" + row.get("TABLE_NAME") + "\"";
            switch (row.code()) {
                case 1 -> assertThat(row.sqlUndo()).startsWith("delete from " + table + " where ");
                case 2 -> assertThat(row.sqlUndo()).startsWith("insert into " + table + "(");
                default -> assertThat(row.sqlUndo()).startsWith("update " + table + " set ");
            }
        }
    }

    @Test
    void transactionsInterleaveAndLongOnesSpanSeveralLogs() {
        Map<String, Set<Log>> logsByXid = new HashMap<>();
        Map<String, Integer> firstIndex = new HashMap<>();
        Map<String, Integer> lastIndex = new HashMap<>();
        for (int i = 0; i < rows.size(); i++) {
            Row row = rows.get(i);
            if (!row.xid().endsWith("FFFFFFFF")) {
                logsByXid.computeIfAbsent(row.xid(), x -> new HashSet<>()).add(row.log());
                firstIndex.putIfAbsent(row.xid(), i);
                lastIndex.put(row.xid(), i);
            }
        }
        int maxLogs = logsByXid.values().stream().mapToInt(Set::size).max().orElseThrow();
        assertThat(maxLogs).isGreaterThanOrEqualTo(3);
        long interleaved = firstIndex.keySet().stream()
                .filter(x -> rows.subList(firstIndex.get(x), lastIndex.get(x)).stream()
                        .anyMatch(r -> !r.xid().equals(x) && !r.xid().endsWith("FFFFFFFF")))
                .count();
        assertThat(interleaved).isGreaterThan(firstIndex.size() / 3);
    }

    @Test
    void statementsShowEveryLiteralFormOfTheBrief() {
        List<String> redoTexts = rows.stream().map(Row::sqlRedo).toList();
        assertThat(redoTexts).anyMatch(s -> s.matches("(?s).*'[^']*''[^']*'.*"));
        assertThat(redoTexts).anyMatch(s -> s.matches("(?s).*UNISTR\\('[^']*\\\\[0-9A-F]{4}[^']*'\\).*"));
        assertThat(redoTexts).anyMatch(s -> s.matches(
                "(?s).*TO_DATE\\('\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d', 'YYYY-MM-DD HH24:MI:SS'\\).*"));
        assertThat(redoTexts).anyMatch(s -> s.matches(
                "(?s).*TO_TIMESTAMP\\('\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d\\.\\d{6}000'\\).*"));
        assertThat(redoTexts).anyMatch(s -> s.matches("(?s).*HEXTORAW\\('[0-9a-f]{32}'\\).*"));
        assertThat(redoTexts).anyMatch(s -> s.contains("\" IS NULL"));
        assertThat(redoTexts).anyMatch(s -> s.contains("中文") || s.contains("😀"));
        assertThat(rows).anyMatch(r -> r.xid().endsWith("FFFFFFFF"));
    }

    @Test
    void uncapturedAndInternalRowsAndDdlRowsAreThere() {
        assertThat(rows).anyMatch(r -> r.code() == 3 && r.get("SEG_OWNER").equals("SYS")
                && r.sqlRedo().startsWith("update \"SYS\".\"SEQ$\" set \"HIGHWATER\" = "));
        assertThat(rows).anyMatch(r -> r.code() == 0 && r.get("OPERATION").equals("INTERNAL"));
        List<Row> ddl = rows.stream().filter(r -> r.code() == 5).toList();
        assertThat(ddl).hasSize(SETTINGS.ddlCount()).allSatisfy(r -> {
            assertThat(r.get("OPERATION")).isEqualTo("DDL");
            assertThat(r.get("SEG_OWNER")).isEqualTo("OE");
            assertThat(r.get("TABLE_NAME")).startsWith("AUDIT_");
            assertThat(r.sqlRedo()).matches("(create|alter) table \"OE\"\\.\"" + r.get("TABLE_NAME") + "\" .*");
        });
    }

    private static List<Row> rowsOfThread(int thread) {
        return rows.stream().filter(r -> r.log().thread() == thread).toList();
    }
}
