package io.redocdc.job.pipeline;

import java.nio.file.Path;
import java.time.Duration;

/**
 * How a job runs, whatever it captures: what {@code run} and {@code run --sql} both set on Flink
 * ({@link JobConfiguration}).
 *
 * @param checkpointDir where checkpoints are kept (retained on cancellation), or null for Flink's default
 * @param restorePath   checkpoint or savepoint to start from, or null
 */
public record ExecutionSettings(int parallelism, StateBackendKind stateBackend, Duration checkpointInterval,
                                Path checkpointDir, String restorePath) {
}
