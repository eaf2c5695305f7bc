package io.redocdc.source.files;

import static io.redocdc.source.testing.TestRedoDirectory.log;
import static io.redocdc.source.testing.TestRedoDirectory.record;
import static io.redocdc.source.testing.TestRedoDirectory.withRowChange;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.redocdc.source.catalog.LogContentsReader;
import io.redocdc.source.catalog.RedoInputException;
import io.redocdc.source.model.ArchivedLog;
import io.redocdc.source.model.RedoRecord;
import io.redocdc.source.model.ResumePoint;
import io.redocdc.source.model.Xid;
import io.redocdc.source.testing.TestRedoDirectory;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ContentsCsvReaderTest {

    private static final String HEADER = "SCN,TIMESTAMP,THREAD#,XID,OPERATION,OPERATION_CODE,ROLLBACK,STATUS,INFO,"
            + "SEG_OWNER,TABLE_NAME,DATA_OBJ#,ROW_ID,RS_ID,SSN,CSF,SQL_REDO,SQL_UNDO\r\n";
    private static final ArchivedLog LOG = log(1, 42, 1029337344L, 1000, 2000);

    @TempDir
    Path dir;

    @Test
    void readsRowsWithRfc4180QuotingAndMultiLineFields() throws IOException {
        Path file = write("1_42.csv", HEADER
                + "1001,2026-02-28 13:45:59,1,0A000C003C020000,START,6,0,0,,,,,,\" 0x0002a7.000013f5.00e8 \",0,0,"
                + "set transaction read write,\r\n"
                + "1002,2026-02-28 13:45:59,1,0A000C003C020000,INSERT,1,0,0,,OE,ORDERS,74001,AAASxxAAEAAAACXAAA,"
                + "\" 0x0002a7.000013f5.0010 \",0,0,\"insert into \"\"OE\"\".\"\"ORDERS\"\"(\"\"ID\"\",\"\"NOTE\"\") "
                + "values ('1','it''s\r\nsecond, line')\",\"delete from \"\"OE\"\".\"\"ORDERS\"\" where \"\"ID\"\" = '1'\"\r\n"
                + "1003,2026-02-28 13:46:00,1,0A000C003C020000,COMMIT,7,0,0,,,,,,\" 0x0002a7.000013f6.0010 \",0,0,commit,\r\n");

        List<RedoRecord> records = readAll(file);

        assertThat(records).extracting(RedoRecord::scn).containsExactly(1001L, 1002L, 1003L);
        assertThat(records).extracting(RedoRecord::index).containsExactly(0L, 1L, 2L);
        assertThat(records).extracting(RedoRecord::line).containsExactly(2L, 3L, 5L);
        RedoRecord insert = records.get(1);
        assertThat(insert.sqlRedo()).isEqualTo(
                "insert into \"OE\".\"ORDERS\"(\"ID\",\"NOTE\") values ('1','it''s\r\nsecond, line')");
        assertThat(insert.sqlUndo()).isEqualTo("delete from \"OE\".\"ORDERS\" where \"ID\" = '1'");
        assertThat(insert.xid()).isEqualTo(new Xid(10, 12, 572));
        assertThat(insert.rsId()).isEqualTo(" 0x0002a7.000013f5.0010 ");
        assertThat(insert.dataObj()).isEqualTo(74001L);
        assertThat(insert.segOwner()).isEqualTo("OE");
        assertThat(insert.log()).isEqualTo(LOG.id());
        assertThat(insert.timestamp()).isEqualTo("2026-02-28 13:45:59");
        assertThat(records.get(0).info()).isNull();
        assertThat(records.get(0).dataObj()).isNull();
        assertThat(records.get(0).sqlUndo()).isNull();
        assertThat(records.get(2).op().endsTransaction()).isTrue();
    }

    @Test
    void joinsCsfContinuationRowsIntoTheFirstRowsRecord() throws IOException {
        Path file = write("1_42.csv", HEADER
                + "1001,2026-02-28 13:45:59,1,0A000C003C020000,INSERT,1,0,0,,OE,ORDERS,74001,AAAR1,\" 0x01 \",0,1,"
                + "\"insert into \"\"OE\"\".\"\"ORDERS\"\"(\"\"NOTE\"\") values ('aaa\",\"delete from \"\"OE\"\"\"\r\n"
                + "1001,2026-02-28 13:45:59,1,0A000C003C020000,INSERT,1,0,0,,OE,ORDERS,74001,AAAR1,\" 0x01 \",0,1,"
                + "\"bbb\nccc\",\r\n"
                + "1001,2026-02-28 13:45:59,1,0A000C003C020000,INSERT,1,0,0,,OE,ORDERS,74001,AAAR1,\" 0x01 \",0,0,"
                + "ddd')\",\".\"\"ORDERS\"\"\"\r\n"
                + "1004,2026-02-28 13:46:00,1,0A000C003C020000,COMMIT,7,0,0,,,,,,\" 0x02 \",0,0,commit,\r\n");

        List<RedoRecord> records = readAll(file);

        assertThat(records).hasSize(2);
        assertThat(records.get(0).sqlRedo()).isEqualTo("insert into \"OE\".\"ORDERS\"(\"NOTE\") values ('aaabbb\ncccddd')\"");
        assertThat(records.get(0).sqlUndo()).isEqualTo("delete from \"OE\".\"ORDERS\"");
        assertThat(records.get(0).line()).isEqualTo(2);
        assertThat(records.get(1).index()).isEqualTo(1);
        assertThat(records.get(1).line()).isEqualTo(6);
    }

    @Test
    void readsGzipContentsWrittenByTheTestDirectoryWithCsfSplits() throws IOException {
        TestRedoDirectory redo = TestRedoDirectory.create(dir);
        String longInsert = "insert into \"OE\".\"ORDERS\"(\"NOTE\") values ('" + "x".repeat(50) + "\n" + "y".repeat(30) + "')";
        List<RedoRecord> expected = redo.addLog(LOG, List.of(
                record(1001, 1, "0A000C003C020000", 6, "set transaction read write", null),
                record(1002, 1, "0A000C003C020000", 1, longInsert, "delete from \"OE\".\"ORDERS\" where \"ID\" = '1'"),
                record(1003, 1, "0A000C003C020000", 7, "commit", null)), 16, true);

        Path file = dir.resolve("contents/1_42_1029337344.csv.gz");
        assertThat(file).exists();
        assertThat(readAll(file)).containsExactlyElementsOf(expected);
        assertThat(expected.get(2).line()).isGreaterThan(expected.get(1).line() + 3);
    }

    @Test
    void skipsACountOfRecordsAndContinuesWithTheNextIndex() throws IOException {
        TestRedoDirectory redo = TestRedoDirectory.create(dir);
        List<RedoRecord> records = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            records.add(record(1001 + i, 1, "0A000C003C020000", 1, "insert number " + i + " " + "z".repeat(i * 5), null));
        }
        List<RedoRecord> expected = redo.addLog(LOG, records, 12, false);
        Path file = dir.resolve("contents/1_42_1029337344.csv");

        try (LogContentsReader reader = ContentsCsvReader.open(file, LOG)) {
            reader.skipTo(ResumePoint.afterRecords(7));
            assertThat(reader.next()).isEqualTo(expected.get(7));
        }
        try (LogContentsReader reader = ContentsCsvReader.open(file, LOG)) {
            assertThatThrownBy(() -> reader.skipTo(ResumePoint.afterRecords(11))).isInstanceOf(RedoInputException.class)
                    .hasMessageContaining("contents file " + file).hasMessageContaining("the log ends after 10 records");
        }
    }

    /**
     * The file is written again (re-mined) with one more row before the resume point and the statements split over
     * CSF rows, each row carrying its record's RS_ID and SSN: Oracle Database Reference 19c, V$LOGMNR_CONTENTS, says
     * (RS_ID, SSN) identifies a logical row change, shown as one or more rows when a statement does not fit SQL_REDO
     * or SQL_UNDO, CSF=1 marking the rows that continue.
     */
    @Test
    void resumesAfterTheSameRowChangeInAReReadFileWithAnExtraRowAndJoinedCsfStatements() throws IOException {
        List<RedoRecord> records = TestRedoDirectory.insertsWithRsIds(42, 1001, 5);
        TestRedoDirectory redo = TestRedoDirectory.create(dir);
        List<RedoRecord> firstRead = redo.addLog(LOG, records, 0, false);
        ResumePoint point = ResumePoint.START.after(firstRead.get(0)).after(firstRead.get(1)).after(firstRead.get(2));

        List<RedoRecord> reMined = new ArrayList<>(records);
        reMined.add(1, withRowChange(record(1001, 1, "0A000C003C020000", 1, "insert extra", null),
                " 0x00002a.00000002.0088 ", 0));
        List<RedoRecord> secondRead = redo.addLog(LOG, reMined, 12, false);
        assertThat(secondRead.get(3).line()).as("record 2 spans CSF rows now").isGreaterThan(secondRead.get(2).line() + 2);

        try (LogContentsReader reader = ContentsCsvReader.open(dir.resolve("contents/1_42_1029337344.csv"), LOG)) {
            reader.skipTo(point);
            RedoRecord next = reader.next();
            assertThat(next.sqlRedo()).as("a count of 3 would repeat record 2").isEqualTo(records.get(3).sqlRedo());
            assertThat(next.index()).as("numbered on from the point").isEqualTo(3);
            assertThat(next.line()).isEqualTo(secondRead.get(4).line());
            assertThat(reader.next().index()).isEqualTo(4);
            assertThat(reader.next()).isNull();
        }
    }

    @Test
    void missingRequiredColumnIsNamed() throws IOException {
        Path file = write("f.csv", HEADER.replace("SSN,", "") + "1,,1,0A000C003C020000,X,0,0,0,,,,,,,0,x,\r\n");
        assertThatThrownBy(() -> readAll(file))
                .isInstanceOf(RedoInputException.class)
                .hasMessageContaining(file + " line 1: missing required column SSN");
    }

    @Test
    void extraColumnsAreIgnoredAndColumnsAreFoundByName() throws IOException {
        Path file = write("f.csv", "EXTRA,SQL_UNDO,SQL_REDO,CSF,SSN,RS_ID,ROW_ID,DATA_OBJ#,TABLE_NAME,SEG_OWNER,INFO,"
                + "STATUS,ROLLBACK,OPERATION_CODE,OPERATION,XID,THREAD#,TIMESTAMP,SCN\n"
                + "ignored,,commit,0,5,\" 0x1 \",,,,,,0,0,7,COMMIT,0A000C003C020000,1,2026-01-01 00:00:00,1500\n");
        RedoRecord commit = readAll(file).get(0);
        assertThat(commit.scn()).isEqualTo(1500);
        assertThat(commit.ssn()).isEqualTo(5);
        assertThat(commit.sqlRedo()).isEqualTo("commit");
    }

    @Test
    void unclosedQuoteIsATruncatedFileAtTheLineWhereTheRowStarts() throws IOException {
        Path file = write("f.csv", HEADER
                + "1001,2026-02-28 13:45:59,1,0A000C003C020000,START,6,0,0,,,,,,\" 0x1 \",0,0,set transaction,\r\n"
                + "1002,2026-02-28 13:45:59,1,0A000C003C020000,INSERT,1,0,0,,OE,T,1,R,\" 0x2 \",0,0,\"insert into\r\nabc");
        assertThatThrownBy(() -> readAll(file))
                .isInstanceOf(RedoInputException.class)
                .hasMessageContaining(file + " line 3: quoted field is not closed");
    }

    /**
     * A file cut right after a line break inside the quoted last column: the column count and the final line break
     * both look right, and FastCSV closes such a field as if it were whole (its issue 173), so only the end-of-file
     * check catches it.
     */
    @Test
    void fileCutAfterALineBreakInsideTheQuotedLastColumnIsTruncated() throws IOException {
        String start = "1001,2026-02-28 13:45:59,1,0A000C003C020000,START,6,0,0,,,,,,\" 0x1 \",0,0,set transaction,\r\n";
        String insert = "1002,2026-02-28 13:45:59,1,0A000C003C020000,INSERT,1,0,0,,OE,T,1,R,\" 0x2 \",0,0,"
                + "\"insert into \"\"OE\"\".\"\"T\"\"(\"\"C\"\") values ('a\r\nb');\",\"delete from \"\"OE\"\".\"\"T\"\" where\r\n";
        for (String cut : new String[] {insert, insert.replace("\r\n", "\n"), insert.replace("where\r\n", "where\"\"\r\n")}) {
            Path file = write("cut.csv", HEADER + start + cut);
            assertThatThrownBy(() -> readAll(file))
                    .isInstanceOf(RedoInputException.class)
                    .hasMessageContaining(file + " line 3: quoted field is not closed before the end of the file");
        }
        Path whole = write("whole.csv", HEADER + start + insert.replace("where\r\n", "where\r\n\"\r\n"));
        assertThat(readAll(whole).get(1).sqlUndo()).isEqualTo("delete from \"OE\".\"T\" where\r\n");
        Path closedButUnterminated = write("closed.csv", HEADER + start + insert.replace("where\r\n", "where\""));
        assertThatThrownBy(() -> readAll(closedButUnterminated))
                .hasMessageContaining(closedButUnterminated + " line 3: last row is not terminated by a line break");
    }

    @Test
    void textAfterAClosingQuoteIsMalformed() throws IOException {
        Path file = write("f.csv", HEADER
                + "1001,2026-02-28 13:45:59,1,0A000C003C020000,START,6,0,0,,,,,,\" 0x1 \"x,0,0,set transaction,\r\n");
        assertThatThrownBy(() -> readAll(file))
                .isInstanceOf(RedoInputException.class)
                .hasMessageContaining(file + " line 2: malformed RFC 4180 CSV");
    }

    @Test
    void csfOnTheLastRowIsATruncatedFile() throws IOException {
        Path file = write("f.csv", HEADER
                + "1001,2026-02-28 13:45:59,1,0A000C003C020000,START,6,0,0,,,,,,\" 0x1 \",0,0,set transaction,\r\n"
                + "1002,2026-02-28 13:45:59,1,0A000C003C020000,INSERT,1,0,0,,OE,T,1,R,\" 0x2 \",0,1,insert into,\r\n");
        assertThatThrownBy(() -> readAll(file))
                .isInstanceOf(RedoInputException.class)
                .hasMessageContaining(file + " line 3: CSF=1")
                .hasMessageContaining("the file ends");
        try (LogContentsReader reader = ContentsCsvReader.open(file, LOG)) {
            assertThatThrownBy(() -> reader.skipTo(ResumePoint.afterRecords(2)))
                    .hasMessageContaining(file + " line 3: CSF=1");
        }
    }

    @Test
    void rowWithTheWrongColumnCountIsAnError() throws IOException {
        Path file = write("f.csv", HEADER
                + "1001,2026-02-28 13:45:59,1,0A000C003C020000,START,6,0,0,,,,,,\" 0x1 \",0,0,set transaction,\r\n"
                + "1002,2026-02-28 13:45:59,1,0A000C003C020000,INSERT\r\n");
        assertThatThrownBy(() -> readAll(file))
                .isInstanceOf(RedoInputException.class)
                .hasMessageContaining(file + " line 3: expected 18 columns as in the header, got 5");
    }

    @Test
    void lastRowWithoutLineBreakIsATruncatedFile() throws IOException {
        Path file = write("f.csv", HEADER
                + "1001,2026-02-28 13:45:59,1,0A000C003C020000,START,6,0,0,,,,,,\" 0x1 \",0,0,set transaction,\r\n"
                + "1002,2026-02-28 13:45:59,1,0A000C003C020000,COMMIT,7,0,0,,,,,,\" 0x1 \",0,0,com,");
        assertThatThrownBy(() -> readAll(file))
                .isInstanceOf(RedoInputException.class)
                .hasMessageContaining(file + " line 3: last row is not terminated by a line break");
    }

    @Test
    void blankLinesMayOnlyEndTheFile() throws IOException {
        String row = "1001,2026-02-28 13:45:59,1,0A000C003C020000,START,6,0,0,,,,,,\" 0x1 \",0,0,set transaction,\r\n";
        assertThat(readAll(write("ok.csv", HEADER + row + "\r\n\r\n"))).hasSize(1);
        Path bad = write("bad.csv", HEADER + row + "\r\n" + row);
        assertThatThrownBy(() -> readAll(bad)).hasMessageContaining(bad + " line 3: blank line");
    }

    @Test
    void malformedValuesNameColumnLineAndExpectation() throws IOException {
        String good = "1001,2026-02-28 13:45:59,1,0A000C003C020000,START,6,0,0,,,,,,\" 0x1 \",0,0,set transaction,\r\n";
        assertError(HEADER + good + good.replace("1001,", "10x1,"), "line 3: column SCN: expected a decimal integer, got '10x1'");
        assertError(HEADER + good.replace("0A000C003C020000", "0A000C"), "line 2: column XID: expected 16 hex digits");
        assertError(HEADER + good.replace("13:45:59", "25:45:59"), "line 2: column TIMESTAMP: expected 'YYYY-MM-DD HH24:MI:SS', got '2026-02-28 25:45:59'");
        assertError(HEADER + good.replace(",0,0,set", ",0,2,set"), "line 2: column CSF: expected 0 or 1, got '2'");
        assertError(HEADER + good.replace("0A000C003C020000,START", "0A000C003C020000,START").replaceFirst(",1,0A", ",2,0A"),
                "line 2: column THREAD#: expected THREAD# 1 of log 1_42_1029337344, got '2'");
        assertError("", "line 1: expected a header row");
    }

    @Test
    void invalidUtf8AndBrokenGzipAreErrorsNamingTheFile() throws IOException {
        Path latin1 = dir.resolve("latin1.csv");
        Files.write(latin1, (HEADER + "1001,2026-02-28 13:45:59,1,0A000C003C020000,START,6,0,0,,,,,,x,0,0,caf\u00e9,\r\n")
                .getBytes(StandardCharsets.ISO_8859_1));
        assertThatThrownBy(() -> readAll(latin1)).hasMessageContaining(latin1 + " at or after line 1: not valid UTF-8");

        Path gz = dir.resolve("cut.csv.gz");
        byte[] full;
        try (var bytes = new java.io.ByteArrayOutputStream(); OutputStream out = new GZIPOutputStream(bytes)) {
            out.write((HEADER + "1001,2026-02-28 13:45:59,1,0A000C003C020000,START,6,0,0,,,,,,x,0,0,set,\r\n".repeat(50))
                    .getBytes(StandardCharsets.UTF_8));
            out.close();
            full = bytes.toByteArray();
        }
        Files.write(gz, java.util.Arrays.copyOf(full, full.length / 2));
        assertThatThrownBy(() -> readAll(gz)).isInstanceOf(RedoInputException.class).hasMessageContaining(gz.toString())
                .hasMessageContaining("truncated .gz file");
    }

    private void assertError(String text, String expected) throws IOException {
        Path file = write("bad-" + Math.abs(text.hashCode()) + ".csv", text);
        assertThatThrownBy(() -> readAll(file))
                .isInstanceOf(RedoInputException.class)
                .hasMessageContaining(file + " " + expected);
    }

    private Path write(String name, String text) throws IOException {
        Path file = dir.resolve(name);
        Files.writeString(file, text);
        return file;
    }

    private static List<RedoRecord> readAll(Path file) throws IOException {
        List<RedoRecord> records = new ArrayList<>();
        try (LogContentsReader reader = ContentsCsvReader.open(file, LOG)) {
            RedoRecord record;
            while ((record = reader.next()) != null) {
                records.add(record);
            }
        }
        return records;
    }

}
