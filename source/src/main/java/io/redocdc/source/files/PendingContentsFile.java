package io.redocdc.source.files;

import io.redocdc.source.model.ArchivedLog;
import io.redocdc.source.model.RedoRecord;
import java.io.BufferedWriter;
import java.io.Closeable;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;
import org.apache.commons.csv.CSVPrinter;

/**
 * The contents file of one log while it is being written: rows go to a hidden temporary file that readers
 * ignore; {@link #commit()} makes it visible under its contract name and then adds the log's catalog row.
 * Closing without committing deletes the temporary file, so an interrupted export leaves nothing visible.
 */
public final class PendingContentsFile implements Closeable {

    private static final int BUFFER_SIZE = 1 << 16;

    private final RedoDirectoryWriter directory;
    private final ArchivedLog log;
    private final Path temp;
    private final FileOutputStream file;
    private final GZIPOutputStream gzip;
    private final Writer text;
    private final CSVPrinter printer;
    private long rows;
    private boolean open = true;

    PendingContentsFile(RedoDirectoryWriter directory, ArchivedLog log, Path temp, boolean compress)
            throws IOException {
        this.directory = directory;
        this.log = log;
        this.temp = temp;
        this.file = new FileOutputStream(temp.toFile());
        try {
            this.gzip = compress ? new GZIPOutputStream(file, BUFFER_SIZE) : null;
            OutputStream out = compress ? gzip : file;
            this.text = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), BUFFER_SIZE);
            this.printer = new CSVPrinter(text, RedoCsvFormat.CSV);
            printer.printRecord(RedoCsvFormat.CONTENTS_HEADER);
        } catch (IOException | RuntimeException e) {
            discard(file, temp, e);
            throw e;
        }
    }

    public ArchivedLog log() {
        return log;
    }

    /** Rows appended so far. */
    public long rows() {
        return rows;
    }

    /** Appends one record as one row (CSF 0); records must come in LogMiner's order. */
    public void append(RedoRecord record) throws IOException {
        requireOpen();
        if (record.thread() != log.id().thread()) {
            throw new IllegalArgumentException("record of thread " + record.thread() + " (" + record.origin()
                    + ") cannot go into the contents of " + log.id());
        }
        RedoCsvFormat.printContentsRow(printer, record);
        rows++;
    }

    /**
     * Syncs the file to disk, renames it to {@code contents/<T>_<S>_<R>.csv[.gz]} and then rewrites the catalog
     * with the log's row: a reader never sees a catalog row without its complete contents.
     */
    public void commit() throws IOException {
        requireOpen();
        open = false;
        try {
            printer.flush();
            if (gzip != null) {
                gzip.finish();
            }
            file.flush();
            // on disk before the rename, so a crash cannot leave a visible file with missing blocks
            file.getFD().sync();
            text.close();
            directory.publish(log, temp);
        } catch (IOException | RuntimeException e) {
            discard(text, temp, e);
            throw e;
        }
    }

    /**
     * Closes {@code stream} and deletes {@code temp} after {@code failure}; their own failures are added to it as
     * suppressed, so the caller rethrows the original error and the temporary file goes even if closing fails.
     */
    static void discard(Closeable stream, Path temp, Exception failure) {
        try {
            stream.close();
        } catch (IOException | RuntimeException closing) {
            failure.addSuppressed(closing);
        }
        try {
            Files.deleteIfExists(temp);
        } catch (IOException | RuntimeException deleting) {
            failure.addSuppressed(deleting);
        }
    }

    private void requireOpen() {
        if (!open) {
            throw new IllegalStateException("contents of " + log.id() + " were already committed or discarded");
        }
    }

    /** Discards the temporary file unless {@link #commit()} succeeded. */
    @Override
    public void close() throws IOException {
        if (open) {
            open = false;
            try {
                text.close();
            } finally {
                Files.deleteIfExists(temp);
            }
        }
    }
}
