package io.redocdc.job.options;

import io.redocdc.common.options.InvalidOptionException;
import io.redocdc.common.options.OptionReading;
import io.redocdc.job.pipeline.ClusterSetting;
import io.redocdc.job.pipeline.ExecutionSettings;
import io.redocdc.job.pipeline.JobOptions;
import io.redocdc.source.SourceConfigOptions;
import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.ReadableConfig;

/**
 * Reads {@link JobOptions} from the options of {@link RunOptions}, checked: the one path of the command line,
 * {@code --config} files, flink-conf job files and SQL tables. Values are text as a properties file or a SQL
 * WITH clause has them; list options take {@code ;} between values (and the comma lists the CLI takes). Bad
 * values fail with {@link JobOptionException} naming the option (as the CLI spells it), the rule and the value.
 * Keys that are no option are ignored, as a job's --config file also holds other keys.
 */
public final class JobOptionsReader {

    private JobOptionsReader() {
    }

    /**
     * The entry point for SQL tables and embedding: the options of a job from text values, keys without the
     * leading {@code --} (for example {@code source.dir}, {@code sink.type}, {@code primary-key}).
     *
     * @throws JobOptionException naming the option, the rule and the value
     */
    public static JobOptions fromMap(Map<String, String> values) {
        return read(OptionReading.configuration(values), key -> null);
    }

    /**
     * The options of a job from a configuration of text values.
     *
     * @param originOfKey where a key's value came from (e.g. "key parallelism in /etc/job.properties"), or null
     *                    when that needs no mention (the command line)
     * @throws JobOptionException naming the option, the rule, the value and where it came from
     */
    public static JobOptions read(ReadableConfig config, UnaryOperator<String> originOfKey) {
        OptionCheck check = new OptionCheck(originOfKey);
        try {
            return read(check, config);
        } catch (InvalidOptionException e) {
            check.invalid(e);
            throw e;
        }
    }

    /** The cluster settings given (not defaulted): on a cluster only they override the cluster's configuration. */
    public static Set<ClusterSetting> givenClusterSettings(ReadableConfig config) {
        Set<ClusterSetting> given = EnumSet.noneOf(ClusterSetting.class);
        for (ClusterSetting setting : ClusterSetting.values()) {
            if (config.toMap().containsKey(setting.option().substring(2))) {
                given.add(setting);
            }
        }
        return given;
    }

    /** A configuration of text values (trimmed), as {@link #read} takes it. */
    public static Configuration configuration(Map<String, String> values) {
        return OptionReading.configuration(values);
    }

    /** The option as the command line spells it. */
    static String cli(ConfigOption<?> option) {
        return "--" + option.key();
    }

    /**
     * Parallelism, state backend, checkpoints and restore, checked: all {@code run --sql} takes of run's options
     * (see {@link #read} for the parameters and failures).
     */
    public static ExecutionSettings execution(ReadableConfig config, UnaryOperator<String> originOfKey) {
        OptionCheck check = new OptionCheck(originOfKey);
        try {
            return execution(check, config);
        } catch (InvalidOptionException e) {
            check.invalid(e);
            throw e;
        }
    }

    private static ExecutionSettings execution(OptionCheck check, ReadableConfig config) {
        String restore = config.get(JobConfigOptions.RESTORE);
        int readers = OptionReading.get(config, JobConfigOptions.PARALLELISM);
        Duration interval = OptionReading.get(config, JobConfigOptions.CHECKPOINT_INTERVAL);
        check.require(readers >= 1 && readers <= 1024, cli(JobConfigOptions.PARALLELISM),
                "must be between 1 and 1024", readers);
        check.require(interval.toMillis() >= 100, cli(JobConfigOptions.CHECKPOINT_INTERVAL),
                "must be at least 100ms", interval);
        check.require(restore == null || !restore.isBlank(), cli(JobConfigOptions.RESTORE), "must name a path",
                restore);
        Path checkpoints = Path.of(config.get(JobConfigOptions.CHECKPOINT_DIR)).toAbsolutePath();
        return new ExecutionSettings(readers, OptionReading.get(config, JobConfigOptions.STATE_BACKEND), interval,
                checkpoints, restore);
    }

    private static JobOptions read(OptionCheck check, ReadableConfig config) {
        boolean deadLetter = OptionReading.get(config, JobConfigOptions.DEAD_LETTER);
        String restore = config.get(JobConfigOptions.RESTORE);
        List<String> include = OptionReading.items(config, SourceConfigOptions.INCLUDE);
        List<String> exclude = OptionReading.given(config, SourceConfigOptions.EXCLUDE)
                ? OptionReading.items(config, SourceConfigOptions.EXCLUDE) : null;
        SourceReader.Choice chosen = new SourceReader(check, config).read(restore != null, include, exclude,
                deadLetter);
        ExecutionSettings execution = execution(check, config);
        SinkReader sinks = new SinkReader(check, config);
        Map<String, List<String>> keys = sinks.primaryKeys();
        SinkReader.Choice target = sinks.read(deadLetter, keys);
        return new JobOptions(chosen.dir(), target.dir(), target.format(),
                OptionReading.get(config, SourceConfigOptions.BOUNDED), execution.parallelism(),
                execution.stateBackend(), execution.checkpointInterval(), execution.checkpointDir(), restore,
                chosen.startScn(), chosen.maxScn(), include, exclude, config.get(SourceConfigOptions.DATABASE), keys,
                deadLetter, chosen.oracle(), target.jdbc(), chosen.nls(), chosen.startOption());
    }
}
