package io.redocdc.job.faults;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

/**
 * When {@link KilledRuns} kills a run: after a random delay, or as soon as the run reaches a phase (a line in its
 * log, or a condition on its target), so that kills also land where random ones rarely do.
 */
abstract class KillPoint {

    /** Bounds of a random delay, from the child's start (JVM and MiniCluster start-up included). */
    private static final long MIN_DELAY_MS = 1_500;
    private static final long MAX_DELAY_MS = 9_000;
    /** A phase the run has not reached by then is not coming (the run ends without it, or it is elsewhere). */
    private static final Duration PHASE_TIMEOUT = Duration.ofSeconds(90);
    private static final long POLL_MS = 5;

    enum Outcome { KILL_AT_PHASE, KILL_AT_DELAY, KILL_PHASE_NOT_REACHED, FINISHED_FIRST }

    private final String name;

    private KillPoint(String name) {
        this.name = name;
    }

    String name() {
        return name;
    }

    /** Waits until the run should be killed, or until it ended by itself. */
    abstract Outcome await(Process child, Path log, SplittableRandom random) throws Exception;

    static KillPoint randomDelay() {
        return new KillPoint("random delay") {
            @Override
            Outcome await(Process child, Path log, SplittableRandom random) throws InterruptedException {
                long delay = MIN_DELAY_MS + random.nextLong(MAX_DELAY_MS - MIN_DELAY_MS);
                return child.waitFor(delay, TimeUnit.MILLISECONDS) ? Outcome.FINISHED_FIRST : Outcome.KILL_AT_DELAY;
            }
        };
    }

    /** As soon as the run's log shows {@code text} (a line the job logs on its own, not written for tests). */
    static KillPoint whenLogShows(String phase, String text) {
        return when(phase, new LogWatch(text)::shows);
    }

    /** Reads only what a log gained since the last look (a log grows to megabytes; it is polled every 5 ms). */
    private static final class LogWatch {
        private final String text;
        private Path log;
        private long offset;
        private String tail = "";

        LogWatch(String text) {
            this.text = text;
        }

        boolean shows(Path current) throws IOException {
            if (!current.equals(log)) {
                log = current;
                offset = 0;
                tail = "";
            }
            if (!Files.exists(log)) {
                return false;
            }
            try (RandomAccessFile file = new RandomAccessFile(log.toFile(), "r")) {
                if (file.length() <= offset) {
                    return false;
                }
                byte[] added = new byte[(int) Math.min(file.length() - offset, 1 << 20)];
                file.seek(offset);
                file.readFully(added);
                offset += added.length;
                String seen = tail + new String(added, StandardCharsets.UTF_8);
                tail = seen.substring(Math.max(0, seen.length() - text.length()));
                return seen.contains(text);
            }
        }
    }

    /** As soon as {@code reached} holds (polled every few milliseconds). */
    static KillPoint when(String phase, Condition reached) {
        return new KillPoint(phase) {
            @Override
            Outcome await(Process child, Path log, SplittableRandom random) throws Exception {
                long deadline = System.nanoTime() + PHASE_TIMEOUT.toNanos();
                while (System.nanoTime() < deadline) {
                    if (!child.isAlive()) {
                        return Outcome.FINISHED_FIRST;
                    }
                    if (reached.holds(log)) {
                        return Outcome.KILL_AT_PHASE;
                    }
                    Thread.sleep(POLL_MS);
                }
                return child.isAlive() ? Outcome.KILL_PHASE_NOT_REACHED : Outcome.FINISHED_FIRST;
            }
        };
    }

    /** A phase of a run, checked against its log or its target. */
    @FunctionalInterface
    interface Condition {
        boolean holds(Path log) throws Exception;
    }

    /** {@code condition} as a Condition that ignores the log. */
    static Condition ofTarget(Callable<Boolean> condition) {
        return log -> condition.call();
    }
}
