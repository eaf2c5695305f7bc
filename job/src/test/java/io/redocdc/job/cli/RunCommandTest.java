package io.redocdc.job.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.redocdc.job.RedoCdc;
import io.redocdc.job.pipeline.JobOptions;
import io.redocdc.job.pipeline.StateBackendKind;
import io.redocdc.sinks.files.FileFormat;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
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
    }

    @Test
    void aSourceDirectoryWithoutCatalogIsRejectedNamingTheOption() {
        assertThatThrownBy(() -> parse("--source.dir", tmp.toString(), "--sink.dir", "out"))
                .isInstanceOf(ParameterException.class)
                .hasMessage("Invalid value for option '--source.dir': must contain archived_logs.csv (a redo "
                        + "directory, see DESIGN.md) (got '" + tmp + "')");
    }

    @Test
    void invalidValuesAreRejectedNamingOptionRuleAndValue() {
        assertThatThrownBy(() -> parse("--source.dir", redo.toString(), "--sink.dir", "o", "--parallelism", "0"))
                .hasMessageContaining("'--parallelism': must be between 1 and 1024 (got '0')");
        assertThatThrownBy(() -> parse("--source.dir", redo.toString(), "--sink.dir", "o",
                "--source.start-scn", "100", "--source.max-scn", "50"))
                .hasMessageContaining("'--source.max-scn': must be above --source.start-scn 100 (got '50')");
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
        assertThat(err.toString()).contains("Missing required option: '--source.dir=DIR'");
    }

    private static JobOptions parse(String... args) {
        String[] all = new String[args.length + 1];
        all[0] = "run";
        System.arraycopy(args, 0, all, 1, args.length);
        RunCommand run = (RunCommand) RedoCdc.commandLine().parseArgs(all).subcommand().commandSpec().userObject();
        return run.validatedOptions();
    }
}
