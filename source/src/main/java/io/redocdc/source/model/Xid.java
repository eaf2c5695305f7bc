package io.redocdc.source.model;

import java.util.HexFormat;

/**
 * An Oracle transaction id as V$LOGMNR_CONTENTS.XID shows it: RAW(8) holding USN (u16), SLOT (u16) and
 * SQN (u32), each little-endian. {@code 0A000C003C020000} is 10.12.572.
 *
 * <p>Rollback rows may carry a partial XID whose SQN is 0xFFFFFFFF; such a row belongs to the transaction
 * open on the same USN and SLOT, which is why transactions are keyed by {@link #slotKey()}.
 */
public record Xid(int usn, int slot, long sqn) {

    public static final long PARTIAL_SQN = 0xFFFFFFFFL;

    private static final HexFormat UPPER_HEX = HexFormat.of().withUpperCase();

    /**
     * No transaction: rows outside any transaction (some INTERNAL rows, dictionary DDL) carry a NULL or an
     * all-zero XID. The capture filter drops such rows, so no transaction is ever keyed by it.
     */
    public static final Xid NONE = new Xid(0, 0, 0);

    public Xid {
        if (usn < 0 || usn > 0xFFFF || slot < 0 || slot > 0xFFFF || sqn < 0 || sqn > 0xFFFFFFFFL) {
            throw new IllegalArgumentException("XID part out of range: " + usn + "." + slot + "." + sqn);
        }
    }

    /** Parses the 16-hex-digit RAW form. */
    public static Xid fromRaw(String raw) {
        String hex = raw == null ? "" : raw.trim();
        if (hex.length() != 16) {
            throw new IllegalArgumentException("XID must be 16 hex digits (RAW(8)), got '" + raw + "'");
        }
        try {
            int usn = littleEndian(hex, 0, 2);
            int slot = littleEndian(hex, 2, 2);
            long sqn = Integer.toUnsignedLong(littleEndian(hex, 4, 4));
            return new Xid(usn, slot, sqn);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("XID must be 16 hex digits (RAW(8)), got '" + raw + "'");
        }
    }

    /** Like {@link #fromRaw}, but a NULL or blank XID (a row outside any transaction) is {@link #NONE}. */
    public static Xid fromNullableRaw(String raw) {
        return raw == null || raw.isBlank() ? NONE : fromRaw(raw);
    }

    private static int littleEndian(String hex, int firstByte, int bytes) {
        int value = 0;
        for (int i = bytes - 1; i >= 0; i--) {
            int at = (firstByte + i) * 2;
            value = (value << 8) | Integer.parseInt(hex.substring(at, at + 2), 16);
        }
        return value;
    }

    /**
     * The 16-hex-digit RAW form, upper case as Oracle prints it. Called per row by the assembler, hence digits
     * written into one array rather than a String.format per byte.
     */
    public String toRaw() {
        char[] raw = new char[16];
        putLittleEndian(raw, 0, usn, 2);
        putLittleEndian(raw, 4, slot, 2);
        putLittleEndian(raw, 8, sqn, 4);
        return new String(raw);
    }

    private static void putLittleEndian(char[] raw, int at, long value, int bytes) {
        for (int i = 0; i < bytes; i++) {
            int b = (int) (value >>> (8 * i)) & 0xFF;
            raw[at + 2 * i] = UPPER_HEX.toHighHexDigit(b);
            raw[at + 2 * i + 1] = UPPER_HEX.toLowHexDigit(b);
        }
    }

    /** True for {@link #NONE}, however it was written (NULL, blank or all zero). */
    public boolean isNone() {
        return equals(NONE);
    }

    public boolean isPartial() {
        return sqn == PARTIAL_SQN;
    }

    /** USN and SLOT in one int: the undo slot a transaction occupies, shared by its partial-XID rows. */
    public int slotKey() {
        return (usn << 16) | slot;
    }

    /** The dotted form USN.SLOT.SQN as DBA views and XStream print it. */
    @Override
    public String toString() {
        return usn + "." + slot + "." + sqn;
    }
}
