package io.redocdc.operators.ordering;

import io.redocdc.operators.lcr.Lcr;
import io.redocdc.operators.lcr.LcrSerializer;
import io.redocdc.operators.txn.AssemblerOptions;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.DataStreamUtils;
import org.apache.flink.streaming.api.datastream.KeyedStream;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;

/**
 * Wiring of the commit sequencer: merges the assembler subtasks' transactions into one stream in commit order
 * (position order), one subtask, LCR by LCR.
 */
public final class CommitSequencer {

    public static final String UID = "commit-sequencer";

    private CommitSequencer() {
    }

    /** For sinks that take a transaction's LCRs across checkpoints (files, Flink SQL), in a task of its own. */
    public static SingleOutputStreamOperator<Lcr> sequence(DataStream<Lcr> lcrs) {
        return sequence(lcrs, false, false);
    }

    /**
     * @param wholeTransactions   true for sinks that keep the open transaction in their checkpoint state (the JDBC
     *                            apply writer): the sequencer's emission steps then end only between transactions,
     *                            so no checkpoint barrier reaches them within one
     * @param inTheAssemblersTask whether the sequencer (and the sink chained to it) may run in the task of the
     *                            assembler when there is one assembler subtask ({@link #toOneSubtask})
     */
    public static SingleOutputStreamOperator<Lcr> sequence(DataStream<Lcr> lcrs, boolean wholeTransactions,
                                                           boolean inTheAssemblersTask) {
        SingleOutputStreamOperator<Lcr> sequenced = toOneSubtask(lcrs, inTheAssemblersTask)
                .transform(UID, LcrSerializer.TYPE,
                        new CommitSequencerOperator(AssemblerOptions.DEFAULT_EMISSION_STEP, wholeTransactions))
                .uid(UID)
                .setParallelism(1);
        // No maximum parallelism of its own (builds before 2026-12-08 set 1): Flink's default is then the
        // assembler's (128 up to parallelism 85), so the sequencer's state has one layout whether or not it shares
        // the assembler's task, and savepoints rescale across. Older savepoints restore with their 1 (Flink takes a
        // restored maximum when none is configured); CapturePipeline keeps the sequencer in a task of its own then.
        return sequenced;
    }

    /**
     * All LCRs under the sequencer's one key. From one assembler subtask they are all there already, so, if the
     * caller allows it, they are taken as keyed where they are: the sequencer and its sink then chain to the
     * assembler, and the LCRs reach them without being serialized between threads. The state is keyed the same way,
     * under the same maximum parallelism, either way, so savepoints restore across.
     */
    private static KeyedStream<Lcr, Integer> toOneSubtask(DataStream<Lcr> lcrs, boolean inTheAssemblersTask) {
        if (inTheAssemblersTask && lcrs.getParallelism() == 1) {
            return DataStreamUtils.reinterpretAsKeyedStream(lcrs, lcr -> CommitSequencerOperator.KEY, Types.INT);
        }
        return lcrs.keyBy(lcr -> CommitSequencerOperator.KEY, Types.INT);
    }
}
