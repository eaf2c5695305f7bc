package io.redocdc.job.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import io.redocdc.sinks.files.FileFormat;
import io.redocdc.source.model.Scn;
import io.redocdc.tools.simulate.SimulationSettings;
import io.redocdc.tools.simulate.WorkloadSimulator;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.StateRecoveryOptions;
import org.apache.flink.runtime.jobgraph.JobVertex;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Which operators share a task: a choice of speed (CapturePipeline.sequencerInTheAssemblersTask), as long as the
 * state restored fits the tasks.
 */
class CapturePipelineTopologyTest {

    @TempDir
    Path tmp;

    @ParameterizedTest
    @CsvSource({"1, HASHMAP, true", "1, ROCKSDB, false", "2, HASHMAP, false"})
    void theSequencerSharesTheAssemblersTaskOnHeapStateAtParallelismOne(int parallelism, StateBackendKind backend,
                                                                         boolean shared) throws Exception {
        List<JobVertex> tasks = tasks(options(parallelism, backend), new Configuration());

        assertThat(sequencersTask(tasks).getName().contains("transaction-assembler")).as("tasks: %s", tasks)
                .isEqualTo(shared);
        // Flink's default maximum (128 at these parallelisms) for every task; configured when the sequencer shares
        // the assembler's task, so that state of other maximum parallelisms is refused there, even from HA
        assertThat(tasks).allSatisfy(task -> assertThat(task.getMaxParallelism()).as(task.getName())
                .isEqualTo(shared ? 128 : -1));
    }

    /**
     * The savepoint of build 43f4961 holds the sequencer's state under maximum parallelism 1 and the assembler's
     * under 128: in one task one of them would be restored under the other's key groups, so the sequencer keeps a
     * task of its own (SavepointCompatibilityITCase restores it so at parallelism 1).
     */
    @Test
    void stateOfOperatorsWithDifferentMaximumParallelismsKeepsTheSequencerInATaskOfItsOwn() throws Exception {
        Path savepoint = SavepointFiles.savepointIn(Path.of(getClass().getResource("/savepoints/43f4961/savepoint")
                .toURI()));
        assertThat(RestoredMaxParallelism.of(savepoint.toUri().toString())).containsExactly(1, 128);
        Configuration restore = new Configuration();
        restore.set(StateRecoveryOptions.SAVEPOINT_PATH, savepoint.toUri().toString());

        List<JobVertex> tasks = tasks(options(1, StateBackendKind.HASHMAP), restore);

        assertThat(sequencersTask(tasks).getName()).as("tasks: %s", tasks).doesNotContain("transaction-assembler");
    }

    @Test
    void aRestorePathWithoutMetadataKeepsTheSequencerInATaskOfItsOwn() throws Exception {
        Configuration restore = new Configuration();
        restore.set(StateRecoveryOptions.SAVEPOINT_PATH, tmp.resolve("no-such-savepoint").toUri().toString());

        List<JobVertex> tasks = tasks(options(1, StateBackendKind.HASHMAP), restore);

        assertThat(sequencersTask(tasks).getName()).as("tasks: %s", tasks).doesNotContain("transaction-assembler");
    }

    private JobOptions options(int parallelism, StateBackendKind backend) throws IOException {
        WorkloadSimulator.write(tmp, SimulationSettings.defaults().withTransactions(5));
        return new JobOptions(tmp.resolve("redo"), tmp.resolve("output"), FileFormat.OGG_JSON, true,
                parallelism, backend, Duration.ofSeconds(1), tmp.resolve("checkpoints"), null, Scn.ZERO, null,
                List.of("*.*"), null, "ORCL", Map.of(), false);
    }

    private static List<JobVertex> tasks(JobOptions options, Configuration extra) {
        Configuration conf = JobConfiguration.of(options);
        conf.addAll(extra);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(conf);
        CapturePipeline.build(env, options);
        List<JobVertex> tasks = new ArrayList<>();
        env.getStreamGraph().getJobGraph().getVertices().forEach(tasks::add);
        return tasks;
    }

    private static JobVertex sequencersTask(List<JobVertex> tasks) {
        List<JobVertex> withSequencer = tasks.stream().filter(task -> task.getName().contains("commit-sequencer"))
                .toList();
        assertThat(withSequencer).hasSize(1);
        return withSequencer.get(0);
    }
}
