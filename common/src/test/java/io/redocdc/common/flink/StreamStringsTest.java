package io.redocdc.common.flink;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.HexFormat;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class StreamStringsTest {

    @ParameterizedTest
    @ValueSource(strings = {"", "a", "insert into \"OE\".\"T\"(\"C\") values ('x''y');", "café ÿ", "?", "a?b??",
        "漢字", "x \uD83D\uDE00 y", "\uD83D", "a?\uD83D", "?\uDE00?", "é\u0100", "\u0000\u007f\u0080\u00ff"})
    void everyStringComesBackAsItWas(String s) throws IOException {
        assertThat(roundTrip(s)).isEqualTo(s);
        // past 64 characters the check for one byte a character compares whole arrays instead
        String padded = "'".repeat(70) + s + "?".repeat(70);
        assertThat(roundTrip(padded)).isEqualTo(padded);
        assertThat(hex(padded).startsWith("01")).isEqualTo(s.chars().anyMatch(c -> c > 0xFF));
    }

    @Test
    void nullAndLongStringsComeBack() throws IOException {
        assertThat(roundTrip(null)).isNull();
        String longAscii = "x".repeat(3_000_000);
        assertThat(roundTrip(longAscii)).isEqualTo(longAscii);
        String longWide = "漢".repeat(70_000);
        assertThat(roundTrip(longWide)).isEqualTo(longWide);
    }

    /** The layout is the contract between the two ends of a network edge: changing it must be deliberate. */
    @Test
    void theLayoutIsAVarintHeaderThenOneByteACharacterOrTwo() throws IOException {
        assertThat(hex(null)).isEqualTo("00");
        assertThat(hex("")).isEqualTo("02");
        assertThat(hex("Aé")).isEqualTo("04" + "41e9");
        assertThat(hex("x".repeat(126))).startsWith("8001" + "7878");
        assertThat(hex("x".repeat(200))).hasSize(2 * (2 + 200)).startsWith("ca01");
        // not one byte a character: 01, the number of UTF-16 code units, then each unit, high byte first
        assertThat(hex("\u0100")).isEqualTo("01" + "01" + "0100");
        assertThat(hex("a?\uD83D")).isEqualTo("01" + "03" + "0061" + "003f" + "d83d");
        assertThat(hex("漢".repeat(130))).startsWith("01" + "8201" + "6f22").hasSize(2 * (3 + 260));
    }

    @Test
    void aCorruptHeaderIsAnError() {
        byte[] sixBytes = HexFormat.of().parseHex("ffffffffff01");
        assertThatThrownBy(() -> StreamStrings.read(new DataInputDeserializer(sixBytes)))
                .isInstanceOf(IOException.class).hasMessageContaining("corrupt string length");
        byte[] tooManyUnits = HexFormat.of().parseHex("01" + "ffffffff07");
        assertThatThrownBy(() -> StreamStrings.read(new DataInputDeserializer(tooManyUnits)))
                .isInstanceOf(IOException.class).hasMessageContaining("2147483647 UTF-16 code units");
    }

    private static String roundTrip(String s) throws IOException {
        DataOutputSerializer out = new DataOutputSerializer(16);
        StreamStrings.write(s, out);
        StreamStrings.write("after", out);
        DataInputDeserializer in = new DataInputDeserializer(out.getCopyOfBuffer());
        String read = StreamStrings.read(in);
        assertThat(StreamStrings.read(in)).isEqualTo("after");
        assertThat(in.available()).isZero();
        return read;
    }

    private static String hex(String s) throws IOException {
        DataOutputSerializer out = new DataOutputSerializer(16);
        StreamStrings.write(s, out);
        return HexFormat.of().formatHex(out.getCopyOfBuffer());
    }
}
