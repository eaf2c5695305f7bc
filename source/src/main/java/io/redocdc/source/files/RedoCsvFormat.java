package io.redocdc.source.files;

import io.redocdc.source.model.ArchivedLog;
import io.redocdc.source.model.RedoRecord;
import java.io.IOException;
import java.io.Writer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.LocalDateTime;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import org.apache.commons.csv.QuoteMode;

/**
 * How a redo directory's files are written: what SQL*Plus {@code SET MARKUP CSV ON} prints (RFC 4180, text
 * double-quoted with quotes doubled, numbers bare, NULL empty, one {@code \n} per row), with the contract's
 * column names. The export writer and the simulator both write through it.
 */
public final class RedoCsvFormat {

    public static final CSVFormat CSV = CSVFormat.RFC4180.builder()
            .setQuoteMode(QuoteMode.NON_NUMERIC)
            .setRecordSeparator('\n')
            .build();

    public static final List<String> CATALOG_HEADER = List.of("THREAD#", "SEQUENCE#", "RESETLOGS_ID", "FIRST_CHANGE#",
            "NEXT_CHANGE#", "FIRST_TIME", "NEXT_TIME", "NAME", "DICTIONARY_BEGIN", "DICTIONARY_END");

    /**
     * What contents files are written with: the contract's columns, then SRC_CON_NAME (the PDB of the row, empty
     * in a non-CDB), which readers take when present.
     */
    public static final List<String> CONTENTS_HEADER = List.of("SCN", "TIMESTAMP", "THREAD#", "XID", "OPERATION",
            "OPERATION_CODE", "ROLLBACK", "STATUS", "INFO", "SEG_OWNER", "TABLE_NAME", "DATA_OBJ#", "ROW_ID", "RS_ID",
            "SSN", "CSF", "SQL_REDO", "SQL_UNDO", "SRC_CON_NAME");

    /** What a file written with {@link #writeAtomically} holds, row by row. */
    @FunctionalInterface
    public interface Rows {
        void print(CSVPrinter printer) throws IOException;
    }

    private RedoCsvFormat() {
    }

    /**
     * Writes {@code target} whole or not at all, so a reader never sees a partial file: a hidden temporary file
     * beside it ({@code .NAME.tmp}, which {@link RedoDirectoryWriter} clears up after a crash), fsync, atomic rename.
     */
    public static void writeAtomically(Path target, Rows rows) throws IOException {
        Path temp = target.resolveSibling("." + target.getFileName() + ".tmp");
        try (Writer out = Files.newBufferedWriter(temp, StandardCharsets.UTF_8);
             CSVPrinter printer = new CSVPrinter(out, CSV)) {
            rows.print(printer);
        }
        try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.WRITE)) {
            channel.force(true);
        }
        Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }

    public static void printCatalogRow(CSVPrinter printer, ArchivedLog log) throws IOException {
        printer.printRecord(log.id().thread(), log.id().sequence(), log.id().resetlogsId(),
                log.firstChange().value(), log.nextChange().value(), time(log, log.firstTime(), "FIRST_TIME"),
                time(log, log.nextTime(), "NEXT_TIME"), log.name(), yesOrNo(log.dictionaryBegin()),
                yesOrNo(log.dictionaryEnd()));
    }

    /** One row with CSF 0: the record's statements are already joined, and the contract has no length limit. */
    static void printContentsRow(CSVPrinter printer, RedoRecord r) throws IOException {
        printer.printRecord(r.scn(), r.timestamp(), r.thread(), r.xid().toRaw(), r.operation(), r.operationCode(),
                r.rollback() ? 1 : 0, r.status(), r.info(), r.segOwner(), r.tableName(), r.dataObj(), r.rowId(),
                r.rsId(), r.ssn(), 0, r.sqlRedo(), r.sqlUndo(), r.container());
    }

    private static String time(ArchivedLog log, LocalDateTime time, String column) {
        if (time == null) {
            throw new IllegalArgumentException(log.id() + " has no " + column + "; archived_logs.csv requires one");
        }
        return time.format(CsvValues.ORACLE_DATE_TIME);
    }

    private static String yesOrNo(boolean flag) {
        return flag ? "YES" : "NO";
    }
}
