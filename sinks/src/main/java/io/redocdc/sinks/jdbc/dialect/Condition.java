package io.redocdc.sinks.jdbc.dialect;

/**
 * One term of a WHERE clause: {@code "COL" = ?}, or {@code "COL" IS NULL} when the old value was null (so
 * the null mask is part of the statement's text and shape).
 */
public record Condition(String column, boolean isNull) {

    public static Condition equalTo(String column) {
        return new Condition(column, false);
    }

    public static Condition nullValue(String column) {
        return new Condition(column, true);
    }
}
