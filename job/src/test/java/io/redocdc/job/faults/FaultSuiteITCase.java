package io.redocdc.job.faults;

import static org.assertj.core.api.Assertions.assertThat;

import io.redocdc.job.pipeline.TargetDatabase;
import io.redocdc.job.simulate.SimulationSettings;
import io.redocdc.job.simulate.WorkloadSimulator;
import io.redocdc.job.verify.TargetTables;
import io.redocdc.job.verify.TruthComparison;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Randomized crashes: for simulated workloads of random seeds (a large transaction, LOBs, 2 RAC threads), the job
 * runs in a child JVM that is killed with SIGKILL at random moments and restarted from its newest retained
 * checkpoint, until a run ends by itself; then the output equals the simulator's truth: nothing lost, nothing
 * doubled, in commit order. Once into change files, once applied to PostgreSQL (skipped without a server, failing
 * under CI). At least {@value #FILE_KILLS} + {@value #JDBC_KILLS} kills per run of this class.
 *
 * <p>The seed is printed, and named in every failure: {@code -Dfaults.seed=N} replays it. Longer (nightly) runs:
 * {@code -Dfaults.kills.files=100 -Dfaults.kills.jdbc=100}.
 */
class FaultSuiteITCase {

    static final int FILE_KILLS = 12;
    static final int JDBC_KILLS = 8;
    /** Kills per workload: then the run is left to finish and the output compared. */
    private static final int KILLS_PER_WORKLOAD = 4;
    private static final String PASSWORD_VARIABLE = "REDO_CDC_FAULT_SUITE_PASSWORD";

    @TempDir
    Path tmp;

    @Test
    void killedAndRestoredRunsWriteExactlyTheTruthIntoFiles() throws Exception {
        long seed = seed();
        killWorkloads("files", seed, seed, Integer.getInteger("faults.kills.files", FILE_KILLS),
                (dir, workloadSeed, wantedKills) -> {
                    KilledRuns runs = new KilledRuns(dir, List.of("--source.dir", dir.resolve("redo").toString(),
                            "--sink.dir", dir.resolve("output").toString(), "--source.bounded", "--parallelism", "2",
                            "--checkpoint.interval", "500ms"), Map.of(), workloadSeed);
                    runs.run(wantedKills);
                    assertThat(TruthComparison.firstDifference(dir.resolve("expected"), dir.resolve("output")))
                            .as("faults.seed=%d, workload seed %d, %s", seed, workloadSeed, runs.describe())
                            .isEmpty();
                    return runs.kills();
                });
    }

    @Test
    void killedAndRestoredRunsApplyExactlyTheTruthToPostgres() throws Exception {
        long seed = seed();
        killWorkloads("PostgreSQL", seed, seed ^ 0x5DEECE66DL, Integer.getInteger("faults.kills.jdbc", JDBC_KILLS),
                (dir, workloadSeed, wantedKills) -> {
                    TargetTables tables = TargetTables.of(dir.resolve("expected"));
                    List<String> owners = tables.tableNames().stream()
                            .map(name -> name.substring(0, name.indexOf('.'))).distinct().toList();
                    try (TargetDatabase target = TargetDatabase.open(TargetDatabase.Kind.POSTGRESQL, owners)) {
                        try (Connection connection = target.connect()) {
                            tables.create(connection);
                        }
                        KilledRuns runs = new KilledRuns(dir, List.of("--source.dir", dir.resolve("redo").toString(),
                                "--source.bounded", "--parallelism", "2", "--checkpoint.interval", "500ms",
                                "--sink.type", "jdbc", "--sink.jdbc-url", target.url(), "--sink.user", target.user(),
                                "--sink.password-env", PASSWORD_VARIABLE), Map.of(PASSWORD_VARIABLE, target.password()),
                                workloadSeed);
                        runs.run(wantedKills);
                        try (Connection connection = target.connect()) {
                            assertThat(tables.firstDifference(connection)).as("faults.seed=%d, workload seed %d, %s",
                                    seed, workloadSeed, runs.describe()).isEmpty();
                        }
                        return runs.kills();
                    }
                });
    }

    /** Kills the runs of one workload, then checks its output against the truth; returns the kills done. */
    @FunctionalInterface
    private interface KilledWorkload {
        int killAndCheck(Path dir, long workloadSeed, int wantedKills) throws Exception;
    }

    /**
     * Simulates workloads of seeds drawn from {@code workloadSeeds} and hands each to {@code target} with at most
     * {@value #KILLS_PER_WORKLOAD} kills, until {@code wanted} kills happened in all.
     */
    private void killWorkloads(String target, long seed, long workloadSeeds, int wanted, KilledWorkload run)
            throws Exception {
        SplittableRandom seeds = new SplittableRandom(workloadSeeds);
        List<String> done = new ArrayList<>();
        int kills = 0;
        for (int workload = 0; kills < wanted; workload++) {
            long workloadSeed = seeds.nextLong(1, Long.MAX_VALUE);
            Path dir = tmp.resolve(target + "-" + workload);
            WorkloadSimulator.write(dir, workload(workloadSeed));
            int killed = run.killAndCheck(dir, workloadSeed, Math.min(KILLS_PER_WORKLOAD, wanted - kills));
            kills += killed;
            done.add("workload seed " + workloadSeed + ": " + killed + " kills");
        }
        System.out.println("fault suite (" + target + "), faults.seed=" + seed + ": " + kills + " kills, " + done);
        assertThat(kills).isGreaterThanOrEqualTo(wanted);
    }

    /** Long enough that kills land in reading, in a large transaction's emission and in commits. */
    private static SimulationSettings workload(long seed) {
        return SimulationSettings.defaults().withSeed(seed).withThreads(2).withTransactions(1500)
                .withLargeTransactionRows(20_000).withRowsPerLog(1500);
    }

    private static long seed() {
        Long given = Long.getLong("faults.seed");
        long seed = given != null ? given : System.nanoTime();
        System.out.println("fault suite: faults.seed=" + seed);
        return seed;
    }
}
