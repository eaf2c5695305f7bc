package io.redocdc.source.logminer;

import io.redocdc.source.model.Scn;
import java.io.Serializable;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.format.ResolverStyle;
import java.util.Locale;

/** Where capture starts: an SCN, a point in time, the oldest available archived log, or now. */
public sealed interface StartPosition extends Serializable
        permits StartPosition.AtScn, StartPosition.AtTimestamp, StartPosition.Oldest, StartPosition.Now {

    String OPTION = "source.start";
    DateTimeFormatter TIMESTAMP_FORMAT =
            DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm:ss").withResolverStyle(ResolverStyle.STRICT);

    /** Start at this SCN. */
    record AtScn(Scn scn) implements StartPosition {
        @Override
        public String toString() {
            return "scn:" + scn;
        }
    }

    /** Start at the SCN of this time, in the database server's time zone (as V$ARCHIVED_LOG.FIRST_TIME shows). */
    record AtTimestamp(LocalDateTime time) implements StartPosition {
        @Override
        public String toString() {
            return "timestamp:" + TIMESTAMP_FORMAT.format(time);
        }
    }

    /** Start at the lowest FIRST_CHANGE# of the available archived logs of the current incarnation. */
    record Oldest() implements StartPosition {
        @Override
        public String toString() {
            return "oldest";
        }
    }

    /** Start at V$DATABASE.CURRENT_SCN. */
    record Now() implements StartPosition {
        @Override
        public String toString() {
            return "now";
        }
    }

    StartPosition OLDEST = new Oldest();
    StartPosition NOW = new Now();

    /** Parses "scn:N" (or a bare N), "timestamp:YYYY-MM-DD HH:MM:SS", "oldest" or "now"; errors name {@value #OPTION}. */
    static StartPosition parse(String text) {
        String value = text == null ? "" : text.trim();
        String lower = value.toLowerCase(Locale.ROOT);
        if (lower.equals("oldest")) {
            return OLDEST;
        }
        if (lower.equals("now")) {
            return NOW;
        }
        if (!value.isEmpty() && value.chars().allMatch(Character::isDigit)) {
            return new AtScn(Scn.parse(value));
        }
        if (lower.startsWith("scn:")) {
            try {
                return new AtScn(Scn.parse(value.substring(4)));
            } catch (IllegalArgumentException e) {
                throw invalid(text, e.getMessage());
            }
        }
        if (lower.startsWith("timestamp:")) {
            String time = value.substring("timestamp:".length()).trim();
            try {
                return new AtTimestamp(LocalDateTime.parse(time, TIMESTAMP_FORMAT));
            } catch (DateTimeParseException e) {
                throw invalid(text, "'" + time + "' is not a time YYYY-MM-DD HH:MM:SS");
            }
        }
        throw invalid(text, "unknown form");
    }

    private static IllegalArgumentException invalid(String text, String problem) {
        return new IllegalArgumentException(OPTION + " must be scn:N | timestamp:YYYY-MM-DD HH:MM:SS | oldest | now; "
                + "got '" + text + "' (" + problem + ")");
    }
}
