package io.redocdc.job.cli;

import io.redocdc.job.pipeline.CapturePipeline;
import io.redocdc.job.pipeline.JobConfiguration;
import io.redocdc.job.pipeline.JobOptions;
import io.redocdc.job.pipeline.StateBackendKind;
import io.redocdc.job.verify.OutputSummary;
import io.redocdc.sinks.files.FileFormat;
import io.redocdc.source.logminer.OracleSetupException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code redo-cdc run}: capture a redo directory, or an Oracle database through LogMiner, into change files. Runs on an embedded Flink MiniCluster when
 * started with java, and on the cluster when the jar is submitted with {@code flink run}.
 */
@Command(name = "run", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Capture committed transactions from a redo directory or an Oracle database (LogMiner) into "
                + "ogg-json (or debezium-json) files.")
public final class RunCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    SourceOptions source = new SourceOptions();

    @Option(names = "--sink.dir", required = true, paramLabel = "DIR",
            description = "Output directory: data/OWNER.TABLE/ and ddl/ part files.")
    Path sinkDir;

    @Option(names = "--sink.format", defaultValue = "OGG_JSON", paramLabel = "FORMAT",
            converter = FileFormatConverter.class,
            description = "ogg-json (default) or debezium-json.")
    FileFormat sinkFormat;

    @Option(names = "--capture.include", split = ",", paramLabel = "OWNER.TABLE",
            description = "Tables to capture, * wildcards (default *.*).")
    List<String> include = new ArrayList<>(List.of("*.*"));

    @Option(names = "--capture.exclude", split = ",", paramLabel = "OWNER.TABLE",
            description = "Tables never captured, * wildcards (default: Oracle-maintained schemas).")
    List<String> exclude;

    @Option(names = "--primary-key", paramLabel = "OWNER.TABLE=COL[,COL]",
            description = "Key columns of a table, for the output's primary_keys (repeatable).")
    List<String> primaryKeys = new ArrayList<>();

    @Option(names = "--dead-letter", defaultValue = "false", arity = "0..1", paramLabel = "BOOL",
            description = "Write SQL_REDO that cannot be parsed to <sink.dir>/dead-letter instead of failing.")
    boolean deadLetter;

    @Option(names = "--parallelism", defaultValue = "2", paramLabel = "N",
            description = "Parallel log readers and transaction assemblers (default 2).")
    int parallelism;

    @Option(names = "--state.backend", defaultValue = "HASHMAP", paramLabel = "hashmap|rocksdb",
            description = "Keyed state on the heap (hashmap, default) or in RocksDB (spills large transactions).")
    StateBackendKind stateBackend;

    @Option(names = "--checkpoint.interval", defaultValue = "10s", paramLabel = "DURATION",
            converter = DurationConverter.class,
            description = "Checkpoint interval; output files are committed on checkpoints (default 10s).")
    Duration checkpointInterval;

    @Option(names = "--checkpoint.dir", paramLabel = "DIR",
            description = "Where checkpoints are kept, retained on cancellation (default ./checkpoints).")
    Path checkpointDir;

    @Option(names = "--restore", paramLabel = "PATH", description = "Start from this checkpoint or savepoint.")
    String restorePath;

    @Option(names = "--config", paramLabel = "FILE",
            description = "Properties file with any of these options, keys without the leading --.")
    Path configFile;

    @Override
    public Integer call() throws Exception {
        JobOptions options;
        try {
            options = CapturePipeline.resolveStart(validatedOptions());
        } catch (OracleSetupException e) {
            spec.commandLine().getErr().println("redo-cdc: " + e.getMessage());
            return 1;
        }
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(
                JobConfiguration.of(options));
        CapturePipeline.build(env, options);
        // the source description never holds credentials (the JDBC URL is masked)
        System.out.printf("redo-cdc: capturing %s%s -> %s (%s, parallelism %d, %s state, %s)%n",
                options.sourceDescription(), options.minesOracle() ? " from SCN " + options.startScn() : "",
                options.sinkDir(), options.sinkFormat().displayName(), options.parallelism(),
                options.stateBackend().flinkName(), options.bounded() ? "bounded" : "continuous");
        long started = System.nanoTime();
        env.execute("redo-cdc " + (options.minesOracle() ? "oracle" : options.sourceDir().getFileName()));
        double seconds = (System.nanoTime() - started) / 1e9;
        System.out.println(OutputSummary.of(options.sinkDir()).describe(seconds));
        return 0;
    }

    JobOptions validatedOptions() {
        OptionCheck check = new OptionCheck(spec.commandLine());
        SourceOptions.Choice chosen = source.validate(check, restorePath != null, include, exclude);
        check.require(parallelism >= 1 && parallelism <= 1024, "--parallelism", "must be between 1 and 1024",
                parallelism);
        check.require(checkpointInterval.toMillis() >= 100, "--checkpoint.interval", "must be at least 100ms",
                checkpointInterval);
        check.require(restorePath == null || !restorePath.isBlank(), "--restore", "must name a path", restorePath);
        Path checkpoints = (checkpointDir != null ? checkpointDir : Path.of("checkpoints")).toAbsolutePath();
        return new JobOptions(chosen.dir(), sinkDir.toAbsolutePath().normalize(), sinkFormat, source.bounded,
                parallelism, stateBackend, checkpointInterval, checkpoints, restorePath, chosen.startScn(),
                source.maxScn, include, exclude, source.database, parsePrimaryKeys(check), deadLetter,
                chosen.oracle());
    }

    private Map<String, List<String>> parsePrimaryKeys(OptionCheck check) {
        Map<String, List<String>> keys = new LinkedHashMap<>();
        for (String spec : primaryKeys) {
            int eq = spec.indexOf('=');
            boolean wellFormed = eq > 0 && eq < spec.length() - 1 && spec.substring(0, eq).contains(".");
            check.require(wellFormed, "--primary-key", "must look like OWNER.TABLE=COL[,COL]", spec);
            keys.put(spec.substring(0, eq).toUpperCase(Locale.ROOT),
                    List.of(spec.substring(eq + 1).toUpperCase(Locale.ROOT).split(",")));
        }
        return keys;
    }
}
