package io.redocdc.source.testing;

import io.redocdc.source.RedoLogSource;
import io.redocdc.source.model.ArchivedLog;
import io.redocdc.source.model.RedoRecord;
import io.redocdc.source.model.RedoRecordSerializer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.connector.source.Boundedness;
import org.apache.flink.api.connector.source.Source;
import org.apache.flink.connector.testframe.external.ExternalSystemSplitDataWriter;
import org.apache.flink.connector.testframe.external.source.DataStreamSourceExternalContext;
import org.apache.flink.connector.testframe.external.source.TestingSourceSettings;

/**
 * The connector test framework's "external system" as a redo directory in a temporary folder. Split index
 * {@code i} of the framework is redo thread {@code i + 1}; every batch of generated records is the next archived
 * log of that thread, covering SCNs {@code [sequence * 1e6, (sequence + 1) * 1e6)}, so consecutive logs connect.
 */
public final class RedoDirectoryExternalContext implements DataStreamSourceExternalContext<RedoRecord> {

    private static final long RESETLOGS_ID = 1_029_337_344L;
    private static final long LOG_SPAN = 1_000_000L;

    private final Path directory;
    private final TestRedoDirectory redo;
    private final Map<Integer, Long> lastSequence = new HashMap<>();

    public RedoDirectoryExternalContext(String testName) {
        try {
            directory = Files.createTempDirectory("redo-" + testName.replaceAll("[^A-Za-z0-9]", "_"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        redo = TestRedoDirectory.create(directory);
    }

    @Override
    public Source<RedoRecord, ?, ?> createSource(TestingSourceSettings settings) {
        return RedoLogSource.builder()
                .redoDirectory(directory)
                .bounded(settings.getBoundedness() == Boundedness.BOUNDED)
                .discoveryInterval(Duration.ofMillis(100))
                .build();
    }

    @Override
    public ExternalSystemSplitDataWriter<RedoRecord> createSourceSplitDataWriter(TestingSourceSettings settings) {
        return new ExternalSystemSplitDataWriter<>() {
            @Override
            public void writeRecords(List<RedoRecord> records) {
                ArchivedLog log = logOf(records.get(0).log().thread(), records.get(0).log().sequence());
                List<RedoRecord> written = redo.addLog(log, records);
                if (!written.equals(records)) {
                    throw new IllegalStateException("records of " + log.id() + " were not generated for it");
                }
            }

            @Override
            public void close() {
            }
        };
    }

    @Override
    public List<RedoRecord> generateTestData(TestingSourceSettings settings, int splitIndex, long seed) {
        int thread = splitIndex + 1;
        long sequence = lastSequence.merge(thread, 1L, Long::sum);
        ArchivedLog log = logOf(thread, sequence);
        Random random = new Random(seed);
        int count = 10 + random.nextInt(90);
        List<RedoRecord> records = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            long scn = log.firstChange().value() + i * 7L;
            String xid = String.format("%04X%04X%08X", Short.reverseBytes((short) thread) & 0xFFFF,
                    Short.reverseBytes((short) (i % 500)) & 0xFFFF, Integer.reverseBytes((int) sequence));
            String note = randomText(random);
            records.add(TestRedoDirectory.record(scn, thread, xid, 1,
                    "insert into \"OE\".\"ORDERS\"(\"ID\",\"NOTE\") values ('" + i + "','" + note + "')", null));
        }
        return TestRedoDirectory.place(log, records, 0);
    }

    private static String randomText(Random random) {
        String alphabet = "abcXYZ019 ,\"'\n;é€";
        StringBuilder text = new StringBuilder();
        for (int i = 0, n = 1 + random.nextInt(30); i < n; i++) {
            text.append(alphabet.charAt(random.nextInt(alphabet.length())));
        }
        return text.toString();
    }

    private static ArchivedLog logOf(int thread, long sequence) {
        return TestRedoDirectory.log(thread, sequence, RESETLOGS_ID, sequence * LOG_SPAN, (sequence + 1) * LOG_SPAN);
    }

    @Override
    public TypeInformation<RedoRecord> getProducedType() {
        return RedoRecordSerializer.TYPE;
    }

    @Override
    public List<URL> getConnectorJarPaths() {
        return List.of();
    }

    @Override
    public void close() throws IOException {
        try (Stream<Path> files = Files.walk(directory)) {
            for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(file);
            }
        }
    }

    @Override
    public String toString() {
        return "redo directory " + directory;
    }
}
