package io.redocdc.job.sql;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Stream;
import org.apache.flink.table.functions.ScalarFunction;

/**
 * A SQL function for {@link OracleRedoTableSourceITCase} that passes every row, a little slowly (so that rows keep
 * arriving over several checkpoints), and fails the job once the latest completed checkpoint is two after the one
 * completed at its first row: with one checkpoint at a time, that checkpoint's barrier follows the first row, so
 * restoring it does not start over. Static state: the MiniCluster runs in the test's JVM.
 */
public final class FailOnce extends ScalarFunction {
    static final AtomicLong CALLS = new AtomicLong();
    static final AtomicLong FAILED_AT = new AtomicLong();
    static final AtomicLong CHECKPOINTS_AT_FIRST_ROW = new AtomicLong(-1);
    /** Where the failing run's checkpoints are written; null for a run without failure. */
    static volatile Path checkpoints;

    static void reset(Path failAfterCheckpointsIn) {
        checkpoints = failAfterCheckpointsIn;
        CALLS.set(0);
        FAILED_AT.set(0);
        CHECKPOINTS_AT_FIRST_ROW.set(-1);
    }

    public boolean eval(Long orderId) {
        LockSupport.parkNanos(100_000);
        long calls = CALLS.incrementAndGet();
        if (checkpoints == null || FAILED_AT.get() > 0) {
            return true;
        }
        long completed = completedCheckpoints();
        CHECKPOINTS_AT_FIRST_ROW.compareAndSet(-1, completed);
        if (completed >= CHECKPOINTS_AT_FIRST_ROW.get() + 2 && FAILED_AT.compareAndSet(0, calls)) {
            throw new IllegalStateException("failure injected by the test at order " + orderId);
        }
        return true;
    }

    /**
     * The id of the latest checkpoint whose metadata the job manager wrote (the last step of completing one);
     * earlier ones are deleted as later ones complete, so their ids, not their files, count.
     */
    private static long completedCheckpoints() {
        try (Stream<Path> files = Files.walk(checkpoints, 3)) {
            return files.filter(file -> file.getFileName().toString().equals("_metadata"))
                    .mapToLong(file -> Long.parseLong(file.getParent().getFileName().toString().substring(4)))
                    .max().orElse(0);
        } catch (IOException | UncheckedIOException e) {
            return 0; // not created yet, or a checkpoint subsumed while listing: look again at the next row
        }
    }

    @Override
    public boolean isDeterministic() {
        return false;
    }
}
