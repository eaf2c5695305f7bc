package io.redocdc.job.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.redocdc.sinks.files.ChangeFiles;
import io.redocdc.sinks.files.FileFormat;
import io.redocdc.sinks.jdbc.JdbcSinkOptions;
import io.redocdc.source.files.RedoDirectory;
import io.redocdc.source.model.ArchivedLog;
import io.redocdc.source.model.Scn;
import io.redocdc.tools.simulate.SimulationSettings;
import io.redocdc.tools.simulate.WorkloadSimulator;
import io.redocdc.tools.verify.TargetDatabase;
import io.redocdc.tools.verify.TargetDatabase.Kind;
import io.redocdc.tools.verify.TargetTables;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.sql.Connection;
import java.time.Duration;
import java.time.ZoneId;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.flink.api.common.JobExecutionResult;
import org.apache.flink.api.common.JobID;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.Gauge;
import org.apache.flink.metrics.Meter;
import org.apache.flink.metrics.Metric;
import org.apache.flink.runtime.testutils.InMemoryReporter;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The job's metrics read back from Flink's metric system on a MiniCluster (through an in-memory reporter, and the
 * Prometheus reporter that flink-conf documents, over HTTP), against what the simulator and the redo directory say
 * they must be.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class MetricsITCase {

    private static final InMemoryReporter REPORTER = InMemoryReporter.createWithRetainedMetrics();
    private static final int PROMETHEUS_PORT = freePort();

    @RegisterExtension
    static final MiniClusterExtension CLUSTER = new MiniClusterExtension(
            new MiniClusterResourceConfiguration.Builder().setNumberTaskManagers(1).setNumberSlotsPerTaskManager(4)
                    .setConfiguration(clusterConfiguration()).build());

    /** 200 ordinary transactions (some rolled back) plus long and DDL ones, on 2 redo threads, in about 9 logs. */
    private static final SimulationSettings WORKLOAD = SimulationSettings.defaults()
            .withSeed(3).withTransactions(200).withThreads(2).withRowsPerLog(200);

    @TempDir
    Path tmp;

    private static Configuration clusterConfiguration() {
        Configuration conf = REPORTER.addToConfiguration(new Configuration());
        conf.setString("metrics.reporter.prom.factory.class",
                "org.apache.flink.metrics.prometheus.PrometheusReporterFactory");
        conf.setString("metrics.reporter.prom.port", String.valueOf(PROMETHEUS_PORT));
        return conf;
    }

    @Test
    void boundedRunIntoJdbcShowsWhatTheRedoAndTheTruthSay() throws Exception {
        WorkloadSimulator.write(tmp, WORKLOAD);
        TargetTables tables = TargetTables.of(tmp.resolve("expected"));
        List<String> owners = tables.tableNames().stream().map(name -> name.substring(0, name.indexOf('.')))
                .distinct().toList();
        try (TargetDatabase target = TargetDatabase.open(Kind.H2, owners)) {
            try (Connection connection = target.connect()) {
                tables.create(connection);
            }
            JobOptions options = options(true, target.sinkOptions().sinkName("metrics-it").build());
            StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(
                    JobConfiguration.of(options));
            CapturePipeline.build(env, options);
            JobExecutionResult result = env.execute("metrics");
            assertMetricsOfBoundedRun(result.getJobID());
        }
    }

    private void assertMetricsOfBoundedRun(JobID job) throws IOException {
        List<ArchivedLog> logs = new RedoDirectory(tmp.resolve("redo")).listAvailableLogs();
        // Each thread's frontier is the NEXT_CHANGE# of its last log; the job's is the lowest of them.
        ArchivedLog frontierLog = logs.stream()
                .collect(java.util.stream.Collectors.groupingBy(log -> log.id().thread(),
                        java.util.stream.Collectors.maxBy(Comparator.comparing(ArchivedLog::nextChange))))
                .values().stream().map(java.util.Optional::orElseThrow)
                .min(Comparator.comparing(ArchivedLog::nextChange)).orElseThrow();
        long frontier = frontierLog.nextChange().value();
        long newest = logs.stream().mapToLong(log -> log.nextChange().value()).max().orElseThrow();
        List<JsonNode> transactions = ChangeFiles.readJsonLines(tmp.resolve("expected/transactions.jsonl"));
        long changes = transactions.stream().mapToLong(transaction -> transaction.get("changes").size()).sum();
        long lastCommitScn = transactions.get(transactions.size() - 1).get("commit_scn").asLong();

        // source reader (per subtask) and enumerator (JobManager)
        assertThat(sum(job, "logsRead")).as("logs read by all readers").isEqualTo(logs.size());
        assertThat(only(job, "logsCatalogued")).as("logs catalogued").isEqualTo(logs.size());
        assertThat(only(job, "logsCompleted")).as("logs read to their end (enumerator)").isEqualTo(logs.size());
        assertThat(only(job, "completedFrontierScn")).as("completed-SCN frontier").isEqualTo(frontier);
        assertThat(only(job, "frontierRedoTime")).as("redo time at the frontier (NEXT_TIME of %s)", frontierLog.id())
                .isEqualTo(frontierLog.nextTime().atZone(ZoneId.systemDefault()).toInstant().toEpochMilli());
        assertThat(only(job, "newestCataloguedScn")).as("newest NEXT_CHANGE# catalogued").isEqualTo(newest);
        assertThat(only(job, "frontierScnLag")).as("SCNs between frontier and newest log").isEqualTo(newest - frontier);
        long lag = only(job, "frontierLagMillis");
        long expectedLag = System.currentTimeMillis() - only(job, "frontierRedoTime");
        assertThat(lag).as("lag behind the frontier's redo time").isBetween(expectedLag - 60_000, expectedLag);
        Map<String, Metric> rowsPerSecond = find(job, "rowsPerSecond");
        assertThat(rowsPerSecond).as("rowsPerSecond meters, one per reader").hasSize(2);
        assertThat(rowsPerSecond.values().stream().mapToLong(meter -> ((Meter) meter).getCount()).sum())
                .as("redo rows counted by the rowsPerSecond meters").isEqualTo(sum(job, "numRecordsIn", "redo-log-source"));

        // assembler (per subtask): nothing open or buffered at the end of a bounded run
        assertThat(sum(job, "openTransactions")).as("open transactions").isZero();
        assertThat(sum(job, "bufferedRows")).as("buffered rows").isZero();
        assertThat(sum(job, "oldestOpenTransactionAgeMillis")).as("age of the oldest open transaction").isZero();
        for (Metric required : find(job, "requiredCheckpointScn").values()) {
            assertThat(value(required)).as("required checkpoint SCN with no transaction open: the frontier seen")
                    .isPositive().isLessThanOrEqualTo(frontier);
        }

        // sequencer and JDBC sink
        assertThat(only(job, "emittedLcrs", "commit-sequencer")).as("LCRs the sequencer emitted").isEqualTo(changes);
        assertThat(((Meter) find(job, "emittedLcrsPerSecond").values().iterator().next()).getCount())
                .as("LCRs counted by the sequencer's meter").isEqualTo(changes);
        assertThat(only(job, "appliedCommitScn")).as("applied commit SCN = last committed transaction's")
                .isEqualTo(lastCommitScn);
        assertThat(only(job, "errorQueueTransactions")).as("error queue").isZero();
        assertThat(only(job, "conflictsResolved")).as("conflicts resolved").isZero();
        assertThat(only(job, "processedCommitScn")).as("processed commit SCN").isEqualTo(lastCommitScn);
    }

    @Test
    void prometheusReporterServesTheJobsMetrics() throws Exception {
        WorkloadSimulator.write(tmp, WORKLOAD.withSeed(4));
        JobOptions options = options(false, null);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(
                JobConfiguration.of(options));
        CapturePipeline.build(env, options);
        JobClient client = env.executeAsync("metrics over prometheus");
        try {
            // a continuous run: once every log is read, the frontier stays at its final value until cancelled
            Pattern frontier = Pattern.compile("^\\S*completedFrontierScn\\{[^}]*} (\\S+)$", Pattern.MULTILINE);
            long deadline = System.nanoTime() + Duration.ofMinutes(1).toNanos();
            String scraped = "";
            double value = -1;
            while ((value <= 0 || !scraped.contains("_openTransactions")) && System.nanoTime() < deadline) {
                Thread.sleep(500);
                scraped = scrape();
                Matcher matcher = frontier.matcher(scraped);
                value = matcher.find() ? Double.parseDouble(matcher.group(1)) : -1;
            }
            assertThat(value).as("completedFrontierScn scraped from http://localhost:%d/metrics:%n%s",
                    PROMETHEUS_PORT, scraped.lines().filter(line -> line.contains("redo") || line.contains("Frontier"))
                            .limit(20).toList()).isPositive();
            assertThat(scraped).as("assembler gauges are exported too").contains("_openTransactions{");
        } finally {
            client.cancel().get();
        }
    }

    private static String scrape() {
        try {
            HttpResponse<String> response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                    URI.create("http://localhost:" + PROMETHEUS_PORT + "/metrics")).build(),
                    HttpResponse.BodyHandlers.ofString());
            return response.body();
        } catch (IOException | InterruptedException e) {
            return "";
        }
    }

    /**
     * The job's operator-scope metrics (operators and the source's coordinator) of that name, by identifier, where
     * the operator's name contains {@code operator} if given.
     */
    private static Map<String, Metric> find(JobID job, String name, String... operator) {
        Map<String, Metric> found = new java.util.TreeMap<>();
        REPORTER.getMetricsByGroup().forEach((group, metrics) -> {
            Map<String, String> variables = group.getAllVariables();
            String operatorName = variables.get("<operator_name>");
            Metric metric = metrics.get(name);
            if (metric != null && job.toString().equals(variables.get("<job_id>")) && operatorName != null
                    && (operator.length == 0 || operatorName.contains(operator[0]))) {
                found.put(group.getMetricIdentifier(name), metric);
            }
        });
        return found;
    }

    private static long only(JobID job, String name, String... scope) {
        Map<String, Metric> found = find(job, name, scope);
        assertThat(found).as("metrics named %s", name).hasSize(1);
        return value(found.values().iterator().next());
    }

    private static long sum(JobID job, String name, String... scope) {
        Map<String, Metric> found = find(job, name, scope);
        assertThat(found).as("metrics named %s", name).isNotEmpty();
        return found.values().stream().mapToLong(MetricsITCase::value).sum();
    }

    private static long value(Metric metric) {
        if (metric instanceof Counter counter) {
            return counter.getCount();
        }
        if (metric instanceof Gauge<?> gauge && gauge.getValue() instanceof Number number) {
            return number.longValue();
        }
        throw new AssertionError("not a counter or numeric gauge: " + metric);
    }

    private JobOptions options(boolean bounded, JdbcSinkOptions sink) {
        return new JobOptions(tmp.resolve("redo"), sink == null ? tmp.resolve("output") : null, FileFormat.OGG_JSON,
                bounded, 2, StateBackendKind.HASHMAP, Duration.ofMillis(300), tmp.resolve("checkpoints"), null, Scn.ZERO,
                null, List.of("*.*"), null, "ORCL", Map.of(), false, null, sink, null);
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
