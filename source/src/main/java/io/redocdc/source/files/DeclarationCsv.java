package io.redocdc.source.files;

import io.redocdc.source.catalog.RedoInputException;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/**
 * A redo directory's declaration file: a header {@code <NAME>,VALUE} and one row per setting, as
 * {@link NlsSessionParameters} and {@link MiningOptions} keep them. Names are read trimmed and upper-case, values
 * as written; errors name the file (and the line where there is one).
 */
final class DeclarationCsv {

    /** One row: its setting's name, its value and its line in the file. */
    record Row(String name, String value, long line) {
    }

    private DeclarationCsv() {
    }

    /** The rows of {@code file} in file order, or empty when the directory has no such file. */
    static Optional<List<Row>> read(Path file, String nameColumn) {
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        List<Row> rows = new ArrayList<>();
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8);
             CSVParser parser = RedoCsvFormat.CSV.builder().setHeader().setSkipHeaderRecord(true).build().parse(in)) {
            if (!parser.getHeaderNames().contains(nameColumn) || !parser.getHeaderNames().contains("VALUE")) {
                throw new RedoInputException(file + " line 1: expected the header " + nameColumn + ",VALUE but found "
                        + parser.getHeaderNames());
            }
            for (CSVRecord row : parser) {
                rows.add(new Row(row.get(nameColumn).trim().toUpperCase(Locale.ROOT), row.get("VALUE"),
                        parser.getCurrentLineNumber()));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw new RedoInputException(file + ": " + e.getMessage());
        }
        return Optional.of(rows);
    }

    /** Writes the header and one row per entry, in the map's order (temporary file, fsync, atomic rename). */
    static void write(Path file, String nameColumn, Map<String, String> values) throws IOException {
        RedoCsvFormat.writeAtomically(file, printer -> {
            printer.printRecord(nameColumn, "VALUE");
            for (Map.Entry<String, String> row : values.entrySet()) {
                printer.printRecord(row.getKey(), row.getValue());
            }
        });
    }
}
