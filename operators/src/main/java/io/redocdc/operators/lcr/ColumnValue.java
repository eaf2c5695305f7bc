package io.redocdc.operators.lcr;

import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.temporal.ChronoField;
import java.util.HexFormat;
import java.util.List;

/**
 * One column's value in a row LCR: upper-case column name, what the literal said ({@link ValueKind}) and the
 * value's canonical text. The text is exactly what the file output writes for this value (null for NULL and
 * UNSUPPORTED), so output never re-formats and stays identical across restarts.
 */
public record ColumnValue(String name, ValueKind kind, String text) {

    private static final DateTimeFormatter SQL_DATE_TIME = new DateTimeFormatterBuilder()
            .appendPattern("yyyy-MM-dd HH:mm:ss")
            .optionalStart()
            .appendFraction(ChronoField.NANO_OF_SECOND, 0, 9, true)
            .optionalEnd()
            .toFormatter();

    public ColumnValue {
        if (name == null || kind == null) {
            throw new IllegalArgumentException("column name and kind are required");
        }
        if ((kind == ValueKind.NULL || kind == ValueKind.UNSUPPORTED) != (text == null)) {
            throw new IllegalArgumentException("column " + name + ": " + kind + " value with text " + text);
        }
    }

    public static ColumnValue ofNull(String name) {
        return new ColumnValue(name, ValueKind.NULL, null);
    }

    public static ColumnValue ofString(String name, String text) {
        return new ColumnValue(name, ValueKind.STRING, text);
    }

    /** Index of the value named {@code name} in {@code values}, or -1. */
    public static int indexOf(List<ColumnValue> values, String name) {
        for (int i = 0; i < values.size(); i++) {
            if (values.get(i).name().equals(name)) {
                return i;
            }
        }
        return -1;
    }

    /** Puts {@code value} in place of the one with its name in {@code image}, or at its end. */
    public static void put(List<ColumnValue> image, ColumnValue value) {
        int at = indexOf(image, value.name());
        if (at >= 0) {
            image.set(at, value);
        } else {
            image.add(value);
        }
    }

    public boolean isNull() {
        return kind == ValueKind.NULL;
    }

    /** DATE and TIMESTAMP values as a LocalDateTime. */
    public LocalDateTime asLocalDateTime() {
        if (kind != ValueKind.DATE && kind != ValueKind.TIMESTAMP) {
            throw new IllegalStateException("column " + name + " is " + kind + ", not a DATE or TIMESTAMP");
        }
        return LocalDateTime.parse(text, SQL_DATE_TIME);
    }

    /** RAW and BLOB values as bytes. */
    public byte[] asBytes() {
        if (kind != ValueKind.RAW && kind != ValueKind.EMPTY_BLOB) {
            throw new IllegalStateException("column " + name + " is " + kind + ", not RAW");
        }
        return HexFormat.of().parseHex(text);
    }
}
