package io.redocdc.source.files;

import static io.redocdc.source.testing.TestRedoDirectory.log;
import static io.redocdc.source.testing.TestRedoDirectory.record;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.redocdc.source.catalog.LogContentsReader;
import io.redocdc.source.catalog.RedoInputException;
import io.redocdc.source.model.ArchivedLog;
import io.redocdc.source.model.RedoRecord;
import io.redocdc.source.model.Scn;
import io.redocdc.source.model.ThreadSequence;
import io.redocdc.source.testing.TestRedoDirectory;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RedoDirectoryTest {

    private static final String CATALOG_HEADER =
            "THREAD#,SEQUENCE#,RESETLOGS_ID,FIRST_CHANGE#,NEXT_CHANGE#,FIRST_TIME,NEXT_TIME,NAME,DICTIONARY_BEGIN,DICTIONARY_END\n";

    @TempDir
    Path dir;

    @Test
    void aLogIsAvailableOnceBothItsRowAndItsContentsExist() throws IOException {
        TestRedoDirectory redo = TestRedoDirectory.create(dir);
        ArchivedLog complete = log(1, 19640, 1029337344L, 73688099480L, 73690669482L);
        ArchivedLog rowOnly = log(1, 19641, 1029337344L, 73690669482L, 73690670319L);
        redo.addLog(complete, List.of(record(73688099481L, 1, "0A000C003C020000", 7, "commit", null)));
        redo.addCatalogRow(rowOnly);
        redo.writeContents(new ThreadSequence(2, 18701, 1029337344L), "SCN\n", false);

        assertThat(new RedoDirectory(dir).listAvailableLogs()).containsExactly(complete);
    }

    @Test
    void parsesCatalogColumnsByNameIgnoringExtraColumns() throws IOException {
        Files.createDirectories(dir.resolve("contents"));
        Files.writeString(dir.resolve("contents/2_18701_1029337344.csv.gz"), "");
        Files.writeString(dir.resolve("archived_logs.csv"), "NAME,DICTIONARY_END,DICTIONARY_BEGIN,BYTES,NEXT_TIME,"
                + "FIRST_TIME,NEXT_CHANGE#,FIRST_CHANGE#,RESETLOGS_ID,SEQUENCE#,THREAD#\n"
                + "/app/oracle/oradata/arch/2_18701_1029337344.dbf,NO,YES,264704,2022-12-01 06:37:12,"
                + "2022-12-01 06:36:53,73690670437,73690669387,1029337344,18701,2\n");

        assertThat(new RedoDirectory(dir).listAvailableLogs()).containsExactly(new ArchivedLog(
                new ThreadSequence(2, 18701, 1029337344L), Scn.of(73690669387L), Scn.of(73690670437L),
                LocalDateTime.of(2022, 12, 1, 6, 36, 53), LocalDateTime.of(2022, 12, 1, 6, 37, 12),
                "/app/oracle/oradata/arch/2_18701_1029337344.dbf", true, false));
    }

    @Test
    void duplicateRowsOfOneLogCollapseWhenTheirRangesAgree() throws IOException {
        contents("1_91098_1014585229");
        catalog("1,91098,1014585229,100,200,2020-01-01 00:00:00,2020-01-01 00:10:00,/archive/A/1_91098.arc,NO,NO\n"
                + "1,91098,1014585229,100,200,2020-01-01 00:00:00,2020-01-01 00:10:00,/archive/B/1_91098.arc,NO,NO\n");

        List<ArchivedLog> logs = new RedoDirectory(dir).listAvailableLogs();
        assertThat(logs).hasSize(1);
        assertThat(logs.get(0).name()).isEqualTo("/archive/A/1_91098.arc");
    }

    @Test
    void duplicateRowsWithDifferentRangesAreAnErrorNamingBothLines() throws IOException {
        contents("1_91098_1014585229");
        catalog("1,91098,1014585229,100,200,2020-01-01 00:00:00,2020-01-01 00:10:00,/a,NO,NO\n"
                + "1,91099,1014585229,200,300,2020-01-01 00:10:00,2020-01-01 00:20:00,/b,NO,NO\n"
                + "1,91098,1014585229,100,250,2020-01-01 00:00:00,2020-01-01 00:10:00,/c,NO,NO\n");

        assertThatThrownBy(() -> new RedoDirectory(dir).listAvailableLogs())
                .isInstanceOf(RedoInputException.class)
                .hasMessageContaining(dir.resolve("archived_logs.csv") + " line 4: thread 1 sequence 91098")
                .hasMessageContaining("but line 2 lists it with 100 and 200");
    }

    @Test
    void malformedCatalogRowsNameFileLineAndExpectation() throws IOException {
        contents("1_1_5");
        Path file = dir.resolve("archived_logs.csv");
        assertCatalogError("1,1,5,100,200,2020-01-01,2020-01-01 00:10:00,/a,NO,NO\n",
                file + " line 2: column FIRST_TIME: expected a date-time 'YYYY-MM-DD HH24:MI:SS', got '2020-01-01'");
        assertCatalogError("1,1,5,100,200,2020-01-01 00:00:00,2020-01-01 00:10:00,/a,N,NO\n",
                file + " line 2: column DICTIONARY_BEGIN: expected YES or NO, got 'N'");
        assertCatalogError("1,1,5,300,200,2020-01-01 00:00:00,2020-01-01 00:10:00,/a,NO,NO\n",
                file + " line 2: thread 1 sequence 1 (resetlogs 5): expected FIRST_CHANGE# below NEXT_CHANGE#, got 300 and 200");
        assertCatalogError("0,1,5,100,200,2020-01-01 00:00:00,2020-01-01 00:10:00,/a,NO,NO\n",
                file + " line 2: expected THREAD# >= 1");
        Files.writeString(file, CATALOG_HEADER.replace("NEXT_CHANGE#,", ""));
        assertThatThrownBy(() -> new RedoDirectory(dir).listAvailableLogs())
                .hasMessageContaining(file + " line 1: missing required column NEXT_CHANGE#");
    }

    @Test
    void twoContentsFilesForOneLogAreAnError() throws IOException {
        contents("1_1_5");
        Files.writeString(dir.resolve("contents/1_1_5.csv.gz"), "");
        catalog("1,1,5,100,200,2020-01-01 00:00:00,2020-01-01 00:10:00,/a,NO,NO\n");
        assertThatThrownBy(() -> new RedoDirectory(dir).listAvailableLogs())
                .hasMessageContaining("1_1_5.csv")
                .hasMessageContaining("expected exactly one contents file per log");
    }

    @Test
    void opensContentsOfAListedLogAndNamesAMissingFile() throws IOException {
        TestRedoDirectory redo = TestRedoDirectory.create(dir);
        ArchivedLog log = log(1, 7, 5, 100, 200);
        List<RedoRecord> written = redo.addLog(log, List.of(record(150, 1, "0A000C003C020000", 7, "commit", null)));
        RedoDirectory directory = new RedoDirectory(dir);

        try (LogContentsReader reader = directory.openContents(log)) {
            assertThat(reader.next()).isEqualTo(written.get(0));
            assertThat(reader.next()).isNull();
        }
        assertThatThrownBy(() -> directory.openContents(log(1, 8, 5, 200, 300)))
                .isInstanceOf(RedoInputException.class)
                .hasMessageContaining("1_8_5.csv[.gz] of thread 1 sequence 8 (resetlogs 5) is missing in redo directory");
    }

    @Test
    void isSerializableForShippingToTasks() throws Exception {
        RedoDirectory directory = new RedoDirectory(dir);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(directory);
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            RedoDirectory copy = (RedoDirectory) in.readObject();
            assertThat(copy.path()).isEqualTo(directory.path());
            assertThat(copy.description()).isEqualTo("redo directory " + dir.toAbsolutePath());
        }
    }

    private void assertCatalogError(String rows, String expected) throws IOException {
        catalog(rows);
        assertThatThrownBy(() -> new RedoDirectory(dir).listAvailableLogs())
                .isInstanceOf(RedoInputException.class)
                .hasMessageContaining(expected);
    }

    private void catalog(String rows) throws IOException {
        Files.writeString(dir.resolve("archived_logs.csv"), CATALOG_HEADER + rows);
    }

    private void contents(String stem) throws IOException {
        Files.createDirectories(dir.resolve("contents"));
        Files.writeString(dir.resolve("contents/" + stem + ".csv"), "");
    }
}
