package io.redocdc.source.files;

import io.redocdc.source.catalog.RedoInputException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;

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
        boolean keeps = false;
        for (DeclarationCsv.Row row : DeclarationCsv.read(file, "OPTION").orElse(List.of())) {
            if (!row.name().equals(INTERNAL_ROWS)) {
                continue;
            }
            String value = row.value().trim().toUpperCase(Locale.ROOT);
            if (!value.equals(UNDO_MARKERS) && !value.equals(NONE)) {
                throw new RedoInputException(file + " line " + row.line() + ": " + INTERNAL_ROWS + " must be "
                        + UNDO_MARKERS + " or " + NONE + ", got '" + row.value() + "'");
            }
            keeps = value.equals(UNDO_MARKERS);
        }
        return keeps;
    }

    /** Declares that the directory's logs keep the INTERNAL rows that end LOB statements (written atomically). */
    public static void declareUndoMarkers(Path redoDirectory) throws IOException {
        DeclarationCsv.write(redoDirectory.resolve(FILE), "OPTION", Map.of(INTERNAL_ROWS, UNDO_MARKERS));
    }
}
