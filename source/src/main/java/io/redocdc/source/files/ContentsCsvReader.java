package io.redocdc.source.files;

import io.redocdc.source.catalog.ContinuedStatements;
import io.redocdc.source.catalog.LogContentsReader;
import io.redocdc.source.catalog.ResumeSearch;
import io.redocdc.source.model.ArchivedLog;
import io.redocdc.source.model.RedoRecord;
import io.redocdc.source.model.ResumePoint;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Reads one contents file of a redo directory. Rows with CSF=1 continue in the next row and are joined by
 * {@link ContinuedStatements}; the joined record takes every other column and its line number from its first row.
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
            ContinuedStatements joined = new ContinuedStatements(redo, undo);
            CsvRows.Row row;
            do {
                row = nextContinuation(first);
                joined.append(parser.sqlRedo(row), parser.sqlUndo(row));
            } while (parser.continues(row));
            redo = joined.redo();
            undo = joined.undo();
        }
        return parser.toRecord(first, redo, undo, nextIndex++);
    }

    @Override
    public void skipTo(ResumePoint point) throws IOException {
        if (nextIndex != 0) {
            throw new IllegalStateException(rows.file() + ": skipTo after records were read");
        }
        ResumeSearch.skipTo(point, "contents file " + rows.file(), this::next);
        nextIndex = point.handedOn();
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
