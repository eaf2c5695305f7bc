package io.redocdc.tools.simulate;

import io.redocdc.source.files.RedoCsvFormat;
import io.redocdc.source.model.ArchivedLog;
import io.redocdc.source.model.Scn;
import io.redocdc.source.model.ThreadSequence;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import java.util.zip.GZIPOutputStream;
import org.apache.commons.csv.CSVPrinter;

/**
 * The logs of one redo thread: appends contents rows to the current log's contents file, gives them
 * TIMESTAMP, RS_ID and CSF pieces, and switches to the next sequence after about rowsPerLog rows. A log
 * switch takes a fresh SCN, which is both the old log's NEXT_CHANGE# and the new log's FIRST_CHANGE#.
 */
final class RedoLogWriter {

    private static final int BLOCK_SIZE = 512;
    private static final int BLOCK_HEADER = 16;
    private static final int FIRST_REDO_BLOCK = 2;

    private final Path contentsDir;
    private final int thread;
    private final long resetlogsId;
    private final boolean gzip;
    private final int rowsPerLog;
    private final ScnClock clock;
    private final LogCatalog catalog;
    private final SplittableRandom random;

    private long sequence;
    private long firstScn;
    private int rowsInLog;
    private int rowLimit;
    private long redoByte;
    /** The RS_ID of the last row that opened a shared redo record ({@link ContentsRow.Record}). */
    private String sharedRsId;
    private boolean switchHeld;
    private Writer out;
    /** Rows are formatted here and written in one call: much faster than many small writes. */
    private final StringBuilder line = new StringBuilder(1024);
    private final CSVPrinter printer;
    private long rowsWritten;
    private int logsWritten;

    RedoLogWriter(Path contentsDir, int thread, long firstSequence, long firstScn, SimulationSettings settings,
            ScnClock clock, LogCatalog catalog, SplittableRandom random) throws IOException {
        this.contentsDir = contentsDir;
        this.thread = thread;
        this.resetlogsId = settings.resetlogsId();
        this.gzip = settings.gzip();
        this.rowsPerLog = settings.rowsPerLog();
        this.clock = clock;
        this.catalog = catalog;
        this.random = random;
        this.sequence = firstSequence;
        this.firstScn = firstScn;
        this.printer = new CSVPrinter(line, RedoCsvFormat.CSV);
        openLog();
    }

    /** The sequence of the log the next row goes to. */
    long sequence() {
        return sequence;
    }

    long rowsWritten() {
        return rowsWritten;
    }

    int logsWritten() {
        return logsWritten;
    }

    void write(ContentsRow row) throws IOException {
        if (row.scn() < firstScn) {
            throw new IllegalStateException("thread " + thread + " sequence " + sequence + ": row SCN " + row.scn()
                    + " below the log's FIRST_CHANGE# " + firstScn);
        }
        String timestamp = clock.timestamp(row.scn());
        boolean shared = row.record() == ContentsRow.Record.SHARED && sharedRsId != null;
        String rsId = shared ? sharedRsId : nextRsId(row);
        if (row.record() == ContentsRow.Record.OPENS) {
            sharedRsId = rsId;
        }
        List<String> redo = StatementPieces.split(row.sqlRedo());
        List<String> undo = StatementPieces.split(row.sqlUndo());
        int pieces = Math.max(1, Math.max(redo.size(), undo.size()));
        for (int i = 0; i < pieces; i++) {
            printer.printRecord(row.scn(), timestamp, row.thread(), row.xid(), row.operation(),
                    row.operationCode(), row.rollback() ? 1 : 0, row.status(), row.info(), row.segOwner(), row.tableName(),
                    row.dataObj(), row.rowId(), rsId, row.ssn(), i < pieces - 1 ? 1 : 0,
                    i < redo.size() ? redo.get(i) : null, i < undo.size() ? undo.get(i) : null,
                    null); // SRC_CON_NAME: the simulated database is not a CDB
            flushLine();
        }
        rowsInLog += pieces;
        rowsWritten += pieces;
        if (rowsInLog >= rowLimit && !switchHeld) {
            switchLog();
        }
    }

    /**
     * Holds the next log switch until {@link #releaseSwitch}: the rows of a statement whose rows share a redo record
     * (its RS_ID, {@link ContentsRow.Record}) stay in one log, as that record does.
     */
    void holdSwitch() {
        switchHeld = true;
    }

    void releaseSwitch() throws IOException {
        switchHeld = false;
        if (rowsInLog >= rowLimit) {
            switchLog();
        }
    }

    /** Archives the current log with the given NEXT_CHANGE#; the writer is unusable afterwards. */
    void finish(long nextScn) throws IOException {
        closeLog(nextScn);
    }

    private void switchLog() throws IOException {
        long switchScn = clock.advance();
        closeLog(switchScn);
        sequence++;
        firstScn = switchScn;
        openLog();
    }

    private void openLog() throws IOException {
        ThreadSequence id = new ThreadSequence(thread, sequence, resetlogsId);
        Path file = contentsDir.resolve(id.fileStem() + (gzip ? ".csv.gz" : ".csv"));
        OutputStream stream = Files.newOutputStream(file);
        if (gzip) {
            stream = new GZIPOutputStream(stream, 1 << 16);
        }
        this.out = new BufferedWriter(new OutputStreamWriter(stream, StandardCharsets.UTF_8), 1 << 16);
        printer.printRecord(RedoCsvFormat.CONTENTS_HEADER);
        flushLine();
        rowsInLog = 0;
        rowLimit = (int) Math.max(1, Math.round(rowsPerLog * (0.8 + 0.4 * random.nextDouble())));
        redoByte = (long) FIRST_REDO_BLOCK * BLOCK_SIZE + BLOCK_HEADER;
    }

    private void flushLine() throws IOException {
        out.append(line);
        line.setLength(0);
    }

    private void closeLog(long nextScn) throws IOException {
        out.close();
        ThreadSequence id = new ThreadSequence(thread, sequence, resetlogsId);
        catalog.add(new ArchivedLog(id, Scn.of(firstScn), Scn.of(nextScn), clock.time(firstScn),
                clock.time(nextScn), LogCatalog.archiveName(thread, sequence, resetlogsId), false, false));
        logsWritten++;
    }

    /** " 0x0002a7.000013f5.00e8 ": log sequence, block and offset of the redo record, which then takes room. */
    private String nextRsId(ContentsRow row) {
        if (redoByte % BLOCK_SIZE < BLOCK_HEADER) {
            redoByte += BLOCK_HEADER - redoByte % BLOCK_SIZE;
        }
        String rsId = " 0x" + hex(sequence, 6) + "." + hex(redoByte / BLOCK_SIZE, 8) + "."
                + hex(redoByte % BLOCK_SIZE, 4) + " ";
        long textLength = (row.sqlRedo() == null ? 0 : row.sqlRedo().length())
                + (row.sqlUndo() == null ? 0 : row.sqlUndo().length());
        redoByte += (0x30 + textLength / 3 + 3) & ~3L;
        return rsId;
    }

    private static String hex(long value, int digits) {
        String text = Long.toHexString(value);
        return text.length() >= digits ? text : "0".repeat(digits - text.length()) + text;
    }
}
