package io.redocdc.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.redocdc.tools.simulate.SimulationSettings;
import io.redocdc.tools.simulate.WorkloadSimulator;
import java.nio.file.Path;
import java.util.stream.StreamSupport;
import org.apache.flink.client.program.PackagedProgram;
import org.apache.flink.client.program.PackagedProgramUtils;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.runtime.jobgraph.JobGraph;
import org.apache.flink.runtime.jobgraph.JobVertex;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What Flink's REST API ({@code /jars/:id/run}) and web UI do with the job jar: run its main inside the JobManager
 * with a plan-extracting environment ({@link PackagedProgramUtils#createJobGraph}), whose {@code execute} ends main
 * with an exception. Main must let it through and never call System.exit there: that would stop the JobManager
 * (here: this test JVM, so a regression fails the build loudly).
 */
class FlinkSubmissionTest {

    @TempDir
    Path tmp;

    @Test
    void theJobGraphComesOutOfMainWithoutTheJvmExiting() throws Exception {
        WorkloadSimulator.write(tmp, SimulationSettings.defaults().withTransactions(20));
        JobGraph graph = PackagedProgramUtils.createJobGraph(program("run", "--source.dir",
                tmp.resolve("redo").toString(), "--sink.dir", tmp.resolve("out").toString()), new Configuration(), 2,
                false);

        assertThat(StreamSupport.stream(graph.getVertices().spliterator(), false).map(JobVertex::getName))
                .anyMatch(name -> name.contains("transaction-assembler"))
                .anyMatch(name -> name.contains("commit-sequencer"));
    }

    @Test
    void badOptionsFailTheSubmissionInsteadOfExitingTheJvm() {
        assertThatThrownBy(() -> PackagedProgramUtils.createJobGraph(program("run", "--sink.dir",
                tmp.resolve("out").toString()), new Configuration(), 2, false))
                .hasStackTraceContaining("redo-cdc ended with exit code 2");
    }

    private static PackagedProgram program(String... args) throws Exception {
        return PackagedProgram.newBuilder().setEntryPointClassName(RedoCdc.class.getName()).setArguments(args)
                .build();
    }
}
