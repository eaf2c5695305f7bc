package io.redocdc.job.pipeline;

import io.redocdc.operators.lcr.Lcr;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.functions.RichMapFunction;
import org.apache.flink.api.common.state.CheckpointListener;

/**
 * Fails the job on purpose: in each of the first {@code failures} attempts, once a checkpoint of that attempt
 * has completed and {@code afterRecords} more LCRs have passed, it throws. The restart restores from the latest
 * checkpoint, so the run exercises recovery with open transactions, buffered commits and in-progress files.
 */
final class FailureInjector extends RichMapFunction<Lcr, Lcr> implements CheckpointListener {

    /** Failures thrown in this JVM (the MiniCluster runs in the test's JVM), so a test can check they happened. */
    static final AtomicInteger INJECTED = new AtomicInteger();

    private final int failures;
    private final int afterRecords;
    private transient boolean armed;
    private transient int seenSinceArmed;
    private transient int attempt;

    FailureInjector(int failures, int afterRecords) {
        this.failures = failures;
        this.afterRecords = afterRecords;
    }

    @Override
    public void open(OpenContext context) {
        attempt = getRuntimeContext().getTaskInfo().getAttemptNumber();
    }

    @Override
    public Lcr map(Lcr lcr) {
        if (armed && attempt < failures && ++seenSinceArmed > afterRecords) {
            INJECTED.incrementAndGet();
            throw new IllegalStateException("failure injected on purpose in attempt " + attempt);
        }
        return lcr;
    }

    @Override
    public void notifyCheckpointComplete(long checkpointId) {
        armed = true;
    }
}
