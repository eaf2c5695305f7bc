package io.redocdc.sinks.files;

import static io.redocdc.sinks.files.TestLcrs.insert;
import static io.redocdc.sinks.files.TestLcrs.str;
import static org.assertj.core.api.Assertions.assertThat;

import io.redocdc.operators.lcr.Lcr;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.flink.api.common.serialization.BulkWriter;
import org.apache.flink.core.fs.FSDataOutputStream;
import org.apache.flink.util.InstantiationUtil;
import org.junit.jupiter.api.Test;

class EncodedLinesWriterTest {

    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-12-07T12:00:00Z"), ZoneOffset.UTC);
    private final OggJsonEncoder encoder = new OggJsonEncoder(Map.of("OE.ORDERS", List.of("ID")), CLOCK);

    @Test
    void writesTheEncodersLinesInBlocksAndAllOfThemByFlushAndFinish() throws Exception {
        List<Lcr> lcrs = new ArrayList<>();
        for (int i = 0; i < 2_000; i++) {
            lcrs.add(insert(1240 + i, 0, 1, 1234 + i, str("ID", Integer.toString(i))));
        }
        PartStream part = new PartStream();
        BulkWriter<Lcr> writer = EncodedLinesWriter.factory(encoder).create(part);

        writer.addElement(lcrs.get(0));
        assertThat(part.size()).as("one line stays in the buffer").isZero();
        writer.flush();
        assertThat(part.toString(StandardCharsets.UTF_8)).isEqualTo(EncodedLines.encode(encoder, lcrs.get(0)));

        for (Lcr lcr : lcrs.subList(1, lcrs.size())) {
            writer.addElement(lcr);
        }
        assertThat(part.writes).as("write calls for %d lines", lcrs.size()).isLessThan(lcrs.size() / 50);
        writer.finish();
        assertThat(part.toString(StandardCharsets.UTF_8))
                .isEqualTo(EncodedLines.encode(encoder, lcrs).toString(StandardCharsets.UTF_8));
        assertThat(part.closed).as("the FileSink closes the part itself").isFalse();
    }

    @Test
    void theFactoryTravelsWithTheJobGraph() throws Exception {
        BulkWriter.Factory<Lcr> copy = InstantiationUtil.clone(EncodedLinesWriter.factory(encoder));
        PartStream part = new PartStream();
        BulkWriter<Lcr> writer = copy.create(part);
        Lcr lcr = insert(1240, 0, 1, 1234, str("ID", "1"));
        writer.addElement(lcr);
        writer.finish();
        assertThat(part.toString(StandardCharsets.UTF_8)).isEqualTo(EncodedLines.encode(encoder, lcr));
    }

    /** A part file's stream that counts write calls. */
    private static final class PartStream extends FSDataOutputStream {
        private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        int writes;
        boolean closed;

        @Override
        public void write(int b) {
            writes++;
            bytes.write(b);
        }

        @Override
        public void write(byte[] b, int off, int len) {
            writes++;
            bytes.write(b, off, len);
        }

        int size() {
            return bytes.size();
        }

        String toString(java.nio.charset.Charset charset) {
            return bytes.toString(charset);
        }

        @Override
        public long getPos() {
            return bytes.size();
        }

        @Override
        public void flush() {
        }

        @Override
        public void sync() {
        }

        @Override
        public void close() {
            closed = true;
        }
    }
}
