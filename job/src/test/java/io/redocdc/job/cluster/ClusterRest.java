package io.redocdc.job.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Flink's REST API as a user's script calls it (the same requests as the web UI): jar upload and run, job
 * details, checkpoints and metrics. Requests that fail say which request, the status and Flink's answer.
 */
final class ClusterRest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final URI base;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    ClusterRest(String host, int port) {
        this.base = URI.create("http://" + host + ":" + port);
    }

    JsonNode get(String path) throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(base.resolve(path)).GET());
    }

    /** A page as text (the web UI's index.html at "/"). */
    String page(String path) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(base.resolve(path)).timeout(Duration.ofSeconds(60)).GET().build();
        HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new IOException("GET " + request.uri() + " answered " + response.statusCode() + ": "
                    + response.body());
        }
        return response.body();
    }

    JsonNode post(String path, Object body) throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(base.resolve(path)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body))));
    }

    /** {@code POST /jars/upload} (multipart, as the web UI sends it); returns the jar's id for /jars/:id/run. */
    String uploadJar(Path jar) throws IOException, InterruptedException {
        String boundary = "----redo-cdc-" + UUID.randomUUID();
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        body.write(("--" + boundary + "\r\nContent-Disposition: form-data; name=\"jarfile\"; filename=\""
                + jar.getFileName() + "\"\r\nContent-Type: application/x-java-archive\r\n\r\n")
                .getBytes(StandardCharsets.UTF_8));
        body.write(Files.readAllBytes(jar));
        body.write(("\r\n--" + boundary + "--\r\n").getBytes(StandardCharsets.UTF_8));
        JsonNode answer = send(HttpRequest.newBuilder(base.resolve("/jars/upload"))
                .header("Content-Type", "multipart/form-data; boundary=" + boundary)
                .POST(HttpRequest.BodyPublishers.ofByteArray(body.toByteArray())));
        String file = answer.path("filename").asText();
        return Path.of(file).getFileName().toString();
    }

    /** {@code POST /jars/:id/run}: runs the jar's main in the JobManager; returns the job id. */
    String runJar(String jarId, List<String> programArguments, int parallelism, String savepoint)
            throws IOException, InterruptedException {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("programArgsList", programArguments);
        body.put("parallelism", parallelism);
        if (savepoint != null) {
            body.put("savepointPath", savepoint);
        }
        return post("/jars/" + jarId + "/run", body).path("jobid").asText();
    }

    /** The ids of a job's vertices, by name. */
    List<JsonNode> vertices(String jobId) throws IOException, InterruptedException {
        List<JsonNode> vertices = new ArrayList<>();
        get("/jobs/" + jobId).path("vertices").forEach(vertices::add);
        return vertices;
    }

    private JsonNode send(HttpRequest.Builder request) throws IOException, InterruptedException {
        HttpRequest built = request.timeout(Duration.ofSeconds(60)).build();
        HttpResponse<String> response = http.send(built, HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() / 100 != 2) {
            throw new IOException(built.method() + " " + built.uri() + " answered " + response.statusCode() + ": "
                    + response.body());
        }
        return JSON.readTree(response.body());
    }
}
