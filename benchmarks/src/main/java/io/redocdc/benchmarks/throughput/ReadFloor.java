package io.redocdc.benchmarks.throughput;

import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvParser;
import de.siegmar.fastcsv.reader.CsvReader;
import de.siegmar.fastcsv.reader.CsvRecord;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/**
 * The read floor: the redo directory's contents files read, decoded as strict UTF-8 and split into columns (a
 * String per field, as the source needs them), on one thread, nothing else. What any source reading these files
 * must do at least; the job's rows/s over this is how much the rest of the pipeline costs.
 */
final class ReadFloor {

    /** A CSV library splitting one file; returns rows read (header included) and adds field lengths to a sink. */
    enum Splitter {
        /** What the source used before FastCSV: commons-csv, RFC 4180, a BufferedReader of 64 KiB. */
        COMMONS_CSV {
            @Override
            long split(Reader text, long[] sink) throws IOException {
                long rows = 0;
                try (CSVParser parser = CSVFormat.RFC4180.builder().setIgnoreEmptyLines(false).build()
                        .parse(new BufferedReader(text, 64 * 1024))) {
                    for (CSVRecord record : parser) {
                        for (int i = 0; i < record.size(); i++) {
                            sink[0] += record.get(i).length();
                        }
                        rows++;
                    }
                }
                return rows;
            }
        },
        /** What the source uses: de.siegmar:fastcsv, RFC 4180 (its defaults), empty lines kept, counts unchecked. */
        FASTCSV {
            @Override
            long split(Reader text, long[] sink) throws IOException {
                long rows = 0;
                try (CsvReader<CsvRecord> reader = CsvReader.builder().skipEmptyLines(false).allowExtraFields(true)
                        .allowMissingFields(true).ofCsvRecord(text)) {
                    for (CsvRecord record : reader) {
                        for (int i = 0; i < record.getFieldCount(); i++) {
                            sink[0] += record.getField(i).length();
                        }
                        rows++;
                    }
                }
                return rows;
            }
        },
        /** Jackson's CSV module (jackson-dataformat-csv), rows read as String arrays, no schema. */
        JACKSON_CSV {
            private final CsvMapper mapper = new CsvMapper();

            @Override
            long split(Reader text, long[] sink) throws IOException {
                long rows = 0;
                try (MappingIterator<String[]> iterator = mapper.readerFor(String[].class)
                        .with(CsvParser.Feature.WRAP_AS_ARRAY).readValues(text)) {
                    while (iterator.hasNextValue()) {
                        String[] record = iterator.nextValue();
                        for (String field : record) {
                            sink[0] += field.length();
                        }
                        rows++;
                    }
                }
                return rows;
            }
        };

        abstract long split(Reader text, long[] sink) throws IOException;

        String label() {
            return name().toLowerCase().replace('_', '-');
        }
    }

    /** One pass over every file. */
    record Pass(Splitter splitter, long rows, long bytes, double seconds, double cpuSeconds) {
        double rowsPerSecond() {
            return rows / seconds;
        }

        double rowsPerCpuSecond() {
            return rows / cpuSeconds;
        }
    }

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private final List<Path> files;
    private final long bytes;

    ReadFloor(Path redoDir) throws IOException {
        try (Stream<Path> list = Files.list(redoDir.resolve("contents"))) {
            this.files = list.filter(Files::isRegularFile).sorted().toList();
        }
        long total = 0;
        for (Path file : files) {
            total += Files.size(file);
        }
        this.bytes = total;
    }

    Pass pass(Splitter splitter) throws IOException {
        long[] sink = new long[1];
        long rows = 0;
        long start = System.nanoTime();
        long cpuStart = THREADS.getCurrentThreadCpuTime();
        for (Path file : files) {
            try (Reader text = open(file)) {
                rows += splitter.split(text, sink) - 1; // the header is no row
            }
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        double cpuSeconds = (THREADS.getCurrentThreadCpuTime() - cpuStart) / 1e9;
        if (sink[0] < 0) {
            throw new AssertionError(); // keeps the field reads alive
        }
        return new Pass(splitter, rows, bytes, seconds, cpuSeconds);
    }

    /** As the source opens a contents file: gzip by name, UTF-8 that rejects malformed input. */
    private static Reader open(Path file) throws IOException {
        InputStream in = Files.newInputStream(file);
        if (file.getFileName().toString().endsWith(".gz")) {
            in = new GZIPInputStream(in, 64 * 1024);
        }
        return new InputStreamReader(in, StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT));
    }
}
