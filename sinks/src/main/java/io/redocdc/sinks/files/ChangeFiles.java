package io.redocdc.sinks.files;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/** Reads the committed change files a run wrote (in-progress and pending files start with '.' and are skipped). */
public final class ChangeFiles {

    private static final ObjectMapper JSON = new ObjectMapper();

    private ChangeFiles() {
    }

    /** Data-file lines of all tables (either format), in position order (= commit order). */
    public static List<JsonNode> dataChanges(Path sinkDir) {
        return sortedByPosition(committedFiles(sinkDir.resolve("data")));
    }

    /** DDL-file lines in position order. */
    public static List<JsonNode> ddlChanges(Path sinkDir) {
        return sortedByPosition(committedFiles(sinkDir.resolve("ddl")));
    }

    /** Committed part files below a directory. */
    public static List<Path> committedFiles(Path dir) {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile)
                    .filter(p -> !p.getFileName().toString().startsWith("."))
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static List<JsonNode> readJsonLines(Path file) {
        List<JsonNode> lines = new ArrayList<>();
        try (BufferedReader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String line;
            int number = 0;
            while ((line = reader.readLine()) != null) {
                number++;
                if (!line.isBlank()) {
                    try {
                        lines.add(JSON.readTree(line));
                    } catch (IOException e) {
                        throw new IllegalStateException(file + " line " + number + " is not JSON: " + e.getMessage());
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return lines;
    }

    /**
     * A line's position: ogg-json's {@code pos}, debezium-json's {@code source.lcr_position} (DDL lines have
     * {@code pos}).
     */
    public static String position(JsonNode line) {
        JsonNode pos = line.get("pos");
        return (pos != null ? pos : line.path("source").path("lcr_position")).asText();
    }

    private static List<JsonNode> sortedByPosition(List<Path> files) {
        List<JsonNode> all = new ArrayList<>();
        files.forEach(file -> all.addAll(readJsonLines(file)));
        all.sort(Comparator.comparing(ChangeFiles::position));
        return all;
    }
}
