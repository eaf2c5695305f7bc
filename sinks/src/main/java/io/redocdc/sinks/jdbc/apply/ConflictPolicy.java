package io.redocdc.sinks.jdbc.apply;

import java.io.Serializable;
import java.util.Locale;

/**
 * The conflict handling of one table: a {@link ConflictResolution} and, for MAXIMUM and MINIMUM, the source
 * column compared. Written as {@code error}, {@code overwrite}, {@code discard}, {@code maximum:COL} or
 * {@code minimum:COL} in {@code sink.conflict.OWNER.TABLE}.
 */
public record ConflictPolicy(ConflictResolution resolution, String column) implements Serializable {

    public static final ConflictPolicy ERROR = new ConflictPolicy(ConflictResolution.ERROR, null);

    public ConflictPolicy {
        boolean compares = resolution == ConflictResolution.MAXIMUM || resolution == ConflictResolution.MINIMUM;
        if (compares == (column == null || column.isBlank())) {
            throw new IllegalArgumentException(compares
                    ? resolution + " needs a column (maximum:COL or minimum:COL)"
                    : resolution + " takes no column; got " + column);
        }
    }

    /** Parses {@code error|overwrite|discard|maximum:COL|minimum:COL}; the error names {@code key}. */
    public static ConflictPolicy parse(String key, String text) {
        String value = text == null ? "" : text.trim();
        int colon = value.indexOf(':');
        String name = (colon < 0 ? value : value.substring(0, colon)).trim().toUpperCase(Locale.ROOT);
        String column = colon < 0 ? null : value.substring(colon + 1).trim();
        try {
            return new ConflictPolicy(ConflictResolution.valueOf(name), column);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("option " + key + ": expected error, overwrite, discard, "
                    + "maximum:COL or minimum:COL; got '" + text + "'", e);
        }
    }

    @Override
    public String toString() {
        String name = resolution.name().toLowerCase(Locale.ROOT);
        return column == null ? name : name + ":" + column;
    }
}
