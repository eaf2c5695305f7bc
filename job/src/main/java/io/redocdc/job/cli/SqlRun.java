package io.redocdc.job.cli;

import io.redocdc.job.options.JobConfigOptions;
import io.redocdc.job.options.JobOptionException;
import io.redocdc.job.options.JobOptionsReader;
import io.redocdc.job.pipeline.ExecutionSettings;
import io.redocdc.job.sql.SqlJob;
import java.util.List;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.StateBackendOptions;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import picocli.CommandLine.ParameterException;

/**
 * {@code run --sql FILE}: the SQL file's job on run's environment. Of run's options it takes only how the job runs
 * (parallelism, state, checkpoints, restore, console); what is captured is in the file's oracle-redo tables and
 * where it goes in its INSERT INTO statements, so any other option is refused rather than silently ignored.
 */
final class SqlRun {

    /** The keys of run's options that --sql takes, in the order its refusal lists them. */
    private static final List<String> TAKEN = Stream.of(JobConfigOptions.PARALLELISM, JobConfigOptions.STATE_BACKEND,
                    JobConfigOptions.CHECKPOINT_INTERVAL, JobConfigOptions.CHECKPOINT_DIR, JobConfigOptions.RESTORE,
                    JobConfigOptions.VERBOSE, JobConfigOptions.LOG_FILE)
            .map(ConfigOption::key).toList();

    private SqlRun() {
    }

    static int run(RunCommand command) throws Exception {
        ExecutionSettings execution = execution(command);
        try {
            return run(command, SqlJob.read(command.sqlFile), execution);
        } catch (SqlJob.SqlFileException e) {
            command.spec.commandLine().getErr().println("redo-cdc: " + e.getMessage());
            return 1;
        }
    }

    private static int run(RunCommand command, SqlJob job, ExecutionSettings execution) throws Exception {
        RunCommand.Environment environment;
        try {
            environment = command.environment(execution);
        } catch (NoClassDefFoundError e) {
            command.spec.commandLine().getErr().println("redo-cdc: run --sql needs Flink's table jars on the "
                    + "classpath (flink-table-api-java-bridge, flink-table-planner-loader, flink-table-runtime; a "
                    + "Flink distribution's lib/ has them): " + e.getMessage());
            return 1;
        }
        StreamExecutionEnvironment env = environment.env();
        System.out.printf("redo-cdc: running the %d INSERT INTO statements of %s as one job (parallelism %d, %s "
                        + "state)%n", job.inserts(), command.sqlFile, env.getParallelism(),
                env.getConfiguration().get(StateBackendOptions.STATE_BACKEND));
        long started = System.nanoTime();
        SqlJob.Outcome outcome;
        try {
            outcome = job.run(env);
        } finally {
            if (environment.console() != null) {
                environment.console().close();
            }
        }
        if (outcome.detached()) {
            System.out.println("redo-cdc: submitted job " + outcome.jobId() + "; follow it in Flink's web UI");
        } else {
            System.out.printf("redo-cdc: SQL job %s of %s finished in %.1f s%n", outcome.jobId(), command.sqlFile,
                    (System.nanoTime() - started) / 1e9);
        }
        return 0;
    }

    /** "--parallelism, ..., --verbose and --log-file". */
    private static String takenOptions() {
        List<String> options = TAKEN.stream().map(key -> "--" + key).toList();
        return String.join(", ", options.subList(0, options.size() - 1)) + " and " + options.get(options.size() - 1);
    }

    /** The execution options, after refusing any capture or sink option given with --sql. */
    private static ExecutionSettings execution(RunCommand command) {
        Configuration given = command.configuration();
        UnaryOperator<String> origin = ConfigOptionsCli.origin(command.spec, given, command.configFile);
        List<String> refused = given.keySet().stream().filter(key -> !TAKEN.contains(key)).sorted().toList();
        if (!refused.isEmpty()) {
            String key = refused.get(0);
            String where = origin.apply(key);
            throw new ParameterException(command.spec.commandLine(), (where != null ? where : "--" + key)
                    + ": run --sql takes what to capture from the SQL file's oracle-redo tables (their WITH "
                    + "clauses take the source.* and capture.* options) and where to write from its INSERT INTO "
                    + "statements; of run's options it takes only " + takenOptions()
                    + (refused.size() > 1 ? " (also given: " + String.join(", ", refused.subList(1,
                    refused.size())) + ")" : ""));
        }
        try {
            return JobOptionsReader.execution(given, origin);
        } catch (JobOptionException e) {
            throw new ParameterException(command.spec.commandLine(), e.getMessage());
        }
    }
}
