package io.redocdc.job.cli;

import io.redocdc.job.RedoCdc;
import io.redocdc.job.cli.OutputSummary;
import io.redocdc.job.console.ConsoleOptions;
import io.redocdc.job.console.LocalConsole;
import io.redocdc.job.pipeline.CapturePipeline;
import io.redocdc.job.pipeline.ClusterSetting;
import io.redocdc.job.pipeline.InvalidStartException;
import io.redocdc.job.pipeline.JobConfiguration;
import io.redocdc.job.pipeline.JobOptions;
import io.redocdc.job.pipeline.StateBackendKind;
import io.redocdc.source.logminer.LogMinerSettings;
import io.redocdc.source.logminer.OracleSetupException;
import io.redocdc.source.logminer.OracleSource;
import io.redocdc.source.logminer.StartPosition;
import io.redocdc.source.model.Scn;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.function.BiFunction;
import org.apache.flink.api.common.JobExecutionResult;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.StateBackendOptions;
import org.apache.flink.core.execution.DetachedJobExecutionResult;
import org.apache.flink.streaming.api.environment.LocalStreamEnvironment;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code redo-cdc run}: capture a redo directory, or an Oracle database through LogMiner, into change files or a
 * target database (JDBC apply sink). Runs on an embedded Flink MiniCluster when started with java, and on the
 * cluster when the jar is submitted with {@code flink run}.
 */
@Command(name = "run", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Capture committed transactions from a redo directory or an Oracle database (LogMiner) into "
                + "ogg-json (or debezium-json) files, or apply them to Oracle, PostgreSQL or H2 (--sink.type jdbc).")
public final class RunCommand implements Callable<Integer> {

    static final int DEFAULT_PARALLELISM = 2;
    static final Duration DEFAULT_CHECKPOINT_INTERVAL = Duration.ofSeconds(10);

    @Spec
    CommandSpec spec;

    @Mixin
    SourceOptions source = new SourceOptions();

    @Mixin
    SinkOptions sink = new SinkOptions();

    @Mixin
    JdbcTargetOptions jdbc = new JdbcTargetOptions();

    @Option(names = "--capture.include", split = ",", paramLabel = "OWNER.TABLE",
            description = "Tables to capture, * wildcards (default *.*).")
    List<String> include = new ArrayList<>(List.of("*.*"));

    @Option(names = "--capture.exclude", split = ",", paramLabel = "OWNER.TABLE",
            description = "Tables never captured, * wildcards (default: Oracle-maintained schemas).")
    List<String> exclude;

    @Option(names = "--primary-key", paramLabel = "OWNER.TABLE=COL[,COL]",
            description = "Key columns of a table, for the output's primary_keys, or for the JDBC sink instead of "
                    + "the target's primary key (repeatable).")
    List<String> primaryKeys = new ArrayList<>();

    @Option(names = "--dead-letter", defaultValue = "false", arity = "0..1", paramLabel = "BOOL",
            description = "Write SQL_REDO that cannot be parsed, and row changes LogMiner could not name or decode "
                    + "(STATUS 2, UNKNOWN.OBJ# n, BIN$...), to <sink.dir>/dead-letter instead of failing "
                    + "(with --sink.type jdbc too, which then needs --sink.dir).")
    boolean deadLetter;

    // The next four are null when the user gave them neither on the command line nor in --config: on a cluster
    // the cluster's configuration then stays in force (JobConfiguration.forCluster).
    @Option(names = "--parallelism", paramLabel = "N",
            description = "Parallel log readers and transaction assemblers (default 2; on a Flink cluster the "
                    + "cluster's, or flink run -p).")
    Integer parallelism;

    @Option(names = "--state.backend", paramLabel = "hashmap|rocksdb",
            description = "Keyed state on the heap (hashmap, default) or in RocksDB (spills large transactions); "
                    + "on a Flink cluster the cluster's state.backend.type by default.")
    StateBackendKind stateBackend;

    @Option(names = "--checkpoint.interval", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "Checkpoint interval; output files are committed on checkpoints (default 10s; on a Flink "
                    + "cluster the cluster's, 10s if it sets none).")
    Duration checkpointInterval;

    @Option(names = "--checkpoint.dir", paramLabel = "DIR",
            description = "Where checkpoints are kept, retained on cancellation (default ./checkpoints; on a Flink "
                    + "cluster the cluster's execution.checkpointing.dir).")
    Path checkpointDir;

    @Option(names = "--restore", paramLabel = "PATH", description = "Start from this checkpoint or savepoint.")
    String restorePath;

    @Mixin
    ConsoleOptions consoleOptions = new ConsoleOptions();

    @Option(names = "--config", paramLabel = "FILE",
            description = "Properties file with any of these options, keys without the leading --.")
    Path configFile;

    /** Resolves an Oracle start position against the database; tests resolve without one. */
    BiFunction<LogMinerSettings, StartPosition, Scn> oracleStart = OracleSource::resolveStart;

    @Override
    public Integer call() throws Exception {
        JobOptions options;
        try {
            options = CapturePipeline.resolveStart(validatedOptions(), oracleStart);
        } catch (OracleSetupException | InvalidStartException e) {
            spec.commandLine().getErr().println("redo-cdc: " + e.getMessage());
            return 1;
        }
        StreamExecutionEnvironment context = StreamExecutionEnvironment.getExecutionEnvironment();
        boolean onCluster = !(context instanceof LocalStreamEnvironment);
        Configuration conf = onCluster
                ? JobConfiguration.forCluster(options, givenClusterSettings(), context.getConfiguration())
                : JobConfiguration.of(options);
        // only where the MiniCluster runs in this JVM: a cluster's own configuration decides its reporters and logs
        LocalConsole console = onCluster ? null
                : LocalConsole.open(conf, consoleOptions, options.checkpointDir(), System.out);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(conf);
        CapturePipeline.build(env, options);
        ApplySummary before = options.appliesToDatabase() ? ApplySummary.read(options.jdbcSink()) : null;
        if (before != null && before.unreadable() != null) {
            // the job may still reach it (a cluster's task managers see other hosts than this client)
            System.err.println("redo-cdc: warning: cannot read the JDBC sink's position from the target: "
                    + before.unreadable());
        }
        // neither description holds credentials (JDBC URLs are masked, passwords never part of them)
        System.out.printf("redo-cdc: capturing %s%s -> %s (parallelism %d, %s state, %s)%n",
                options.sourceDescription(), options.minesOracle() ? " from SCN " + options.startScn() : "",
                options.sinkDescription(), env.getParallelism(),
                env.getConfiguration().get(StateBackendOptions.STATE_BACKEND),
                options.bounded() ? "bounded" : "continuous");
        long started = System.nanoTime();
        JobExecutionResult result;
        try {
            result = env.execute("redo-cdc " + (options.minesOracle() ? "oracle"
                    : options.sourceDir().getFileName()));
        } finally {
            if (console != null) {
                console.close();
            }
        }
        if (result instanceof DetachedJobExecutionResult) {
            // flink run -d: the job runs on; what it writes is not known yet
            System.out.println("redo-cdc: submitted job " + result.getJobID() + "; follow it in Flink's web UI");
            return 0;
        }
        double seconds = (System.nanoTime() - started) / 1e9;
        if (options.appliesToDatabase()) {
            System.out.println(ApplySummary.read(options.jdbcSink()).describe(before, seconds));
        } else {
            System.out.println(OutputSummary.of(options.sinkDir()).describe(seconds));
        }
        return 0;
    }

    /** The cluster settings the user gave, on the command line or in --config; the cluster's config has the rest. */
    Set<ClusterSetting> givenClusterSettings() {
        Set<ClusterSetting> given = EnumSet.noneOf(ClusterSetting.class);
        if (parallelism != null) {
            given.add(ClusterSetting.PARALLELISM);
        }
        if (stateBackend != null) {
            given.add(ClusterSetting.STATE_BACKEND);
        }
        if (checkpointInterval != null) {
            given.add(ClusterSetting.CHECKPOINT_INTERVAL);
        }
        if (checkpointDir != null) {
            given.add(ClusterSetting.CHECKPOINT_DIR);
        }
        return given;
    }

    /**
     * The options of a {@code run} command line ({@code --key=value} arguments), parsed and validated exactly as
     * {@code run} and its {@code --config} file take them: the oracle-redo SQL table source turns its WITH options
     * into the job's this way, with the same checks and messages.
     *
     * @throws picocli.CommandLine.ParameterException naming the option at fault
     */
    public static JobOptions validatedOptions(List<String> args) {
        CommandLine cmd = RedoCdc.commandLine(new RunCommand());
        cmd.parseArgs(args.toArray(String[]::new));
        return cmd.<RunCommand>getCommand().validatedOptions();
    }

    JobOptions validatedOptions() {
        OptionCheck check = new OptionCheck(spec.commandLine());
        SourceOptions.Choice chosen = source.validate(check, restorePath != null, include, exclude, deadLetter);
        int readers = parallelism != null ? parallelism : DEFAULT_PARALLELISM;
        Duration interval = checkpointInterval != null ? checkpointInterval : DEFAULT_CHECKPOINT_INTERVAL;
        check.require(readers >= 1 && readers <= 1024, "--parallelism", "must be between 1 and 1024", readers);
        check.require(interval.toMillis() >= 100, "--checkpoint.interval", "must be at least 100ms", interval);
        check.require(restorePath == null || !restorePath.isBlank(), "--restore", "must name a path", restorePath);
        Path checkpoints = (checkpointDir != null ? checkpointDir : Path.of("checkpoints")).toAbsolutePath();
        Map<String, List<String>> keys = PrimaryKeyOption.parse(check, primaryKeys);
        SinkOptions.Choice target = sink.validate(check, jdbc, deadLetter, keys);
        return new JobOptions(chosen.dir(), target.dir(), target.format(), source.bounded, readers,
                stateBackend != null ? stateBackend : StateBackendKind.HASHMAP, interval, checkpoints, restorePath, chosen.startScn(), source.maxScn, include, exclude,
                source.database, keys, deadLetter, chosen.oracle(), target.jdbc(), chosen.nls(), chosen.startOption());
    }
}
