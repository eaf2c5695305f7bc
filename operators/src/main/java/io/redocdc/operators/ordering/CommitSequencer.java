package io.redocdc.operators.ordering;

import io.redocdc.operators.lcr.Lcr;
import org.apache.flink.api.common.typeinfo.TypeInformation;
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
                .process(new CommitSequencerFunction(), TypeInformation.of(Lcr.class))
                .uid(UID)
                .name(UID)
                .setParallelism(1);
        sequenced.setMaxParallelism(1);
        return sequenced;
    }
}
