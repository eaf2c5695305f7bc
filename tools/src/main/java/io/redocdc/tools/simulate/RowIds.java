package io.redocdc.tools.simulate;

/**
 * Oracle extended ROWIDs: 18 characters of base 64 (A-Z a-z 0-9 + /) holding the data object number (6),
 * relative file number (3), block (6) and row in the block (3), e.g. AAAR+oAAFAAAARfACG = object 73640, file
 * 5, block 1119, row 134.
 */
final class RowIds {

    /** ROW_ID of transaction control and DDL rows. */
    static final String NONE = "AAAAAAAAAAAAAAAAAA";

    private static final char[] ALPHABET =
            "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".toCharArray();

    private RowIds() {
    }

    static String of(long dataObj, int file, long block, int row) {
        StringBuilder sb = new StringBuilder(18);
        append(sb, dataObj, 6);
        append(sb, file, 3);
        append(sb, block, 6);
        append(sb, row, 3);
        return sb.toString();
    }

    /** ROWID of the n-th row (from 0) stored in a table. */
    static String nth(TableDef table, long n) {
        return of(table.dataObj(), table.rowIdFile(), table.firstBlock() + n / table.rowsPerBlock(),
                (int) (n % table.rowsPerBlock()));
    }

    private static void append(StringBuilder sb, long value, int digits) {
        if (value < 0 || value >= 1L << (6 * digits)) {
            throw new IllegalArgumentException("ROWID part " + value + " does not fit " + digits + " base-64 digits");
        }
        for (int shift = 6 * (digits - 1); shift >= 0; shift -= 6) {
            sb.append(ALPHABET[(int) ((value >> shift) & 63)]);
        }
    }
}
