package io.redocdc.operators.txn;

import io.redocdc.source.event.FrontierEvent;

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
