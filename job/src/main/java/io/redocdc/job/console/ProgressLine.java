package io.redocdc.job.console;

import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/** Formats {@link ProgressFigures} as one short line; figures not known yet are shown as "-". */
public final class ProgressLine {

    private static final DateTimeFormatter REDO_TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss", Locale.ROOT);

    private final ZoneId zone;

    /** Redo times in this JVM's default zone, the one the metrics read them in. */
    public ProgressLine() {
        this(ZoneId.systemDefault());
    }

    ProgressLine(ZoneId zone) {
        this.zone = zone;
    }

    public String format(ProgressFigures figures) {
        return String.format(Locale.ROOT, "logs %s/%s | %s changes/s | frontier SCN %s%s | %s open transactions | lag %s",
                known(figures.logsRead()), known(figures.logsKnown()),
                figures.changesPerSecond() < 0 ? "-" : String.format(Locale.ROOT, "%,.0f", figures.changesPerSecond()),
                known(figures.frontierScn()),
                figures.frontierRedoTime() < 0 ? ""
                        : " (" + REDO_TIME.format(Instant.ofEpochMilli(figures.frontierRedoTime()).atZone(zone)) + ")",
                known(figures.openTransactions()), figures.lagMillis() < 0 ? "-" : duration(figures.lagMillis()));
    }

    /** A lag the way a person says it: 850 ms, 42 s, 7 min 5 s, 3 h 12 min, 4 d 6 h. */
    static String duration(long millis) {
        long seconds = millis / 1000;
        if (seconds < 1) {
            return millis + " ms";
        }
        if (seconds < 60) {
            return seconds + " s";
        }
        long minutes = seconds / 60;
        if (minutes < 60) {
            return minutes + " min " + seconds % 60 + " s";
        }
        long hours = minutes / 60;
        if (hours < 24) {
            return hours + " h " + minutes % 60 + " min";
        }
        return hours / 24 + " d " + hours % 24 + " h";
    }

    private static String known(long value) {
        return value < 0 ? "-" : Long.toString(value);
    }
}
