package io.redocdc.job.pipeline;

import io.redocdc.operators.lcr.Lcr;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.flink.api.common.state.CheckpointListener;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.functions.RichMapFunction;
import org.apache.flink.api.common.state.ListState;
import org.apache.flink.api.common.state.ListStateDescriptor;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.runtime.state.FunctionInitializationContext;
import org.apache.flink.runtime.state.FunctionSnapshotContext;
import org.apache.flink.streaming.api.checkpoint.CheckpointedFunction;

/**
 * Fails the job on purpose: attempt k (k below {@code failures}) throws when the stream's LCR count, kept in
 * checkpointed state, reaches (k + 1) × {@code every}. Each restart restores from the latest checkpoint, so the
 * count resumes where that checkpoint left it and the next failure comes later in the stream: every failure
 * happens whatever the timing, and the run exercises recovery with open transactions, buffered commits and
 * in-progress files. Before its failure, an attempt slows each LCR down by a millisecond; when asked, it fails only
 * once a checkpoint of its own has completed, so that every failure has progress to restore (aligned barriers
 * wait behind the slowed-down data). Must run with parallelism 1.
 */
final class FailureInjector extends RichMapFunction<Lcr, Lcr> implements CheckpointedFunction, CheckpointListener {

    /** Failures thrown in this JVM (the MiniCluster runs in the test's JVM), so a test can check they happened. */
    static final AtomicInteger INJECTED = new AtomicInteger();
    /** Commit SCN of the LCR at each injected failure: transactions open across it were restored from state. */
    static final List<Long> FAILED_AT_COMMIT_SCN = new CopyOnWriteArrayList<>();
    /** The highest LCR count a restart restored: above zero means a checkpoint carried progress across a failure. */
    static final AtomicLong RESTORED = new AtomicLong();

    private final int failures;
    private final long every;
    private final boolean afterACheckpoint;
    private transient ListState<Long> passedState;
    private transient long passed;
    private transient int attempt;
    /** A checkpoint completed in this attempt: the failure then has progress to restore. */
    private transient volatile boolean checkpointed;

    FailureInjector(int failures, long every) {
        this(failures, every, false);
    }

    /** @param afterACheckpoint fail only once a checkpoint of the attempt completed (progress to restore) */
    FailureInjector(int failures, long every, boolean afterACheckpoint) {
        this.failures = failures;
        this.every = every;
        this.afterACheckpoint = afterACheckpoint;
    }

    @Override
    public void open(OpenContext context) {
        attempt = getRuntimeContext().getTaskInfo().getAttemptNumber();
    }

    @Override
    public Lcr map(Lcr lcr) throws InterruptedException {
        passed++;
        if (attempt >= failures) {
            return lcr;
        }
        Thread.sleep(1);
        if (passed >= (attempt + 1) * every && (checkpointed || !afterACheckpoint)) {
            INJECTED.incrementAndGet();
            FAILED_AT_COMMIT_SCN.add(lcr.commitScn());
            throw new IllegalStateException("failure injected on purpose in attempt " + attempt + " after LCR "
                    + passed);
        }
        return lcr;
    }

    @Override
    public void notifyCheckpointComplete(long checkpointId) {
        checkpointed = true;
    }

    @Override
    public void snapshotState(FunctionSnapshotContext context) throws Exception {
        passedState.update(List.of(passed));
    }

    @Override
    public void initializeState(FunctionInitializationContext context) throws Exception {
        passedState = context.getOperatorStateStore()
                .getListState(new ListStateDescriptor<>("lcrs-passed", Types.LONG));
        passed = 0;
        for (Long value : passedState.get()) {
            passed += value;
        }
        RESTORED.accumulateAndGet(passed, Math::max);
    }
}
