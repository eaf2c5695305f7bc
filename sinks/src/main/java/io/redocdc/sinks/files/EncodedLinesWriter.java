package io.redocdc.sinks.files;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import org.apache.flink.api.common.serialization.BulkWriter;
import org.apache.flink.api.common.serialization.Encoder;
import org.apache.flink.core.fs.FSDataOutputStream;

/**
 * One part file's writer for FileSink's bulk format: each element goes through a row {@link Encoder} into a
 * 64 KiB buffer, which reaches the part file when full and when the FileSink flushes or finishes the part (on
 * every checkpoint, before it persists or commits). The row format instead hands each encoder the part file's own
 * stream, which on the local file system is unbuffered: a {@code write} system call per line, a fifth of the
 * sequencer + sink thread in a profile of the capture job.
 *
 * @param <T> the elements
 */
final class EncodedLinesWriter<T> implements BulkWriter<T> {

    static final int BUFFER_BYTES = 64 * 1024;

    private final Encoder<T> encoder;
    private final OutputStream buffer;

    private EncodedLinesWriter(Encoder<T> encoder, FSDataOutputStream part) {
        this.encoder = encoder;
        this.buffer = new BufferedOutputStream(part, BUFFER_BYTES);
    }

    /** The factory FileSink's bulk format takes: one writer per part file, with {@code encoder}. */
    static <T> BulkWriter.Factory<T> factory(Encoder<T> encoder) {
        return part -> new EncodedLinesWriter<>(encoder, part);
    }

    @Override
    public void addElement(T element) throws IOException {
        encoder.encode(element, buffer);
    }

    @Override
    public void flush() throws IOException {
        buffer.flush();
    }

    /** Writes what is buffered; the FileSink closes the part file itself. */
    @Override
    public void finish() throws IOException {
        buffer.flush();
    }
}
