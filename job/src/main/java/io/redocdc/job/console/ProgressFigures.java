package io.redocdc.job.console;

/**
 * What the progress line shows, taken from the job's metrics (see README, Metrics). A figure not known yet is -1.
 *
 * @param logsRead          archived logs read to their end (enumerator {@code logsCompleted})
 * @param logsKnown         archived logs of the catalog the job reads (enumerator {@code logsCatalogued})
 * @param changesPerSecond  LCRs the sequencer hands to the sinks per second ({@code emittedLcrsPerSecond})
 * @param frontierScn       completed-SCN frontier ({@code completedFrontierScn})
 * @param frontierRedoTime  redo time at the frontier, epoch milliseconds ({@code frontierRedoTime})
 * @param openTransactions  open transactions over all assembler subtasks ({@code openTransactions})
 * @param lagMillis         now minus the frontier's redo time ({@code frontierLagMillis})
 */
public record ProgressFigures(long logsRead, long logsKnown, double changesPerSecond, long frontierScn,
                              long frontierRedoTime, long openTransactions, long lagMillis) {

    /** Nothing reported yet. */
    public static final ProgressFigures NONE = new ProgressFigures(-1, -1, -1, -1, -1, -1, -1);
}
