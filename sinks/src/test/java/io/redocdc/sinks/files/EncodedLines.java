package io.redocdc.sinks.files;

import io.redocdc.operators.lcr.Lcr;
import org.apache.flink.api.common.serialization.Encoder;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** Runs an encoder the way FileSink does (many records into one open stream) and returns the UTF-8 text. */
final class EncodedLines extends ByteArrayOutputStream {

    boolean closed;
    int flushes;

    static String encode(Encoder<Lcr> encoder, Lcr... lcrs) throws IOException {
        return encode(encoder, List.of(lcrs)).toString(StandardCharsets.UTF_8);
    }

    static EncodedLines encode(Encoder<Lcr> encoder, List<Lcr> lcrs) throws IOException {
        EncodedLines out = new EncodedLines();
        for (Lcr lcr : lcrs) {
            encoder.encode(lcr, out);
        }
        return out;
    }

    @Override
    public void close() {
        closed = true;
    }

    @Override
    public void flush() {
        flushes++;
    }
}
