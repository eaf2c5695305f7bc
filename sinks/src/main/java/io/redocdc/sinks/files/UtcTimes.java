package io.redocdc.sinks.files;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;

/** Timestamp texts of the file formats. All times are UTC. */
final class UtcTimes {

    /** GoldenGate's current_ts up to the seconds; Flink's ogg-json reads yyyy-MM-dd'T'HH:mm:ss.SSSSSS. */
    private static final DateTimeFormatter CURRENT_TS_SECONDS =
            DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss").withZone(ZoneOffset.UTC);
    private static final DateTimeFormatter SOURCE_TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");
    private static final String MICROS_ZERO = ".000000";

    private UtcTimes() {
    }

    /**
     * Formats current_ts for one writer thread, formatting the date and time once per second (a
     * DateTimeFormatter call per row took about a quarter of the encoding time).
     */
    static final class CurrentTs {
        private long second = Long.MIN_VALUE;
        private final StringBuilder text = new StringBuilder(26);

        /** {@code yyyy-MM-ddTHH:mm:ss.ffffff}, truncated to microseconds. */
        String format(Instant now) {
            if (now.getEpochSecond() != second) {
                second = now.getEpochSecond();
                text.setLength(0);
                text.append(CURRENT_TS_SECONDS.format(now)).append('.');
            }
            text.setLength(20);
            int micros = now.getNano() / 1000;
            for (int divisor = 100_000; divisor > 0; divisor /= 10) {
                text.append((char) ('0' + micros / divisor % 10));
            }
            return text.toString();
        }
    }

    /**
     * GoldenGate's op_ts {@code yyyy-MM-dd HH:mm:ss.ffffff} from the redo TIMESTAMP ({@code yyyy-MM-dd HH:mm:ss},
     * whole seconds); null stays null.
     */
    static String opTs(String sourceTime) {
        return sourceTime == null ? null : sourceTime + MICROS_ZERO;
    }

    /** Epoch milliseconds of a redo TIMESTAMP ({@code yyyy-MM-dd HH:mm:ss}) read as UTC. */
    static long epochMillis(String sourceTime) {
        try {
            return LocalDateTime.parse(sourceTime, SOURCE_TIME).toInstant(ZoneOffset.UTC).toEpochMilli();
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException(
                    "LCR source time '" + sourceTime + "' is not yyyy-MM-dd HH:mm:ss", e);
        }
    }
}
