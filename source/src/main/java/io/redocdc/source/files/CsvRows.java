package io.redocdc.source.files;

import de.siegmar.fastcsv.reader.AbstractBaseCsvCallbackHandler;
import de.siegmar.fastcsv.reader.CsvParseException;
import de.siegmar.fastcsv.reader.CsvReader;
import de.siegmar.fastcsv.reader.RecordType;
import io.redocdc.source.catalog.RedoInputException;
import java.io.Closeable;
import java.io.EOFException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.zip.GZIPInputStream;

/**
 * Rows of an RFC 4180 CSV file (plain or {@code .gz}, UTF-8) with a header row, each with the physical line
 * where it starts (the header is line 1; quoted fields may span lines). Rejects, naming file and line: a row
 * whose column count differs from the header's, an unclosed quoted field, a blank line before the end of the
 * file, and a last row without its line break (a truncated file). Split by FastCSV, about 1.5x commons-csv on
 * contents files (benchmarks/README.md, read floor).
 */
final class CsvRows implements Closeable {

    private static final int BUFFER_SIZE = 64 * 1024;
    /** FastCSV's buffer must hold the longest field; 2^30 characters is as far as it can double, so no limit here. */
    private static final int MAX_FIELD_CHARS = 1 << 30;

    private final Path file;
    private final LastCharReader text;
    private final Fields fields = new Fields();
    private final CsvReader<Row> reader;
    private final Iterator<Row> records;
    private final List<String> header;
    private long lastRowLine = 1;
    private long blankLine = -1;

    private CsvRows(Path file, LastCharReader text) {
        this.file = file;
        this.text = text;
        this.reader = CsvReader.builder().skipEmptyLines(false).allowExtraFields(true).allowMissingFields(true)
                .maxBufferSize(MAX_FIELD_CHARS).build(fields, text);
        this.records = reader.iterator();
        Row first = nextRecord(1);
        if (first == null || first.isBlank()) {
            throw RedoInputException.at(file, 1, "expected a header row naming the columns, found "
                    + (first == null ? "an empty file" : "a blank line"));
        }
        this.header = List.of(first.values);
    }

    /** Opens {@code file}, decompressing it when its name ends with {@code .gz}. */
    static CsvRows open(Path file) throws IOException {
        InputStream in = new NoAvailableEstimate(Files.newInputStream(file));
        try {
            if (file.getFileName().toString().endsWith(".gz")) {
                in = gunzip(file, in);
            }
            var decoder = StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT);
            return new CsvRows(file, new LastCharReader(new InputStreamReader(in, decoder)));
        } catch (RuntimeException e) {
            in.close();
            throw e;
        }
    }

    /**
     * A file's stream that gives no estimate of the bytes available (0, as InputStream allows). InputStreamReader
     * asks for one after every block it decodes, and the file's answer is an {@code fstat} system call: 6 % of the
     * fetcher thread's time (async-profiler, wall clock, 2026-12-07).
     */
    private static final class NoAvailableEstimate extends FilterInputStream {
        NoAvailableEstimate(InputStream in) {
            super(in);
        }

        @Override
        public int available() {
            return 0;
        }
    }

    private static InputStream gunzip(Path file, InputStream in) {
        try {
            return new GZIPInputStream(in, BUFFER_SIZE);
        } catch (IOException e) {
            throw RedoInputException.at(file, 1, "expected gzip data (the name ends with .gz): " + e.getMessage(), e);
        }
    }

    Path file() {
        return file;
    }

    List<String> header() {
        return header;
    }

    /** Index of the header column named {@code name} (case-insensitive), or -1. */
    int column(String name) {
        for (int i = 0; i < header.size(); i++) {
            if (header.get(i).trim().equalsIgnoreCase(name)) {
                return i;
            }
        }
        return -1;
    }

    /** Index of a column the contract requires; an error naming the column when the header lacks it. */
    int requireColumn(String name) {
        int index = column(name);
        if (index < 0) {
            throw RedoInputException.at(file, 1, "missing required column " + name + " (header has "
                    + String.join(",", header) + ")");
        }
        return index;
    }

    /** The next row, or null at the end of the file. */
    Row next() {
        while (true) {
            Row record = nextRecord(lastRowLine + 1);
            if (record == null) {
                return null;
            }
            if (record.isBlank()) {
                if (blankLine < 0) {
                    blankLine = record.line;
                }
                continue;
            }
            if (blankLine >= 0) {
                throw RedoInputException.at(file, blankLine,
                        "blank line; expected a row of " + header.size() + " columns (only the end of the file may be blank)");
            }
            if (record.values.length != header.size()) {
                throw RedoInputException.at(file, record.line, "expected " + header.size()
                        + " columns as in the header, got " + record.values.length + " (truncated or malformed row)");
            }
            lastRowLine = record.line;
            return record;
        }
    }

    /** {@code line}: where the record would start at the earliest, for errors before FastCSV names one. */
    private Row nextRecord(long line) {
        Row record;
        try {
            record = records.hasNext() ? records.next() : null;
        } catch (UncheckedIOException e) {
            throw readError(e.getCause(), line);
        } catch (CsvParseException e) {
            Throwable cause = e.getCause() instanceof UncheckedIOException io ? io.getCause() : e.getCause();
            if (cause instanceof IOException io) {
                throw readError(io, line);
            }
            throw RedoInputException.at(file, fields.line, "malformed RFC 4180 CSV: "
                    + (cause != null ? cause.getMessage() : e.getMessage()), e);
        }
        if (record != null && text.ended()) {
            throw unterminated(record);
        }
        return record;
    }

    private RedoInputException readError(IOException e, long line) {
        if (e instanceof CharacterCodingException) {
            // decoding runs ahead of parsing by a buffer, so the bad bytes are at or after this line
            return new RedoInputException(file + " at or after line " + line + ": not valid UTF-8 text (" + e + ")",
                    e);
        }
        return RedoInputException.at(file, line, describe(e), e);
    }

    /**
     * FastCSV reads no further than a row's line break before it hands the row over, so a row it splits after the
     * end of the file was not terminated: it lacks its line break, or that break is inside a quoted field that the
     * end of the file cut off (which FastCSV closes as if it were whole, its issue 173).
     */
    private RedoInputException unterminated(Row record) {
        int last = text.lastChar();
        boolean unclosed = last == '\n' || last == '\r' || (fields.lastFieldQuoted && last != '"');
        return RedoInputException.at(file, record.line, unclosed
                ? "quoted field is not closed before the end of the file (truncated file?)"
                : "last row is not terminated by a line break (truncated file?)");
    }

    private static String describe(IOException e) {
        if (e instanceof EOFException) {
            return "compressed stream ends unexpectedly (truncated .gz file?): " + e.getMessage();
        }
        return "cannot read: " + e;
    }

    @Override
    public void close() throws IOException {
        reader.close();
    }

    /** One CSV row as FastCSV splits it (no fields for an empty line) and the line where it starts. */
    record Row(String[] values, long line) {

        String get(int column) {
            return values[column];
        }

        boolean isBlank() {
            return values.length == 0 || values.length == 1 && values[0].isEmpty();
        }
    }

    /** Collects each record's fields as Strings, its first line, and whether its last field was quoted. */
    private static final class Fields extends AbstractBaseCsvCallbackHandler<Row> {

        private static final String[] NONE = new String[0];

        private String[] values = new String[32];
        private long line;
        private boolean lastFieldQuoted;

        @Override
        protected void handleBegin(long startingLine) {
            line = startingLine;
            lastFieldQuoted = false;
        }

        @Override
        protected void handleField(int index, char[] buffer, int offset, int length, boolean quoted) {
            if (index == values.length) {
                values = Arrays.copyOf(values, values.length * 2);
            }
            values[index] = new String(buffer, offset, length);
            lastFieldQuoted = quoted;
        }

        @Override
        protected Row buildRecord() {
            int count = getRecordType() == RecordType.EMPTY ? 0 : getFieldCount();
            return new Row(count == 0 ? NONE : Arrays.copyOf(values, count), line);
        }
    }
}
