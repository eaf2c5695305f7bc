package io.redocdc.operators.parser;

import io.redocdc.operators.lcr.ColumnValue;
import io.redocdc.operators.lcr.ValueKind;

/**
 * Reads one value literal of a SQL_REDO statement into a {@link ColumnValue} with its canonical text (see
 * {@link ValueKind}). Datetime literals are checked against the shape the mining session's NLS settings give
 * ({@code YYYY-MM-DD HH24:MI:SS[.FF]}), so a session mined with other settings fails instead of producing
 * values that read differently.
 */
final class RedoValueReader {

    static final String DATE_MASK = "YYYY-MM-DD HH24:MI:SS";

    private static final String VALUE_FORMS = "a value (NULL, '...', a number, UNISTR, TO_DATE, TO_TIMESTAMP, "
            + "TO_TIMESTAMP_TZ, HEXTORAW, TO_YMINTERVAL, TO_DSINTERVAL, EMPTY_CLOB(), EMPTY_BLOB() or Unsupported Type)";

    private final RedoTextCursor cursor;

    RedoValueReader(RedoTextCursor cursor) {
        this.cursor = cursor;
    }

    ColumnValue read(String column) {
        int first = cursor.peek();
        if (first == '\'') {
            return ColumnValue.ofString(column, cursor.stringLiteral());
        }
        if (first == '-' || first == '+' || first == '.' || (first >= '0' && first <= '9')) {
            String number = cursor.tryNumber();
            if (number == null) {
                throw cursor.expected(VALUE_FORMS);
            }
            return ColumnValue.ofString(column, number);
        }
        int start = cursor.position();
        int end = cursor.consumeWord();
        if (cursor.wordEquals(start, end, "NULL")) {
            return ColumnValue.ofNull(column);
        }
        if (cursor.wordEquals(start, end, "UNISTR")) {
            cursor.expectChar('(');
            String value = cursor.unistrLiteral();
            cursor.expectChar(')');
            return ColumnValue.ofString(column, value);
        }
        if (cursor.wordEquals(start, end, "TO_DATE")) {
            return toDate(column);
        }
        if (cursor.wordEquals(start, end, "TO_TIMESTAMP")) {
            return toTimestamp(column, ValueKind.TIMESTAMP, "TO_TIMESTAMP");
        }
        if (cursor.wordEquals(start, end, "TO_TIMESTAMP_TZ")) {
            return toTimestamp(column, ValueKind.TIMESTAMP_TZ, "TO_TIMESTAMP_TZ");
        }
        if (cursor.wordEquals(start, end, "HEXTORAW")) {
            return hexToRaw(column);
        }
        if (cursor.wordEquals(start, end, "TO_YMINTERVAL")) {
            return new ColumnValue(column, ValueKind.INTERVAL_YM, singleArgument());
        }
        if (cursor.wordEquals(start, end, "TO_DSINTERVAL")) {
            return new ColumnValue(column, ValueKind.INTERVAL_DS, singleArgument());
        }
        if (cursor.wordEquals(start, end, "EMPTY_CLOB")) {
            return emptyLob(column, ValueKind.EMPTY_CLOB);
        }
        if (cursor.wordEquals(start, end, "EMPTY_BLOB")) {
            return emptyLob(column, ValueKind.EMPTY_BLOB);
        }
        if (cursor.wordEquals(start, end, "Unsupported")) {
            cursor.expectKeyword("Type");
            return new ColumnValue(column, ValueKind.UNSUPPORTED, null);
        }
        if (end > start) {
            throw cursor.errorAt(start, "unknown value form '" + cursor.slice(start, end) + "': expected " + VALUE_FORMS);
        }
        throw cursor.expected(VALUE_FORMS);
    }

    private String singleArgument() {
        cursor.expectChar('(');
        String value = cursor.stringLiteral();
        cursor.expectChar(')');
        return value;
    }

    private ColumnValue emptyLob(String column, ValueKind kind) {
        cursor.expectChar('(');
        cursor.expectChar(')');
        return new ColumnValue(column, kind, "");
    }

    private ColumnValue toDate(String column) {
        cursor.expectChar('(');
        int valueAt = literalStart();
        String value = cursor.stringLiteral();
        if (!cursor.tryChar(',')) {
            throw cursor.expected("',' and the format mask '" + DATE_MASK + "' (TO_DATE without a mask depends "
                    + "on NLS_DATE_FORMAT)");
        }
        int maskAt = literalStart();
        String mask = cursor.stringLiteral();
        if (!mask.equalsIgnoreCase(DATE_MASK)) {
            throw cursor.errorAt(maskAt, "unsupported TO_DATE format mask '" + mask + "': expected '" + DATE_MASK
                    + "' (set NLS_DATE_FORMAT for the mining session)");
        }
        cursor.expectChar(')');
        if (DatetimeShape.fractionEnd(value) != DatetimeShape.SECONDS_LENGTH) {
            throw cursor.errorAt(valueAt, "bad TO_DATE value '" + value + "': expected yyyy-MM-dd HH:mm:ss");
        }
        return new ColumnValue(column, ValueKind.DATE, value);
    }

    private ColumnValue toTimestamp(String column, ValueKind kind, String function) {
        cursor.expectChar('(');
        int valueAt = literalStart();
        String value = cursor.stringLiteral();
        if (cursor.tryChar(',')) {
            int maskAt = literalStart();
            String mask = cursor.stringLiteral();
            if (!mask.regionMatches(true, 0, DATE_MASK, 0, DATE_MASK.length())) {
                throw cursor.errorAt(maskAt, "unsupported " + function + " format mask '" + mask + "': expected '"
                        + DATE_MASK + "' followed by optional fractional seconds (.FF) "
                        + (kind == ValueKind.TIMESTAMP_TZ ? "and time zone " : "")
                        + "(set NLS_TIMESTAMP" + (kind == ValueKind.TIMESTAMP_TZ ? "_TZ" : "")
                        + "_FORMAT for the mining session)");
            }
        }
        cursor.expectChar(')');
        int end = DatetimeShape.fractionEnd(value);
        boolean valid = kind == ValueKind.TIMESTAMP
                ? end == value.length()
                : end == value.length() || (end > 0 && value.charAt(end) == ' ' && end + 1 < value.length());
        if (!valid) {
            throw cursor.errorAt(valueAt, "bad " + function + " value '" + value + "': expected yyyy-MM-dd "
                    + "HH:mm:ss[.fraction]" + (kind == ValueKind.TIMESTAMP_TZ ? "[ zone]" : ""));
        }
        return new ColumnValue(column, kind, value);
    }

    private ColumnValue hexToRaw(String column) {
        cursor.expectChar('(');
        int valueAt = literalStart();
        String hex = cursor.stringLiteral();
        cursor.expectChar(')');
        boolean upper = false;
        for (int i = 0; i < hex.length(); i++) {
            char c = hex.charAt(i);
            if (c >= 'A' && c <= 'F') {
                upper = true;
            } else if (!RedoTextCursor.isDigit(c) && (c < 'a' || c > 'f')) {
                throw cursor.errorAt(valueAt + 1 + i, "bad HEXTORAW value: expected a hex digit but found '" + c + "'");
            }
        }
        if (hex.length() % 2 != 0) {
            throw cursor.errorAt(valueAt, "bad HEXTORAW value '" + hex + "': expected an even number of hex digits");
        }
        return new ColumnValue(column, ValueKind.RAW, upper ? toLowerHex(hex) : hex);
    }

    private static String toLowerHex(String hex) {
        char[] chars = hex.toCharArray();
        for (int i = 0; i < chars.length; i++) {
            if (chars[i] >= 'A' && chars[i] <= 'F') {
                chars[i] = (char) (chars[i] + ('a' - 'A'));
            }
        }
        return new String(chars);
    }

    /** Offset of the literal that comes next (for error messages about its content). */
    private int literalStart() {
        cursor.peek();
        return cursor.position();
    }
}
