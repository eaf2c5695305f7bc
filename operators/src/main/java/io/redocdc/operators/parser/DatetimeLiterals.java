package io.redocdc.operators.parser;

import io.redocdc.source.model.NlsFormats;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Reads the text of TO_DATE, TO_TIMESTAMP and TO_TIMESTAMP_TZ literals into canonical text (see
 * {@link DatetimeMask}): with the mask the literal carries, else with the session's NLS format for its function.
 * Text already in the canonical layout under a {@code YYYY-MM-DD HH24:MI:SS...} mask (what our mining sessions
 * print) is taken as it is, without interpreting the mask.
 */
final class DatetimeLiterals {

    /** Masks that literals carry are few per database; more than this many distinct ones are read uncached. */
    private static final int CACHED_MASKS = 64;

    private final NlsFormats formats;
    private final DatetimeMask date;
    private final DatetimeMask timestamp;
    private final DatetimeMask timestampTz;
    private final Map<String, DatetimeMask> carried = new ConcurrentHashMap<>();

    /** @throws IllegalArgumentException when one of the NLS formats is not a mask we can read */
    DatetimeLiterals(NlsFormats formats) {
        this.formats = formats;
        this.date = compile(formats.dateFormat(), "NLS_DATE_FORMAT");
        this.timestamp = compile(formats.timestampFormat(), "NLS_TIMESTAMP_FORMAT");
        this.timestampTz = compile(formats.timestampTzFormat(), "NLS_TIMESTAMP_TZ_FORMAT");
    }

    NlsFormats formats() {
        return formats;
    }

    /** The mask a literal carries, compiled (and cached). */
    DatetimeMask carried(String mask) {
        DatetimeMask compiled = carried.get(mask);
        if (compiled == null) {
            compiled = DatetimeMask.compile(mask);
            if (carried.size() < CACHED_MASKS) {
                carried.put(mask, compiled);
            }
        }
        return compiled;
    }

    DatetimeMask dateDefault() {
        return date;
    }

    DatetimeMask timestampDefault() {
        return timestamp;
    }

    DatetimeMask timestampTzDefault() {
        return timestampTz;
    }

    /** The canonical text of {@code text} read with {@code mask}, or null when it does not fit. */
    String read(DatetimeMask mask, String text, boolean zoned, int referenceYear) {
        boolean fractionAllowed = mask.hasFraction() || text.length() == DatetimeShape.SECONDS_LENGTH;
        if (fractionAllowed && mask.startsCanonically() && isCanonical(text, zoned)) {
            return text;
        }
        return mask.read(text, formats.decimalCharacter(), referenceYear);
    }

    private static boolean isCanonical(String text, boolean zoned) {
        int end = DatetimeShape.fractionEnd(text);
        if (end == text.length()) {
            return true;
        }
        return zoned && end > 0 && text.charAt(end) == ' ' && isZone(text, end + 1);
    }

    /** {@code +hh:mm} / {@code -h:mm}, or a region name ({@code Europe/Berlin}, {@code UTC}). */
    private static boolean isZone(String text, int from) {
        if (from >= text.length()) {
            return false;
        }
        char first = text.charAt(from);
        if (first == '+' || first == '-') {
            int colon = text.indexOf(':', from);
            return colon > from + 1 && colon <= from + 3 && colon + 3 == text.length()
                    && allDigits(text, from + 1, colon) && allDigits(text, colon + 1, text.length());
        }
        for (int i = from; i < text.length(); i++) {
            char c = text.charAt(i);
            if (!(Character.isLetterOrDigit(c) || c == '/' || c == '_' || c == '-' || c == '+')) {
                return false;
            }
        }
        return Character.isLetter(first);
    }

    private static boolean allDigits(String text, int from, int to) {
        for (int i = from; i < to; i++) {
            if (!RedoTextCursor.isDigit(text.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    private static DatetimeMask compile(String mask, String parameter) {
        try {
            return DatetimeMask.compile(mask);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(parameter + " '" + mask + "': " + e.getMessage(), e);
        }
    }
}
