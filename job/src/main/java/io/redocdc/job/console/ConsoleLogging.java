package io.redocdc.job.console;

import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Path;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LoggerContext;

/**
 * Where a local run's log goes: to a file, leaving the console to the progress line and the summary, or
 * ({@code --verbose}) to the console as before. Switches the properties that log4j2.xml reads and reconfigures.
 */
public final class ConsoleLogging {

    static final String CONSOLE_LEVEL = "redocdc.log.console-level";
    static final String FILE_LEVEL = "redocdc.log.file-level";
    static final String STDERR_LEVEL = "redocdc.log.stderr-level";
    static final String FILE = "redocdc.log.file";
    private static final String CONFIGURATION = "/log4j2.xml";

    private ConsoleLogging() {
    }

    /** The whole log goes to {@code file} (appended), none of it to the console. */
    public static void toFile(Path file) {
        System.setProperty(FILE, file.toAbsolutePath().toString());
        route("OFF", "OFF", "ALL");
    }

    /** The log goes to standard error, leaving standard output to a command's result (inspect --json). */
    public static void toStandardError() {
        route("OFF", "ALL", "OFF");
    }

    /** The log goes to the console, as without redo-cdc's switch. */
    public static void toConsole() {
        route("ALL", "OFF", "OFF");
    }

    /** Each appender's threshold (ALL or OFF), then the configuration reloaded. */
    private static void route(String console, String standardError, String file) {
        System.setProperty(CONSOLE_LEVEL, console);
        System.setProperty(STDERR_LEVEL, standardError);
        System.setProperty(FILE_LEVEL, file);
        reconfigure();
    }

    /**
     * Reloads the job's log4j2.xml with the new properties; a configuration the user chose with
     * {@code -Dlog4j.configurationFile} is left alone (it decides where the log goes).
     */
    private static void reconfigure() {
        if (System.getProperty("log4j.configurationFile") != null
                || System.getProperty("log4j2.configurationFile") != null) {
            return;
        }
        URL ours = ConsoleLogging.class.getResource(CONFIGURATION);
        if (ours != null && LogManager.getContext(false) instanceof LoggerContext context) {
            try {
                context.setConfigLocation(ours.toURI()); // reconfigures, also over a test jar's log4j2-test file
            } catch (URISyntaxException e) {
                throw new IllegalStateException("cannot read " + ours, e);
            }
        }
    }
}
