package io.redocdc.benchmarks.throughput;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.redocdc.operators.lcr.ColumnValue;
import io.redocdc.operators.parser.ParsedStatement;
import io.redocdc.operators.parser.SqlRedoParser;
import io.redocdc.source.catalog.LogContentsReader;
import io.redocdc.source.files.RedoDirectory;
import io.redocdc.source.model.ArchivedLog;
import io.redocdc.source.model.RedoRecord;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.List;

/**
 * What any pipeline from these files to JSON must do per row at least, in one thread and nothing else, as three
 * cumulative stages: the source's own reading (FastCSV, CSF rows joined, a RedoRecord per row, as the source does),
 * then the SQL_REDO of every INSERT, UPDATE and DELETE parsed (the job's parser), then each parsed change written as
 * JSON (Jackson's streaming generator: table and column values, into a reused buffer). No state, ordering,
 * serialization between threads or file writes, so the job can never be this fast; 200k rows/s on 2 cores needs at
 * most 10 CPU-µs per row for all of it.
 */
final class StageFloor {

    enum Stage {
        READ("read (source's own reader)"),
        PARSE("+ parse DML SQL_REDO"),
        JSON("+ write JSON");

        final String label;

        Stage(String label) {
            this.label = label;
        }
    }

    /** {@code records}: as the source hands them on (CSF rows joined); per row means per contents row. */
    record Pass(Stage stage, long records, double seconds, double cpuSeconds) {
        double cpuMicrosPerRow(long rows) {
            return cpuSeconds * 1e6 / rows;
        }

        double rowsPerSecond(long rows) {
            return rows / seconds;
        }
    }

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private final RedoDirectory directory;
    private final List<ArchivedLog> logs;
    private final JsonFactory json = new JsonFactory();
    private final ByteArrayOutputStream buffer = new ByteArrayOutputStream(4096);
    private long sink;

    StageFloor(Path redoDir) throws IOException {
        this.directory = new RedoDirectory(redoDir);
        this.logs = directory.listAvailableLogs();
    }

    Pass pass(Stage stage) throws IOException {
        long records = 0;
        long start = System.nanoTime();
        long cpuStart = THREADS.getCurrentThreadCpuTime();
        for (ArchivedLog log : logs) {
            try (LogContentsReader reader = directory.openContents(log)) {
                RedoRecord record;
                while ((record = reader.next()) != null) {
                    records++;
                    if (stage != Stage.READ && record.op().isRowChange()) {
                        ParsedStatement statement = SqlRedoParser.parse(record.sqlRedo());
                        if (stage == Stage.JSON) {
                            write(record, statement);
                        }
                    }
                }
            }
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        double cpuSeconds = (THREADS.getCurrentThreadCpuTime() - cpuStart) / 1e9;
        if (sink < 0) {
            throw new AssertionError(); // keeps the output alive
        }
        return new Pass(stage, records, seconds, cpuSeconds);
    }

    private void write(RedoRecord record, ParsedStatement statement) throws IOException {
        buffer.reset();
        try (JsonGenerator out = json.createGenerator(buffer)) {
            out.writeStartObject();
            out.writeStringField("table", statement.owner() + "." + statement.table());
            out.writeNumberField("scn", record.scn());
            out.writeStringField("op_ts", record.timestamp());
            writeImage(out, "before", statement.where());
            writeImage(out, "after", statement.values());
            out.writeEndObject();
        }
        sink += buffer.size();
    }

    private static void writeImage(JsonGenerator out, String name, List<ColumnValue> values) throws IOException {
        out.writeObjectFieldStart(name);
        for (ColumnValue value : values) {
            out.writeStringField(value.name(), value.text());
        }
        out.writeEndObject();
    }
}
