package io.redocdc.source.files;

import io.redocdc.source.catalog.RedoInputException;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/**
 * {@code mining_options.csv} of a redo directory: how its contents were selected beyond the contract's columns,
 * as OPTION,VALUE rows. The one option so far is {@code INTERNAL_ROWS}: {@code UNDO_MARKERS} says that every log
 * of the directory keeps LogMiner's INTERNAL rows (OPERATION_CODE 0) that carry a captured table's real ROWID, as
 * {@code export} keeps them. Those rows end a LOB statement, so an undo row of a rollback to savepoint can be
 * matched to the whole statement it reverses; without them, two statements of one row can look like one, and
 * such undo rows are refused. A directory without the file, or without that row, does not keep them (other tools
 * drop INTERNAL rows). Other rows are ignored.
 */
public final class MiningOptions {

    public static final String FILE = "mining_options.csv";
    static final String INTERNAL_ROWS = "INTERNAL_ROWS";
    static final String UNDO_MARKERS = "UNDO_MARKERS";
    private static final String NONE = "NONE";

    private MiningOptions() {
    }

    /** True when the directory declares that its logs keep the INTERNAL rows that end LOB statements. */
    public static boolean keepsUndoMarkers(Path redoDirectory) {
        Path file = redoDirectory.resolve(FILE);
        if (!Files.isRegularFile(file)) {
            return false;
        }
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8);
             CSVParser parser = RedoCsvFormat.CSV.builder().setHeader().setSkipHeaderRecord(true).build().parse(in)) {
            if (!parser.getHeaderNames().contains("OPTION") || !parser.getHeaderNames().contains("VALUE")) {
                throw new RedoInputException(file + " line 1: expected the header OPTION,VALUE but found "
                        + parser.getHeaderNames());
            }
            boolean keeps = false;
            for (CSVRecord row : parser) {
                if (!INTERNAL_ROWS.equals(row.get("OPTION").trim().toUpperCase(Locale.ROOT))) {
                    continue;
                }
                String value = row.get("VALUE").trim().toUpperCase(Locale.ROOT);
                if (!value.equals(UNDO_MARKERS) && !value.equals(NONE)) {
                    throw new RedoInputException(file + " line " + parser.getCurrentLineNumber() + ": "
                            + INTERNAL_ROWS + " must be " + UNDO_MARKERS + " or " + NONE + ", got '"
                            + row.get("VALUE") + "'");
                }
                keeps = value.equals(UNDO_MARKERS);
            }
            return keeps;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw new RedoInputException(file + ": " + e.getMessage());
        }
    }

    /** Declares that the directory's logs keep the INTERNAL rows that end LOB statements (written atomically). */
    public static void declareUndoMarkers(Path redoDirectory) throws IOException {
        RedoCsvFormat.writeAtomically(redoDirectory.resolve(FILE), printer -> {
            printer.printRecord("OPTION", "VALUE");
            printer.printRecord(INTERNAL_ROWS, UNDO_MARKERS);
        });
    }
}
