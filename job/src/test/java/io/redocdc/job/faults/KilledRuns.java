package io.redocdc.job.faults;

import io.redocdc.job.RedoCdc;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

/**
 * Runs {@code redo-cdc run ... --source.bounded} in a child JVM (the embedded MiniCluster, as {@code bin/redo-cdc}
 * does), kills it with SIGKILL after a random delay, and starts it again from the newest retained checkpoint, as an
 * operator would after a crash, until a run ends by itself. Every kill is logged with when it came and which
 * checkpoint the next run restored, for the failure message.
 */
final class KilledRuns {

    /** Bounds of the delay before a kill, from the child's start (JVM and MiniCluster start-up included). */
    private static final long MIN_DELAY_MS = 1_500;
    private static final long MAX_DELAY_MS = 9_000;
    private static final Duration FINISH_TIMEOUT = Duration.ofMinutes(5);

    private final Path checkpoints;
    private final Path logs;
    private final List<String> runArguments;
    private final Map<String, String> environment;
    private final SplittableRandom random;
    private final List<String> history = new ArrayList<>();
    private int kills;

    /** @param runArguments the options of {@code run} except {@code --checkpoint.dir} and {@code --restore} */
    KilledRuns(Path work, List<String> runArguments, Map<String, String> environment, long seed) {
        this.checkpoints = work.resolve("checkpoints");
        this.logs = work.resolve("child-logs");
        this.runArguments = List.copyOf(runArguments);
        this.environment = Map.copyOf(environment);
        this.random = new SplittableRandom(seed);
    }

    /**
     * Kills runs until {@code wantedKills} kills happened, then lets the next run finish.
     *
     * @return the kills done (fewer than wanted when a run finished before its kill)
     */
    int run(int wantedKills) throws IOException, InterruptedException {
        Files.createDirectories(logs);
        for (int attempt = 0; ; attempt++) {
            Optional<Path> restore = RetainedCheckpoints.newest(checkpoints);
            boolean kill = kills < wantedKills;
            long delay = MIN_DELAY_MS + random.nextLong(MAX_DELAY_MS - MIN_DELAY_MS);
            Path log = logs.resolve("run-" + attempt + ".log");
            Process child = start(restore, log);
            if (!kill) {
                if (!child.waitFor(FINISH_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
                    child.destroyForcibly().waitFor();
                    throw new AssertionError("run " + attempt + " did not finish in " + FINISH_TIMEOUT + "; log "
                            + log + "\n" + describe());
                }
                requireSuccess(child, attempt, restore, log);
                return kills;
            }
            if (child.waitFor(delay, TimeUnit.MILLISECONDS)) {
                requireSuccess(child, attempt, restore, log);
                history.add("run " + attempt + " from " + restore.map(Path::toString).orElse("the start")
                        + " finished before its kill at " + delay + " ms");
                return kills;
            }
            child.destroyForcibly(); // SIGKILL: no shutdown hook, no Flink clean-up
            child.waitFor();
            kills++;
            history.add("run " + attempt + " from " + restore.map(p -> checkpoints.relativize(p).toString())
                    .orElse("the start") + " killed after " + delay + " ms");
        }
    }

    private Process start(Optional<Path> restore, Path log) throws IOException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-Xmx768m", "-cp", System.getProperty("java.class.path"),
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

    int kills() {
        return kills;
    }

    String describe() {
        return kills + " kill(s):\n  " + String.join("\n  ", history);
    }
}
