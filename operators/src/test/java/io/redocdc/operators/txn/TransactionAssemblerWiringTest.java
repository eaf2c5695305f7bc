package io.redocdc.operators.txn;

import static org.assertj.core.api.Assertions.assertThat;

import io.redocdc.operators.lcr.Lcr;
import io.redocdc.operators.ordering.CommitSequencer;
import io.redocdc.source.model.RedoRecord;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.dag.Transformation;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.junit.jupiter.api.Test;

/** The uids are savepoint compatibility: they must not change by accident. */
class TransactionAssemblerWiringTest {

    @Test
    void assembleAndSequenceUseStableUidsAndOneSequencerSubtask() {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(4);
        RedoRecord record = RedoLog.of(1, 1).start(1, TransactionAssemblerTest.XID_A);
        DataStream<RedoRecord> records = env.fromData(TypeInformation.of(RedoRecord.class), record);

        SingleOutputStreamOperator<Lcr> assembled = TransactionAssembler.assemble(records, AssemblerOptions.defaults());
        SingleOutputStreamOperator<Lcr> sequenced = CommitSequencer.sequence(assembled);

        assertThat(assembled.getTransformation().getUid()).isEqualTo("transaction-assembler");
        assertThat(assembled.getName()).isEqualTo("transaction-assembler");
        Transformation<?> shuffle = assembled.getTransformation().getInputs().get(0);
        assertThat(shuffle.getInputs().get(0).getUid()).isEqualTo("capture-filter");
        assertThat(assembled.getSideOutput(TransactionAssembler.DEAD_LETTERS).getType())
                .isEqualTo(TypeInformation.of(DeadLetter.class));

        assertThat(sequenced.getTransformation().getUid()).isEqualTo("commit-sequencer");
        assertThat(sequenced.getParallelism()).isEqualTo(1);
        assertThat(sequenced.getTransformation().getMaxParallelism()).isEqualTo(1);
    }
}
