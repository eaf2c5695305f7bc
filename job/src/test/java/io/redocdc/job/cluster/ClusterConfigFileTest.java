package io.redocdc.job.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.flink.configuration.CheckpointingOptions;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.CoreOptions;
import org.apache.flink.configuration.ExecutionOptions;
import org.apache.flink.configuration.ExternalizedCheckpointRetention;
import org.apache.flink.configuration.FallbackKey;
import org.apache.flink.configuration.GlobalConfiguration;
import org.apache.flink.configuration.JobManagerOptions;
import org.apache.flink.configuration.MetricOptions;
import org.apache.flink.configuration.PipelineOptions;
import org.apache.flink.configuration.RestOptions;
import org.apache.flink.configuration.RestartStrategyOptions;
import org.apache.flink.configuration.StateBackendOptions;
import org.apache.flink.configuration.StateRecoveryOptions;
import org.apache.flink.configuration.TaskManagerOptions;
import org.apache.flink.core.execution.CheckpointingMode;
import org.apache.flink.state.rocksdb.RocksDBConfigurableOptions;
import org.apache.flink.state.rocksdb.RocksDBOptions;
import org.junit.jupiter.api.Test;

/**
 * flink-conf/config.yaml, read by Flink's own loader: every key is a current Flink option (a key that is unknown
 * or deprecated is silently ignored or only warned about by a cluster), and the settings the README promises hold.
 */
class ClusterConfigFileTest {

    static final Path CONF_DIR = Path.of("..", "flink-conf");

    /** Where the options of the keys the file may use are declared. */
    private static final List<Class<?>> OPTION_CLASSES = List.of(CheckpointingOptions.class, CoreOptions.class,
            ExecutionOptions.class, JobManagerOptions.class, MetricOptions.class, PipelineOptions.class,
            RestOptions.class, RestartStrategyOptions.class, StateBackendOptions.class, StateRecoveryOptions.class,
            TaskManagerOptions.class, RocksDBConfigurableOptions.class, RocksDBOptions.class);

    /** Reporter settings are named after the reporter (metrics.reporter.NAME.KEY), not declared one by one. */
    private static final String REPORTER_PREFIX = "metrics.reporter.";

    @Test
    void everyKeyIsACurrentFlinkOption() throws Exception {
        assertThat(CONF_DIR.resolve("config.yaml")).exists();
        Configuration conf = loaded();
        Map<String, Field> current = new HashMap<>();
        Map<String, String> replaced = new HashMap<>();
        for (Class<?> options : OPTION_CLASSES) {
            for (Field field : options.getFields()) {
                if (!Modifier.isStatic(field.getModifiers()) || !ConfigOption.class.equals(field.getType())) {
                    continue;
                }
                ConfigOption<?> option = (ConfigOption<?>) field.get(null);
                if (!field.isAnnotationPresent(Deprecated.class)) {
                    current.put(option.key(), field);
                }
                for (FallbackKey old : option.fallbackKeys()) {
                    if (old.isDeprecated()) {
                        replaced.put(old.getKey(), option.key());
                    }
                }
            }
        }
        List<String> problems = new ArrayList<>();
        for (String key : conf.keySet()) {
            if (replaced.containsKey(key) && !current.containsKey(key)) {
                problems.add(key + " is deprecated, use " + replaced.get(key));
            } else if (!current.containsKey(key) && !key.startsWith(REPORTER_PREFIX)) {
                problems.add(key + " is no current option of " + OPTION_CLASSES.stream().map(Class::getSimpleName)
                        .toList() + " (add its class here if Flink declares it elsewhere)");
            }
        }
        assertThat(problems).as("keys of %s", CONF_DIR.resolve("config.yaml")).isEmpty();
        for (String key : conf.keySet()) {
            if (current.containsKey(key)) {
                // a value of the wrong type fails here, as it would when the cluster reads it
                conf.get((ConfigOption<?>) current.get(key).get(null));
            }
        }
    }

    @Test
    void theClusterKeepsTheGuaranteesTheReadmePromises() throws Exception {
        Configuration conf = loaded();
        assertThat(conf.get(StateBackendOptions.STATE_BACKEND)).isEqualTo("rocksdb");
        assertThat(conf.get(CheckpointingOptions.INCREMENTAL_CHECKPOINTS)).isTrue();
        assertThat(conf.get(CheckpointingOptions.CHECKPOINTING_CONSISTENCY_MODE))
                .isEqualTo(CheckpointingMode.EXACTLY_ONCE);
        assertThat(conf.get(CheckpointingOptions.CHECKPOINTING_INTERVAL)).isPositive();
        assertThat(conf.get(CheckpointingOptions.EXTERNALIZED_CHECKPOINT_RETENTION))
                .isEqualTo(ExternalizedCheckpointRetention.RETAIN_ON_CANCELLATION);
        assertThat(conf.getOptional(CheckpointingOptions.CHECKPOINTS_DIRECTORY)).isPresent();
        assertThat(conf.getOptional(CheckpointingOptions.SAVEPOINT_DIRECTORY)).isPresent();
        assertThat(conf.getOptional(RestartStrategyOptions.RESTART_STRATEGY)).isPresent();
        assertThat(conf.get(PipelineOptions.GENERIC_TYPES)).isFalse();
        assertThat(conf.get(RocksDBConfigurableOptions.USE_BLOOM_FILTER)).isTrue();
        assertThat(conf.get(CheckpointingOptions.CHECKPOINTING_INTERVAL)).isLessThanOrEqualTo(Duration.ofMinutes(1));
        assertThat(Files.readString(CONF_DIR.resolve("log4j.properties"))).contains("${sys:log.file}");
    }

    private static Configuration loaded() {
        return GlobalConfiguration.loadConfiguration(CONF_DIR.toAbsolutePath().toString());
    }
}
