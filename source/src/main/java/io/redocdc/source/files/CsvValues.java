package io.redocdc.source.files;

import io.redocdc.source.catalog.RedoInputException;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.format.ResolverStyle;

/** Typed reads of one CSV cell; failures name file, line, column, the expected form and the actual text. */
final class CsvValues {

    /** Oracle's {@code YYYY-MM-DD HH24:MI:SS}. */
    static final DateTimeFormatter ORACLE_DATE_TIME =
            DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm:ss").withResolverStyle(ResolverStyle.STRICT);

    private final CsvRows rows;

    CsvValues(CsvRows rows) {
        this.rows = rows;
    }

    /** The cell's text, or null when empty (SQL*Plus prints NULL as an empty field). */
    String text(CsvRows.Row row, int column) {
        String value = row.get(column);
        return value.isEmpty() ? null : value;
    }

    long requiredLong(CsvRows.Row row, int column) {
        String value = row.get(column).trim();
        try {
            return Long.parseLong(value);
        } catch (NumberFormatException e) {
            throw fail(row, column, "a decimal integer", value);
        }
    }

    Long optionalLong(CsvRows.Row row, int column) {
        return row.get(column).isBlank() ? null : requiredLong(row, column);
    }

    int requiredInt(CsvRows.Row row, int column) {
        long value = requiredLong(row, column);
        if (value < Integer.MIN_VALUE || value > Integer.MAX_VALUE) {
            throw fail(row, column, "an integer that fits 32 bits", row.get(column));
        }
        return (int) value;
    }

    /** A 0/1 flag such as CSF or ROLLBACK. */
    boolean zeroOrOne(CsvRows.Row row, int column) {
        String value = row.get(column).trim();
        return switch (value) {
            case "0" -> false;
            case "1" -> true;
            default -> throw fail(row, column, "0 or 1", value);
        };
    }

    /** A YES/NO flag such as DICTIONARY_BEGIN. */
    boolean yesOrNo(CsvRows.Row row, int column) {
        String value = row.get(column).trim();
        return switch (value) {
            case "YES" -> true;
            case "NO" -> false;
            default -> throw fail(row, column, "YES or NO", value);
        };
    }

    LocalDateTime dateTime(CsvRows.Row row, int column) {
        String value = row.get(column).trim();
        try {
            return LocalDateTime.parse(value, ORACLE_DATE_TIME);
        } catch (DateTimeParseException e) {
            throw fail(row, column, "a date-time 'YYYY-MM-DD HH24:MI:SS'", value);
        }
    }

    RedoInputException fail(CsvRows.Row row, int column, String expected, String actual) {
        return RedoInputException.at(rows.file(), row.line(),
                "column " + rows.header().get(column) + ": expected " + expected + ", got '" + actual + "'");
    }
}
