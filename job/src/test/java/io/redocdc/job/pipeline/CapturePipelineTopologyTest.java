package io.redocdc.job.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import io.redocdc.sinks.files.FileFormat;
import io.redocdc.source.model.Scn;
import io.redocdc.tools.simulate.SimulationSettings;
import io.redocdc.tools.simulate.WorkloadSimulator;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Which operators share a task: a choice of speed only (CapturePipeline.sequencerInTheAssemblersTask). */
class CapturePipelineTopologyTest {

    @TempDir
    Path tmp;

    @ParameterizedTest
    @CsvSource({"1, HASHMAP, true", "1, ROCKSDB, false", "2, HASHMAP, false"})
    void theSequencerSharesTheAssemblersTaskOnHeapStateAtParallelismOne(int parallelism, StateBackendKind backend,
                                                                         boolean shared) throws Exception {
        WorkloadSimulator.write(tmp, SimulationSettings.defaults().withTransactions(5));
        JobOptions options = new JobOptions(tmp.resolve("redo"), tmp.resolve("output"), FileFormat.OGG_JSON, true,
                parallelism, backend, Duration.ofSeconds(1), tmp.resolve("checkpoints"), null, Scn.ZERO, null,
                List.of("*.*"), null, "ORCL", Map.of(), false);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(parallelism);

        CapturePipeline.build(env, options);

        List<String> tasks = new ArrayList<>();
        env.getStreamGraph().getJobGraph().getVertices().forEach(vertex -> tasks.add(vertex.getName()));
        List<String> withSequencer = tasks.stream().filter(name -> name.contains("commit-sequencer")).toList();
        assertThat(withSequencer).hasSize(1);
        assertThat(withSequencer.get(0).contains("transaction-assembler")).as("tasks: %s", tasks).isEqualTo(shared);
    }
}
