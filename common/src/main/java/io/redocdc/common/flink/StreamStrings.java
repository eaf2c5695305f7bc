package io.redocdc.common.flink;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;

/**
 * Strings of the records in flight, copied in bulk. Flink's {@link org.apache.flink.types.StringValue} writes and
 * reads one character at a time, a call per byte, which made it the largest part of the serialization between
 * operators. Here a string whose characters all fit one byte (ISO-8859-1; LogMiner's SQL text, names and values mostly
 * do) is one length and one array copy. Any other string (a tenth of the simulator's rows have a value beyond
 * ISO-8859-1) is its UTF-16 code units, two bytes each, built and read in one array: exact for lone surrogates too,
 * which UTF-8 cannot carry.
 *
 * <p>Layout: an unsigned varint header {@code h} (7 bits a byte, low bits first); {@code h = 0} is null, {@code h = 1}
 * a varint count {@code n} of UTF-16 code units follows, then {@code 2n} bytes, high byte first; {@code h >= 2} a
 * one-byte string of {@code h - 2} characters follows, one byte each.
 */
public final class StreamStrings {

    private static final int NULL = 0;
    private static final int WIDE = 1;
    private static final int ONE_BYTE = 2;
    /** From this length {@link #isLossless} compares whole arrays. */
    private static final int COMPARED_WHOLE_FROM = 64;

    private StreamStrings() {}

    public static void write(String s, DataOutputView out) throws IOException {
        if (s == null) {
            out.writeByte(NULL);
            return;
        }
        byte[] bytes = s.getBytes(StandardCharsets.ISO_8859_1);
        if (!isLossless(s, bytes)) {
            writeWide(s, out);
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
        if (header == WIDE) {
            return readWide(in);
        }
        byte[] bytes = new byte[header - ONE_BYTE];
        in.readFully(bytes);
        return new String(bytes, StandardCharsets.ISO_8859_1);
    }

    private static void writeWide(String s, DataOutputView out) throws IOException {
        int length = s.length();
        byte[] units = new byte[2 * length];
        for (int i = 0; i < length; i++) {
            char c = s.charAt(i);
            units[2 * i] = (byte) (c >>> 8);
            units[2 * i + 1] = (byte) c;
        }
        out.writeByte(WIDE);
        writeVarint(length, out);
        out.write(units);
    }

    private static String readWide(DataInputView in) throws IOException {
        int length = readVarint(in);
        if (length > Integer.MAX_VALUE / 2) {
            throw new IOException("corrupt string length in a record in flight (" + length + " UTF-16 code units)");
        }
        byte[] units = new byte[2 * length];
        in.readFully(units);
        char[] chars = new char[length];
        for (int i = 0; i < length; i++) {
            chars[i] = (char) ((units[2 * i] & 0xFF) << 8 | (units[2 * i + 1] & 0xFF));
        }
        return new String(chars);
    }

    /**
     * ISO-8859-1 encoding replaces each character above 0xFF (a surrogate pair as one) with '?', so the bytes are the
     * string itself exactly when they decode back to it. Short strings are checked byte by byte, only where a '?' is;
     * longer ones (LOB chunks run to thousands of characters) by decoding and comparing, whole-array operations the
     * JIT vectorizes (StreamStringBenchmark, benchmarks/README.md).
     */
    private static boolean isLossless(String s, byte[] bytes) {
        if (bytes.length != s.length()) {
            return false;
        }
        if (bytes.length >= COMPARED_WHOLE_FROM) {
            return s.equals(new String(bytes, StandardCharsets.ISO_8859_1));
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
