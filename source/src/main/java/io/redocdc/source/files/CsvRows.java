package io.redocdc.source.files;

import io.redocdc.source.catalog.RedoInputException;
import java.io.BufferedReader;
import java.io.Closeable;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.zip.GZIPInputStream;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/**
 * Rows of an RFC 4180 CSV file (plain or {@code .gz}, UTF-8) with a header row, each with the physical line
 * where it starts (the header is line 1; quoted fields may span lines). Rejects, naming file and line: a row
 * whose column count differs from the header's, an unclosed quoted field, a blank line before the end of the
 * file, and a last row without its line break (a truncated file).
 */
final class CsvRows implements Closeable {

    private static final CSVFormat FORMAT = CSVFormat.RFC4180.builder().setIgnoreEmptyLines(false).build();
    private static final int BUFFER_SIZE = 64 * 1024;

    private final Path file;
    private final LastCharReader text;
    private final CSVParser parser;
    private final Iterator<CSVRecord> records;
    private final List<String> header;
    private long lastRowLine = 1;
    private long blankLine = -1;

    private CsvRows(Path file, LastCharReader text) throws IOException {
        this.file = file;
        this.text = text;
        this.parser = FORMAT.parse(text);
        this.records = parser.iterator();
        CSVRecord first = nextRecord(1);
        if (first == null || isBlank(first)) {
            throw RedoInputException.at(file, 1, "expected a header row naming the columns, found "
                    + (first == null ? "an empty file" : "a blank line"));
        }
        this.header = first.toList();
    }

    /** Opens {@code file}, decompressing it when its name ends with {@code .gz}. */
    static CsvRows open(Path file) throws IOException {
        InputStream in = Files.newInputStream(file);
        try {
            if (file.getFileName().toString().endsWith(".gz")) {
                in = gunzip(file, in);
            }
            var decoder = StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT);
            var reader = new LastCharReader(new BufferedReader(new InputStreamReader(in, decoder), BUFFER_SIZE));
            return new CsvRows(file, reader);
        } catch (IOException | RuntimeException e) {
            in.close();
            throw e;
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
    Row next() throws IOException {
        while (true) {
            long line = parser.getCurrentLineNumber() + 1;
            CSVRecord record = nextRecord(line);
            if (record == null) {
                requireTerminatedLastLine();
                return null;
            }
            if (isBlank(record)) {
                if (blankLine < 0) {
                    blankLine = line;
                }
                continue;
            }
            if (blankLine >= 0) {
                throw RedoInputException.at(file, blankLine,
                        "blank line; expected a row of " + header.size() + " columns (only the end of the file may be blank)");
            }
            if (record.size() != header.size()) {
                throw RedoInputException.at(file, line, "expected " + header.size()
                        + " columns as in the header, got " + record.size() + " (truncated or malformed row)");
            }
            lastRowLine = line;
            return new Row(record, line);
        }
    }

    private CSVRecord nextRecord(long line) throws IOException {
        try {
            return records.hasNext() ? records.next() : null;
        } catch (UncheckedIOException e) {
            if (e.getCause() instanceof CharacterCodingException) {
                // decoding runs ahead of parsing by a buffer, so the bad bytes are at or after this line
                throw new RedoInputException(file + " at or after line " + line + ": not valid UTF-8 text ("
                        + e.getCause() + ")", e.getCause());
            }
            throw RedoInputException.at(file, line, describe(e.getCause()), e.getCause());
        }
    }

    private void requireTerminatedLastLine() {
        int last = text.lastChar();
        if (last != '\n' && last != '\r') {
            throw RedoInputException.at(file, lastRowLine,
                    "last row is not terminated by a line break (truncated file?)");
        }
    }

    private boolean isBlank(CSVRecord record) {
        return record.size() <= 1 && (record.size() == 0 || record.get(0).isEmpty());
    }

    private static String describe(IOException e) {
        String message = String.valueOf(e.getMessage());
        if (message.contains("EOF reached before encapsulated token finished")) {
            return "quoted field is not closed before the end of the file (truncated file?)";
        }
        if (e instanceof EOFException) {
            return "compressed stream ends unexpectedly (truncated .gz file?): " + message;
        }
        if (e.getClass().getName().startsWith("org.apache.commons.csv")) {
            return "malformed RFC 4180 CSV: " + message;
        }
        return "cannot read: " + e;
    }

    @Override
    public void close() throws IOException {
        parser.close();
    }

    /** One CSV row and the line where it starts. */
    record Row(CSVRecord values, long line) {

        String get(int column) {
            return values.get(column);
        }
    }
}
