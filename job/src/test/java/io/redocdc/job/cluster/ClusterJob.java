package io.redocdc.job.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.LongPredicate;
import java.util.function.Predicate;
import org.apache.flink.api.common.JobID;
import org.apache.flink.client.deployment.StandaloneClusterId;
import org.apache.flink.client.program.rest.RestClusterClient;
import org.apache.flink.core.execution.SavepointFormatType;

/**
 * One submitted job of the test cluster, watched and controlled through the REST API: its state, checkpoints,
 * vertices and metrics, and stop-with-savepoint through Flink's own REST client.
 */
final class ClusterJob {

    static final Duration TIMEOUT = Duration.ofSeconds(90);

    private final StandaloneCluster cluster;
    private final String id;

    ClusterJob(StandaloneCluster cluster, String id) {
        this.cluster = cluster;
        this.id = id;
    }

    String id() {
        return id;
    }

    /** Waits until the job and all its tasks run (after a submission or a restart). */
    void awaitRunning() throws Exception {
        await("all tasks RUNNING", () -> {
            JsonNode job = cluster.rest().get("/jobs/" + id);
            String state = job.path("state").asText();
            if (state.equals("FAILED") || state.equals("FINISHED") || state.equals("CANCELED")) {
                throw new AssertionError("job " + id + " is " + state + ": "
                        + cluster.rest().get("/jobs/" + id + "/exceptions").path("root-exception").asText());
            }
            boolean allRunning = state.equals("RUNNING");
            for (JsonNode vertex : job.path("vertices")) {
                allRunning &= vertex.path("status").asText().equals("RUNNING");
            }
            return allRunning;
        });
    }

    JsonNode checkpoints() throws IOException, InterruptedException {
        return cluster.rest().get("/jobs/" + id + "/checkpoints");
    }

    long completedCheckpoints() throws IOException, InterruptedException {
        return checkpoints().path("counts").path("completed").asLong();
    }

    /** Waits until a checkpoint that started after this call has completed (its output is then committed). */
    void awaitNextCheckpoint() throws Exception {
        long before = completedCheckpoints();
        await("a checkpoint after the " + before + " completed ones", () -> completedCheckpoints() >= before + 2);
    }

    JsonNode checkpointConfig() throws IOException, InterruptedException {
        return cluster.rest().get("/jobs/" + id + "/checkpoints/config");
    }

    /** The job's vertex whose name contains this operator name (Flink names chained vertices after all operators). */
    JsonNode vertex(String operator) throws IOException, InterruptedException {
        for (JsonNode vertex : cluster.rest().vertices(id)) {
            if (vertex.path("name").asText().contains(operator)) {
                return vertex;
            }
        }
        throw new AssertionError("job " + id + " has no vertex running " + operator + ": "
                + cluster.rest().vertices(id));
    }

    /** The resource ids of the TaskManagers running this operator's subtasks. */
    List<String> taskManagersOf(String operator) throws IOException, InterruptedException {
        JsonNode vertex = vertex(operator);
        List<String> ids = new ArrayList<>();
        cluster.rest().get("/jobs/" + id + "/vertices/" + vertex.path("id").asText() + "/taskmanagers")
                .path("taskmanagers").forEach(tm -> ids.add(tm.path("taskmanager-id").asText()));
        return ids;
    }

    /**
     * The values, one per subtask, of an operator metric as the REST API lists it: ids are
     * {@code <subtask>.<operator name>.<metric>}.
     */
    List<Long> metric(String operator, String metric) throws IOException, InterruptedException {
        return numbers(values(taskMetricsPath(operator), metricIds(operator, metric)));
    }

    /** The REST ids of an operator metric, one per subtask that reports it. */
    List<String> metricIds(String operator, String metric) throws IOException, InterruptedException {
        return ids(taskMetricsPath(operator), metricId -> metricId.endsWith("." + operator + "." + metric));
    }

    /**
     * The values of a metric of the vertex running {@code operator} whatever operator of its chain reports it
     * (ids end with {@code .<metric>}), or of its operator coordinator on the JobManager ({@code jobManager}: the
     * source enumerator's figures, under {@code jm-operator-metrics}).
     */
    List<Long> vertexMetric(String operator, String metric, boolean jobManager) throws IOException,
            InterruptedException {
        return numbers(vertexMetricText(operator, metric, jobManager));
    }

    /** As {@link #vertexMetric}, the values as the REST API gives them (gauges of positions are hex text). */
    List<String> vertexMetricText(String operator, String metric, boolean jobManager) throws IOException,
            InterruptedException {
        String path = jobManager ? vertexPath(operator) + "/jm-operator-metrics" : taskMetricsPath(operator);
        return values(path, ids(path, metricId -> metricId.equals(metric) || metricId.endsWith("." + metric)));
    }

    private String vertexPath(String operator) throws IOException, InterruptedException {
        return "/jobs/" + id + "/vertices/" + vertex(operator).path("id").asText();
    }

    private String taskMetricsPath(String operator) throws IOException, InterruptedException {
        return vertexPath(operator) + "/metrics";
    }

    /** The ids a metrics path lists that {@code wanted} accepts. */
    private List<String> ids(String path, Predicate<String> wanted) throws IOException, InterruptedException {
        List<String> ids = new ArrayList<>();
        for (JsonNode listed : cluster.rest().get(path)) {
            String metricId = listed.path("id").asText();
            if (wanted.test(metricId)) {
                ids.add(metricId);
            }
        }
        return ids;
    }

    /** Gauges and counters as numbers, meters' rates truncated. */
    private static List<Long> numbers(List<String> values) {
        return values.stream().map(value -> (long) Double.parseDouble(value)).toList();
    }

    /** The values of those ids as text, in the REST API's order. */
    private List<String> values(String path, List<String> ids) throws IOException, InterruptedException {
        if (ids.isEmpty()) {
            return List.of();
        }
        List<String> encoded = ids.stream().map(metricId -> URLEncoder.encode(metricId, StandardCharsets.UTF_8))
                .toList(); // chained vertices name their operators with "->", coordinators with spaces
        List<String> values = new ArrayList<>();
        for (JsonNode value : cluster.rest().get(path + "?get=" + String.join(",", encoded))) {
            values.add(value.path("value").asText());
        }
        return values;
    }

    /** Waits until the vertex (or its coordinator) reports the metric and one value satisfies {@code wanted}. */
    long awaitVertexMetric(String operator, String metric, boolean jobManager, LongPredicate wanted)
            throws Exception {
        long[] found = new long[1];
        await(operator + " vertex metric " + metric + (jobManager ? " (JobManager)" : ""), () -> {
            for (long value : vertexMetric(operator, metric, jobManager)) {
                if (wanted.test(value)) {
                    found[0] = value;
                    return true;
                }
            }
            return false;
        });
        return found[0];
    }

    /** Waits until every subtask reports the metric and their sum satisfies {@code wanted}; returns the sum. */
    long awaitMetric(String operator, String metric, int subtasks, LongPredicate wanted) throws Exception {
        long[] sum = new long[1];
        await(operator + "." + metric + " reported by " + subtasks + " subtask(s)", () -> {
            List<Long> values = metric(operator, metric);
            sum[0] = values.stream().mapToLong(Long::longValue).sum();
            return values.size() == subtasks && wanted.test(sum[0]);
        });
        return sum[0];
    }

    /**
     * {@code flink stop --savepointPath DIR} (no drain) through Flink's REST client, in RocksDB's canonical format;
     * retried while a restart has not brought every task back (Flink declines the savepoint then).
     */
    String stopWithSavepoint() throws Exception {
        String directory = cluster.work().resolve("savepoints").toUri().toString();
        try (RestClusterClient<StandaloneClusterId> client = new RestClusterClient<>(cluster.configuration(),
                StandaloneClusterId.getInstance())) {
            for (int attempt = 1; ; attempt++) {
                try {
                    return client.stopWithSavepoint(JobID.fromHexString(id), false, directory,
                            SavepointFormatType.CANONICAL).get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
                } catch (Exception declined) {
                    if (attempt == 5) {
                        throw new AssertionError("stop-with-savepoint of job " + id + " failed " + attempt
                                + " times", declined);
                    }
                    awaitRunning();
                    Thread.sleep(1000);
                }
            }
        }
    }

    void cancel() throws Exception {
        try (RestClusterClient<StandaloneClusterId> client = new RestClusterClient<>(cluster.configuration(),
                StandaloneClusterId.getInstance())) {
            client.cancel(JobID.fromHexString(id)).get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        }
    }

    @FunctionalInterface
    interface Condition {
        boolean holds() throws Exception;
    }

    void await(String what, Condition condition) throws Exception {
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        while (!condition.holds()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("job " + id + ": no " + what + " within " + TIMEOUT);
            }
            Thread.sleep(300);
        }
    }
}
