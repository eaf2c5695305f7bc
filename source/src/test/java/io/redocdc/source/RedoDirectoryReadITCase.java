package io.redocdc.source;

import static io.redocdc.source.testing.TestRedoDirectory.log;
import static io.redocdc.source.testing.TestRedoDirectory.record;
import static org.assertj.core.api.Assertions.assertThat;

import io.redocdc.source.event.FrontierEvent;
import io.redocdc.source.model.ArchivedLog;
import io.redocdc.source.model.RedoRecord;
import io.redocdc.source.testing.TestRedoDirectory;
import io.redocdc.source.testing.WatermarkRecorder;
import io.redocdc.source.testing.WatermarkRecorder.Observation;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.PipelineOptions;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Reads a two-thread redo directory with parallelism 2, bounded, as the job wires the source, and checks
 * that every record arrives once and that the readers' watermarks reach a downstream operator although the
 * job uses {@code WatermarkStrategy.noWatermarks()}.
 */
class RedoDirectoryReadITCase {

    @RegisterExtension
    static final MiniClusterExtension MINI_CLUSTER = new MiniClusterExtension(
            new MiniClusterResourceConfiguration.Builder().setNumberTaskManagers(1).setNumberSlotsPerTaskManager(2).build());

    @TempDir
    Path dir;

    @Test
    void everyRecordArrivesOnceAndFrontierWatermarksReachDownstream() throws Exception {
        TestRedoDirectory redo = TestRedoDirectory.create(dir);
        List<ArchivedLog> logs = List.of(
                log(1, 1, 9, 1000, 2000), log(1, 2, 9, 2000, 3000), log(1, 3, 9, 3000, 4000),
                log(2, 1, 9, 1500, 2600), log(2, 2, 9, 2600, 3900));
        List<RedoRecord> expected = new ArrayList<>();
        for (ArchivedLog log : logs) {
            expected.addAll(redo.addLog(log, records(log), 25, log.id().sequence() == 2));
        }

        Configuration config = new Configuration();
        config.set(PipelineOptions.GENERIC_TYPES, false);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(config);
        RedoLogSource source = RedoLogSource.builder().redoDirectory(dir).bounded(true).build();
        List<Observation> observed = new ArrayList<>();
        env.fromSource(source, WatermarkStrategy.noWatermarks(), "redo-log-source").uid("redo-log-source")
                .setParallelism(2)
                .transform("watermark-recorder", TypeInformation.of(Observation.class), new WatermarkRecorder())
                .setParallelism(2)
                .executeAndCollect("redo directory read").forEachRemaining(observed::add);

        List<String> keys = observed.stream().filter(o -> !o.isWatermark()).map(Observation::key).toList();
        assertThat(keys).doesNotHaveDuplicates()
                .containsExactlyInAnyOrderElementsOf(expected.stream().map(WatermarkRecorder::key).toList());

        Set<Long> frontiers = new HashSet<>();
        logs.forEach(log -> {
            frontiers.add(log.firstChange().value());
            frontiers.add(log.nextChange().value());
        });
        Map<Integer, List<Observation>> bySubtask = observed.stream()
                .collect(Collectors.groupingBy(Observation::subtask, TreeMap::new, Collectors.toList()));
        assertThat(bySubtask).containsOnlyKeys(0, 1);
        for (List<Observation> stream : bySubtask.values()) {
            long watermark = Long.MIN_VALUE;
            List<Long> finite = new ArrayList<>();
            for (Observation o : stream) {
                if (o.isWatermark()) {
                    assertThat(o.value()).isGreaterThanOrEqualTo(watermark);
                    watermark = o.value();
                    if (watermark < FrontierEvent.ALL_READ_WATERMARK) {
                        finite.add(watermark);
                    }
                } else {
                    assertThat(o.value()).as("record %s arrives after watermark %s", o.key(), watermark)
                            .isGreaterThan(watermark);
                }
            }
            assertThat(watermark).isEqualTo(Long.MAX_VALUE);
            assertThat(stream).as("every log read, before the end of input")
                    .anyMatch(o -> o.isWatermark() && o.value() == FrontierEvent.ALL_READ_WATERMARK);
            assertThat(finite).as("frontier watermarks before the end").isNotEmpty()
                    .allSatisfy(w -> assertThat(frontiers).contains(w + 1));
        }
    }

    private static List<RedoRecord> records(ArchivedLog log) {
        List<RedoRecord> records = new ArrayList<>();
        int thread = log.id().thread();
        long scn = log.firstChange().value();
        for (int txn = 0; scn + 3 < log.nextChange().value() && txn < 8; txn++, scn += 40) {
            String xid = String.format("%02X00%02X00%02X000000", thread, txn, log.id().sequence());
            records.add(record(scn, thread, xid, 6, "set transaction read write", null));
            records.add(record(scn + 1, thread, xid, 1, "insert into \"OE\".\"ORDERS\"(\"ID\",\"NOTE\") values ('"
                    + scn + "','line one\nline \"two\", with comma')", "delete from \"OE\".\"ORDERS\" where \"ID\" = '" + scn + "'"));
            records.add(record(scn + 2, thread, xid, 7, "commit", null));
        }
        return records;
    }
}
