package io.redocdc.source.testing;

import io.redocdc.source.model.ArchivedLog;
import io.redocdc.source.model.RedoRecord;
import io.redocdc.source.model.Scn;
import io.redocdc.source.model.ThreadSequence;
import io.redocdc.source.model.Xid;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

/**
 * Writes small redo directories for tests, the way the contract says: contents file first, then the catalog
 * row, each file written to a temporary name and renamed. Returns records exactly as the source will read them
 * back (log, index and line filled in).
 */
public final class TestRedoDirectory {

    public static final List<String> CATALOG_HEADER = List.of("THREAD#", "SEQUENCE#", "RESETLOGS_ID",
            "FIRST_CHANGE#", "NEXT_CHANGE#", "FIRST_TIME", "NEXT_TIME", "NAME", "DICTIONARY_BEGIN", "DICTIONARY_END");
    public static final List<String> CONTENTS_HEADER = List.of("SCN", "TIMESTAMP", "THREAD#", "XID", "OPERATION",
            "OPERATION_CODE", "ROLLBACK", "STATUS", "INFO", "SEG_OWNER", "TABLE_NAME", "DATA_OBJ#", "ROW_ID", "RS_ID",
            "SSN", "CSF", "SQL_REDO", "SQL_UNDO");
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");
    private static final LocalDateTime EPOCH = LocalDateTime.of(2026, 1, 1, 0, 0, 0);

    private final Path directory;
    private final List<ArchivedLog> catalog = new ArrayList<>();

    private TestRedoDirectory(Path directory) {
        this.directory = directory;
    }

    /** Creates the directory with an empty catalog (header only). */
    public static TestRedoDirectory create(Path directory) {
        try {
            Files.createDirectories(directory.resolve("contents"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        TestRedoDirectory redo = new TestRedoDirectory(directory);
        redo.writeCatalog();
        return redo;
    }

    public Path path() {
        return directory;
    }

    /** An archived log with times derived from its SCNs. */
    public static ArchivedLog log(int thread, long sequence, long resetlogsId, long first, long next) {
        return new ArchivedLog(new ThreadSequence(thread, sequence, resetlogsId), Scn.of(first), Scn.of(next),
                EPOCH.plusSeconds(first % 1_000_000), EPOCH.plusSeconds(next % 1_000_000),
                "/arch/" + thread + "_" + sequence + "_" + resetlogsId + ".dbf", false, false);
    }

    /** A DML-like record; log, index and line are filled in when written. */
    public static RedoRecord record(long scn, int thread, String xid, int operationCode, String sqlRedo,
                                    String sqlUndo) {
        String operation = switch (operationCode) {
            case 1 -> "INSERT";
            case 2 -> "DELETE";
            case 3 -> "UPDATE";
            case 6 -> "START";
            case 7 -> "COMMIT";
            default -> "INTERNAL";
        };
        boolean row = operationCode >= 1 && operationCode <= 3;
        return new RedoRecord(scn, EPOCH.plusSeconds(scn % 1_000_000).format(TIME), thread, Xid.fromRaw(xid),
                operation, operationCode, false, 0, null, null, row ? "OE" : null, row ? "ORDERS" : null,
                row ? 74_001L : null, row ? "AAASxxAAEAAAACXAAA" : null, " 0x0002a7.000013f5.00e8 ", 0,
                sqlRedo, sqlUndo, new ThreadSequence(thread, 1, 1), 0, 0);
    }

    /**
     * {@code r} with another RS_ID (NULL or blank for none) and SSN. A real RS_ID is the redo record's address,
     * blank-padded: {@code " 0x<sequence>.<block>.<offset> "}.
     */
    public static RedoRecord withRowChange(RedoRecord r, String rsId, long ssn) {
        return new RedoRecord(r.scn(), r.timestamp(), r.thread(), r.xid(), r.operation(), r.operationCode(),
                r.rollback(), r.status(), r.info(), r.container(), r.segOwner(), r.tableName(), r.dataObj(), r.rowId(), rsId, ssn,
                r.sqlRedo(), r.sqlUndo(), r.log(), r.index(), r.line());
    }

    /** {@code count} inserts at SCNs from {@code firstScn}, each with its own RS_ID in log sequence {@code sequence}. */
    public static List<RedoRecord> insertsWithRsIds(long sequence, long firstScn, int count) {
        List<RedoRecord> records = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            records.add(withRowChange(record(firstScn + i, 1, "0A000C003C020000", 1, "insert into \"OE\".\"T\"(\"ID\") "
                    + "values ('" + i + "')", null), " 0x%06x.%08x.0010 ".formatted(sequence, 2 + i), 0));
        }
        return records;
    }

    /** Writes the log's contents (one row per record) and then its catalog row. */
    public synchronized List<RedoRecord> addLog(ArchivedLog log, List<RedoRecord> records) {
        return addLog(log, records, 0, false);
    }

    /**
     * Writes the log's contents, splitting SQL_REDO/SQL_UNDO longer than {@code csfChunk} characters (when
     * positive) over CSF continuation rows, gzipped if asked, and then its catalog row.
     */
    public synchronized List<RedoRecord> addLog(ArchivedLog log, List<RedoRecord> records, int csfChunk,
                                                boolean gzip) {
        List<RedoRecord> placed = place(log, records, csfChunk);
        // SRC_CON_NAME, beyond the contract's columns, only when a record has a container (as from a CDB)
        boolean containers = placed.stream().anyMatch(r -> r.container() != null);
        StringBuilder csv = new StringBuilder();
        try (CSVPrinter printer = new CSVPrinter(csv, CSVFormat.RFC4180)) {
            List<String> header = new ArrayList<>(CONTENTS_HEADER);
            if (containers) {
                header.add("SRC_CON_NAME");
            }
            printer.printRecord(header);
            for (RedoRecord record : placed) {
                for (List<String> row : rows(record, csfChunk)) {
                    if (containers) {
                        row.add(record.container());
                    }
                    printer.printRecord(row);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        writeContents(log.id(), csv.toString(), gzip);
        addCatalogRow(log);
        return placed;
    }

    /** The records as the source reads them back from {@code log}'s contents: log, index and line filled in. */
    public static List<RedoRecord> place(ArchivedLog log, List<RedoRecord> records, int csfChunk) {
        List<RedoRecord> placed = new ArrayList<>(records.size());
        long line = 2;
        for (RedoRecord r : records) {
            RedoRecord record = new RedoRecord(r.scn(), r.timestamp(), r.thread(), r.xid(), r.operation(),
                    r.operationCode(), r.rollback(), r.status(), r.info(), r.container(), r.segOwner(), r.tableName(), r.dataObj(),
                    r.rowId(), r.rsId(), r.ssn(), r.sqlRedo(), r.sqlUndo(), log.id(), placed.size(), line);
            placed.add(record);
            for (List<String> row : rows(record, csfChunk)) {
                line += 1 + row.stream().mapToLong(TestRedoDirectory::lineBreaks).sum();
            }
        }
        return placed;
    }

    private static List<List<String>> rows(RedoRecord record, int csfChunk) {
        String redo = record.sqlRedo();
        String undo = record.sqlUndo();
        int longest = Math.max(redo == null ? 0 : redo.length(), undo == null ? 0 : undo.length());
        int pieces = csfChunk <= 0 || longest <= csfChunk ? 1 : (longest + csfChunk - 1) / csfChunk;
        List<List<String>> rows = new ArrayList<>(pieces);
        for (int piece = 0; piece < pieces; piece++) {
            boolean last = piece == pieces - 1;
            rows.add(row(record, last ? 0 : 1, chunk(redo, piece, pieces, csfChunk), chunk(undo, piece, pieces, csfChunk)));
        }
        return rows;
    }

    private static String chunk(String text, int piece, int pieces, int size) {
        if (text == null || pieces == 1) {
            return text;
        }
        int from = Math.min(text.length(), piece * size);
        int to = Math.min(text.length(), from + size);
        return from == to ? null : text.substring(from, to);
    }

    private static List<String> row(RedoRecord r, int csf, String redo, String undo) {
        List<String> row = new ArrayList<>(CONTENTS_HEADER.size());
        row.add(Long.toString(r.scn()));
        row.add(r.timestamp());
        row.add(Integer.toString(r.thread()));
        row.add(r.xid().toRaw());
        row.add(r.operation());
        row.add(Integer.toString(r.operationCode()));
        row.add(r.rollback() ? "1" : "0");
        row.add(Integer.toString(r.status()));
        row.add(r.info());
        row.add(r.segOwner());
        row.add(r.tableName());
        row.add(r.dataObj() == null ? null : r.dataObj().toString());
        row.add(r.rowId());
        row.add(r.rsId());
        row.add(Long.toString(r.ssn()));
        row.add(Integer.toString(csf));
        row.add(redo);
        row.add(undo);
        return row;
    }

    private static long lineBreaks(String value) {
        return value == null ? 0 : value.chars().filter(c -> c == '\n').count();
    }

    /** Writes a contents file verbatim (temporary name, then rename). */
    public void writeContents(ThreadSequence id, String text, boolean gzip) {
        Path target = directory.resolve("contents").resolve(id.fileStem() + (gzip ? ".csv.gz" : ".csv"));
        Path temp = directory.resolve("contents").resolve("." + id.fileStem() + ".tmp");
        try (OutputStream file = Files.newOutputStream(temp);
             OutputStream out = gzip ? new GZIPOutputStream(file) : file) {
            out.write(text.getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        move(temp, target);
    }

    /** Adds a catalog row and rewrites archived_logs.csv atomically. */
    public synchronized void addCatalogRow(ArchivedLog log) {
        catalog.add(log);
        writeCatalog();
    }

    private void writeCatalog() {
        Path temp = directory.resolve(".archived_logs.csv.tmp");
        try (Writer writer = new OutputStreamWriter(Files.newOutputStream(temp), StandardCharsets.UTF_8);
             CSVPrinter printer = new CSVPrinter(writer, CSVFormat.RFC4180)) {
            printer.printRecord(CATALOG_HEADER);
            for (ArchivedLog log : catalog) {
                printer.printRecord(log.id().thread(), log.id().sequence(), log.id().resetlogsId(),
                        log.firstChange().value(), log.nextChange().value(), log.firstTime().format(TIME),
                        log.nextTime().format(TIME), log.name(), log.dictionaryBegin() ? "YES" : "NO",
                        log.dictionaryEnd() ? "YES" : "NO");
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        move(temp, directory.resolve("archived_logs.csv"));
    }

    private static void move(Path from, Path to) {
        try {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
