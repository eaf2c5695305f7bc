package io.redocdc.job.cli;

import io.redocdc.common.options.OptionReading;
import io.redocdc.job.console.ConsoleOptions;
import io.redocdc.job.console.LocalConsole;
import io.redocdc.job.pipeline.CapturePipeline;
import io.redocdc.job.pipeline.ClusterSetting;
import io.redocdc.job.pipeline.ExecutionSettings;
import io.redocdc.job.pipeline.InvalidStartException;
import io.redocdc.job.pipeline.JobConfiguration;
import io.redocdc.job.pipeline.JobOptions;
import io.redocdc.job.options.JobConfigOptions;
import io.redocdc.job.options.JobOptionException;
import io.redocdc.job.options.JobOptionsReader;
import io.redocdc.job.options.RunOptions;
import io.redocdc.source.logminer.LogMinerSettings;
import io.redocdc.source.logminer.OracleSetupException;
import io.redocdc.source.logminer.OracleSource;
import io.redocdc.source.logminer.StartPosition;
import io.redocdc.source.model.Scn;
import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.function.BiFunction;
import org.apache.flink.api.common.JobExecutionResult;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.StateBackendOptions;
import org.apache.flink.core.execution.DetachedJobExecutionResult;
import org.apache.flink.streaming.api.environment.LocalStreamEnvironment;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import picocli.CommandLine.Command;
import picocli.CommandLine.IModelTransformer;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code redo-cdc run}: capture a redo directory, or an Oracle database through LogMiner, into change files or a
 * target database (JDBC apply sink). Runs on an embedded Flink MiniCluster when started with java, and on the
 * cluster when the jar is submitted with {@code flink run}.
 */
@Command(name = "run", mixinStandardHelpOptions = true, sortOptions = false, abbreviateSynopsis = true,
        modelTransformer = RunCommand.Options.class,
        description = "Capture committed transactions from a redo directory or an Oracle database (LogMiner) into "
                + "ogg-json (or debezium-json) files, or apply them to Oracle, PostgreSQL or H2 (--sink.type jdbc).")
public final class RunCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = RunOptions.CONFIG_OPTION, paramLabel = RunOptions.CONFIG_LABEL, order = 1000,
            description = "Properties file with any of these options, keys without the leading -- "
                    + "(flink-conf/example-job.properties); a list option takes ; between its values.")
    Path configFile;

    @Option(names = "--sql", paramLabel = "FILE", order = 999,
            description = "Run the Flink SQL statements of FILE as the job instead: its oracle-redo tables are the "
                    + "capture (their WITH clauses take the source.* and capture.* options), its INSERT INTO "
                    + "statements the outputs. Takes the parallelism, state, checkpoint and restore options above.")
    Path sqlFile;

    /** Adds the job's options, defined as ConfigOptions (see {@link RunOptions}), to the command. */
    public static final class Options implements IModelTransformer {
        @Override
        public CommandSpec transform(CommandSpec spec) {
            ConfigOptionsCli.addOptions(spec, RunOptions.docs());
            return spec;
        }
    }

    /** Resolves an Oracle start position against the database; tests resolve without one. */
    BiFunction<LogMinerSettings, StartPosition, Scn> oracleStart = OracleSource::resolveStart;

    @Override
    public Integer call() throws Exception {
        return sqlFile != null ? SqlRun.run(this) : capture();
    }

    private int capture() throws Exception {
        JobOptions options;
        try {
            options = CapturePipeline.resolveStart(validatedOptions(), oracleStart);
        } catch (OracleSetupException | InvalidStartException e) {
            spec.commandLine().getErr().println("redo-cdc: " + e.getMessage());
            return 1;
        }
        Environment environment = environment(options.execution());
        StreamExecutionEnvironment env = environment.env();
        LocalConsole console = environment.console();
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

    /** The job's environment, and the console of a local run (null on a cluster). */
    record Environment(StreamExecutionEnvironment env, LocalConsole console) {
    }

    Environment environment(ExecutionSettings execution) {
        StreamExecutionEnvironment context = StreamExecutionEnvironment.getExecutionEnvironment();
        boolean onCluster = !(context instanceof LocalStreamEnvironment);
        Configuration conf = onCluster
                ? JobConfiguration.forCluster(execution, givenClusterSettings(), context.getConfiguration())
                : JobConfiguration.of(execution);
        // only where the MiniCluster runs in this JVM: a cluster's own configuration decides its reporters and logs
        LocalConsole console = onCluster ? null
                : LocalConsole.open(conf, consoleOptions(), execution.checkpointDir(), System.out);
        return new Environment(StreamExecutionEnvironment.getExecutionEnvironment(conf), console);
    }

    /** The cluster settings the user gave, on the command line or in --config; the cluster's config has the rest. */
    Set<ClusterSetting> givenClusterSettings() {
        return JobOptionsReader.givenClusterSettings(configuration());
    }

    JobOptions validatedOptions() {
        Configuration given = configuration();
        try {
            return JobOptionsReader.read(given, ConfigOptionsCli.origin(spec, given, configFile));
        } catch (JobOptionException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
    }

    /** --verbose and --log-file, for the console of a local run. */
    private ConsoleOptions consoleOptions() {
        Configuration given = configuration();
        ConsoleOptions console = new ConsoleOptions();
        console.verbose = OptionReading.get(given, JobConfigOptions.VERBOSE);
        String logFile = given.get(JobConfigOptions.LOG_FILE);
        console.logFile = logFile == null ? null : Path.of(logFile);
        return console;
    }

    /** The options' values as text, from the command line and the --config file. */
    Configuration configuration() {
        return ConfigOptionsCli.configuration(spec, RunOptions.docs());
    }
}
