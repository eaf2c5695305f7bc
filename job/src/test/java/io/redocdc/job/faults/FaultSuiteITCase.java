package io.redocdc.job.faults;

import static org.assertj.core.api.Assertions.assertThat;

import io.redocdc.tools.simulate.SimulationSettings;
import io.redocdc.tools.simulate.WorkloadSimulator;
import io.redocdc.tools.verify.TargetDatabase;
import io.redocdc.tools.verify.TargetTables;
import io.redocdc.tools.verify.TruthComparison;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Randomized crashes: for simulated workloads of random seeds (a large transaction, LOBs, 2 RAC threads), the job
 * runs in a child JVM that is killed with SIGKILL and restarted from its newest retained checkpoint, until a run
 * ends by itself; then the output equals the simulator's truth: nothing lost, nothing doubled, in commit order.
 * Kills come in turn at random moments and at phases random ones rarely hit: during a large transaction's
 * emission, and on PostgreSQL while a group is open in the target and right after a group committed (before the
 * next checkpoint). Once into change files, once applied to PostgreSQL (skipped without a server, failing under
 * CI). At least {@value #FILE_KILLS} + {@value #JDBC_KILLS} kills per run of this class, and at least one at each
 * phase.
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
                List.of(LARGE_TRANSACTION_EMISSION.name()),
                (dir, workloadSeed, wantedKills) -> {
                    KilledRuns runs = new KilledRuns(dir, List.of("--source.dir", dir.resolve("redo").toString(),
                            "--sink.dir", dir.resolve("output").toString(), "--source.bounded", "--parallelism", "2",
                            "--checkpoint.interval", "500ms"), Map.of(),
                            List.of(LARGE_TRANSACTION_EMISSION, KillPoint.randomDelay()), workloadSeed);
                    runs.run(wantedKills);
                    assertThat(TruthComparison.firstDifference(dir.resolve("expected"), dir.resolve("output")))
                            .as("faults.seed=%d, workload seed %d, %s", seed, workloadSeed, runs.describe())
                            .isEmpty();
                    return runs;
                });
    }

    @Test
    void killedAndRestoredRunsApplyExactlyTheTruthToPostgres() throws Exception {
        long seed = seed();
        killWorkloads("PostgreSQL", seed, seed ^ 0x5DEECE66DL, Integer.getInteger("faults.kills.jdbc", JDBC_KILLS),
                List.of(LARGE_TRANSACTION_EMISSION.name(), "a group open in the target", "right after a target commit"),
                (dir, workloadSeed, wantedKills) -> {
                    TargetTables tables = TargetTables.of(dir.resolve("expected"));
                    List<String> owners = tables.tableNames().stream()
                            .map(name -> name.substring(0, name.indexOf('.'))).distinct().toList();
                    try (TargetDatabase target = TargetDatabase.open(TargetDatabase.Kind.POSTGRESQL, owners);
                         Connection observer = target.connect()) {
                        tables.create(observer);
                        KilledRuns runs = new KilledRuns(dir, List.of("--source.dir", dir.resolve("redo").toString(),
                                "--source.bounded", "--parallelism", "2", "--checkpoint.interval", "500ms",
                                "--sink.type", "jdbc", "--sink.jdbc-url", target.url(), "--sink.user", target.user(),
                                "--sink.password-env", PASSWORD_VARIABLE), Map.of(PASSWORD_VARIABLE, target.password()),
                                List.of(LARGE_TRANSACTION_EMISSION, groupOpenInTheTarget(observer),
                                        rightAfterATargetCommit(observer, tables), KillPoint.randomDelay()),
                                workloadSeed);
                        runs.run(wantedKills);
                        assertThat(tables.firstDifference(observer)).as("faults.seed=%d, workload seed %d, %s",
                                seed, workloadSeed, runs.describe()).isEmpty();
                        return runs;
                    }
                });
    }

    /** The assembler logs this while it emits a transaction of more than 10,000 LCRs (the workload has one). */
    private static final KillPoint LARGE_TRANSACTION_EMISSION =
            KillPoint.whenLogShows("a large transaction's emission", "LCRs emitted so far");

    /** A sink session inside a transaction whose last statement changed a captured table: a group is open. */
    private static KillPoint groupOpenInTheTarget(Connection observer) throws SQLException {
        PreparedStatement open = observer.prepareStatement("SELECT count(*) FROM pg_stat_activity WHERE datname = "
                + "current_database() AND usename = current_user AND pid <> pg_backend_pid() AND state IN "
                + "('active', 'idle in transaction') AND (query LIKE 'INSERT INTO \"OE\".%' OR query LIKE "
                + "'UPDATE \"OE\".%' OR query LIKE 'DELETE FROM \"OE\".%')");
        return KillPoint.when("a group open in the target", KillPoint.ofTarget(() -> {
            try (ResultSet result = open.executeQuery()) {
                return result.next() && result.getLong(1) > 0;
            }
        }));
    }

    /**
     * The captured tables' row count changed since the last look: a group just committed, and with a checkpoint
     * every 500 ms the kill most likely comes before the next one (the writer state then holds less than the target).
     */
    private static KillPoint rightAfterATargetCommit(Connection observer, TargetTables tables) {
        long[] last = {-1};
        return KillPoint.when("right after a target commit", KillPoint.ofTarget(() -> {
            long rows = TargetDatabase.countRows(observer, tables.tableNames());
            boolean changed = last[0] >= 0 && rows != last[0];
            last[0] = rows;
            return changed;
        }));
    }

    /** Kills the runs of one workload, then checks its output against the truth; returns its runs. */
    @FunctionalInterface
    private interface KilledWorkload {
        KilledRuns killAndCheck(Path dir, long workloadSeed, int wantedKills) throws Exception;
    }

    /**
     * Simulates workloads of seeds drawn from {@code workloadSeeds} and hands each to {@code target} with at most
     * {@value #KILLS_PER_WORKLOAD} kills, until {@code wanted} kills happened in all.
     */
    private void killWorkloads(String target, long seed, long workloadSeeds, int wanted, List<String> phases,
                               KilledWorkload run) throws Exception {
        SplittableRandom seeds = new SplittableRandom(workloadSeeds);
        List<String> done = new ArrayList<>();
        Map<String, Integer> atPhase = new TreeMap<>();
        int kills = 0;
        for (int workload = 0; kills < wanted; workload++) {
            // every workload gets at least one kill unless its runs end before every kill point
            assertThat(workload).as("workloads whose runs all ended before their kill, faults.seed=%d: %s", seed, done)
                    .isLessThan(wanted);
            long workloadSeed = seeds.nextLong(1, Long.MAX_VALUE);
            Path dir = tmp.resolve(target + "-" + workload);
            WorkloadSimulator.write(dir, workload(workloadSeed));
            KilledRuns runs = run.killAndCheck(dir, workloadSeed, Math.min(KILLS_PER_WORKLOAD, wanted - kills));
            kills += runs.kills();
            runs.killsAtPhase().forEach((phase, count) -> atPhase.merge(phase, count, Integer::sum));
            done.add("workload seed " + workloadSeed + ": " + runs.describe());
        }
        System.out.println("fault suite (" + target + "), faults.seed=" + seed + ": " + kills + " kills, at phases "
                + atPhase + ", " + done);
        assertThat(kills).as("kills, faults.seed=%d: %s", seed, done).isGreaterThanOrEqualTo(wanted);
        assertThat(atPhase.keySet()).as("phases a kill came at, faults.seed=%d: %s", seed, done)
                .containsAll(phases);
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
