package io.redocdc.source.files;

import io.redocdc.source.catalog.LogContentsReader;
import io.redocdc.source.model.ArchivedLog;
import io.redocdc.source.model.RedoRecord;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Reads one contents file of a redo directory. Rows with CSF=1 continue in the next row: their SQL_REDO and
 * SQL_UNDO are concatenated up to and including the row with CSF=0; the joined record takes every other column
 * and its line number from its first row.
 */
public final class ContentsCsvReader implements LogContentsReader {

    private final CsvRows rows;
    private final ContentsRowParser parser;
    private long nextIndex;

    private ContentsCsvReader(CsvRows rows, ArchivedLog log) {
        this.rows = rows;
        this.parser = new ContentsRowParser(rows, log);
    }

    /** Opens {@code file} (plain or .gz) holding the contents of {@code log}. */
    public static ContentsCsvReader open(Path file, ArchivedLog log) throws IOException {
        CsvRows rows = CsvRows.open(file);
        try {
            return new ContentsCsvReader(rows, log);
        } catch (RuntimeException e) {
            rows.close();
            throw e;
        }
    }

    @Override
    public RedoRecord next() throws IOException {
        CsvRows.Row first = rows.next();
        if (first == null) {
            return null;
        }
        String redo = parser.sqlRedo(first);
        String undo = parser.sqlUndo(first);
        if (parser.continues(first)) {
            StringBuilder joinedRedo = new StringBuilder(redo == null ? "" : redo);
            StringBuilder joinedUndo = new StringBuilder(undo == null ? "" : undo);
            boolean anyRedo = redo != null;
            boolean anyUndo = undo != null;
            CsvRows.Row row = first;
            do {
                row = nextContinuation(first);
                String redoPart = parser.sqlRedo(row);
                String undoPart = parser.sqlUndo(row);
                if (redoPart != null) {
                    joinedRedo.append(redoPart);
                    anyRedo = true;
                }
                if (undoPart != null) {
                    joinedUndo.append(undoPart);
                    anyUndo = true;
                }
            } while (parser.continues(row));
            redo = anyRedo ? joinedRedo.toString() : null;
            undo = anyUndo ? joinedUndo.toString() : null;
        }
        return parser.toRecord(first, redo, undo, nextIndex++);
    }

    @Override
    public long skip(long count) throws IOException {
        long skipped = 0;
        while (skipped < count) {
            CsvRows.Row first = rows.next();
            if (first == null) {
                break;
            }
            CsvRows.Row row = first;
            while (parser.continues(row)) {
                row = nextContinuation(first);
            }
            skipped++;
            nextIndex++;
        }
        return skipped;
    }

    private CsvRows.Row nextContinuation(CsvRows.Row first) throws IOException {
        CsvRows.Row row = rows.next();
        if (row == null) {
            throw parser.truncated(first);
        }
        return row;
    }

    @Override
    public void close() throws IOException {
        rows.close();
    }
}
