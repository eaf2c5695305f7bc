package io.redocdc.tools.export;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.redocdc.source.catalog.LogContentsReader;
import io.redocdc.source.files.RedoDirectory;
import io.redocdc.source.files.RedoDirectoryWriter;
import io.redocdc.source.model.ArchivedLog;
import io.redocdc.source.model.RedoRecord;
import io.redocdc.source.model.Scn;
import io.redocdc.tools.simulate.SimulationSettings;
import io.redocdc.tools.simulate.WorkloadSimulator;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The exporter on a simulated 2-thread redo directory as its input catalog. */
class LogExporterTest {

    @TempDir
    static Path simulated;

    @TempDir
    Path out;

    static RedoDirectory input;
    static List<ArchivedLog> all;

    @BeforeAll
    static void simulate() throws IOException {
        WorkloadSimulator.write(simulated, SimulationSettings.defaults().withSeed(3).withThreads(2)
                .withTransactions(60).withRowsPerLog(60).withLongTransactions(1)
                // logs of 60 file rows: a LOB statement's CSF pieces could fill one with fewer than 6 records
                .withLobRatio(0));
        input = new RedoDirectory(simulated.resolve("redo"));
        all = input.listAvailableLogs().stream()
                .sorted(Comparator.comparing(ArchivedLog::firstChange)).toList();
        assertThat(all.stream().filter(log -> log.id().thread() == 1).count()).isGreaterThanOrEqualTo(3);
    }

    @Test
    void exportsEveryLogSoThatItReadsBackAsTheSameRecords() throws IOException {
        ExportSummary summary = export(new ShowingCatalog(input), ExportSettings.once(ExportStart.oldest()));

        RedoDirectory exported = new RedoDirectory(out);
        assertThat(exported.listAvailableLogs()).containsExactlyInAnyOrderElementsOf(all);
        long rows = 0;
        for (ArchivedLog log : all) {
            List<RedoRecord> expected = records(input, log);
            assertThat(records(exported, log)).as(log.id().toString()).isEqualTo(expected);
            rows += expected.size();
        }
        assertThat(summary.logs()).isEqualTo(all.size());
        assertThat(summary.rows()).isEqualTo(rows);
        assertThat(summary.stopped()).isFalse();
    }

    @Test
    void aRerunExportsNothingAndWritesNoCatalogRowTwice() throws IOException {
        export(new ShowingCatalog(input), ExportSettings.once(ExportStart.oldest()));
        String catalog = Files.readString(out.resolve("archived_logs.csv"));

        ExportSummary again = export(new ShowingCatalog(input), ExportSettings.once(ExportStart.oldest()));

        assertThat(again.logs()).isZero();
        assertThat(Files.readString(out.resolve("archived_logs.csv"))).isEqualTo(catalog);
        assertThat(catalog.lines().count()).isEqualTo(1 + all.size());
    }

    @Test
    void aLaterRunResumesAfterTheLastExportedLogOfEachThread() throws IOException {
        Scn half = all.get(all.size() / 2).firstChange();
        ShowingCatalog catalog = new ShowingCatalog(input).show(log -> log.firstChange().isBefore(half));
        int firstRun = export(catalog, ExportSettings.once(ExportStart.oldest())).logs();

        // the oldest logs are purged meanwhile, and the start given now would skip logs: resuming wins
        Scn purgedBefore = all.get(1).nextChange();
        catalog.show(log -> purgedBefore.isBefore(log.nextChange()));
        ExportSummary secondRun = export(catalog, ExportSettings.once(new ExportStart.FromScn(all.get(all.size() - 1)
                .firstChange())));

        assertThat(firstRun + secondRun.logs()).isEqualTo(all.size());
        assertThat(new RedoDirectory(out).listAvailableLogs()).containsExactlyInAnyOrderElementsOf(all);
    }

    @Test
    void aMissingSequenceStopsTheExportNamingItBeforeAnythingIsWritten() throws IOException {
        ArchivedLog missing = secondLogOfThread(1);
        ShowingCatalog catalog = new ShowingCatalog(input).show(log -> !log.equals(missing));

        assertThatThrownBy(() -> export(catalog, ExportSettings.once(ExportStart.oldest())))
                .isInstanceOf(ExportException.class)
                .hasMessageStartingWith("thread 1 sequence " + missing.id().sequence() + " (resetlogs "
                        + missing.id().resetlogsId() + ") is missing: the catalog lists sequence "
                        + (missing.id().sequence() + 1) + " next")
                .hasMessageContaining("in test catalog over redo directory");
        assertThat(new RedoDirectory(out).listAvailableLogs()).isEmpty();
    }

    @Test
    void followingExportsLogsArchivedMeanwhileAndWaitsForAMissingSequence() throws IOException {
        ArchivedLog last = all.get(all.size() - 1);
        ArchivedLog late = secondLogOfThread(1);
        ShowingCatalog catalog = new ShowingCatalog(input).show(log -> !log.equals(last) && !log.equals(late));
        AtomicInteger polls = new AtomicInteger();
        LogExporter.FollowPause pause = interval -> {
            assertThat(interval).isEqualTo(Duration.ofMillis(5));
            switch (polls.incrementAndGet()) {
                case 1 -> {
                    assertThat(listed(out)).doesNotContain(late, last).isNotEmpty();
                    catalog.show(log -> !log.equals(last)); // the missing sequence gets archived
                }
                case 2 -> catalog.show(log -> true); // a new log is archived
                default -> {
                    return false; // the test's stop
                }
            }
            return true;
        };

        ExportSummary summary;
        try (RedoDirectoryWriter writer = RedoDirectoryWriter.open(out, false)) {
            summary = new LogExporter(catalog, writer, ExportSettings.once(ExportStart.oldest())
                    .following(Duration.ofMillis(5)), new StopSignal(), pause).run();
        }

        assertThat(polls).hasValue(3);
        assertThat(summary.stopped()).isTrue();
        assertThat(new RedoDirectory(out).listAvailableLogs()).containsExactlyInAnyOrderElementsOf(all);
    }

    @Test
    void followingFailsWhenAMissingSequenceDoesNotTurnUpInTime() {
        ArchivedLog missing = secondLogOfThread(1);
        ShowingCatalog catalog = new ShowingCatalog(input).show(log -> !log.equals(missing));
        ExportSettings settings = ExportSettings.once(ExportStart.oldest()).following(Duration.ofMillis(1))
                .withGapTimeout(Duration.ofMillis(50));

        assertThatThrownBy(() -> export(catalog, settings))
                .isInstanceOf(ExportException.class)
                .hasMessageContaining("thread 1 sequence " + missing.id().sequence())
                .hasMessageContaining("still after PT0.05S");
    }

    @Test
    void followingWithAnEndScnEndsOnceEveryThreadPassedIt() throws IOException {
        Scn end = all.get(2).firstChange();
        ExportSummary summary = export(new ShowingCatalog(input),
                ExportSettings.once(ExportStart.oldest()).following(Duration.ofHours(1)).upTo(end));

        assertThat(summary.stopped()).isFalse();
        assertThat(new RedoDirectory(out).listAvailableLogs()).containsExactlyInAnyOrderElementsOf(
                all.stream().filter(log -> !end.isBefore(log.firstChange())).toList());
    }

    @Test
    void startingAtASequenceTakesEveryThreadFromWhereThatLogBegins() throws IOException {
        ArchivedLog from = secondLogOfThread(1);
        export(new ShowingCatalog(input), ExportSettings.once(new ExportStart.FromSequence(1, from.id().sequence())));

        assertThat(new RedoDirectory(out).listAvailableLogs()).containsExactlyInAnyOrderElementsOf(
                all.stream().filter(log -> from.firstChange().isBefore(log.nextChange())).toList());
        assertThatThrownBy(() -> export(new ShowingCatalog(input).show(log -> false),
                ExportSettings.once(new ExportStart.FromSequence(1, 999_999))))
                .isInstanceOf(ExportException.class)
                .hasMessageStartingWith("start thread 1 sequence 999999 is not listed in test catalog over redo "
                        + "directory");
    }

    @Test
    void aLogIsVisibleOnlyComplete() throws IOException {
        List<String> checked = new ArrayList<>();
        Map<ArchivedLog, Integer> sizes = new HashMap<>();
        for (ArchivedLog log : all) {
            sizes.put(log, records(input, log).size());
        }
        ShowingCatalog catalog = new ShowingCatalog(input).onRecord((log, index) -> {
            // Mid-log: the 6th record, or the last of a shorter log (the last log of a thread can be short).
            if (index == Math.min(5, sizes.get(log) - 1)) {
                try {
                    RedoDirectory partial = new RedoDirectory(out);
                    assertThat(partial.listAvailableLogs()).doesNotContain(log);
                    for (ArchivedLog visible : partial.listAvailableLogs()) {
                        assertThat(records(partial, visible)).isEqualTo(records(input, visible));
                    }
                    checked.add(log.id().fileStem());
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        });
        export(catalog, ExportSettings.once(ExportStart.oldest()));
        assertThat(checked).hasSize(all.size());
    }

    @Test
    void aStopRequestDiscardsTheUnfinishedLog() throws IOException {
        StopSignal stop = new StopSignal();
        ArchivedLog third = all.get(2);
        ShowingCatalog catalog = new ShowingCatalog(input).onRecord((log, index) -> {
            if (log.equals(third) && index == 10) {
                stop.request();
            }
        });
        ExportSummary summary;
        try (RedoDirectoryWriter writer = RedoDirectoryWriter.open(out, true)) {
            summary = new LogExporter(catalog, writer, ExportSettings.once(ExportStart.oldest()), stop).run();
        }

        assertThat(summary.stopped()).isTrue();
        assertThat(summary.logs()).isEqualTo(2);
        assertThat(new RedoDirectory(out).listAvailableLogs()).containsExactlyInAnyOrder(all.get(0), all.get(1));
        try (Stream<Path> files = Files.list(out.resolve("contents"))) {
            assertThat(files.map(file -> file.getFileName().toString()))
                    .containsExactlyInAnyOrder(all.get(0).id().fileStem() + ".csv.gz",
                            all.get(1).id().fileStem() + ".csv.gz");
        }
    }

    private ExportSummary export(ShowingCatalog catalog, ExportSettings settings) throws IOException {
        try (RedoDirectoryWriter writer = RedoDirectoryWriter.open(out, false)) {
            return new LogExporter(catalog, writer, settings, new StopSignal()).run();
        }
    }

    private static List<ArchivedLog> listed(Path directory) {
        try {
            return new RedoDirectory(directory).listAvailableLogs();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static ArchivedLog secondLogOfThread(int thread) {
        return all.stream().filter(log -> log.id().thread() == thread)
                .sorted(Comparator.comparing(ArchivedLog::id)).skip(1).findFirst().orElseThrow();
    }

    /** The records of a log, without the file line numbers (which depend on CSF splitting). */
    private static List<RedoRecord> records(RedoDirectory directory, ArchivedLog log) throws IOException {
        List<RedoRecord> records = new ArrayList<>();
        try (LogContentsReader reader = directory.openContents(log)) {
            RedoRecord r;
            while ((r = reader.next()) != null) {
                records.add(new RedoRecord(r.scn(), r.timestamp(), r.thread(), r.xid(), r.operation(),
                        r.operationCode(), r.rollback(), r.status(), r.info(), r.container(), r.segOwner(), r.tableName(),
                        r.dataObj(), r.rowId(), r.rsId(), r.ssn(), r.sqlRedo(), r.sqlUndo(), r.log(), r.index(), 0));
            }
        }
        return records;
    }
}
