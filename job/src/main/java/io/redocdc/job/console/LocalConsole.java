package io.redocdc.job.console;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import org.apache.flink.configuration.Configuration;

/**
 * The console of a run on the embedded MiniCluster: by default the log goes to a file (its path is printed) and
 * a progress line fed by the job's metrics takes its place; with {@code --verbose} the log is printed instead.
 */
public final class LocalConsole implements AutoCloseable {

    /** How often the progress reporter reads the metrics. */
    static final Duration REPORT_INTERVAL = Duration.ofSeconds(1);

    private final ProgressPrinter printer;

    private LocalConsole(ProgressPrinter printer) {
        this.printer = printer;
    }

    /**
     * Sets up the console for a local run whose configuration is {@code conf}: adds the progress reporter to it and
     * sends the log to the file, or (verbose) leaves the log on the console.
     */
    public static LocalConsole open(Configuration conf, ConsoleOptions options, Path checkpointDir, PrintStream out) {
        if (options.verbose) {
            ConsoleLogging.toConsole();
            return new LocalConsole(null);
        }
        Path log = options.logFile(checkpointDir);
        ConsoleLogging.toFile(log);
        out.println("redo-cdc: log in " + log + " (--verbose prints it here)");
        ProgressPrinter printer = ProgressPrinter.forStandardOutput();
        ProgressReporterFactory.attach(conf, printer::show, REPORT_INTERVAL);
        return new LocalConsole(printer);
    }

    /** Ends the progress line before the summary. */
    @Override
    public void close() {
        if (printer != null) {
            printer.close();
        }
    }
}
