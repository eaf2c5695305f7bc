package io.redocdc.source.files;

import static io.redocdc.source.testing.TestRedoDirectory.log;
import static io.redocdc.source.testing.TestRedoDirectory.record;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.redocdc.source.catalog.LogContentsReader;
import io.redocdc.source.model.ArchivedLog;
import io.redocdc.source.model.RedoRecord;
import io.redocdc.source.model.ResumePoint;
import io.redocdc.source.model.Xid;
import io.redocdc.source.testing.TestRedoDirectory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class RedoDirectoryWriterTest {

    private static final ArchivedLog T1_S7 = log(1, 7, 1029337344L, 1000, 2000);
    private static final ArchivedLog T1_S8 = log(1, 8, 1029337344L, 2000, 3000);
    private static final ArchivedLog T2_S3 = log(2, 3, 1029337344L, 1500, 2600);

    @TempDir
    Path tmp;

    @ParameterizedTest(name = "gzip {0}")
    @ValueSource(booleans = {false, true})
    void exportedDirectoryReadsBackAsTheSameRecords(boolean gzip) throws IOException {
        RedoDirectory input = sampleInput();
        try (RedoDirectoryWriter writer = RedoDirectoryWriter.open(tmp.resolve("out"), gzip)) {
            for (ArchivedLog log : input.listAvailableLogs()) {
                try (LogContentsReader contents = input.openContents(log)) {
                    writer.write(log, contents);
                }
            }
        }

        RedoDirectory output = new RedoDirectory(tmp.resolve("out"));
        assertThat(output.listAvailableLogs()).containsExactlyElementsOf(input.listAvailableLogs());
        for (ArchivedLog log : input.listAvailableLogs()) {
            List<RedoRecord> expected = withoutLines(readAll(input, log));
            assertThat(expected).isNotEmpty();
            assertThat(withoutLines(readAll(output, log))).as(log.id().toString()).isEqualTo(expected);
        }
        assertThat(Files.exists(tmp.resolve("out/contents/1_7_1029337344.csv" + (gzip ? ".gz" : "")))).isTrue();
        assertThat(readAll(output, T1_S7)).as("SRC_CON_NAME written and read back, NULL where the row had none")
                .extracting(RedoRecord::container).containsExactly(null, null, "ORCLPDB1", null);
    }

    @Test
    void logsWrittenWithoutTheUndoMarkerDeclarationKeepTheDirectoryFromDeclaringIt() throws IOException {
        RedoDirectory input = sampleInput();
        try (RedoDirectoryWriter writer = RedoDirectoryWriter.open(tmp.resolve("out"), false)) {
            ArchivedLog log = input.listAvailableLogs().get(0);
            try (LogContentsReader contents = input.openContents(log)) {
                writer.write(log, contents);
            }
            assertThat(writer.declareUndoMarkers()).as("its first log may lack the INTERNAL rows").isFalse();
        }
        assertThat(MiningOptions.keepsUndoMarkers(tmp.resolve("out"))).isFalse();
    }

    @Test
    void joinedStatementsAreWrittenAsOneRowWithCsfZero() throws IOException {
        RedoDirectory input = sampleInput();
        try (RedoDirectoryWriter writer = RedoDirectoryWriter.open(tmp.resolve("out"), false);
             LogContentsReader contents = input.openContents(T1_S7)) {
            writer.write(T1_S7, contents);
        }
        List<String> lines = Files.readAllLines(tmp.resolve("out/contents/1_7_1029337344.csv"));
        assertThat(lines.get(0)).as("SQL*Plus quotes the header names too")
                .isEqualTo("\"" + String.join("\",\"", TestRedoDirectory.CONTENTS_HEADER) + "\",\"SRC_CON_NAME\"");
        assertThat(lines).hasSize(1 + 4 + 1).as("header, 4 records, one of them over two lines");
        assertThat(lines.get(1)).as("numbers bare, text quoted, NULL empty").isEqualTo("1001,\"2026-01-01 00:16:41\","
                + "1,\"0A000C003C020000\",\"START\",6,0,0,,,,,,\" 0x0002a7.000013f5.00e8 \",0,0,"
                + "\"set transaction read write\",,");
        assertThat(lines).filteredOn(line -> line.contains("\"INSERT\"")).singleElement()
                .satisfies(line -> assertThat(line).contains(",0,\"insert into "));
    }

    @Test
    void aPendingLogIsInvisibleAndDiscardingItLeavesNothing() throws IOException {
        RedoDirectory output = new RedoDirectory(tmp.resolve("out"));
        try (RedoDirectoryWriter writer = RedoDirectoryWriter.open(output.path(), false)) {
            writer.write(T1_S7, reader(record(1001, 1, "0A000C003C020000", 7, "commit", null)));
            String catalogBefore = Files.readString(output.catalogFile());
            try (PendingContentsFile pending = writer.begin(T1_S8)) {
                pending.append(record(2001, 1, "0A000C003C020000", 7, "commit", null));
                assertThat(output.listAvailableLogs()).containsExactly(T1_S7);
                assertThat(contentsFiles(output)).containsExactly("1_7_1029337344.csv");
            }
            assertThat(Files.readString(output.catalogFile())).isEqualTo(catalogBefore);
            assertThat(allFiles(output.contentsDirectory())).containsExactly("1_7_1029337344.csv");
            assertThat(writer.contains(T1_S8.id())).isFalse();
        }
    }

    @Test
    void theCatalogRowAppearsOnlyAfterTheContentsFile() throws IOException {
        RedoDirectory output = new RedoDirectory(tmp.resolve("out"));
        try (RedoDirectoryWriter writer = RedoDirectoryWriter.open(output.path(), false);
             PendingContentsFile pending = writer.begin(T2_S3)) {
            pending.append(record(1501, 2, "0A000C003C020000", 7, "commit", null));
            assertThat(Files.readAllLines(output.catalogFile())).hasSize(1);
            pending.commit();
            assertThat(output.listAvailableLogs()).containsExactly(T2_S3);
            assertThat(pending.rows()).isEqualTo(1);
        }
    }

    @Test
    void reopeningResumesWithoutDuplicatingCatalogRows() throws IOException {
        Path out = tmp.resolve("out");
        try (RedoDirectoryWriter writer = RedoDirectoryWriter.open(out, false)) {
            writer.write(T1_S7, reader(record(1001, 1, "0A000C003C020000", 7, "commit", null)));
        }
        // an earlier run renamed this contents file but stopped before writing its catalog row
        Files.writeString(out.resolve("contents/1_8_1029337344.csv"), "SCN\n");
        Files.writeString(out.resolve("contents/.1_9_1029337344.csv.tmp"), "half a file");

        try (RedoDirectoryWriter writer = RedoDirectoryWriter.open(out, true)) {
            assertThat(writer.logs()).containsExactly(T1_S7);
            assertThat(writer.contains(T1_S7.id())).isTrue();
            assertThat(writer.contains(T1_S8.id())).isFalse();
            assertThatThrownBy(() -> writer.begin(T1_S7)).isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("thread 1 sequence 7 (resetlogs 1029337344) is already in redo directory");
            writer.write(T1_S8, reader(record(2001, 1, "0A000C003C020000", 7, "commit", null)));
        }
        assertThat(allFiles(out.resolve("contents")))
                .containsExactlyInAnyOrder("1_7_1029337344.csv", "1_8_1029337344.csv.gz");
        assertThat(Files.readAllLines(out.resolve("archived_logs.csv"))).hasSize(3);
        assertThat(new RedoDirectory(out).listAvailableLogs()).containsExactly(T1_S7, T1_S8);
    }

    @Test
    void aSecondWriterOnTheSameDirectoryIsRefused() throws IOException {
        Path out = tmp.resolve("out");
        try (RedoDirectoryWriter first = RedoDirectoryWriter.open(out, false)) {
            assertThatThrownBy(() -> RedoDirectoryWriter.open(out, false))
                    .isInstanceOf(IOException.class)
                    .hasMessageContaining("another writer")
                    .hasMessageContaining(out.resolve(RedoDirectoryWriter.LOCK_FILE).toString());
        }
        RedoDirectoryWriter.open(out, false).close();
    }

    @Test
    void aFailingCloseAfterAFailureIsSuppressedAndTheTemporaryFileStillGoes() throws IOException {
        Path temp = Files.writeString(tmp.resolve(".pending.csv"), "partial");
        IOException original = new IOException("disk full");
        IOException closing = new IOException("close failed");
        PendingContentsFile.discard(() -> {
            throw closing;
        }, temp, original);
        assertThat(original.getSuppressed()).containsExactly(closing);
        assertThat(temp).doesNotExist();
    }

    @Test
    void aRecordOfAnotherThreadIsRejected() throws IOException {
        try (RedoDirectoryWriter writer = RedoDirectoryWriter.open(tmp.resolve("out"), false);
             PendingContentsFile pending = writer.begin(T1_S7)) {
            assertThatThrownBy(() -> pending.append(record(1001, 2, "0A000C003C020000", 7, "commit", null)))
                    .hasMessageContaining("record of thread 2")
                    .hasMessageContaining("cannot go into the contents of thread 1 sequence 7");
        }
    }

    /**
     * Two threads; a long statement split over CSF rows, a multi-line value, quotes, NULLs, a rollback row of a PDB
     * (SRC_CON_NAME) in a log whose other rows have none, and logs without that column.
     */
    private RedoDirectory sampleInput() {
        TestRedoDirectory redo = TestRedoDirectory.create(tmp.resolve("in"));
        String longInsert = "insert into \"OE\".\"ORDERS\"(\"ID\",\"NOTE\") values ('1','" + "x".repeat(300)
                + "it''s\nsecond, line')";
        RedoRecord rolledBack = record(1003, 1, "0A000C00FFFFFFFF", 2, "delete from \"OE\".\"ORDERS\" where "
                + "\"ID\" = '1'", null);
        rolledBack = new RedoRecord(rolledBack.scn(), rolledBack.timestamp(), 1, rolledBack.xid(), "DELETE", 2, true,
                0, "partial rollback", "ORCLPDB1", "OE", "ORDERS", 74001L, "AAASxxAAEAAAACXAAA", " 0x000007.00000002.0010 ", 3,
                rolledBack.sqlRedo(), rolledBack.sqlUndo(), rolledBack.log(), 0, 0);
        redo.addLog(T1_S7, List.of(
                record(1001, 1, "0A000C003C020000", 6, "set transaction read write", null),
                record(1002, 1, "0A000C003C020000", 1, longInsert, "delete from \"OE\".\"ORDERS\" where \"ID\" = '1'"),
                rolledBack,
                record(1004, 1, "0A000C003C020000", 7, "commit", null)), 100, false);
        redo.addLog(T2_S3, List.of(record(1600, 2, "0B000100AA000000", 6, "set transaction read write", null),
                record(1601, 2, "0B000100AA000000", 36, "rollback", null)), 0, true);
        redo.addLog(T1_S8, List.of(record(2001, 1, "0A000D0001000000", 6, "set transaction read write", null)));
        assertThat(rolledBack.xid()).isEqualTo(new Xid(10, 12, Xid.PARTIAL_SQN));
        return new RedoDirectory(redo.path());
    }

    private static List<RedoRecord> readAll(RedoDirectory directory, ArchivedLog log) throws IOException {
        List<RedoRecord> records = new ArrayList<>();
        try (LogContentsReader reader = directory.openContents(log)) {
            RedoRecord record;
            while ((record = reader.next()) != null) {
                records.add(record);
            }
        }
        return records;
    }

    private static List<RedoRecord> withoutLines(List<RedoRecord> records) {
        return records.stream().map(r -> new RedoRecord(r.scn(), r.timestamp(), r.thread(), r.xid(), r.operation(),
                r.operationCode(), r.rollback(), r.status(), r.info(), r.container(), r.segOwner(), r.tableName(), r.dataObj(),
                r.rowId(), r.rsId(), r.ssn(), r.sqlRedo(), r.sqlUndo(), r.log(), r.index(), 0)).toList();
    }

    private static LogContentsReader reader(RedoRecord... records) {
        return new LogContentsReader() {
            int next;

            @Override
            public RedoRecord next() {
                return next < records.length ? records[next++] : null;
            }

            @Override
            public void skipTo(ResumePoint point) {
                throw new UnsupportedOperationException();
            }

            @Override
            public void close() {
            }
        };
    }

    private static List<String> contentsFiles(RedoDirectory directory) throws IOException {
        return allFiles(directory.contentsDirectory()).stream().filter(name -> !name.startsWith(".")).toList();
    }

    private static List<String> allFiles(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(file -> file.getFileName().toString()).sorted().toList();
        }
    }
}
