package io.redocdc.source.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.api.Test;

class XidTest {

    @Test
    void rawFormIsLittleEndianUpperCaseHex() {
        assertThat(new Xid(10, 12, 572).toRaw()).isEqualTo("0A000C003C020000");
        assertThat(new Xid(0xFFFF, 0xABCD, Xid.PARTIAL_SQN).toRaw()).isEqualTo("FFFFCDABFFFFFFFF");
        assertThat(Xid.NONE.toRaw()).isEqualTo("0000000000000000");
    }

    @Test
    void rawFormMatchesOraclesByteOrderForRandomIdsAndReadsBack() {
        Random random = new Random(11);
        for (int i = 0; i < 10_000; i++) {
            Xid xid = new Xid(random.nextInt(0x10000), random.nextInt(0x10000), random.nextLong() & 0xFFFFFFFFL);
            String expected = bytes(xid.usn(), 2) + bytes(xid.slot(), 2) + bytes(xid.sqn(), 4);
            assertThat(xid.toRaw()).isEqualTo(expected);
            assertThat(Xid.fromRaw(xid.toRaw())).isEqualTo(xid);
            assertThat(Xid.fromRaw(expected.toLowerCase(Locale.ROOT))).isEqualTo(xid);
        }
    }

    /** The byte order spelled out one byte at a time, independent of the code under test. */
    private static String bytes(long value, int count) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < count; i++) {
            sb.append(String.format(Locale.ROOT, "%02X", (value >> (8 * i)) & 0xFF));
        }
        return sb.toString();
    }
}
