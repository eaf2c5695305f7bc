package io.redocdc.job.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import io.redocdc.sinks.files.FileFormat;
import io.redocdc.source.model.Scn;
import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.flink.api.common.RuntimeExecutionMode;
import org.apache.flink.configuration.CheckpointingOptions;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.CoreOptions;
import org.apache.flink.configuration.ExecutionOptions;
import org.apache.flink.configuration.ExternalizedCheckpointRetention;
import org.apache.flink.configuration.PipelineOptions;
import org.apache.flink.configuration.StateBackendOptions;
import org.apache.flink.configuration.StateRecoveryOptions;
import org.apache.flink.configuration.TaskManagerOptions;
import org.apache.flink.state.rocksdb.RocksDBConfigurableOptions;
import org.junit.jupiter.api.Test;

class JobConfigurationTest {

    @Test
    void optionsBecomeTheFlinkSettingsTheGuaranteesRestOn() {
        JobOptions options = new JobOptions(Path.of("/redo"), Path.of("/out"), FileFormat.OGG_JSON, false, 3,
                StateBackendKind.ROCKSDB, Duration.ofSeconds(7), Path.of("/cp"), "/cp/chk-12", Scn.ZERO, null,
                List.of("*.*"), null, "ORCL", Map.of(), false);

        Configuration conf = JobConfiguration.of(options);

        assertThat(conf.get(CoreOptions.DEFAULT_PARALLELISM)).isEqualTo(3);
        assertThat(conf.get(PipelineOptions.GENERIC_TYPES)).as("no Kryo").isFalse();
        assertThat(conf.get(StateBackendOptions.STATE_BACKEND)).isEqualTo("rocksdb");
        assertThat(conf.get(CheckpointingOptions.CHECKPOINTING_INTERVAL)).isEqualTo(Duration.ofSeconds(7));
        assertThat(conf.get(CheckpointingOptions.EXTERNALIZED_CHECKPOINT_RETENTION))
                .isEqualTo(ExternalizedCheckpointRetention.RETAIN_ON_CANCELLATION);
        assertThat(conf.get(CheckpointingOptions.CHECKPOINTS_DIRECTORY)).matches("file:///cp/?");
        assertThat(conf.get(StateRecoveryOptions.SAVEPOINT_PATH)).isEqualTo("/cp/chk-12");
        assertThat(conf.get(RocksDBConfigurableOptions.USE_BLOOM_FILTER)).isTrue();
    }

    @Test
    void onAClusterUnsetOptionsLeaveTheClusterConfigurationInForce() {
        Configuration cluster = new Configuration();
        cluster.set(CoreOptions.DEFAULT_PARALLELISM, 4);
        cluster.set(StateBackendOptions.STATE_BACKEND, "rocksdb");
        cluster.set(CheckpointingOptions.CHECKPOINTING_INTERVAL, Duration.ofSeconds(30));
        cluster.set(CheckpointingOptions.CHECKPOINTS_DIRECTORY, "file:///cluster/checkpoints");

        Configuration conf = JobConfiguration.forCluster(defaults(), Set.of(), cluster);

        assertThat(conf.keySet()).as("only what correctness pins").containsExactlyInAnyOrder(
                ExecutionOptions.RUNTIME_MODE.key(), PipelineOptions.GENERIC_TYPES.key());
        assertThat(conf.get(ExecutionOptions.RUNTIME_MODE)).isEqualTo(RuntimeExecutionMode.STREAMING);
        assertThat(conf.get(PipelineOptions.GENERIC_TYPES)).isFalse();
        Configuration effective = new Configuration(cluster);
        effective.addAll(conf);
        assertThat(effective.get(CoreOptions.DEFAULT_PARALLELISM)).isEqualTo(4);
        assertThat(effective.get(StateBackendOptions.STATE_BACKEND)).isEqualTo("rocksdb");
        assertThat(effective.get(CheckpointingOptions.CHECKPOINTING_INTERVAL)).isEqualTo(Duration.ofSeconds(30));
    }

    @Test
    void onAClusterGivenOptionsWin() {
        Configuration cluster = new Configuration();
        cluster.set(CoreOptions.DEFAULT_PARALLELISM, 4);
        cluster.set(StateBackendOptions.STATE_BACKEND, "rocksdb");
        cluster.set(CheckpointingOptions.CHECKPOINTING_INTERVAL, Duration.ofSeconds(30));

        Configuration conf = JobConfiguration.forCluster(defaults(), EnumSet.allOf(ClusterSetting.class), cluster);

        assertThat(conf.get(CoreOptions.DEFAULT_PARALLELISM)).isEqualTo(2);
        assertThat(conf.get(StateBackendOptions.STATE_BACKEND)).isEqualTo("hashmap");
        assertThat(conf.get(CheckpointingOptions.CHECKPOINTING_INTERVAL)).isEqualTo(Duration.ofSeconds(10));
        assertThat(conf.get(CheckpointingOptions.CHECKPOINTS_DIRECTORY)).matches("file:///cp/?");
    }

    @Test
    void aClusterWithoutCheckpointIntervalGetsTheJobsBecauseSinksCommitOnCheckpoints() {
        Configuration conf = JobConfiguration.forCluster(defaults(), Set.of(), new Configuration());

        assertThat(conf.get(CheckpointingOptions.CHECKPOINTING_INTERVAL)).isEqualTo(Duration.ofSeconds(10));
        assertThat(conf.contains(StateBackendOptions.STATE_BACKEND)).isFalse();
    }

    @Test
    void theEmbeddedRunKeepsEveryDefault() {
        Configuration conf = JobConfiguration.of(defaults());

        assertThat(conf.get(CoreOptions.DEFAULT_PARALLELISM)).isEqualTo(2);
        assertThat(conf.get(StateBackendOptions.STATE_BACKEND)).isEqualTo("hashmap");
        assertThat(conf.get(CheckpointingOptions.CHECKPOINTING_INTERVAL)).isEqualTo(Duration.ofSeconds(10));
        assertThat(conf.get(CheckpointingOptions.EXTERNALIZED_CHECKPOINT_RETENTION))
                .isEqualTo(ExternalizedCheckpointRetention.RETAIN_ON_CANCELLATION);
        assertThat(conf.get(TaskManagerOptions.MANAGED_MEMORY_SIZE)).isEqualTo(JobConfiguration.LOCAL_MANAGED_MEMORY);
        assertThat(conf.get(RocksDBConfigurableOptions.USE_BLOOM_FILTER)).isTrue();
        assertThat(conf.get(ExecutionOptions.RUNTIME_MODE)).isEqualTo(RuntimeExecutionMode.STREAMING);
    }

    /** What the run command builds when no cluster option is given. */
    private static JobOptions defaults() {
        return new JobOptions(Path.of("/redo"), Path.of("/out"), FileFormat.OGG_JSON, false, 2,
                StateBackendKind.HASHMAP, Duration.ofSeconds(10), Path.of("/cp"), null, Scn.ZERO, null,
                List.of("*.*"), null, "ORCL", Map.of(), false);
    }
}
