package io.redocdc.job.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import io.redocdc.sinks.files.FileFormat;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.flink.configuration.CheckpointingOptions;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.CoreOptions;
import org.apache.flink.configuration.ExternalizedCheckpointRetention;
import org.apache.flink.configuration.PipelineOptions;
import org.apache.flink.configuration.StateBackendOptions;
import org.apache.flink.configuration.StateRecoveryOptions;
import org.apache.flink.state.rocksdb.RocksDBConfigurableOptions;
import org.junit.jupiter.api.Test;

class JobConfigurationTest {

    @Test
    void optionsBecomeTheFlinkSettingsTheGuaranteesRestOn() {
        JobOptions options = new JobOptions(Path.of("/redo"), Path.of("/out"), FileFormat.OGG_JSON, false, 3,
                StateBackendKind.ROCKSDB, Duration.ofSeconds(7), Path.of("/cp"), "/cp/chk-12", 0, null,
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
}
