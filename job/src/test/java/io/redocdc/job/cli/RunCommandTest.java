package io.redocdc.job.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.redocdc.common.jdbc.Secret;
import io.redocdc.job.RedoCdc;
import io.redocdc.job.pipeline.ClusterSetting;
import io.redocdc.job.pipeline.JobOptions;
import io.redocdc.job.pipeline.StateBackendKind;
import io.redocdc.sinks.files.FileFormat;
import io.redocdc.source.files.NlsSessionParameters;
import io.redocdc.source.logminer.DictionaryMode;
import io.redocdc.source.logminer.LogMinerSettings;
import io.redocdc.source.logminer.OracleConnectionSettings;
import io.redocdc.source.logminer.StartPosition;
import io.redocdc.source.logminer.UnsupportedTypeCheck;
import io.redocdc.source.model.NlsFormats;
import io.redocdc.source.model.Scn;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.PropertiesDefaultProvider;

class RunCommandTest {

    @TempDir
    Path tmp;
    Path redo;

    @BeforeEach
    void redoDirectory() throws IOException {
        redo = Files.createDirectories(tmp.resolve("redo"));
        Files.writeString(redo.resolve("archived_logs.csv"), "THREAD#,SEQUENCE#\n");
    }

    @Test
    void optionsAreReadAndDefaulted() {
        JobOptions options = parse("--source.dir", redo.toString(), "--sink.dir", "out", "--source.bounded",
                "--parallelism", "4", "--state.backend", "rocksdb", "--checkpoint.interval", "2s",
                "--sink.format", "debezium-json", "--primary-key", "oe.orders=order_id",
                "--primary-key", "OE.ORDER_ITEMS=ORDER_ID,LINE_NO", "--capture.include", "OE.*,HR.EMP*");

        assertThat(options.bounded()).isTrue();
        assertThat(options.parallelism()).isEqualTo(4);
        assertThat(options.stateBackend()).isEqualTo(StateBackendKind.ROCKSDB);
        assertThat(options.checkpointInterval()).isEqualTo(Duration.ofSeconds(2));
        assertThat(options.sinkFormat()).isEqualTo(FileFormat.DEBEZIUM_JSON);
        assertThat(options.primaryKeys()).isEqualTo(Map.of("OE.ORDERS", List.of("ORDER_ID"),
                "OE.ORDER_ITEMS", List.of("ORDER_ID", "LINE_NO")));
        assertThat(options.include()).containsExactly("OE.*", "HR.EMP*");
        assertThat(options.sinkDir()).isAbsolute();
        assertThat(options.checkpointDir()).isAbsolute();
        assertThat(options.checkpointDir().getFileName()).isEqualTo(Path.of("checkpoints"));
        assertThat(options.maxScn()).isNull();
        assertThat(options.startScnOption()).as("the default start: a restore keeps its stored one").isNull();
    }

    @Test
    void aSourceDirectoryWithoutCatalogIsRejectedNamingTheOption() {
        assertThatThrownBy(() -> parse("--source.dir", tmp.toString(), "--sink.dir", "out"))
                .isInstanceOf(ParameterException.class)
                .hasMessage("Invalid value for option '--source.dir': must contain archived_logs.csv (the archived "
                        + "log catalog of the redo directory contract) (got '" + tmp + "')");
    }

    @Test
    void invalidValuesAreRejectedNamingOptionRuleAndValue() {
        assertThatThrownBy(() -> parse("--source.dir", redo.toString(), "--sink.dir", "o", "--parallelism", "0"))
                .hasMessageContaining("'--parallelism': must be between 1 and 1024 (got '0')");
        assertThatThrownBy(() -> parse("--source.dir", redo.toString(), "--sink.dir", "o",
                "--source.start-scn", "100", "--source.max-scn", "50"))
                .hasMessageContaining("'--source.max-scn': must be at or above the start SCN 100 (got '50')");
        assertThat(parse("--source.dir", redo.toString(), "--sink.dir", "o", "--source.start-scn", "100",
                "--source.max-scn", "100").maxScn())
                .as("both ends are inclusive: a stop point at the start SCN captures that SCN").isEqualTo(Scn.of(100));
        assertThatThrownBy(() -> parse("--source.dir", redo.toString(), "--sink.dir", "o",
                "--source.start-scn", "12a"))
                .hasMessageContaining("'12a' is not an SCN (expected a non-negative decimal number)");
        assertThatThrownBy(() -> parse("--source.dir", redo.toString(), "--sink.dir", "o", "--source.max-scn=-3"))
                .hasMessageContaining("'-3' is not an SCN (expected a non-negative decimal number)");
        assertThatThrownBy(() -> parse("--source.dir", redo.toString(), "--sink.dir", "o",
                "--primary-key", "ORDERS=ID"))
                .hasMessageContaining("'--primary-key': must look like OWNER.TABLE=COL[,COL] (got 'ORDERS=ID')");
        assertThatThrownBy(() -> parse("--source.dir", redo.toString(), "--sink.dir", "o",
                "--checkpoint.interval", "soon"))
                .hasMessageContaining("'soon' is not a duration");
        assertThatThrownBy(() -> parse("--source.dir", redo.toString(), "--sink.dir", "o",
                "--sink.format", "avro"))
                .hasMessageContaining("'avro' is not a format (expected ogg-json or debezium-json)");
    }

    @Test
    void aConfigFileSuppliesOptionsTheCommandLineDoesNotGive() throws IOException {
        Path config = tmp.resolve("job.properties");
        Files.writeString(config, "source.dir=" + redo + "\nsink.dir=/data/out\nparallelism=3\n"
                + "state.backend=rocksdb\n");
        CommandLine cmd = RedoCdc.commandLine();
        cmd.getSubcommands().get("run").setDefaultValueProvider(new PropertiesDefaultProvider(config.toFile()));
        RunCommand run = (RunCommand) cmd.parseArgs("run", "--config", config.toString(), "--parallelism", "5")
                .subcommand().commandSpec().userObject();

        JobOptions options = run.validatedOptions();
        assertThat(options.sinkDir()).isEqualTo(Path.of("/data/out"));
        assertThat(options.stateBackend()).isEqualTo(StateBackendKind.ROCKSDB);
        assertThat(options.parallelism()).as("the command line wins over the file").isEqualTo(5);
    }

    @Test
    void clusterSettingsCountAsGivenOnTheCommandLineOrInTheConfigFileOnly() throws IOException {
        CommandLine plain = RedoCdc.commandLine();
        RunCommand none = (RunCommand) plain.parseArgs("run", "--source.dir", redo.toString(), "--sink.dir", "o")
                .subcommand().commandSpec().userObject();
        assertThat(none.givenClusterSettings()).isEmpty();
        assertThat(none.validatedOptions().parallelism()).as("the embedded run's default").isEqualTo(2);

        Path config = tmp.resolve("job.properties");
        Files.writeString(config, "source.dir=" + redo + "\nsink.dir=o\nstate.backend=rocksdb\n");
        CommandLine cmd = RedoCdc.commandLine();
        cmd.getSubcommands().get("run").setDefaultValueProvider(new PropertiesDefaultProvider(config.toFile()));
        RunCommand some = (RunCommand) cmd.parseArgs("run", "--config", config.toString(), "--parallelism", "3",
                "--checkpoint.dir", "cp").subcommand().commandSpec().userObject();
        assertThat(some.givenClusterSettings()).containsExactlyInAnyOrder(ClusterSetting.PARALLELISM,
                ClusterSetting.STATE_BACKEND, ClusterSetting.CHECKPOINT_DIR);
    }

    @Test
    void theMainCommandFindsTheConfigFileArgument() {
        assertThat(RedoCdc.configFile(new String[] {"run", "--config", "a.properties"})).isEqualTo(Path.of("a.properties"));
        assertThat(RedoCdc.configFile(new String[] {"run", "--config=b.properties"})).isEqualTo(Path.of("b.properties"));
        assertThat(RedoCdc.configFile(new String[] {"run"})).isNull();
    }

    @Test
    void missingRequiredOptionsExitWithUsage() {
        StringWriter err = new StringWriter();
        CommandLine cmd = RedoCdc.commandLine();
        cmd.setErr(new PrintWriter(err));
        int exit = cmd.execute("run", "--sink.dir", "out");
        assertThat(exit).isEqualTo(2);
        assertThat(err.toString()).contains("Invalid value for option '--source.dir': is required for --source.type "
                + "directory (or use --source.type oracle)");
    }

    @Test
    void oracleOptionsBuildLogMinerSettingsAndAStartPosition() throws IOException {
        Path password = passwordFile();
        JobOptions options = parse("--source.type", "oracle", "--source.jdbc-url", "jdbc:oracle:thin:@//db:1521/PDB1",
                "--source.user", "c##cdc", "--source.password-file", password.toString(), "--source.dictionary",
                "redo-logs", "--source.fetch-size", "500", "--source.start", "timestamp:2026-03-01 10:00:00",
                "--source.archive-dest-id", "3", "--source.pdb", "orclpdb1", "--capture.include", "OE.*", "--sink.dir",
                "out");

        assertThat(options.minesOracle()).isTrue();
        assertThat(options.sourceDir()).isNull();
        LogMinerSettings logMiner = options.oracle().logMiner();
        assertThat(logMiner.dictionaryMode()).isEqualTo(DictionaryMode.REDO_LOGS);
        assertThat(logMiner.fetchSize()).isEqualTo(500);
        assertThat(logMiner.archiveDestId()).isEqualTo(3);
        assertThat(logMiner.pdb()).isEqualTo("ORCLPDB1");
        assertThat(logMiner.include()).containsExactly("OE.*");
        assertThat(logMiner.unsupportedTypes()).isEqualTo(UnsupportedTypeCheck.REFUSE);
        assertThat(parse("--source.type", "oracle", "--source.jdbc-url", "jdbc:oracle:thin:@//db:1521/PDB1",
                "--source.user", "c##cdc", "--source.password-file", password.toString(), "--dead-letter",
                "--sink.dir", "out").oracle().logMiner().unsupportedTypes())
                .as("with --dead-letter their changes go there").isEqualTo(UnsupportedTypeCheck.WARN);
        assertThat(logMiner.connection()).isEqualTo(
                new OracleConnectionSettings("jdbc:oracle:thin:@//db:1521/PDB1", "c##cdc", Secret.of("s3cret")));
        assertThat(options.oracle().start()).isEqualTo(StartPosition.parse("timestamp:2026-03-01 10:00:00"));
        assertThat(options.sourceDescription()).contains("jdbc:oracle:thin:@//db:1521/PDB1");
        assertThat(options.toString()).doesNotContain("s3cret");
    }

    @Test
    void oracleDefaultsAndTheOldStartScnOption() throws IOException {
        JobOptions options = parse("--source.type", "oracle", "--source.jdbc-url", "jdbc:oracle:thin:@db:1521/X",
                "--source.user", "cdc", "--source.password-file", passwordFile().toString(),
                "--source.start-scn", "4711", "--sink.dir", "out");

        assertThat(options.oracle().logMiner().dictionaryMode()).isEqualTo(DictionaryMode.ONLINE_CATALOG);
        assertThat(options.oracle().logMiner().fetchSize()).isEqualTo(10_000);
        assertThat(options.oracle().logMiner().unsupportedTypes()).as("BOOLEAN/JSON/VECTOR tables refused at start")
                .isEqualTo(UnsupportedTypeCheck.REFUSE);
        assertThat(options.oracle().start()).isEqualTo(StartPosition.parse("scn:4711"));
        assertThat(options.startScn()).isEqualTo(Scn.of(4711));
        assertThat(options.startScnOption()).as("a restore must agree with it").isEqualTo("--source.start-scn");
    }

    @Test
    void sourceTypesAndTheirOptionsMustNotBeMixed() throws IOException {
        String password = passwordFile().toString();
        assertThatThrownBy(() -> parse("--source.type", "oracle", "--source.dir", redo.toString(),
                "--source.jdbc-url", "jdbc:oracle:thin:@db:1521/X", "--source.user", "cdc",
                "--source.password-file", password, "--sink.dir", "o"))
                .hasMessageContaining("'--source.dir': is for --source.type directory; an Oracle source takes no "
                        + "directory");
        assertThatThrownBy(() -> parse("--source.dir", redo.toString(), "--source.fetch-size", "10", "--sink.dir", "o"))
                .hasMessageContaining("'--source.fetch-size': is an Oracle option; add --source.type oracle");
        assertThatThrownBy(() -> parse("--source.dir", redo.toString(), "--source.pdb", "P1", "--sink.dir", "o"))
                .hasMessageContaining("'--source.pdb': is an Oracle option");
        assertThatThrownBy(() -> parse("--source.type", "oracle", "--source.jdbc-url", "jdbc:oracle:thin:@db:1521/X",
                "--source.user", "cdc", "--source.password-file", password, "--source.pdb", "P1",
                "--source.dictionary", "none", "--sink.dir", "o"))
                .hasMessageContaining("--source.pdb needs a LogMiner dictionary");
        assertThatThrownBy(() -> parse("--source.dir", redo.toString(), "--source.start", "now", "--sink.dir", "o"))
                .hasMessageContaining("'--source.start': must be scn:N or oldest for a redo directory");
        assertThatThrownBy(() -> parse("--source.dir", redo.toString(), "--source.start", "scn:5",
                "--source.start-scn", "5", "--sink.dir", "o"))
                .hasMessageContaining("'--source.start-scn': and --source.start exclude each other");
        assertThatThrownBy(() -> parse("--source.dir", redo.toString(), "--source.start", "yesterday",
                "--sink.dir", "o"))
                .hasMessageContaining("'--source.start': expected scn:N, timestamp:YYYY-MM-DD HH:MM:SS, oldest or now");
    }

    @Test
    void aStartThatDoesNotParseIsRejectedWithTheParsersReason() {
        assertThatThrownBy(() -> parse("--source.dir", redo.toString(), "--source.start",
                "timestamp:2024-02-30 10:00:00", "--sink.dir", "o"))
                .hasMessageContaining("'--source.start': expected scn:N, timestamp:YYYY-MM-DD HH:MM:SS, oldest or now "
                        + "(got 'timestamp:2024-02-30 10:00:00': '2024-02-30 10:00:00' is not a time");
    }

    @Test
    void anOracleStartResolvedAboveTheMaxScnEndsWithAnErrorNamingTheOption() throws IOException {
        for (long resolved : new long[] {5000, 4001}) {
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            CommandLine cmd = RedoCdc.commandLine();
            cmd.setOut(new PrintWriter(out, true));
            cmd.setErr(new PrintWriter(err, true));
            List<StartPosition> asked = new ArrayList<>();
            RunCommand run = cmd.getSubcommands().get("run").getCommand();
            run.oracleStart = (settings, start) -> {
                asked.add(start);
                return Scn.of(resolved);
            };

            int exit = cmd.execute("run", "--source.type", "oracle", "--source.jdbc-url",
                    "jdbc:oracle:thin:@db:1521/X", "--source.user", "cdc", "--source.password-file",
                    passwordFile().toString(), "--source.start", "now", "--source.max-scn", "4000", "--sink.dir",
                    tmp.resolve("out").toString());

            assertThat(exit).isEqualTo(1);
            assertThat(asked).containsExactly(StartPosition.parse("now"));
            assertThat(err.toString()).isEqualTo("redo-cdc: --source.max-scn must be at or above the start SCN " + resolved
                    + " (got '4000'): the start now resolved to SCN " + resolved + System.lineSeparator());
            assertThat(out.toString()).as("no banner: the job never started").isEmpty();
        }
    }

    @Test
    void anOracleSourceNeedsUrlUserAndOnePasswordSource() throws IOException {
        String password = passwordFile().toString();
        assertThatThrownBy(() -> parse("--source.type", "oracle", "--source.user", "cdc", "--source.password-file",
                password, "--sink.dir", "o"))
                .hasMessageContaining("'--source.jdbc-url': must name the Oracle database");
        assertThatThrownBy(() -> parse("--source.type", "oracle", "--source.jdbc-url", "jdbc:oracle:thin:@db:1521/X",
                "--source.user", "cdc", "--sink.dir", "o"))
                .hasMessageContaining("'--source.password-file': missing: give the password in a file");
        assertThatThrownBy(() -> parse("--source.type", "oracle", "--source.jdbc-url", "jdbc:oracle:thin:@db:1521/X",
                "--source.user", "cdc", "--source.password-file", password, "--source.password-env", "PW",
                "--sink.dir", "o"))
                .hasMessageContaining("'--source.password-file': and --source.password-env exclude each other");
        assertThatThrownBy(() -> parse("--source.type", "oracle", "--source.jdbc-url", "jdbc:oracle:thin:@db:1521/X",
                "--source.user", "cdc", "--source.password-env", "REDO_CDC_TEST_SURELY_UNSET", "--sink.dir", "o"))
                .hasMessageContaining("'--source.password-env': environment variable REDO_CDC_TEST_SURELY_UNSET is "
                        + "not set");
        assertThatThrownBy(() -> parse("--source.type", "oracle", "--source.jdbc-url", "jdbc:mysql://db/x",
                "--source.user", "cdc", "--source.password-file", password, "--sink.dir", "o"))
                .hasMessageContaining("Invalid option --source.jdbc-url must be an Oracle JDBC URL");
        assertThatThrownBy(() -> parse("--source.type", "oracle", "--source.jdbc-url", "jdbc:oracle:thin:@db:1521/X",
                "--source.user", "cdc", "--source.password-file", password, "--source.start", "now",
                "--restore", "/cp/chk-3", "--sink.dir", "o"))
                .hasMessageContaining("'--source.start': must be left out (or scn:N) when restoring (--restore)");
    }

    @Test
    void aConfigFileCanConfigureAnOracleSource() throws IOException {
        Path config = tmp.resolve("oracle.properties");
        Files.writeString(config, "source.type=oracle\nsource.jdbc-url=jdbc:oracle:thin:@//db:1521/PDB1\n"
                + "source.user=cdc\nsource.password-file=" + passwordFile() + "\nsource.start=scn:99\n"
                + "sink.dir=/data/out\n");
        CommandLine cmd = RedoCdc.commandLine();
        cmd.getSubcommands().get("run").setDefaultValueProvider(new PropertiesDefaultProvider(config.toFile()));
        RunCommand run = (RunCommand) cmd.parseArgs("run", "--config", config.toString())
                .subcommand().commandSpec().userObject();

        JobOptions options = run.validatedOptions();
        assertThat(options.minesOracle()).isTrue();
        assertThat(options.startScn()).isEqualTo(Scn.of(99));
        assertThat(options.startScnOption()).isEqualTo("--source.start");
        assertThat(options.oracle().logMiner().connection().description()).contains("jdbc:oracle:thin:@//db:1521/PDB1");
    }

    private Path passwordFile() throws IOException {
        return Files.writeString(tmp.resolve("password"), "s3cret\n");
    }

    /** The --source.nls* options against a redo directory with and without nls_session_parameters.csv. */
    @Nested
    class NlsOptions {

        @Test
        void withoutOptionsOrDeclarationLiteralsReadInOurMiningSessionFormats() {
            JobOptions options = parse("--source.dir", redo.toString(), "--sink.dir", "out");
            assertThat(options.nls()).isNull();
            assertThat(options.literalFormats()).isEqualTo(NlsFormats.MINING_SESSION);
        }

        @Test
        void aDeclarationIsWhatTheDirectoryIsReadWith() throws IOException {
            NlsSessionParameters.write(redo, NlsFormats.ORACLE_DEFAULT);
            assertThat(parse("--source.dir", redo.toString(), "--sink.dir", "out").literalFormats())
                    .isEqualTo(NlsFormats.ORACLE_DEFAULT);
            assertThat(parse("--source.dir", redo.toString(), "--sink.dir", "out", "--source.nls", "oracle-default")
                    .literalFormats()).isEqualTo(NlsFormats.ORACLE_DEFAULT);
            assertThatThrownBy(() -> parse("--source.dir", redo.toString(), "--sink.dir", "out",
                    "--source.nls-date-format", "DD.MM.YYYY"))
                    .isInstanceOf(ParameterException.class)
                    .hasMessageContaining("Invalid value for option '--source.nls-date-format': the NLS options")
                    .hasMessageContaining("contradict " + redo.resolve("nls_session_parameters.csv"));
        }

        @Test
        void presetAndSingleSettings() {
            JobOptions options = parse("--source.dir", redo.toString(), "--sink.dir", "out", "--source.nls",
                    "oracle-default", "--source.nls-date-format", "DD.MM.RRRR HH24:MI:SS", "--source.nls-time-zone",
                    "Europe/Paris");
            assertThat(options.literalFormats()).isEqualTo(NlsFormats.ORACLE_DEFAULT
                    .withDateFormat("DD.MM.RRRR HH24:MI:SS").withTimeZone("Europe/Paris"));
        }

        @Test
        void unreadableSettingsAreRejectedNamingTheOption() {
            assertThatThrownBy(() -> parse("--source.dir", redo.toString(), "--sink.dir", "out",
                    "--source.nls-timestamp-format", "DD-MON-RR HH.MI.SS.QQ"))
                    .isInstanceOf(ParameterException.class)
                    .hasMessageContaining("'--source.nls-timestamp-format': NLS_TIMESTAMP_FORMAT 'DD-MON-RR HH.MI.SS.QQ': "
                            + "unsupported element 'QQ'");
            assertThatThrownBy(() -> parse("--source.dir", redo.toString(), "--sink.dir", "out",
                    "--source.nls-numeric-characters", ",."))
                    .isInstanceOf(ParameterException.class)
                    .hasMessageContaining("'--source.nls-numeric-characters': NLS_NUMERIC_CHARACTERS ',.' is not supported");
            assertThatThrownBy(() -> parse("--source.dir", redo.toString(), "--sink.dir", "out", "--source.nls", "german"))
                    .isInstanceOf(ParameterException.class)
                    .hasMessageContaining("'german' is not an NLS preset (expected mining-session or oracle-default)");
        }

        @Test
        void nlsOptionsAreForADirectoryOnly() {
            assertThatThrownBy(() -> parse("--source.type", "oracle", "--source.jdbc-url", "jdbc:oracle:thin:@//db:1521/X",
                    "--source.user", "C##CDC", "--source.password-env", "PATH", "--sink.dir", "out",
                    "--source.nls", "oracle-default"))
                    .isInstanceOf(ParameterException.class)
                    .hasMessageContaining("'--source.nls': is for a redo directory; the LogMiner source sets its "
                            + "session's NLS itself");
        }
    }

    /** {@code run} with these options, validated as the CLI does. */
    static JobOptions parse(String... args) {
        String[] all = new String[args.length + 1];
        all[0] = "run";
        System.arraycopy(args, 0, all, 1, args.length);
        RunCommand run = (RunCommand) RedoCdc.commandLine().parseArgs(all).subcommand().commandSpec().userObject();
        return run.validatedOptions();
    }
}
