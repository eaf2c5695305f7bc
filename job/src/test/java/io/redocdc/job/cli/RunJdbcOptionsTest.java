package io.redocdc.job.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.redocdc.common.jdbc.JdbcUrls;
import io.redocdc.common.jdbc.Secret;
import io.redocdc.job.RedoCdc;
import io.redocdc.job.pipeline.JobOptions;
import io.redocdc.sinks.jdbc.DdlHandling;
import io.redocdc.sinks.jdbc.JdbcSinkOptions;
import io.redocdc.sinks.jdbc.OnError;
import io.redocdc.sinks.jdbc.apply.ConflictPolicy;
import io.redocdc.sinks.jdbc.apply.ConflictResolution;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.PropertiesDefaultProvider;

/** {@code run --sink.type jdbc}: the JDBC sink's options, their checks and how they combine with the others. */
class RunJdbcOptionsTest {

    private static final String PG = "jdbc:postgresql://db:5432/app";

    @TempDir
    Path tmp;
    Path redo;
    Path password;

    @BeforeEach
    void redoDirectoryAndPassword() throws IOException {
        redo = Files.createDirectories(tmp.resolve("redo"));
        Files.writeString(redo.resolve("archived_logs.csv"), "THREAD#,SEQUENCE#\n");
        password = Files.writeString(tmp.resolve("password"), "s3cret\n");
    }

    @Test
    void everyJdbcOptionReachesTheSinkOptions() {
        JobOptions options = parse("--sink.type", "jdbc", "--sink.jdbc-url", PG, "--sink.user", "cdc",
                "--sink.password-file", password.toString(), "--sink.batch-size", "50",
                "--sink.table-map", "OE.ORDERS=APP.ORDERS,HR.*=HR2.*", "--sink.column-map", "OE.ORDERS.NOTE=REMARK",
                "--sink.drop-columns", "OE.ORDERS.SECRET", "--sink.conflict", "OE.ORDERS=maximum:VERSION",
                "--sink.conflict", "OE.ITEMS=overwrite,OE.LOG=discard", "--primary-key", "oe.log=log_id",
                "--sink.on-error", "stop", "--apply.parallelism", "3", "--sink.ddl", "skip", "--sink.name", "app",
                "--sink.state-schema", "cdc_state", "--sink.spool-memory-lcrs", "99", "--sink.group-max-rows", "1",
                "--sink.group-max-latency", "2s", "--sink.batch-reorder", "false", "--sink.batch-merge", "false");

        assertThat(options.appliesToDatabase()).isTrue();
        assertThat(options.sinkDir()).as("no --sink.dir: nothing is written to files").isNull();
        JdbcSinkOptions sink = options.jdbcSink();
        assertThat(sink.jdbcUrl()).isEqualTo(PG);
        assertThat(sink.user()).isEqualTo("cdc");
        assertThat(sink.password()).isEqualTo(Secret.of("s3cret"));
        assertThat(sink.batchSize()).isEqualTo(50);
        assertThat(sink.tableMap()).isEqualTo(Map.of("OE.ORDERS", "APP.ORDERS", "HR.*", "HR2.*"));
        assertThat(sink.columnMap()).isEqualTo(Map.of("OE.ORDERS.NOTE", "REMARK"));
        assertThat(sink.dropColumns()).isEqualTo(Set.of("OE.ORDERS.SECRET"));
        assertThat(sink.conflictPolicies()).isEqualTo(Map.of(
                "OE.ORDERS", new ConflictPolicy(ConflictResolution.MAXIMUM, "VERSION"),
                "OE.ITEMS", new ConflictPolicy(ConflictResolution.OVERWRITE, null),
                "OE.LOG", new ConflictPolicy(ConflictResolution.DISCARD, null)));
        assertThat(sink.primaryKeys()).isEqualTo(Map.of("OE.LOG", List.of("LOG_ID")));
        assertThat(sink.onError()).isEqualTo(OnError.STOP);
        assertThat(sink.applyParallelism()).isEqualTo(3);
        assertThat(sink.ddl()).isEqualTo(DdlHandling.SKIP);
        assertThat(sink.sinkName()).isEqualTo("app");
        assertThat(sink.stateSchema()).isEqualTo("cdc_state");
        assertThat(sink.spoolMemoryLcrs()).isEqualTo(99);
        assertThat(sink.groupMaxRows()).isEqualTo(1);
        assertThat(sink.groupMaxLatencyMillis()).isEqualTo(2000);
        assertThat(sink.batchReorder()).isFalse();
        assertThat(sink.batchMerge()).isFalse();
        assertThat(options.toString()).doesNotContain("s3cret");
    }

    @Test
    void defaultsAreTheSinksOwn() {
        JdbcSinkOptions sink = parse("--sink.type", "jdbc", "--sink.jdbc-url", PG).jdbcSink();

        assertThat(sink.batchSize()).isEqualTo(JdbcSinkOptions.DEFAULT_BATCH_SIZE);
        assertThat(sink.onError()).isEqualTo(OnError.CONTINUE);
        assertThat(sink.applyParallelism()).isEqualTo(1);
        assertThat(sink.ddl()).isEqualTo(DdlHandling.SKIP);
        assertThat(sink.sinkName()).isEqualTo(JdbcSinkOptions.DEFAULT_SINK_NAME);
        assertThat(sink.stateSchema()).isNull();
        assertThat(sink.password()).isNull();
        assertThat(sink.groupMaxRows()).isEqualTo(JdbcSinkOptions.DEFAULT_GROUP_MAX_ROWS);
        assertThat(sink.batchReorder()).isTrue();
        assertThat(sink.batchMerge()).isTrue();
    }

    @Test
    void badValuesAreReportedByTheSinkNamingTheOption() {
        assertThatThrownBy(() -> jdbc("--sink.batch-size", "0"))
                .isInstanceOf(ParameterException.class)
                .hasMessage("Invalid option --sink.batch-size: must be at least 1; got 0");
        assertThatThrownBy(() -> jdbc("--sink.conflict", "OE.ORDERS=sometimes"))
                .hasMessageStartingWith("Invalid option --sink.conflict.OE.ORDERS: expected error, overwrite, "
                        + "discard, maximum:COL or minimum:COL; got 'sometimes'");
        assertThatThrownBy(() -> jdbc("--sink.conflict", "OE.ORDERS"))
                .hasMessageContaining("'--sink.conflict': must look like OWNER.TABLE=POLICY (got 'OE.ORDERS')");
        assertThatThrownBy(() -> jdbc("--sink.on-error", "maybe"))
                .hasMessageStartingWith("Invalid option --sink.on-error: expected one of [continue, stop]");
        assertThatThrownBy(() -> jdbc("--sink.ddl", "execute"))
                .hasMessageStartingWith("Invalid option --sink.ddl: execute needs an Oracle target");
        assertThatThrownBy(() -> jdbc("--sink.table-map", "ORDERS=APP.ORDERS"))
                .hasMessageStartingWith("Invalid option --sink.table-map: keys must be OWNER.TABLE or OWNER.*");
        assertThatThrownBy(() -> parse("--sink.type", "jdbc", "--sink.jdbc-url", "jdbc:mysql://db/app"))
                .hasMessageStartingWith("Invalid option --sink.jdbc-url: expected a URL starting with jdbc:oracle:, "
                        + "jdbc:postgresql: or jdbc:h2:");
        assertThatThrownBy(() -> parse("--sink.type", "jdbc"))
                .hasMessageContaining("'--sink.jdbc-url': is required for the JDBC sink");
    }

    @Test
    void passwordSourcesAreCheckedWithoutShowingThePassword() {
        assertThatThrownBy(() -> jdbc("--sink.password-file", tmp.resolve("nowhere").toString()))
                .hasMessageStartingWith("Invalid option --sink.password-file: cannot read the password file "
                        + tmp.resolve("nowhere"));
        assertThatThrownBy(() -> jdbc("--sink.password-file", password.toString(), "--sink.password-env", "PW"))
                .hasMessageContaining("'--sink.password-file': and --sink.password-env exclude each other");
        assertThatThrownBy(() -> jdbc("--sink.password-env", "REDO_CDC_TEST_SURELY_UNSET"))
                .hasMessageContaining("'--sink.password-env': environment variable REDO_CDC_TEST_SURELY_UNSET is not "
                        + "set or empty");
    }

    @Test
    void fileAndJdbcOptionsAreNotMixed() {
        assertThatThrownBy(() -> parse("--sink.dir", "out", "--sink.jdbc-url", PG))
                .hasMessageContaining("'--sink.jdbc-url': is a JDBC sink option; add --sink.type jdbc");
        assertThatThrownBy(() -> parse("--sink.dir", "out", "--apply.parallelism", "2"))
                .hasMessageContaining("'--apply.parallelism': is a JDBC sink option");
        assertThatThrownBy(() -> jdbc("--sink.format", "debezium-json"))
                .hasMessageContaining("'--sink.format': is for --sink.type files");
        assertThatThrownBy(() -> parse())
                .hasMessageContaining("'--sink.dir': is required for --sink.type files (or use --sink.type jdbc)");
    }

    @Test
    void deadLettersOfAJdbcJobNeedTheSinkDirectory() {
        assertThatThrownBy(() -> jdbc("--dead-letter"))
                .hasMessageContaining("'--sink.dir': is required with --dead-letter and --sink.type jdbc");

        JobOptions options = jdbc("--dead-letter", "--sink.dir", tmp.resolve("out").toString());
        assertThat(options.deadLetter()).isTrue();
        assertThat(options.sinkDir()).isEqualTo(tmp.resolve("out"));
    }

    @Test
    void aConfigFileConfiguresTheJdbcSink() throws IOException {
        Path config = Files.writeString(tmp.resolve("job.properties"), "source.dir=" + redo + "\nsink.type=jdbc\n"
                + "sink.jdbc-url=" + PG + "\nsink.password-file=" + password + "\n"
                + "sink.conflict=OE.ORDERS=overwrite,OE.ITEMS=discard\napply.parallelism=2\n");
        CommandLine cmd = RedoCdc.commandLine();
        cmd.getSubcommands().get("run").setDefaultValueProvider(new PropertiesDefaultProvider(config.toFile()));
        RunCommand run = (RunCommand) cmd.parseArgs("run", "--config", config.toString(), "--apply.parallelism", "4")
                .subcommand().commandSpec().userObject();

        JdbcSinkOptions sink = run.validatedOptions().jdbcSink();
        assertThat(sink.conflictPolicies()).containsOnlyKeys("OE.ORDERS", "OE.ITEMS");
        assertThat(sink.password()).isEqualTo(Secret.of("s3cret"));
        assertThat(sink.applyParallelism()).as("the command line wins over the file").isEqualTo(4);
    }

    @Test
    void theBannerShowsTheTargetWithoutCredentials() {
        JobOptions options = parse("--sink.type", "jdbc", "--sink.jdbc-url",
                "jdbc:postgresql://db:5432/app?user=cdc&password=hunter2&ssl=true", "--sink.name", "app");

        assertThat(options.sinkDescription()).isEqualTo(
                "JDBC apply sink app on jdbc:postgresql://db:5432/app?user=cdc&password=******&ssl=true "
                        + "(apply parallelism 1)");
        assertThat(JdbcUrls.mask("jdbc:oracle:thin:scott/tiger@//db:1521/ORCL"))
                .isEqualTo("jdbc:oracle:thin:scott/******@//db:1521/ORCL");
        assertThat(JdbcUrls.mask("jdbc:postgresql://cdc:hunter2@db/app")).isEqualTo("jdbc:postgresql://cdc:******@db/app");
        assertThat(JdbcUrls.mask("jdbc:h2:mem:x;MODE=Oracle;PASSWORD=pw")).isEqualTo("jdbc:h2:mem:x;MODE=Oracle;PASSWORD=******");
        assertThat(JdbcUrls.mask(PG)).isEqualTo(PG);
    }

    private JobOptions jdbc(String... args) {
        String[] all = new String[args.length + 4];
        all[0] = "--sink.type";
        all[1] = "jdbc";
        all[2] = "--sink.jdbc-url";
        all[3] = PG;
        System.arraycopy(args, 0, all, 4, args.length);
        return parse(all);
    }

    private JobOptions parse(String... args) {
        String[] all = new String[args.length + 3];
        all[0] = "run";
        all[1] = "--source.dir";
        all[2] = redo.toString();
        System.arraycopy(args, 0, all, 3, args.length);
        RunCommand run = (RunCommand) RedoCdc.commandLine().parseArgs(all).subcommand().commandSpec().userObject();
        return run.validatedOptions();
    }
}
