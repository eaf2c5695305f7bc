package io.redocdc.operators.lcr;

import java.time.DateTimeException;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoField;

/**
 * The canonical text of a {@link ValueKind#TIMESTAMP_TZ} value split into its local date-time and its zone (an
 * offset such as {@code +02:00} or a region such as {@code Europe/Paris}, or none when LogMiner printed none).
 * Shared by the JDBC sink's binder and the SQL table source, so both read these values the same way.
 */
public record TimestampTzText(LocalDateTime local, String zone) {

    private static final DateTimeFormatter DATE_TIME = new DateTimeFormatterBuilder()
            .appendPattern("yyyy-MM-dd HH:mm:ss")
            .optionalStart()
            .appendFraction(ChronoField.NANO_OF_SECOND, 0, 9, true)
            .optionalEnd()
            .toFormatter();

    /** Length of {@code yyyy-MM-dd}: a blank after it separates the time, a later blank the zone. */
    private static final int DATE_LENGTH = 10;

    /**
     * @throws DateTimeParseException when the part before the zone is not {@code yyyy-MM-dd HH:mm:ss[.f]}
     */
    public static TimestampTzText parse(String text) {
        String trimmed = text.trim();
        int space = trimmed.lastIndexOf(' ');
        String zone = space > DATE_LENGTH ? trimmed.substring(space + 1) : null;
        return new TimestampTzText(parseLocal(zone == null ? trimmed : trimmed.substring(0, space)), zone);
    }

    /** {@code yyyy-MM-dd HH:mm:ss[.f]}, the form of DATE and TIMESTAMP values' text. */
    public static LocalDateTime parseLocal(String text) {
        return LocalDateTime.parse(text.trim(), DATE_TIME);
    }

    public boolean hasZone() {
        return zone != null;
    }

    /**
     * The zone's offset at this local time; region names match case-insensitively (Oracle prints them upper case).
     *
     * @throws DateTimeException for a zone Java does not know, or when there is none
     */
    public ZoneOffset offset() {
        if (zone == null) {
            throw new DateTimeException("no time zone in the value");
        }
        if (zone.startsWith("+") || zone.startsWith("-")) {
            return ZoneOffset.of(zone);
        }
        for (String id : ZoneId.getAvailableZoneIds()) {
            if (id.equalsIgnoreCase(zone)) {
                return ZoneId.of(id).getRules().getOffset(local);
            }
        }
        return ZoneId.of(zone).getRules().getOffset(local);
    }
}
