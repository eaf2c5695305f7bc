package io.redocdc.job.pipeline;

import io.redocdc.sinks.files.FileFormat;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Everything a capture job is configured with, validated by the CLI before the job is built.
 *
 * @param maxScn            stop point, or null to run without one
 * @param checkpointDir     where checkpoints are kept (retained on cancellation), or null for Flink's default
 * @param restorePath       checkpoint or savepoint to start from, or null
 * @param primaryKeys       OWNER.TABLE to key columns, written into the output's primary_keys
 */
public record JobOptions(
        Path sourceDir,
        Path sinkDir,
        FileFormat sinkFormat,
        boolean bounded,
        int parallelism,
        StateBackendKind stateBackend,
        Duration checkpointInterval,
        Path checkpointDir,
        String restorePath,
        long startScn,
        Long maxScn,
        List<String> include,
        List<String> exclude,
        String sourceDatabase,
        Map<String, List<String>> primaryKeys,
        boolean deadLetter) {
}
