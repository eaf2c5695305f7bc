package io.redocdc.job.faults;

import io.redocdc.job.RedoCdc;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/**
 * Runs {@code redo-cdc run ... --source.bounded} in a child JVM (the embedded MiniCluster, as {@code bin/redo-cdc}
 * does), kills it with SIGKILL at a {@link KillPoint} (the next of those given, in turn), and starts it again from
 * the newest retained checkpoint, as an operator would after a crash, until a run ends by itself. Every kill is
 * logged with where it came and which checkpoint the next run restored, for the failure message.
 */
final class KilledRuns {

    private static final Duration FINISH_TIMEOUT = Duration.ofMinutes(5);
    /** The children log the job's INFO lines, which kill points may wait for. */
    private static final String LOG_CONFIG = logConfig();

    private final Path checkpoints;
    private final Path logs;
    private final List<String> runArguments;
    private final Map<String, String> environment;
    private final List<KillPoint> killPoints;
    private final SplittableRandom random;
    private final List<String> history = new ArrayList<>();
    private final Map<String, Integer> killsAtPhase = new TreeMap<>();
    private int kills;

    /**
     * @param runArguments the options of {@code run} except {@code --checkpoint.dir} and {@code --restore}
     * @param killPoints where the kills come, in turn
     */
    KilledRuns(Path work, List<String> runArguments, Map<String, String> environment, List<KillPoint> killPoints,
               long seed) {
        this.checkpoints = work.resolve("checkpoints");
        this.logs = work.resolve("child-logs");
        this.runArguments = List.copyOf(runArguments);
        this.environment = Map.copyOf(environment);
        this.killPoints = List.copyOf(killPoints);
        this.random = new SplittableRandom(seed);
    }

    /**
     * Kills runs until {@code wantedKills} kills happened, then lets the next run finish.
     *
     * @return the kills done (fewer than wanted when a run finished before its kill)
     */
    int run(int wantedKills) throws Exception {
        Files.createDirectories(logs);
        for (int attempt = 0; ; attempt++) {
            Optional<Path> restore = RetainedCheckpoints.newest(checkpoints);
            boolean kill = kills < wantedKills;
            Path log = logs.resolve("run-" + attempt + ".log");
            Process child = start(restore, log);
            String from = restore.map(p -> checkpoints.relativize(p).toString()).orElse("the start");
            if (!kill) {
                if (!child.waitFor(FINISH_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
                    child.destroyForcibly().waitFor();
                    throw new AssertionError("run " + attempt + " did not finish in " + FINISH_TIMEOUT + "; log "
                            + log + "\n" + describe());
                }
                requireSuccess(child, attempt, restore, log);
                return kills;
            }
            KillPoint point = killPoints.get(kills % killPoints.size());
            long started = System.nanoTime();
            KillPoint.Outcome outcome = point.await(child, log, random);
            long after = (System.nanoTime() - started) / 1_000_000;
            if (outcome == KillPoint.Outcome.FINISHED_FIRST) {
                child.waitFor();
                requireSuccess(child, attempt, restore, log);
                history.add("run " + attempt + " from " + from + " finished before its kill (" + point.name() + ")");
                return kills;
            }
            child.destroyForcibly(); // SIGKILL: no shutdown hook, no Flink clean-up
            child.waitFor();
            kills++;
            if (outcome == KillPoint.Outcome.KILL_AT_PHASE) {
                killsAtPhase.merge(point.name(), 1, Integer::sum);
            }
            history.add("run " + attempt + " from " + from + " killed after " + after + " ms ("
                    + (outcome == KillPoint.Outcome.KILL_PHASE_NOT_REACHED ? "not reached: " : "") + point.name()
                    + ")");
        }
    }

    private Process start(Optional<Path> restore, Path log) throws IOException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-Xmx768m", "-cp", System.getProperty("java.class.path"),
                "-Dlog4j2.configurationFile=" + LOG_CONFIG,
                "--add-opens", "java.base/java.util=ALL-UNNAMED", RedoCdc.class.getName(), "run"));
        command.addAll(runArguments);
        command.addAll(List.of("--checkpoint.dir", checkpoints.toString()));
        restore.ifPresent(path -> command.addAll(List.of("--restore", path.toString())));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(log.toFile());
        builder.environment().putAll(environment);
        return builder.start();
    }

    private void requireSuccess(Process child, int attempt, Optional<Path> restore, Path log) throws IOException {
        if (child.exitValue() != 0) {
            List<String> lines = Files.readAllLines(log);
            throw new AssertionError("run " + attempt + " from " + restore.map(Path::toString).orElse("the start")
                    + " exited with " + child.exitValue() + "; its log " + log + " ends:\n  "
                    + String.join("\n  ", lines.subList(Math.max(0, lines.size() - 40), lines.size())) + "\n"
                    + describe());
        }
    }

    private static String logConfig() {
        try {
            return Path.of(KilledRuns.class.getResource("/fault-suite-log4j2.xml").toURI()).toString();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    int kills() {
        return kills;
    }

    /** Kills that came at their phase, by phase name (random delays not counted). */
    Map<String, Integer> killsAtPhase() {
        return Map.copyOf(killsAtPhase);
    }

    String describe() {
        return kills + " kill(s):\n  " + String.join("\n  ", history);
    }
}
