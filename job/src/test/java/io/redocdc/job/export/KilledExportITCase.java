package io.redocdc.job.export;

import static org.assertj.core.api.Assertions.assertThat;

import io.redocdc.source.files.RedoDirectory;
import io.redocdc.tools.simulate.SimulationSettings;
import io.redocdc.tools.simulate.WorkloadSimulator;
import io.redocdc.tools.verify.TruthComparison;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Kills during {@code export} (issue 10's fault suite): an export in a child JVM is killed with SIGKILL at random
 * moments, mid-log, and started again on the same directory until one run ends by itself; the directory it leaves
 * then captures to exactly the simulator's truth (no log lost, doubled or cut). The catalog is a simulated redo
 * directory standing in for V$ARCHIVED_LOG and LogMiner (no Oracle here): what is under test is the export
 * directory's crash safety and resume. The seed is printed; {@code -Dfaults.seed=N} replays it.
 */
class KilledExportITCase {

    @RegisterExtension
    static final MiniClusterExtension CLUSTER = new MiniClusterExtension(
            new MiniClusterResourceConfiguration.Builder().setNumberTaskManagers(1).setNumberSlotsPerTaskManager(2)
                    .build());

    /** Kills wanted; a run that ends before its kill ends the test early (then at least MIN_KILLS happened). */
    private static final int WANTED_KILLS = 6;
    private static final int MIN_KILLS = 3;
    private static final int MAX_RUNS = 20;

    @TempDir
    Path tmp;

    @Test
    void exportsKilledMidLogAndResumedCaptureToTheTruth() throws Exception {
        Long given = Long.getLong("faults.seed");
        long seed = given != null ? given : System.nanoTime();
        System.out.println("killed export: faults.seed=" + seed);
        SplittableRandom random = new SplittableRandom(seed);
        WorkloadSimulator.write(tmp, SimulationSettings.defaults().withSeed(random.nextLong(1, Long.MAX_VALUE))
                .withThreads(2).withTransactions(1500).withRowsPerLog(400));
        Path exported = tmp.resolve("exported");
        List<String> history = new ArrayList<>();
        int kills = 0;
        for (int run = 0; ; run++) {
            assertThat(run).as("runs, faults.seed=%d: %s", seed, history).isLessThan(MAX_RUNS);
            Path log = tmp.resolve("export-" + run + ".log");
            Process child = start(exported, log);
            long delay = 300 + random.nextLong(1_200);
            if (kills < WANTED_KILLS && !child.waitFor(delay, TimeUnit.MILLISECONDS)) {
                child.destroyForcibly().waitFor(); // SIGKILL: no close(), the OS releases the directory's lock
                kills++;
                history.add("run " + run + " killed after " + delay + " ms");
                continue;
            }
            assertThat(child.waitFor(2, TimeUnit.MINUTES)).as("run %d ended", run).isTrue();
            String printed = Files.readString(log, StandardCharsets.UTF_8);
            assertThat(child.exitValue()).as("run %d, faults.seed=%d: %s%n%s", run, seed, history, printed).isZero();
            history.add("run " + run + " ended: " + printed.strip());
            break;
        }
        System.out.println("killed export, faults.seed=" + seed + ": " + history);
        assertThat(kills).as("kills before a run ended by itself, faults.seed=%d: %s", seed, history)
                .isGreaterThanOrEqualTo(MIN_KILLS);
        assertThat(new RedoDirectory(exported).listAvailableLogs())
                .as("logs exported, faults.seed=%d: %s", seed, history)
                .hasSameSizeAs(new RedoDirectory(tmp.resolve("redo")).listAvailableLogs());

        ExportedDirectoryITCase.capture(exported, tmp);
        assertThat(TruthComparison.firstDifference(tmp.resolve("expected"), tmp.resolve("output")))
                .as("faults.seed=%d: %s", seed, history).isEmpty();
    }

    private Process start(Path exported, Path log) throws Exception {
        List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m", "-cp", System.getProperty("java.class.path"), ExportChild.class.getName(),
                tmp.resolve("redo").toString(), exported.toString(), "3");
        return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    }
}
