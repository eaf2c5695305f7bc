package io.redocdc.job.pipeline;

import io.redocdc.sinks.files.FileFormat;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Everything a capture job is configured with, validated by the CLI before the job is built.
 *
 * @param sourceDir         the redo directory read, or null when the job mines Oracle directly
 * @param startScn          capture transactions committed at or after it (for Oracle: the resolved start)
 * @param maxScn            stop point, or null to run without one
 * @param checkpointDir     where checkpoints are kept (retained on cancellation), or null for Flink's default
 * @param restorePath       checkpoint or savepoint to start from, or null
 * @param primaryKeys       OWNER.TABLE to key columns, written into the output's primary_keys
 * @param oracle            the Oracle database mined directly, or null to read {@code sourceDir}
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
        boolean deadLetter,
        OracleSourceOptions oracle) {

    /** A job reading the redo directory {@code sourceDir}. */
    public JobOptions(Path sourceDir, Path sinkDir, FileFormat sinkFormat, boolean bounded, int parallelism,
                      StateBackendKind stateBackend, Duration checkpointInterval, Path checkpointDir,
                      String restorePath, long startScn, Long maxScn, List<String> include, List<String> exclude,
                      String sourceDatabase, Map<String, List<String>> primaryKeys, boolean deadLetter) {
        this(sourceDir, sinkDir, sinkFormat, bounded, parallelism, stateBackend, checkpointInterval, checkpointDir,
                restorePath, startScn, maxScn, include, exclude, sourceDatabase, primaryKeys, deadLetter, null);
    }

    public JobOptions {
        if ((sourceDir == null) == (oracle == null)) {
            throw new IllegalArgumentException("a job reads either a redo directory or an Oracle database; got "
                    + "directory " + sourceDir + " and database " + (oracle == null ? null : oracle.description()));
        }
    }

    public boolean minesOracle() {
        return oracle != null;
    }

    /** The redo directory or the database (without credentials), for banners and job names. */
    public String sourceDescription() {
        return minesOracle() ? oracle.description() : sourceDir.toString();
    }

    /** The same options with the start SCN an Oracle start position resolved to. */
    public JobOptions withStartScn(long scn) {
        return new JobOptions(sourceDir, sinkDir, sinkFormat, bounded, parallelism, stateBackend, checkpointInterval,
                checkpointDir, restorePath, scn, maxScn, include, exclude, sourceDatabase, primaryKeys, deadLetter,
                oracle);
    }
}
