package io.redocdc.job.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import io.redocdc.operators.lcr.Lcr;
import io.redocdc.operators.txn.AssemblerOptions;
import io.redocdc.operators.txn.TransactionAssembler;
import io.redocdc.source.RedoLogSource;
import io.redocdc.source.retention.LogRetention;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.apache.flink.api.common.JobID;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.metrics.Gauge;
import org.apache.flink.metrics.Metric;
import org.apache.flink.runtime.testutils.InMemoryReporter;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.testutils.logging.LoggerAuditingExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.event.Level;

/**
 * Purge advice of a running job, source and two assembler subtasks on a MiniCluster: the advice is logged once
 * for the job (not per subtask) and the per-thread gauge reads it. Thread 1 has logs 10 to 12, with transactions
 * left open in 10 and 11 (START, no end); thread 2 has logs 5 and 6, all committed; the continuous source waits
 * for log 13 of thread 1 and log 7 of thread 2. So thread 1's logs before 10 and thread 2's before 7 can go.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class PurgeAdviceITCase {

    private static final InMemoryReporter REPORTER = InMemoryReporter.createWithRetainedMetrics();
    private static final long RESETLOGS = 1029337344L;

    @RegisterExtension
    static final MiniClusterExtension CLUSTER = new MiniClusterExtension(new MiniClusterResourceConfiguration.Builder()
            .setConfiguration(REPORTER.addToConfiguration(new Configuration()))
            .setNumberTaskManagers(1).setNumberSlotsPerTaskManager(2).build());

    @RegisterExtension
    final LoggerAuditingExtension advice = new LoggerAuditingExtension(LogRetention.class, Level.INFO);

    @TempDir
    Path redo;

    @Test
    void theAdviceIsLoggedOnceForTheJobAndEachThreadsGaugeReadsIt() throws Exception {
        writeRedoDirectory();
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(2);
        env.enableCheckpointing(100);
        RedoLogSource source = RedoLogSource.builder().redoDirectory(redo).discoveryInterval(Duration.ofMillis(50))
                .build();
        DataStream<Lcr> lcrs = TransactionAssembler.assemble(
                env.fromSource(source, WatermarkStrategy.noWatermarks(), "redo"), AssemblerOptions.defaults(),
                source.retentionKey());
        lcrs.sinkTo(new DiscardingSink<>());
        JobClient job = env.executeAsync("purge advice");
        try {
            JobID id = job.getJobID();
            waitUntil(job, () -> gauge(id, "thread.1.") != null && gauge(id, "thread.2.") != null);
            long checkpoints = completedCheckpoints(id);
            waitUntil(job, () -> completedCheckpoints(id) >= checkpoints + 3);

            assertThat(gauge(id, "thread.1.")).isEqualTo(10L);
            assertThat(gauge(id, "thread.2.")).isEqualTo(7L);
            List<String> lines = advice.getMessages();
            assertThat(lines.stream().filter(line -> line.startsWith("Archived logs of thread 1 before sequence 10 "))
                    .count()).as("%s", lines).isEqualTo(1);
            assertThat(lines.stream().filter(line -> line.startsWith("Archived logs of thread 2 before sequence 7 "))
                    .count()).as("%s", lines).isEqualTo(1);
            // Checkpoints taken while logs were still being read may advise less first (thread 2: before 5), never
            // more, and each advice once for the job, not once per subtask.
            assertThat(adviceOf(lines, 1)).as("%s", lines).isSorted().doesNotHaveDuplicates().allMatch(s -> s <= 10);
            assertThat(adviceOf(lines, 2)).as("%s", lines).isSorted().doesNotHaveDuplicates().allMatch(s -> s <= 7);
            assertThat(lines).as("advice lines only").allMatch(line -> line.startsWith("Archived logs of thread "));
        } finally {
            job.cancel().get();
        }
    }

    /** The sequences advised for {@code thread}, in the order logged. */
    private static List<Long> adviceOf(List<String> lines, int thread) {
        String prefix = "Archived logs of thread " + thread + " before sequence ";
        return lines.stream().filter(line -> line.startsWith(prefix))
                .map(line -> Long.parseLong(line.substring(prefix.length(), line.indexOf(' ', prefix.length()))))
                .toList();
    }

    /** Polls while the job runs; the class's timeout ends a test whose condition never comes. */
    private static void waitUntil(JobClient job, BooleanSupplier condition) throws Exception {
        while (!condition.getAsBoolean()) {
            if (job.getJobStatus().get().isGloballyTerminalState()) {
                job.getJobExecutionResult().get(); // throws the job's failure
                throw new AssertionError("the job ended before the condition held");
            }
            Thread.sleep(50);
        }
    }

    private static Object gauge(JobID id, String thread) {
        Map<String, Metric> found = REPORTER.findMetrics(id, thread + LogRetention.GAUGE);
        return found.isEmpty() ? null : ((Gauge<?>) found.values().iterator().next()).getValue();
    }

    private static long completedCheckpoints(JobID id) {
        return REPORTER.findMetric(id, "numberOfCompletedCheckpoints")
                .map(metric -> ((Number) ((Gauge<?>) metric).getValue()).longValue()).orElse(0L);
    }

    private void writeRedoDirectory() throws IOException {
        Files.createDirectories(redo.resolve("contents"));
        contents(1, 10, start(1010, "0A000C0001000000"), start(1020, "0A000D0002000000"),
                commit(1030, "0A000D0002000000"));
        contents(1, 11, start(1110, "0B000E0003000000"));
        contents(1, 12, start(1210, "0C000F0004000000"), commit(1220, "0C000F0004000000"));
        contents(2, 5, start(1010, "0D00100005000000"), commit(1020, "0D00100005000000"));
        contents(2, 6, start(1160, "0E00110006000000"), commit(1170, "0E00110006000000"));
        Files.writeString(redo.resolve("archived_logs.csv"), String.join("\r\n",
                "THREAD#,SEQUENCE#,RESETLOGS_ID,FIRST_CHANGE#,NEXT_CHANGE#,FIRST_TIME,NEXT_TIME,NAME,DICTIONARY_BEGIN,"
                        + "DICTIONARY_END",
                log(1, 10, 1000, 1100), log(1, 11, 1100, 1200), log(1, 12, 1200, 1300),
                log(2, 5, 1000, 1150), log(2, 6, 1150, 1300)) + "\r\n", StandardCharsets.UTF_8);
    }

    private static String log(int thread, long sequence, long first, long next) {
        return thread + "," + sequence + "," + RESETLOGS + "," + first + "," + next + ",2026-01-01 00:00:00,"
                + "2026-01-01 00:01:00,/arch/" + thread + "_" + sequence + ".dbf,NO,NO";
    }

    private void contents(int thread, long sequence, String... rows) throws IOException {
        StringBuilder csv = new StringBuilder("SCN,TIMESTAMP,THREAD#,XID,OPERATION,OPERATION_CODE,ROLLBACK,STATUS,INFO,"
                + "SEG_OWNER,TABLE_NAME,DATA_OBJ#,ROW_ID,RS_ID,SSN,CSF,SQL_REDO,SQL_UNDO\r\n");
        for (String row : rows) {
            csv.append(row.replace("{T}", Integer.toString(thread))).append("\r\n");
        }
        Files.writeString(redo.resolve("contents").resolve(thread + "_" + sequence + "_" + RESETLOGS + ".csv"), csv,
                StandardCharsets.UTF_8);
    }

    private static String start(long scn, String xid) {
        return scn + ",2026-01-01 00:00:10,{T}," + xid + ",START,6,0,0,,,,,,\" 0x000010.00000002.0010 \",0,0,"
                + "set transaction read write,";
    }

    private static String commit(long scn, String xid) {
        return scn + ",2026-01-01 00:00:20,{T}," + xid + ",COMMIT,7,0,0,,,,,,\" 0x000010.00000003.0010 \",0,0,commit,";
    }
}
