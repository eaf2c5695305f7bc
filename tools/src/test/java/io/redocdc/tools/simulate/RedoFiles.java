package io.redocdc.tools.simulate;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/** Test-side reading of a simulated redo directory and truth, independent of the simulator's classes. */
final class RedoFiles {

    static final ObjectMapper JSON = new ObjectMapper();

    private static final CSVFormat WITH_HEADER = CSVFormat.RFC4180.builder().setHeader().setSkipHeaderRecord(true)
            .build();

    private RedoFiles() {
    }

    /** One catalog row. */
    record Log(int thread, long sequence, long resetlogsId, long firstChange, long nextChange, String firstTime,
            String nextTime, String name, String dictionaryBegin, String dictionaryEnd) {

        String stem() {
            return thread + "_" + sequence + "_" + resetlogsId;
        }
    }

    /** A contents row after CSF pieces were joined; {@code pieces} says how many file rows it came from. */
    record Row(Log log, Map<String, String> columns, String sqlRedo, String sqlUndo, int pieces) {

        String get(String column) {
            return columns.get(column);
        }

        long scn() {
            return Long.parseLong(get("SCN"));
        }

        String xid() {
            return get("XID");
        }

        /** USN and slot: the key partial-XID rows share with their transaction. */
        String slot() {
            return xid().substring(0, 8);
        }

        int code() {
            return Integer.parseInt(get("OPERATION_CODE"));
        }

        boolean rollback() {
            return get("ROLLBACK").equals("1");
        }

        boolean isDml() {
            return code() == 1 || code() == 2 || code() == 3;
        }
    }

    static List<String> header(Path csv) throws IOException {
        try (Reader in = reader(csv); CSVParser parser = WITH_HEADER.parse(in)) {
            return parser.getHeaderNames();
        }
    }

    static List<Log> catalog(Path redoDir) throws IOException {
        List<Log> logs = new ArrayList<>();
        try (Reader in = reader(redoDir.resolve("archived_logs.csv")); CSVParser parser = WITH_HEADER.parse(in)) {
            for (CSVRecord r : parser) {
                logs.add(new Log(Integer.parseInt(r.get("THREAD#")), Long.parseLong(r.get("SEQUENCE#")),
                        Long.parseLong(r.get("RESETLOGS_ID")), Long.parseLong(r.get("FIRST_CHANGE#")),
                        Long.parseLong(r.get("NEXT_CHANGE#")), r.get("FIRST_TIME"), r.get("NEXT_TIME"),
                        r.get("NAME"), r.get("DICTIONARY_BEGIN"), r.get("DICTIONARY_END")));
            }
        }
        return logs;
    }

    static Path contentsFile(Path redoDir, Log log) {
        Path plain = redoDir.resolve("contents").resolve(log.stem() + ".csv");
        return Files.exists(plain) ? plain : redoDir.resolve("contents").resolve(log.stem() + ".csv.gz");
    }

    /** The file's rows as written (CSF pieces separate), each as column name -> text. */
    static List<Map<String, String>> physicalRows(Path file) throws IOException {
        List<Map<String, String>> rows = new ArrayList<>();
        try (Reader in = reader(file); CSVParser parser = WITH_HEADER.parse(in)) {
            for (CSVRecord r : parser) {
                rows.add(new LinkedHashMap<>(r.toMap()));
            }
        }
        return rows;
    }

    /** The log's rows with CSF pieces joined, asserting each piece repeats the row's other columns. */
    static List<Row> rows(Path redoDir, Log log) throws IOException {
        List<Row> rows = new ArrayList<>();
        StringBuilder redo = new StringBuilder();
        StringBuilder undo = new StringBuilder();
        Map<String, String> first = null;
        int pieces = 0;
        for (Map<String, String> piece : physicalRows(contentsFile(redoDir, log))) {
            if (first == null) {
                first = piece;
            } else {
                for (String column : List.of("SCN", "XID", "OPERATION_CODE", "ROW_ID", "RS_ID", "SSN", "ROLLBACK")) {
                    assertThat(piece.get(column)).as("CSF piece column %s in %s", column, log.stem())
                            .isEqualTo(first.get(column));
                }
            }
            redo.append(piece.get("SQL_REDO"));
            undo.append(piece.get("SQL_UNDO"));
            pieces++;
            if (piece.get("CSF").equals("0")) {
                rows.add(new Row(log, first, redo.toString(), undo.toString(), pieces));
                redo.setLength(0);
                undo.setLength(0);
                first = null;
                pieces = 0;
            }
        }
        assertThat(first).as("last row of %s continues (CSF = 1)", log.stem()).isNull();
        return rows;
    }

    /** All joined rows of all logs, thread by thread in sequence order. */
    static List<Row> allRows(Path redoDir) throws IOException {
        List<Row> rows = new ArrayList<>();
        for (Log log : catalog(redoDir).stream()
                .sorted((a, b) -> a.thread() != b.thread() ? Integer.compare(a.thread(), b.thread())
                        : Long.compare(a.sequence(), b.sequence()))
                .toList()) {
            rows.addAll(rows(redoDir, log));
        }
        return rows;
    }

    static List<JsonNode> jsonLines(Path file) {
        List<JsonNode> lines = new ArrayList<>();
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String line;
            while ((line = in.readLine()) != null) {
                lines.add(JSON.readTree(line));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return lines;
    }

    private static Reader reader(Path file) throws IOException {
        InputStream in = Files.newInputStream(file);
        if (file.toString().endsWith(".gz")) {
            in = new GZIPInputStream(in);
        }
        return new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
    }
}
