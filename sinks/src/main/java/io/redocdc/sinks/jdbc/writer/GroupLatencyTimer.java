package io.redocdc.sinks.jdbc.writer;

import java.io.IOException;
import org.apache.flink.api.common.operators.ProcessingTimeService;

/**
 * {@code sink.group-max-latency} of the serial writer's group commit: one processing-time timer per group; the
 * timer of a group that has since committed does nothing. Callbacks run in the task's mailbox thread, like the
 * writer's {@code write}.
 */
final class GroupLatencyTimer {

    /** What runs when the open group has reached its latency. */
    interface Expiry {
        void run() throws IOException;
    }

    /** Null where no timer service is given (tests, tools): groups then commit by size and at flush only. */
    private final ProcessingTimeService timers;
    private final long latencyMillis;
    /** With one row per group every transaction commits alone: no timer needed. */
    private final boolean grouping;
    /** Identifies the open group; a timer of an earlier group does nothing. */
    private long generation;

    GroupLatencyTimer(ProcessingTimeService timers, long latencyMillis, long groupMaxRows) {
        this.timers = timers;
        this.latencyMillis = latencyMillis;
        this.grouping = groupMaxRows > 1;
    }

    /** A new group opens: {@code expiry} runs after the latency unless another group has opened by then. */
    void start(Expiry expiry) {
        long started = ++generation;
        if (timers != null && grouping) {
            timers.registerTimer(timers.getCurrentProcessingTime() + latencyMillis, time -> {
                if (started == generation) {
                    expiry.run();
                }
            });
        }
    }
}
