package io.redocdc.job.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.redocdc.job.pipeline.JobOptions;
import io.redocdc.source.files.NlsSessionParameters;
import io.redocdc.source.model.NlsFormats;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine.ParameterException;

/** The --source.nls* options against a redo directory with and without nls_session_parameters.csv. */
class RunNlsOptionsTest {

    @TempDir
    Path tmp;
    Path redo;

    @BeforeEach
    void redoDirectory() throws IOException {
        redo = Files.createDirectories(tmp.resolve("redo"));
        Files.writeString(redo.resolve("archived_logs.csv"), "THREAD#,SEQUENCE#\n");
    }

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

    private static JobOptions parse(String... args) {
        return RunCommandTest.parse(args);
    }
}
