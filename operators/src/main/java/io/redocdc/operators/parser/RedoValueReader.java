package io.redocdc.operators.parser;

import io.redocdc.operators.lcr.ColumnValue;
import io.redocdc.operators.lcr.ValueKind;

/**
 * Reads one value literal of a SQL_REDO statement into a {@link ColumnValue} with its canonical text (see
 * {@link ValueKind}). Datetime literals are read with the mask they carry, else with the mining session's NLS
 * format for their function, so values mean the same whatever NLS settings the rows were mined with; text that
 * does not fit its mask fails, naming both.
 */
final class RedoValueReader {

    private static final String VALUE_FORMS = "a value (NULL, '...', a number, UNISTR, TO_DATE, TO_TIMESTAMP, "
            + "TO_TIMESTAMP_TZ, HEXTORAW, TO_YMINTERVAL, TO_DSINTERVAL, EMPTY_CLOB(), EMPTY_BLOB() or Unsupported Type)";

    private final RedoTextCursor cursor;
    private final DatetimeLiterals datetimes;
    private final int referenceYear;

    /** @param referenceYear the year two-digit RR and YY years are resolved against (the redo row's) */
    RedoValueReader(RedoTextCursor cursor, DatetimeLiterals datetimes, int referenceYear) {
        this.cursor = cursor;
        this.datetimes = datetimes;
        this.referenceYear = referenceYear;
    }

    /** A value, or string pieces joined with {@code ||} ({@code UNISTR('\\963F') || UNISTR('\\5C0F')}). */
    ColumnValue read(String column) {
        ColumnValue value = term(column);
        if (!cursor.tryConcatenation()) {
            return value;
        }
        StringBuilder joined = new StringBuilder(stringPiece(value, column));
        do {
            joined.append(stringPiece(term(column), column));
        } while (cursor.tryConcatenation());
        return ColumnValue.ofString(column, joined.toString());
    }

    private String stringPiece(ColumnValue piece, String column) {
        if (piece.kind() != ValueKind.STRING) {
            throw cursor.expected("quoted or UNISTR pieces on both sides of || in the value of column \"" + column
                    + "\" (found a " + piece.kind() + " piece)");
        }
        return piece.text();
    }

    private ColumnValue term(String column) {
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
        String value = cursor.plainLiteral();
        cursor.expectChar(')');
        return value;
    }

    private ColumnValue emptyLob(String column, ValueKind kind) {
        cursor.expectChar('(');
        cursor.expectChar(')');
        return new ColumnValue(column, kind, "");
    }

    private ColumnValue toDate(String column) {
        return datetime(column, ValueKind.DATE, "TO_DATE", datetimes.dateDefault(), null);
    }

    /**
     * {@code FUNCTION('text'[, 'mask'])}. Without a mask the session's NLS format applies; TO_TIMESTAMP_TZ also
     * tries NLS_TIMESTAMP_FORMAT, which a TIMESTAMP WITH LOCAL TIME ZONE value is printed in.
     */
    private ColumnValue toTimestamp(String column, ValueKind kind, String function) {
        DatetimeMask nls = kind == ValueKind.TIMESTAMP ? datetimes.timestampDefault() : datetimes.timestampTzDefault();
        DatetimeMask zoneless = kind == ValueKind.TIMESTAMP_TZ ? datetimes.timestampDefault() : null;
        return datetime(column, kind, function, nls, zoneless);
    }

    private ColumnValue datetime(String column, ValueKind kind, String function, DatetimeMask nls,
                                 DatetimeMask fallback) {
        cursor.expectChar('(');
        int valueAt = literalStart();
        String value = cursor.plainLiteral();
        DatetimeMask mask = nls;
        boolean carriesMask = cursor.tryChar(',');
        if (carriesMask) {
            int maskAt = literalStart();
            String carried = cursor.plainLiteral();
            try {
                mask = datetimes.carried(carried);
            } catch (IllegalArgumentException e) {
                throw cursor.errorAt(maskAt, function + " format mask: " + e.getMessage());
            }
            fallback = null;
        }
        cursor.expectChar(')');
        boolean zoned = kind == ValueKind.TIMESTAMP_TZ;
        String text = datetimes.read(mask, value, zoned, referenceYear);
        if (text == null && fallback != null) {
            text = datetimes.read(fallback, value, false, referenceYear);
        }
        if (text == null) {
            throw cursor.errorAt(valueAt, "bad " + function + " value '" + value + "': it does not fit "
                    + (carriesMask ? "its format mask" : "the session's NLS format")
                    + " '" + mask.mask() + "'" + (fallback != null ? " nor '" + fallback.mask() + "'" : "")
                    + (carriesMask ? "" : " (read the rows with the NLS settings they were mined with: a redo "
                    + "directory's nls_session_parameters.csv, or --source.nls oracle-default or --source.nls-*)"));
        }
        if (zoned && !carriesMask && !hasZone(text) && datetimes.formats().timeZone() != null) {
            // TIMESTAMP WITH LOCAL TIME ZONE, printed in the session's time zone: one instant on every host
            text = text + ' ' + datetimes.formats().timeZone();
        }
        return new ColumnValue(column, kind, text);
    }

    /** Canonical text has a zone when something follows the seconds (and fraction) after a blank. */
    private static boolean hasZone(String canonical) {
        return canonical.indexOf(' ', DatetimeShape.SECONDS_LENGTH) > 0;
    }

    private ColumnValue hexToRaw(String column) {
        cursor.expectChar('(');
        int valueAt = literalStart();
        String hex = cursor.plainLiteral();
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
