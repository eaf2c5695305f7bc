package io.redocdc.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.redocdc.source.catalog.ArchivedLogCatalog;
import io.redocdc.source.files.RedoDirectory;
import io.redocdc.source.logminer.LogMinerSettings;
import io.redocdc.source.logminer.StartPosition;
import io.redocdc.source.logminer.UnsupportedTypeCheck;
import io.redocdc.source.model.ArchivedLog;
import io.redocdc.source.model.Scn;
import io.redocdc.tools.simulate.SimulationSettings;
import io.redocdc.tools.simulate.WorkloadSimulator;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Predicate;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The export command with a simulated redo directory standing in for the Oracle database. */
class ExportCommandTest {

    @TempDir
    static Path simulated;

    static List<ArchivedLog> all;

    @TempDir
    Path tmp;

    private final StringWriter err = new StringWriter();
    private final List<StartPosition> resolved = new ArrayList<>();
    private final List<LogMinerSettings> mined = new ArrayList<>();
    private Scn resolvesTo = Scn.ZERO;
    private Predicate<ArchivedLog> listed = log -> true;
    private Path out;
    private Path password;

    @BeforeAll
    static void simulate() throws IOException {
        WorkloadSimulator.write(simulated, SimulationSettings.defaults().withSeed(5).withThreads(2)
                .withTransactions(40).withRowsPerLog(60));
        all = new RedoDirectory(simulated.resolve("redo")).listAvailableLogs().stream()
                .sorted(Comparator.comparing(ArchivedLog::firstChange)).toList();
    }

    @BeforeEach
    void files() throws IOException {
        out = tmp.resolve("out");
        password = Files.writeString(tmp.resolve("password"), "s3cret\n");
    }

    @Test
    void exportsEveryLogFromTheOldest() throws IOException {
        int exit = export("--from", "oldest", "--gzip");

        assertThat(exit).isZero();
        assertThat(resolved).containsExactly(StartPosition.parse("oldest"));
        assertThat(new RedoDirectory(out).listAvailableLogs()).containsExactlyInAnyOrderElementsOf(all);
        assertThat(out.resolve("contents").resolve(all.get(0).id().fileStem() + ".csv.gz")).isRegularFile();
    }

    @Test
    void startsAtTheScnTheDatabaseResolvedAndResumesWithoutAStart() throws IOException {
        resolvesTo = all.get(all.size() / 2).firstChange();
        assertThat(export("--from-scn", Long.toString(resolvesTo.value()))).isZero();
        assertThat(resolved).containsExactly(StartPosition.parse("scn:" + resolvesTo.value()));
        List<ArchivedLog> expected = all.stream().filter(log -> resolvesTo.isBefore(log.nextChange())).toList();
        assertThat(new RedoDirectory(out).listAvailableLogs()).containsExactlyInAnyOrderElementsOf(expected);

        assertThat(export()).as("an exported directory resumes without a start option").isZero();
    }

    @Test
    void tableFilterAndArchiveDestinationGoToLogMiner() {
        assertThat(export("--from", "oldest", "--include", "OE.ORDERS,OE.CUSTOMERS", "--exclude", "OE.TMP*",
                "--archive-dest-id", "2", "--pdb", "ORCLPDB1")).isZero();
        assertThat(mined).singleElement().satisfies(settings -> {
            assertThat(settings.include()).containsExactly("OE.ORDERS", "OE.CUSTOMERS");
            assertThat(settings.exclude()).containsExactly("OE.TMP*");
            assertThat(settings.archiveDestId()).isEqualTo(2);
            assertThat(settings.pdb()).isEqualTo("ORCLPDB1");
            assertThat(settings.unsupportedTypes()).as("the job reading the directory decides")
                    .isEqualTo(UnsupportedTypeCheck.WARN);
        });
    }

    @Test
    void aBadPdbNamesTheExportOption() {
        assertThat(export("--from", "oldest", "--pdb", "ORCL PDB")).isEqualTo(2);
        assertThat(err.toString()).contains("'--pdb'").contains("must be a PDB name");
    }

    @Test
    void anEmptyDirectoryNeedsAStart() {
        assertThat(export()).isEqualTo(2);
        assertThat(err.toString()).contains("Invalid value for option '--from': missing: " + out
                + " holds no exported log to resume from");
    }

    @Test
    void startOptionsExcludeEachOtherAndAreChecked() {
        assertThat(export("--from-scn", "5", "--from", "now")).isEqualTo(2);
        assertThat(err.toString()).contains("'--from-scn': --from-sequence and --from exclude each other (got '2 of "
                + "them')");
        assertThat(export("--from-sequence", "1-7")).isEqualTo(2);
        assertThat(err.toString()).contains("'--from-sequence': expected THREAD:SEQUENCE (e.g. 1:19641), got '1-7'");
        assertThat(export("--from", "yesterday")).isEqualTo(2);
        assertThat(err.toString()).contains("'--from': expected oldest, now or timestamp:YYYY-MM-DD HH:MM:SS");
        assertThat(export("--from", "oldest", "--poll-interval", "1ms")).isEqualTo(2);
        assertThat(err.toString()).contains("'--poll-interval': must be at least 100ms");
    }

    @Test
    void aStartThatDoesNotParseIsRejectedWithTheParsersReason() {
        assertThat(export("--from", "timestamp:2024-02-30 10:00:00")).isEqualTo(2);
        assertThat(err.toString()).contains("'--from': expected oldest, now or timestamp:YYYY-MM-DD HH:MM:SS (got "
                + "'timestamp:2024-02-30 10:00:00': '2024-02-30 10:00:00' is not a time YYYY-MM-DD HH:MM:SS)");
        assertThat(resolved).isEmpty();
    }

    @Test
    void logMinerSettingErrorsNameTheExportOption() {
        assertThat(export("--from", "oldest", "--include", "ORDERS")).isEqualTo(2);
        assertThat(err.toString()).contains("Invalid value for option '--include': patterns must have the form "
                + "OWNER.TABLE").doesNotContain("capture.include");
        assertThat(export("--from", "oldest", "--archive-dest-id", "32")).isEqualTo(2);
        assertThat(err.toString()).contains("Invalid value for option '--archive-dest-id': must be 0 (automatic) or "
                + "a DEST_ID between 1 and 31").doesNotContain("source.archive-dest-id");
    }

    @Test
    void aMissingSequenceEndsTheExportWithAnErrorNamingIt() {
        ArchivedLog missing = all.stream().filter(log -> log.id().thread() == 2).skip(1).findFirst().orElseThrow();
        listed = log -> !log.equals(missing);

        assertThat(export("--from", "oldest")).isEqualTo(1);
        assertThat(err.toString()).startsWith("redo-cdc export: thread 2 sequence " + missing.id().sequence()
                + " (resetlogs " + missing.id().resetlogsId() + ") is missing");
    }

    @Test
    void theSequenceStartNamesALogOfTheCatalog() throws IOException {
        ArchivedLog from = all.stream().filter(log -> log.id().thread() == 1).skip(1).findFirst().orElseThrow();
        assertThat(export("--from-sequence", "1:" + from.id().sequence())).isZero();
        assertThat(new RedoDirectory(out).listAvailableLogs()).contains(from)
                .allSatisfy(log -> assertThat(from.firstChange().isBefore(log.nextChange())).isTrue());
    }

    @Test
    void thePasswordIsNeverPrinted() {
        StringWriter printed = new StringWriter();
        CommandLine cmd = command(printed);
        cmd.setErr(new PrintWriter(printed));
        cmd.execute("export", "--jdbc-url", "jdbc:oracle:thin:@//db:1521/PDB1", "--user", "cdc", "--password-file",
                password.toString(), "--out", out.toString(), "--from", "oldest", "--fetch-size", "0");
        assertThat(printed.toString()).contains("'--fetch-size': must be between 1 and 1000000")
                .doesNotContain("s3cret");
        assertThat(export("--password-env", "X", "--from", "oldest")).isEqualTo(2);
        assertThat(err.toString()).contains("'--password-file': and --password-env exclude each other");
    }

    private int export(String... options) {
        List<String> args = new ArrayList<>(List.of("export", "--jdbc-url", "jdbc:oracle:thin:@//db:1521/PDB1",
                "--user", "cdc", "--password-file", password.toString(), "--out", out.toString()));
        args.addAll(List.of(options));
        return command(new StringWriter()).execute(args.toArray(String[]::new));
    }

    private CommandLine command(StringWriter printed) {
        CommandLine cmd = RedoCdcCommand.commandLine();
        cmd.setErr(new PrintWriter(err, true));
        cmd.setOut(new PrintWriter(printed, true));
        ExportCommand export = cmd.getSubcommands().get("export").getCommand();
        export.oracle = new ExportCommand.Oracle() {
            @Override
            public ArchivedLogCatalog catalog(LogMinerSettings settings) {
                assertThat(settings.connection().description()).contains("jdbc:oracle:thin:@//db:1521/PDB1");
                mined.add(settings);
                return new FilteredCatalog(new RedoDirectory(simulated.resolve("redo")), listed);
            }

            @Override
            public Scn resolveStart(LogMinerSettings settings, StartPosition start) {
                resolved.add(start);
                return resolvesTo;
            }
        };
        return cmd;
    }
}
