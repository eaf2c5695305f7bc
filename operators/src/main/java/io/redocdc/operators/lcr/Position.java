package io.redocdc.operators.lcr;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.HexFormat;

/**
 * An LCR's position, as XStream defines it: bytes that compare unsigned, strictly increase along the stream,
 * are the same after any restart, and from which the commit SCN and SCN can be read back.
 *
 * <p>Layout (big-endian, 30 bytes): commit SCN (8), redo thread of the commit (2), log sequence of the commit
 * record (4), index of the commit record in that log (4), ordinal of the LCR in its transaction (4), SCN of
 * the change (8). The first four fields order transactions (commit SCN, ties broken by thread and the commit
 * record's place in the redo); the ordinal orders the changes of one transaction.
 */
public record Position(byte[] bytes) implements Comparable<Position> {

    public static final int LENGTH = 30;
    /** Length of the prefix that identifies the transaction. */
    public static final int TRANSACTION_PREFIX = 18;

    public Position {
        if (bytes == null || bytes.length != LENGTH) {
            throw new IllegalArgumentException("a position has " + LENGTH + " bytes");
        }
    }

    public static Position of(long commitScn, int commitThread, long commitSequence, long commitIndex,
                              int ordinal, long scn) {
        ByteBuffer buf = ByteBuffer.allocate(LENGTH);
        buf.putLong(commitScn)
                .putShort((short) commitThread)
                .putInt((int) commitSequence)
                .putInt((int) commitIndex)
                .putInt(ordinal)
                .putLong(scn);
        return new Position(buf.array());
    }

    public static Position fromHex(String hex) {
        return new Position(HexFormat.of().parseHex(hex));
    }

    public long commitScn() {
        return ByteBuffer.wrap(bytes).getLong(0);
    }

    public int commitThread() {
        return Short.toUnsignedInt(ByteBuffer.wrap(bytes).getShort(8));
    }

    public int ordinal() {
        return ByteBuffer.wrap(bytes).getInt(18);
    }

    public long scn() {
        return ByteBuffer.wrap(bytes).getLong(22);
    }

    /** The transaction part of the position as hex: equal for all LCRs of one transaction. */
    public String transactionId() {
        return HexFormat.of().formatHex(bytes, 0, TRANSACTION_PREFIX);
    }

    public String toHex() {
        return HexFormat.of().formatHex(bytes);
    }

    @Override
    public int compareTo(Position other) {
        return Arrays.compareUnsigned(bytes, other.bytes);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Position p && Arrays.equals(bytes, p.bytes);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(bytes);
    }

    @Override
    public String toString() {
        return toHex();
    }
}
