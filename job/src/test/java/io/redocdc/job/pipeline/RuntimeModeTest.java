package io.redocdc.job.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import io.redocdc.sinks.files.FileFormat;
import io.redocdc.source.model.Scn;
import io.redocdc.tools.simulate.SimulationSettings;
import io.redocdc.tools.simulate.WorkloadSimulator;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.flink.api.common.RuntimeExecutionMode;
import org.apache.flink.configuration.CheckpointingOptions;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.ExecutionOptions;
import org.apache.flink.runtime.jobgraph.JobType;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The assembler needs watermarks and redo order, which BATCH mode takes away (sorted keyed input, no
 * watermarks): a cluster configured for BATCH must still run the capture job in STREAMING.
 */
class RuntimeModeTest {

    @TempDir
    Path tmp;

    @Test
    void aClusterConfiguredForBatchStillRunsTheCaptureJobInStreaming() throws Exception {
        WorkloadSimulator.write(tmp, SimulationSettings.defaults().withTransactions(5));
        JobOptions options = new JobOptions(tmp.resolve("redo"), tmp.resolve("output"), FileFormat.OGG_JSON, true,
                1, StateBackendKind.HASHMAP, Duration.ofSeconds(1), tmp.resolve("checkpoints"), null, Scn.ZERO, null,
                List.of("*.*"), null, "ORCL", Map.of(), false);
        Configuration cluster = new Configuration();
        cluster.set(ExecutionOptions.RUNTIME_MODE, RuntimeExecutionMode.BATCH); // as config.yaml or -D would
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(cluster);

        CapturePipeline.build(env, options);

        assertThat(env.getConfiguration().get(ExecutionOptions.RUNTIME_MODE))
                .isEqualTo(RuntimeExecutionMode.STREAMING);
        assertThat(env.getStreamGraph().getJobType()).isEqualTo(JobType.STREAMING);
    }

    /** See CapturePipeline.pinAlignedCheckpoints: restores from unaligned checkpoints lost a transaction. */
    @Test
    void unalignedCheckpointsAskedForByAClusterAreTurnedOff() throws Exception {
        WorkloadSimulator.write(tmp, SimulationSettings.defaults().withTransactions(5));
        JobOptions options = new JobOptions(tmp.resolve("redo"), tmp.resolve("output"), FileFormat.OGG_JSON, true,
                1, StateBackendKind.HASHMAP, Duration.ofSeconds(1), tmp.resolve("checkpoints"), null, Scn.ZERO, null,
                List.of("*.*"), null, "ORCL", Map.of(), false);
        Configuration cluster = new Configuration();
        cluster.set(CheckpointingOptions.ENABLE_UNALIGNED, true);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(cluster);

        CapturePipeline.build(env, options);

        assertThat(env.getCheckpointConfig().isUnalignedCheckpointsEnabled()).isFalse();
        assertThat(env.getStreamGraph().getCheckpointConfig().isUnalignedCheckpointsEnabled()).isFalse();
    }

    @Test
    void theJobConfigurationSetsStreamingExplicitly() {
        JobOptions options = new JobOptions(Path.of("/redo"), Path.of("/out"), FileFormat.OGG_JSON, false, 1,
                StateBackendKind.HASHMAP, Duration.ofSeconds(1), null, null, Scn.ZERO, null, List.of("*.*"), null, "ORCL",
                Map.of(), false);
        Configuration conf = JobConfiguration.of(options);
        assertThat(conf.contains(ExecutionOptions.RUNTIME_MODE)).as("set, not left to a cluster default").isTrue();
        assertThat(conf.get(ExecutionOptions.RUNTIME_MODE)).isEqualTo(RuntimeExecutionMode.STREAMING);
    }
}
