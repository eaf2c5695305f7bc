package io.redocdc.job.console;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/** {@code --verbose} and {@code --log-file} of the commands that run the job locally ({@code run}, {@code demo}). */
public final class ConsoleOptions {

    public static final String LOG_FILE_NAME = "redo-cdc.log";

    @Option(names = "--verbose", defaultValue = "false",
            description = "Print the log on the console (instead of the progress line; the log file is not written).")
    public boolean verbose;

    @Option(names = "--log-file", paramLabel = "FILE",
            description = "Where the log of a local run goes (default redo-cdc.log beside the checkpoint directory).")
    public Path logFile;

    /** The log file: --log-file, else {@value #LOG_FILE_NAME} in {@code besides}'s parent directory. */
    public Path logFile(Path besides) {
        if (logFile != null) {
            return logFile.toAbsolutePath();
        }
        Path parent = besides.toAbsolutePath().getParent();
        return (parent != null ? parent : besides.toAbsolutePath()).resolve(LOG_FILE_NAME);
    }
}
