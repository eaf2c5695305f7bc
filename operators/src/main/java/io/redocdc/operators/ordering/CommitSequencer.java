package io.redocdc.operators.ordering;

import io.redocdc.operators.lcr.Lcr;
import io.redocdc.operators.lcr.LcrSerializer;
import io.redocdc.operators.txn.AssemblerOptions;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;

/**
 * Wiring of the commit sequencer: merges the assembler subtasks' transactions into one stream in commit order
 * (position order), one subtask, LCR by LCR.
 */
public final class CommitSequencer {

    public static final String UID = "commit-sequencer";

    private CommitSequencer() {
    }

    /** For sinks that take a transaction's LCRs across checkpoints (files, Flink SQL). */
    public static SingleOutputStreamOperator<Lcr> sequence(DataStream<Lcr> lcrs) {
        return sequence(lcrs, false);
    }

    /**
     * @param wholeTransactions true for sinks that keep the open transaction in their checkpoint state (the JDBC
     *                          apply writer): the sequencer's emission steps then end only between transactions,
     *                          so no checkpoint barrier reaches them within one
     */
    public static SingleOutputStreamOperator<Lcr> sequence(DataStream<Lcr> lcrs, boolean wholeTransactions) {
        SingleOutputStreamOperator<Lcr> sequenced = lcrs
                .keyBy(lcr -> CommitSequencerOperator.KEY, Types.INT)
                .transform(UID, LcrSerializer.TYPE,
                        new CommitSequencerOperator(AssemblerOptions.DEFAULT_EMISSION_STEP, wholeTransactions))
                .uid(UID)
                .setParallelism(1);
        sequenced.setMaxParallelism(1);
        return sequenced;
    }
}
