package io.redocdc.job.export;

import static org.assertj.core.api.Assertions.assertThat;

import io.redocdc.job.pipeline.CapturePipeline;
import io.redocdc.job.pipeline.JobConfiguration;
import io.redocdc.job.pipeline.JobOptions;
import io.redocdc.job.pipeline.StateBackendKind;
import io.redocdc.sinks.files.ChangeFiles;
import io.redocdc.sinks.files.FileFormat;
import io.redocdc.source.files.RedoDirectory;
import io.redocdc.source.files.RedoDirectoryWriter;
import io.redocdc.source.model.ArchivedLog;
import io.redocdc.source.model.Scn;
import io.redocdc.tools.export.ExportSettings;
import io.redocdc.tools.export.ExportStart;
import io.redocdc.tools.export.ExportSummary;
import io.redocdc.tools.export.LogExporter;
import io.redocdc.tools.export.ShowingCatalog;
import io.redocdc.tools.export.StopSignal;
import io.redocdc.tools.simulate.SimulationSettings;
import io.redocdc.tools.simulate.WorkloadSimulator;
import io.redocdc.tools.verify.TruthComparison;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** What export writes is a redo directory the normal pipeline turns into exactly the simulator's truth. */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class ExportedDirectoryITCase {

    @RegisterExtension
    static final MiniClusterExtension CLUSTER = new MiniClusterExtension(
            new MiniClusterResourceConfiguration.Builder().setNumberTaskManagers(1).setNumberSlotsPerTaskManager(2)
                    .build());

    @TempDir
    Path tmp;

    @Test
    void anExportedDirectoryCapturesToTheTruth() throws Exception {
        WorkloadSimulator.write(tmp, SimulationSettings.defaults().withSeed(17).withThreads(2)
                .withTransactions(200).withRowsPerLog(300));
        Path exported = tmp.resolve("exported");
        // two runs, as a resumed export would be: the first sees only the older half of the logs
        try (RedoDirectoryWriter writer = RedoDirectoryWriter.open(exported, true)) {
            writer.declareUndoMarkers(); // as export does with a dictionary: the simulated logs keep INTERNAL rows
            RedoDirectory simulated = new RedoDirectory(tmp.resolve("redo"));
            List<ArchivedLog> logs = simulated.listAvailableLogs();
            Scn half = logs.stream().map(ArchivedLog::nextChange).sorted().toList().get(logs.size() / 2);
            new LogExporter(new ShowingCatalog(simulated).show(log -> log.nextChange().compareTo(half) <= 0), writer,
                    ExportSettings.once(ExportStart.oldest()), new StopSignal()).run();
            ExportSummary second = new LogExporter(new ShowingCatalog(simulated), writer,
                    ExportSettings.once(ExportStart.oldest()), new StopSignal()).run();
            assertThat(second.logs()).isPositive().isLessThan(logs.size());
        }

        capture(exported, tmp);

        assertThat(ChangeFiles.dataChanges(tmp.resolve("output"))).isNotEmpty();
        assertThat(TruthComparison.firstDifference(tmp.resolve("expected"), tmp.resolve("output"))).isEmpty();
    }

    /** A bounded run of the job over an exported directory into {@code work}/output (checkpoints beside it). */
    static void capture(Path exported, Path work) throws Exception {
        JobOptions options = new JobOptions(exported, work.resolve("output"), FileFormat.OGG_JSON, true, 2,
                StateBackendKind.HASHMAP, Duration.ofMillis(300), work.resolve("checkpoints"), null, Scn.ZERO, null,
                List.of("*.*"), null, "ORCL", Map.of(), false);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(
                JobConfiguration.of(options));
        CapturePipeline.build(env, options);
        env.execute("capture exported directory");
    }
}
