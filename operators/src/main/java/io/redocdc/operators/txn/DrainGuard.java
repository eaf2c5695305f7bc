package io.redocdc.operators.txn;

import io.redocdc.source.event.FrontierEvent;
import java.util.List;
import org.apache.flink.api.common.state.ListState;
import org.apache.flink.api.common.state.ListStateDescriptor;
import org.apache.flink.api.common.state.OperatorStateStore;
import org.apache.flink.api.common.typeinfo.Types;

/**
 * Refuses {@code stop --drain} before every log is read. A drain makes the source send Flink's maximum watermark
 * at once; passed on, it would fire every buffered COMMIT, including those whose rows or whose earlier commits
 * are in logs not read yet: a partial transaction, or one out of commit order. The readers end a finished input
 * with {@link FrontierEvent#ALL_READ_WATERMARK} first, so the maximum watermark after it is a normal end.
 */
final class DrainGuard {

    private DrainGuard() {
    }

    /**
     * Whether this job's input was read to its end, kept in union operator state: after a restore whose sources
     * had already finished, Flink replays only their maximum watermark, without the one before it.
     */
    static ListStateDescriptor<Boolean> allReadDescriptor() {
        return new ListStateDescriptor<>("all-logs-read", Types.BOOLEAN);
    }

    /** The last watermark to assume on (re)start: {@link FrontierEvent#ALL_READ_WATERMARK} once it was seen. */
    static long restoredWatermark(ListState<Boolean> allRead) throws Exception {
        for (Boolean read : allRead.get()) {
            if (Boolean.TRUE.equals(read)) {
                return FrontierEvent.ALL_READ_WATERMARK;
            }
        }
        return Long.MIN_VALUE;
    }

    /** Records that every log was read, once the watermark says so. */
    static void noteWatermark(long watermark, ListState<Boolean> allRead) throws Exception {
        if (watermark >= FrontierEvent.ALL_READ_WATERMARK) {
            allRead.update(List.of(true));
        }
    }

    static ListState<Boolean> allReadState(OperatorStateStore store) throws Exception {
        return store.getUnionListState(allReadDescriptor());
    }

    /**
     * @param watermark the watermark arriving
     * @param previous  the last watermark processed
     * @throws DrainRefusedException when {@code watermark} is the maximum and not every log was read
     */
    static void check(long watermark, long previous) {
        if (watermark == Long.MAX_VALUE && previous < FrontierEvent.ALL_READ_WATERMARK) {
            throw new DrainRefusedException(previous);
        }
    }

    /** The job fails over and restarts from its latest checkpoint: nothing was emitted past the frontier. */
    static final class DrainRefusedException extends IllegalStateException {
        private static final long serialVersionUID = 1L;

        DrainRefusedException(long watermark) {
            super("stop --drain (stop-with-savepoint advancing to the end of event time) is refused while archived "
                    + "logs are still unread: the redo is read up to the completed-SCN frontier "
                    + (watermark == Long.MIN_VALUE ? "(none yet)" : String.valueOf(watermark + 1))
                    + ", and the maximum watermark would emit transactions whose rows or earlier commits are in "
                    + "later logs. Stop without --drain (the savepoint resumes exactly where it stopped), or let "
                    + "the job end by itself (--source.bounded, --source.max-scn). The job goes on from its latest "
                    + "checkpoint");
        }
    }
}
