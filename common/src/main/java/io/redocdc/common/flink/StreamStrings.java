package io.redocdc.common.flink;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;
import org.apache.flink.types.StringValue;

/**
 * Strings of the records in flight, copied in bulk. Flink's {@link StringValue} writes and reads one character at a
 * time, a call per byte, which made it the largest part of the serialization between operators. Here a string whose
 * characters all fit one byte (ISO-8859-1; LogMiner's SQL text, names and values nearly always do) is one length and
 * one array copy. Any other string falls back to StringValue, whose form also keeps lone surrogates, which a UTF-8
 * byte array cannot carry.
 *
 * <p>Layout: an unsigned varint header {@code h} (7 bits a byte, low bits first); {@code h = 0} is null, {@code h = 1}
 * a StringValue follows, {@code h >= 2} a one-byte string of {@code h - 2} characters follows, one byte each.
 */
public final class StreamStrings {

    private static final int NULL = 0;
    private static final int FALLBACK = 1;
    private static final int ONE_BYTE = 2;

    private StreamStrings() {}

    public static void write(String s, DataOutputView out) throws IOException {
        if (s == null) {
            out.writeByte(NULL);
            return;
        }
        byte[] bytes = s.getBytes(StandardCharsets.ISO_8859_1);
        if (!isLossless(s, bytes)) {
            out.writeByte(FALLBACK);
            StringValue.writeString(s, out);
            return;
        }
        writeVarint(bytes.length + ONE_BYTE, out);
        out.write(bytes);
    }

    public static String read(DataInputView in) throws IOException {
        int header = readVarint(in);
        if (header == NULL) {
            return null;
        }
        if (header == FALLBACK) {
            return StringValue.readString(in);
        }
        byte[] bytes = new byte[header - ONE_BYTE];
        in.readFully(bytes);
        return new String(bytes, StandardCharsets.ISO_8859_1);
    }

    /**
     * ISO-8859-1 encoding replaces each character above 0xFF (a surrogate pair as one) with '?', so the bytes are the
     * string itself exactly when there are as many and every '?' among them was one.
     */
    private static boolean isLossless(String s, byte[] bytes) {
        if (bytes.length != s.length()) {
            return false;
        }
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == '?' && s.charAt(i) != '?') {
                return false;
            }
        }
        return true;
    }

    private static void writeVarint(int value, DataOutputView out) throws IOException {
        while ((value & ~0x7F) != 0) {
            out.writeByte((value & 0x7F) | 0x80);
            value >>>= 7;
        }
        out.writeByte(value);
    }

    private static int readVarint(DataInputView in) throws IOException {
        int value = 0;
        for (int shift = 0; shift < 35; shift += 7) {
            int b = in.readUnsignedByte();
            value |= (b & 0x7F) << shift;
            if ((b & 0x80) == 0) {
                if (value < 0) {
                    break;
                }
                return value;
            }
        }
        throw new IOException("corrupt string length in a record in flight (more than 2^31 - 1 or over 5 bytes)");
    }
}
