package io.redocdc.operators.ordering;

import io.redocdc.operators.lcr.Lcr;
import io.redocdc.operators.lcr.LcrSerializer;
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

    public static SingleOutputStreamOperator<Lcr> sequence(DataStream<Lcr> lcrs) {
        // One constant key: the buffer lives in keyed MapState, which spills to disk with RocksDB.
        SingleOutputStreamOperator<Lcr> sequenced = lcrs
                .keyBy(lcr -> 0, Types.INT)
                .process(new CommitSequencerFunction(), LcrSerializer.TYPE)
                .uid(UID)
                .name(UID)
                .setParallelism(1);
        sequenced.setMaxParallelism(1);
        return sequenced;
    }
}
