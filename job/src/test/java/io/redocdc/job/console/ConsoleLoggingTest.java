package io.redocdc.job.console;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.flink.configuration.Configuration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Where the log goes: to the file by default, back to the console with --verbose (log4j2.xml of the job). */
class ConsoleLoggingTest {

    private static final Logger LOG = LoggerFactory.getLogger(ConsoleLoggingTest.class);

    @TempDir
    Path tmp;

    private final PrintStream originalOut = System.out;
    private final PrintStream originalErr = System.err;
    private final ByteArrayOutputStream console = new ByteArrayOutputStream();
    private final ByteArrayOutputStream standardError = new ByteArrayOutputStream();

    @BeforeEach
    void captureStandardOutput() {
        System.setOut(new PrintStream(console, true, StandardCharsets.UTF_8));
        System.setErr(new PrintStream(standardError, true, StandardCharsets.UTF_8));
    }

    @AfterEach
    void restore() {
        System.setOut(originalOut);
        System.setErr(originalErr);
        ConsoleLogging.toConsole();
        System.clearProperty(ConsoleLogging.CONSOLE_LEVEL);
        System.clearProperty(ConsoleLogging.FILE_LEVEL);
        System.clearProperty(ConsoleLogging.STDERR_LEVEL);
        System.clearProperty(ConsoleLogging.FILE);
    }

    private String printed() {
        return console.toString(StandardCharsets.UTF_8);
    }

    @Test
    void byDefaultTheLogGoesToTheFileWhosePathIsPrintedAndTheProgressReporterIsConfigured() throws Exception {
        Configuration conf = new Configuration();
        ConsoleOptions options = new ConsoleOptions();
        try (LocalConsole ignored = LocalConsole.open(conf, options, tmp.resolve("checkpoints"), System.out)) {
            LOG.info("a line for the file");
        }
        Path log = tmp.resolve(ConsoleOptions.LOG_FILE_NAME);
        assertThat(printed()).contains("redo-cdc: log in " + log).doesNotContain("a line for the file");
        assertThat(Files.readString(log)).contains("INFO").contains("a line for the file");
        assertThat(conf.toMap()).containsEntry("metrics.reporter.redocdc_progress.factory.class",
                ProgressReporterFactory.class.getName());
    }

    @Test
    void verboseBringsTheLogBackToTheConsole() throws Exception {
        ConsoleLogging.toFile(tmp.resolve("earlier.log"));
        LOG.info("before --verbose");
        ConsoleOptions options = new ConsoleOptions();
        options.verbose = true;
        Configuration conf = new Configuration();
        try (LocalConsole ignored = LocalConsole.open(conf, options, tmp.resolve("checkpoints"), System.out)) {
            LOG.info("with --verbose");
        }
        assertThat(printed()).contains("with --verbose").doesNotContain("before --verbose");
        assertThat(Files.readString(tmp.resolve("earlier.log"))).contains("before --verbose")
                .doesNotContain("with --verbose");
        assertThat(conf.toMap()).as("no progress reporter with --verbose").isEmpty();
        assertThat(tmp.resolve(ConsoleOptions.LOG_FILE_NAME)).doesNotExist();
    }

    @Test
    void aCommandWhoseOutputIsItsResultSendsTheLogToStandardError() {
        ConsoleLogging.toStandardError();
        LOG.warn("a warning while reading state");
        assertThat(standardError.toString(StandardCharsets.UTF_8)).contains("a warning while reading state");
        assertThat(printed()).doesNotContain("a warning while reading state");
    }
}
