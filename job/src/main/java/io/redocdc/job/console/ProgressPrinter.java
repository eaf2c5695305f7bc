package io.redocdc.job.console;

import java.io.PrintStream;
import java.util.function.LongSupplier;

/**
 * Prints the progress line: on a terminal one line rewritten in place (carriage return, then erase to the end of
 * the line), otherwise a plain line at most every {@code lineInterval} milliseconds, without escape codes (for
 * logs, pipes and CI).
 */
public final class ProgressPrinter implements AutoCloseable {

    /** How often a line is printed without a terminal. */
    public static final long DEFAULT_LINE_INTERVAL_MILLIS = 10_000;

    private static final String ERASE_TO_END_OF_LINE = "\u001b[K";

    private final PrintStream out;
    private final boolean terminal;
    private final long lineIntervalMillis;
    private final LongSupplier clock;
    private final ProgressLine line = new ProgressLine();
    private long lastLineAt = Long.MIN_VALUE;
    private boolean liveLineShown;
    private ProgressFigures last = ProgressFigures.NONE;
    /** Without a terminal: the newest figures are not printed yet (the interval had not passed). */
    private boolean lineOwed;

    ProgressPrinter(PrintStream out, boolean terminal, long lineIntervalMillis, LongSupplier clock) {
        this.out = out;
        this.terminal = terminal;
        this.lineIntervalMillis = lineIntervalMillis;
        this.clock = clock;
    }

    /** For standard output: a live line when this JVM runs on a terminal, else a line every 10 s. */
    public static ProgressPrinter forStandardOutput() {
        return new ProgressPrinter(System.out, onTerminal(), DEFAULT_LINE_INTERVAL_MILLIS, System::currentTimeMillis);
    }

    /** Whether standard input and output are a terminal that understands escape codes. */
    static boolean onTerminal() {
        return System.console() != null && !"dumb".equals(System.getenv("TERM"));
    }

    /** Shows new figures (called by the metric reporter's thread). */
    public synchronized void show(ProgressFigures figures) {
        last = figures;
        if (terminal) {
            out.print("\r" + line.format(figures) + ERASE_TO_END_OF_LINE);
            out.flush();
            liveLineShown = true;
            return;
        }
        long now = clock.getAsLong();
        lineOwed = true;
        if (lastLineAt == Long.MIN_VALUE || now - lastLineAt >= lineIntervalMillis) {
            lastLineAt = now;
            printLine();
        }
    }

    private void printLine() {
        out.println(line.format(last));
        lineOwed = false;
    }

    /** The figures last shown. */
    public synchronized ProgressFigures last() {
        return last;
    }

    /**
     * Ends the live line, so that what follows starts on a line of its own; without a terminal, prints the last
     * figures if the interval held them back.
     */
    @Override
    public synchronized void close() {
        if (lineOwed) {
            printLine();
        }
        if (liveLineShown) {
            out.println();
            liveLineShown = false;
        }
        out.flush();
    }
}
