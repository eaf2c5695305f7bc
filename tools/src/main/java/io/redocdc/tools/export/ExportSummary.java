package io.redocdc.tools.export;

import java.time.Duration;
import java.util.Locale;

/**
 * What an export run wrote.
 *
 * @param stopped true when a stop request ended the run (an unfinished log was discarded)
 */
public record ExportSummary(int logs, long rows, Duration elapsed, boolean stopped) {

    public String describe() {
        return String.format(Locale.ROOT, "%d logs, %d rows in %.1f s (%s)%s", logs, rows, elapsed.toMillis() / 1e3,
                LogExporter.rate(rows, elapsed), stopped ? ", stopped on request" : "");
    }
}
