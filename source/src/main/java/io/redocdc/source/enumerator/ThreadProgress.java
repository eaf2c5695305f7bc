package io.redocdc.source.enumerator;

import io.redocdc.source.model.Scn;
import java.util.List;

/**
 * Checkpointed progress of one redo thread.
 *
 * @param thread THREAD#
 * @param completedSequence every selected log of the thread up to this sequence is finished (one below the first
 *        selected sequence when none is)
 * @param completedNextChange NEXT_CHANGE# of log {@code completedSequence}, which is FIRST_CHANGE# of the next
 *        log: the thread's share of the completed-SCN frontier
 * @param finishedRuns logs finished out of order, beyond the completed prefix
 */
public record ThreadProgress(int thread, long completedSequence, Scn completedNextChange,
                             List<FinishedRun> finishedRuns) {

    public ThreadProgress {
        finishedRuns = List.copyOf(finishedRuns);
    }
}
