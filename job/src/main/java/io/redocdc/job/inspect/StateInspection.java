package io.redocdc.job.inspect;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * What a savepoint or checkpoint of the capture job holds, in Oracle's terms. Printed as text by
 * {@link InspectionText} and as JSON (field names as here) by {@code inspect --json}.
 *
 * @param path                  the savepoint or checkpoint directory read
 * @param checkpointId          Flink's checkpoint id
 * @param startScn              the start SCN the job began with (the enumerator's copy)
 * @param completedFrontier     the completed-SCN frontier last published to the readers, null before any
 * @param allLogsRead           whether the readers reached the end of a bounded input (or the maximum SCN)
 * @param threads               per redo thread, where reading stands
 * @param openTransactions      transactions whose START is in the assembler's state, by start SCN
 * @param rowsWithoutStart      buffered rows of transactions whose START was not read (begun before the start SCN)
 * @param sequencer             the commit sequencer's state
 * @param requiredCheckpointScn the lowest SCN a restart from this state needs
 * @param requiredBecause       why: the oldest open transaction, or the frontier
 * @param purgeAdvice           per thread, the sequence below which archived logs can be purged
 * @param sinks                 the sinks whose state is in the savepoint
 */
public record StateInspection(String path, long checkpointId, long startScn, Long completedFrontier,
                              boolean allLogsRead, List<ThreadState> threads, List<OpenTransaction> openTransactions,
                              long rowsWithoutStart, Sequencer sequencer, Long requiredCheckpointScn,
                              String requiredBecause, List<Purge> purgeAdvice, List<SinkState> sinks) {

    /**
     * @param thread              THREAD#
     * @param nextSequence        the first log sequence not finished: a restart reads it (and later ones) again
     * @param completedNextChange NEXT_CHANGE# of the last finished log before it (the thread's share of the frontier)
     * @param logsInReaders       logs a reader holds, with how far it got; a log with records handed on is half read
     * @param finishedAhead       logs finished out of order beyond {@code nextSequence}, as sequence ranges
     */
    public record ThreadState(int thread, long nextSequence, long completedNextChange, List<LogInReader> logsInReaders,
                              List<String> finishedAhead) {
    }

    /**
     * @param sequence    SEQUENCE#
     * @param firstChange FIRST_CHANGE#
     * @param nextChange  NEXT_CHANGE#
     * @param recordsRead records handed on (0: not started)
     * @param resumeRsId  RS_ID the reader resumes by (the greatest handed on), when the reader keeps it
     * @param resumeSsn   SSN of that id
     * @param finished    read to its end, the enumerator not yet told
     */
    public record LogInReader(long sequence, long firstChange, long nextChange, long recordsRead, String resumeRsId,
                              Long resumeSsn, boolean finished) {

        @JsonProperty("halfRead")
        public boolean halfRead() {
            return recordsRead > 0 && !finished;
        }
    }

    /**
     * @param xid           XID (RAW hex)
     * @param thread        THREAD# of its START
     * @param startScn      SCN of its START
     * @param startSequence the log sequence holding its START
     * @param rows          its row records buffered in state
     * @param end           its COMMIT or ROLLBACK when already read but not yet due (the frontier has not passed
     *                      it), else null
     * @param endScn        SCN of that end, else null
     */
    public record OpenTransaction(String xid, int thread, long startScn, long startSequence, long rows, String end,
                                  Long endScn) {
    }

    /**
     * @param processedLowPosition every transaction committed at or below it was delivered (hex), null before any
     * @param processedCommitScn   the commit SCN read back from that position
     * @param pendingTransactions  committed transactions waiting for the watermark to pass their commit SCN
     * @param bufferedLcrs         their LCRs
     */
    public record Sequencer(String processedLowPosition, Long processedCommitScn, long pendingTransactions,
                            long bufferedLcrs) {
    }

    /**
     * @param thread             THREAD#
     * @param purgeBeforeSequence archived logs of the thread below this sequence are not needed by a restart
     * @param oldestOpenStart    the lowest sequence holding an open transaction's START, null when none
     */
    public record Purge(int thread, long purgeBeforeSequence, Long oldestOpenStart) {
    }

    /**
     * @param uid     the sink operator's uid
     * @param kind    file or JDBC
     * @param applied where its applied position is and what the savepoint holds of it
     */
    public record SinkState(String uid, String kind, String applied) {
    }
}
