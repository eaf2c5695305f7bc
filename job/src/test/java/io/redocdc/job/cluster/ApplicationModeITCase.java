package io.redocdc.job.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import io.redocdc.job.RedoCdc;
import io.redocdc.sinks.files.ChangeFiles;
import io.redocdc.tools.simulate.SimulationSettings;
import io.redocdc.tools.simulate.WorkloadSimulator;
import io.redocdc.tools.verify.TruthComparison;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The job jar in application mode, as {@code standalone-job.sh} (or the Kubernetes operator) runs it: the JobManager
 * runs RedoCdc's main itself, so a System.exit there would end the JobManager before the job has, and the
 * application would not be reported as completed. The bounded job must finish, the JobManager end by itself with
 * exit code 0 and the output equal the simulator's truth.
 *
 * <p>Alone: {@code mvn -B verify -pl job -am -Dit.test=ApplicationModeITCase -Dtest=NONE -Dsurefire.failIfNoSpecifiedTests=false}.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class ApplicationModeITCase {

    @TempDir
    Path work;

    @Test
    void boundedJobCompletesTheApplicationAndItsOutputEqualsTheTruth() throws Exception {
        Path dir = work.resolve("workload");
        WorkloadSimulator.write(dir, SimulationSettings.defaults().withThreads(2).withTransactions(600).withSeed(41));
        Path output = dir.resolve("output");
        List<String> run = List.of("run", "--source.dir", dir.resolve("redo").toString(), "--sink.dir",
                output.toString(), "--source.bounded");
        try (StandaloneCluster cluster = StandaloneCluster.startApplication(work.resolve("cluster"), 1,
                ClusterITCase.jobJar(), RedoCdc.class.getName(), run)) {
            int exit = cluster.awaitJobManagerEnd(Duration.ofMinutes(3));
            String log = cluster.jobManagerLog();
            assertThat(exit).as("JobManager exit code\n%s", cluster.logTails()).isZero();
            assertThat(log).as("the JobManager's log").contains("Application completed SUCCESSFULLY");
            assertThat(cluster.jobManagerConsole()).as("the main method, run in the JobManager, got to its end")
                    .contains("redo-cdc: submitted job ");
        }
        assertThat(ChangeFiles.dataChanges(output)).as("changes written").isNotEmpty();
        assertThat(TruthComparison.firstDifference(dir.resolve("expected"), output)).isEmpty();
    }
}
