package io.redocdc.operators.txn;

import io.redocdc.operators.lcr.ColumnValue;
import io.redocdc.operators.lcr.ValueKind;
import java.util.Arrays;
import java.util.HexFormat;

/**
 * The value of one LOB or XMLType column while the transaction's LOB rows rebuild it, with DBMS_LOB's semantics
 * (Oracle Database PL/SQL Packages and Types Reference, DBMS_LOB: WRITE, TRIM, ERASE): 1-based offsets; text
 * counted in characters (code points, as LogMiner's amounts count them), binary in bytes; a write past the end
 * fills the gap with blanks or zero bytes, ERASE blanks or zeroes its range, TRIM shortens.
 */
final class LobValue {

    private final boolean binary;
    private final StringBuilder text;
    private int codePoints;
    private byte[] bytes;
    private int size;

    private LobValue(boolean binary) {
        this.binary = binary;
        this.text = binary ? null : new StringBuilder();
        this.bytes = binary ? new byte[64] : null;
    }

    static LobValue emptyText() {
        return new LobValue(false);
    }

    static LobValue emptyBinary() {
        return new LobValue(true);
    }

    /** The column's value as the image held it (a STRING, RAW or empty LOB), to change further. */
    static LobValue of(ColumnValue value, boolean binary) {
        LobValue lob = new LobValue(binary);
        if (value.text() != null && !value.text().isEmpty()) {
            if (binary) {
                byte[] data = HexFormat.of().parseHex(value.text());
                lob.writeBytes(0, data);
            } else {
                lob.writeText(0, value.text());
            }
        }
        return lob;
    }

    boolean isBinary() {
        return binary;
    }

    /** Current length: characters or bytes. */
    long length() {
        return binary ? size : codePoints;
    }

    /**
     * {@code dbms_lob.write(loc, amount, offset, buffer)}.
     *
     * @throws IllegalArgumentException when the amount is not the buffer's length or the data's kind does not fit
     */
    void write(long amount, long offset, ColumnValue data) {
        if (binary != (data.kind() == ValueKind.RAW)) {
            throw new IllegalArgumentException("a " + (binary ? "BLOB" : "text LOB") + " write carries " + data.kind()
                    + " data");
        }
        int at = position(offset);
        if (binary) {
            byte[] chunk = HexFormat.of().parseHex(data.text());
            requireAmount(amount, chunk.length, "bytes");
            writeBytes(at, chunk);
        } else {
            requireAmount(amount, data.text().codePointCount(0, data.text().length()), "characters");
            writeText(at, data.text());
        }
    }

    /** {@code dbms_lob.trim(loc, length)}: only shortens. */
    void trim(long newLength) {
        if (newLength > length()) {
            throw new IllegalArgumentException("LOB_TRIM to " + newLength + " but the value rebuilt so far has "
                    + length() + (binary ? " bytes" : " characters"));
        }
        if (binary) {
            size = (int) newLength;
        } else {
            text.setLength(text.offsetByCodePoints(0, (int) newLength));
            codePoints = (int) newLength;
        }
    }

    /** {@code dbms_lob.erase(loc, amount, offset)}: the part within the value becomes blanks or zero bytes. */
    void erase(long amount, long offset) {
        int at = position(offset);
        long end = Math.min(length(), at + amount);
        if (end <= at) {
            return;
        }
        int count = (int) (end - at);
        if (binary) {
            Arrays.fill(bytes, at, at + count, (byte) 0);
        } else {
            writeText(at, " ".repeat(count));
        }
    }

    /** The value as an image holds it: STRING text, or RAW lower-case hex. */
    ColumnValue toColumnValue(String column) {
        return binary
                ? new ColumnValue(column, ValueKind.RAW, HexFormat.of().formatHex(bytes, 0, size))
                : ColumnValue.ofString(column, text.toString());
    }

    private static int position(long offset) {
        if (offset < 1 || offset > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("LOB offset " + offset + " is out of range (1-based)");
        }
        return (int) (offset - 1);
    }

    private static void requireAmount(long amount, int actual, String unit) {
        if (amount != actual) {
            throw new IllegalArgumentException("dbms_lob.write declares " + amount + " " + unit + " but its buffer "
                    + "holds " + actual);
        }
    }

    /** Writes at code point {@code at}: appends when at the end (the usual case, cheap), else overwrites. */
    private void writeText(int at, String data) {
        int added = data.codePointCount(0, data.length());
        if (at > codePoints) {
            text.append(" ".repeat(at - codePoints));
            codePoints = at;
        }
        if (at == codePoints) {
            text.append(data);
            codePoints += added;
            return;
        }
        int start = text.offsetByCodePoints(0, at);
        int overwritten = Math.min(added, codePoints - at);
        int end = text.offsetByCodePoints(start, overwritten);
        text.replace(start, end, data);
        codePoints += added - overwritten;
    }

    private void writeBytes(int at, byte[] data) {
        int end = at + data.length;
        if (end > bytes.length) {
            bytes = Arrays.copyOf(bytes, Math.max(end, bytes.length * 2));
        }
        if (at > size) {
            Arrays.fill(bytes, size, at, (byte) 0);
        }
        System.arraycopy(data, 0, bytes, at, data.length);
        size = Math.max(size, end);
    }
}
