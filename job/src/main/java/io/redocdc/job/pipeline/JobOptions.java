package io.redocdc.job.pipeline;

import io.redocdc.common.jdbc.JdbcUrls;
import io.redocdc.sinks.files.FileFormat;
import io.redocdc.sinks.jdbc.JdbcSinkOptions;
import io.redocdc.source.model.MaxScnRule;
import io.redocdc.source.model.NlsFormats;
import io.redocdc.source.model.Scn;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Everything a capture job is configured with, validated by the CLI before the job is built.
 *
 * @param sourceDir         the redo directory read, or null when the job mines Oracle directly
 * @param sinkDir           the change files' directory (file sink); with the JDBC sink only for dead letters,
 *                          and null when there are none
 * @param startScn          capture transactions committed at or after it (for Oracle: the resolved start)
 * @param maxScn            stop point, or null to run without one
 * @param checkpointDir     where checkpoints are kept (retained on cancellation), or null for Flink's default
 * @param restorePath       checkpoint or savepoint to start from, or null
 * @param primaryKeys       OWNER.TABLE to key columns, written into the output's primary_keys
 * @param oracle            the Oracle database mined directly, or null to read {@code sourceDir}
 * @param jdbcSink          the target database of the JDBC apply sink, or null to write change files
 * @param nls               the NLS settings of a redo directory's literals, or null for what it declares
 *                          (see {@link NlsChoice}); unused when mining Oracle
 * @param startScnOption    the option that named {@code startScn} (as the user wrote it), or null when it is the
 *                          default: a restore that names a start SCN other than the job's own is refused
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
        Scn startScn,
        Scn maxScn,
        List<String> include,
        List<String> exclude,
        String sourceDatabase,
        Map<String, List<String>> primaryKeys,
        boolean deadLetter,
        OracleSourceOptions oracle,
        JdbcSinkOptions jdbcSink,
        NlsFormats nls,
        String startScnOption) {

    /** A job whose start SCN no option named. */
    public JobOptions(Path sourceDir, Path sinkDir, FileFormat sinkFormat, boolean bounded, int parallelism,
                      StateBackendKind stateBackend, Duration checkpointInterval, Path checkpointDir,
                      String restorePath, Scn startScn, Scn maxScn, List<String> include, List<String> exclude,
                      String sourceDatabase, Map<String, List<String>> primaryKeys, boolean deadLetter,
                      OracleSourceOptions oracle, JdbcSinkOptions jdbcSink, NlsFormats nls) {
        this(sourceDir, sinkDir, sinkFormat, bounded, parallelism, stateBackend, checkpointInterval, checkpointDir,
                restorePath, startScn, maxScn, include, exclude, sourceDatabase, primaryKeys, deadLetter, oracle,
                jdbcSink, nls, null);
    }

    /** A job reading the redo directory {@code sourceDir}. */
    public JobOptions(Path sourceDir, Path sinkDir, FileFormat sinkFormat, boolean bounded, int parallelism,
                      StateBackendKind stateBackend, Duration checkpointInterval, Path checkpointDir,
                      String restorePath, Scn startScn, Scn maxScn, List<String> include, List<String> exclude,
                      String sourceDatabase, Map<String, List<String>> primaryKeys, boolean deadLetter) {
        this(sourceDir, sinkDir, sinkFormat, bounded, parallelism, stateBackend, checkpointInterval, checkpointDir,
                restorePath, startScn, maxScn, include, exclude, sourceDatabase, primaryKeys, deadLetter, null);
    }

    /** A job writing change files into {@code sinkDir}. */
    public JobOptions(Path sourceDir, Path sinkDir, FileFormat sinkFormat, boolean bounded, int parallelism,
                      StateBackendKind stateBackend, Duration checkpointInterval, Path checkpointDir,
                      String restorePath, Scn startScn, Scn maxScn, List<String> include, List<String> exclude,
                      String sourceDatabase, Map<String, List<String>> primaryKeys, boolean deadLetter,
                      OracleSourceOptions oracle) {
        this(sourceDir, sinkDir, sinkFormat, bounded, parallelism, stateBackend, checkpointInterval, checkpointDir,
                restorePath, startScn, maxScn, include, exclude, sourceDatabase, primaryKeys, deadLetter, oracle, null,
                null);
    }

    public JobOptions {
        if (startScn == null) {
            throw new IllegalArgumentException("a job needs a start SCN (Scn.ZERO for the oldest log)");
        }
        if (!MaxScnRule.allows(startScn, maxScn)) {
            throw new IllegalArgumentException("the maximum SCN " + MaxScnRule.rule(startScn) + "; got " + maxScn);
        }
        if ((sourceDir == null) == (oracle == null)) {
            throw new IllegalArgumentException("a job reads either a redo directory or an Oracle database; got "
                    + "directory " + sourceDir + " and database " + (oracle == null ? null : oracle.description()));
        }
        if (jdbcSink == null && sinkDir == null) {
            throw new IllegalArgumentException("a job writing change files needs their directory (sink dir)");
        }
        if (oracle != null && nls != null) {
            throw new IllegalArgumentException("NLS settings are for a redo directory; the LogMiner source sets its "
                    + "session's own");
        }
        if (deadLetter && sinkDir == null) {
            throw new IllegalArgumentException("dead letters need a directory (sink dir) to be written to");
        }
    }

    /** Parallelism, state backend, checkpoints and restore: the settings a SQL job ({@code run --sql}) has too. */
    public ExecutionSettings execution() {
        return new ExecutionSettings(parallelism, stateBackend, checkpointInterval, checkpointDir, restorePath);
    }

    /** True when the job applies to a database through the JDBC apply sink rather than writing files. */
    public boolean appliesToDatabase() {
        return jdbcSink != null;
    }

    public boolean minesOracle() {
        return oracle != null;
    }

    /** The redo directory or the database (without credentials), for banners and job names. */
    public String sourceDescription() {
        return minesOracle() ? oracle.description() : sourceDir.toString();
    }

    /** Where changes go (the database without credentials), for banners. */
    public String sinkDescription() {
        if (appliesToDatabase()) {
            return "JDBC apply sink " + jdbcSink.sinkName() + " on " + JdbcUrls.mask(jdbcSink.jdbcUrl())
                    + " (apply parallelism " + jdbcSink.applyParallelism() + ")";
        }
        return sinkDir + " (" + sinkFormat.displayName() + ")";
    }

    /** The same options with the start SCN an Oracle start position resolved to. */
    public JobOptions withStartScn(Scn scn) {
        return new JobOptions(sourceDir, sinkDir, sinkFormat, bounded, parallelism, stateBackend, checkpointInterval,
                checkpointDir, restorePath, scn, maxScn, include, exclude, sourceDatabase, primaryKeys, deadLetter,
                oracle, jdbcSink, nls, startScnOption);
    }

    /** The same job applying to a database through the JDBC apply sink instead of writing files. */
    public JobOptions withJdbcSink(JdbcSinkOptions sink) {
        return new JobOptions(sourceDir, sinkDir, sinkFormat, bounded, parallelism, stateBackend, checkpointInterval,
                checkpointDir, restorePath, startScn, maxScn, include, exclude, sourceDatabase, primaryKeys, deadLetter,
                oracle, sink, nls, startScnOption);
    }

    /** The same job reading a redo directory's literals with these NLS settings. */
    public JobOptions withNls(NlsFormats formats) {
        return new JobOptions(sourceDir, sinkDir, sinkFormat, bounded, parallelism, stateBackend, checkpointInterval,
                checkpointDir, restorePath, startScn, maxScn, include, exclude, sourceDatabase, primaryKeys, deadLetter,
                oracle, jdbcSink, formats, startScnOption);
    }

    /** The NLS settings literals are read with (see {@link NlsChoice}). */
    public NlsFormats literalFormats() {
        return minesOracle() ? NlsFormats.MINING_SESSION : NlsChoice.forDirectory(sourceDir, nls);
    }
}
