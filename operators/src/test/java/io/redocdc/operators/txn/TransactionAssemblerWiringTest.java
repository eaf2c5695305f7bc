package io.redocdc.operators.txn;

import static org.assertj.core.api.Assertions.assertThat;

import io.redocdc.operators.lcr.Lcr;
import io.redocdc.operators.ordering.CommitSequencer;
import io.redocdc.source.model.RedoRecord;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.dag.Transformation;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

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
        // Flink's default, as the assembler's: one layout of the sequencer's state with or without a task of its own
        assertThat(sequenced.getTransformation().getMaxParallelism()).isEqualTo(-1);
    }

    /** At parallelism 1 nothing needs shuffling: the assembler shares the source's task; above, records are keyed. */
    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    void theAssemblerChainsToTheSourceOnlyAtParallelismOne(int parallelism) {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(parallelism);
        RedoRecord record = RedoLog.of(1, 1).start(1, TransactionAssemblerTest.XID_A);
        DataStream<RedoRecord> records = env.fromData(TypeInformation.of(RedoRecord.class), record);
        CommitSequencer.sequence(TransactionAssembler.assemble(records, AssemblerOptions.defaults())).sinkTo(new DiscardingSink<>());

        List<String> vertices = new ArrayList<>();
        env.getStreamGraph().getJobGraph().getVertices().forEach(vertex -> vertices.add(vertex.getName()));
        List<String> withAssembler = vertices.stream().filter(name -> name.contains("transaction-assembler")).toList();
        assertThat(withAssembler).hasSize(1);
        if (parallelism == 1) {
            assertThat(withAssembler.get(0)).contains("capture-filter");
        } else {
            assertThat(withAssembler.get(0)).doesNotContain("capture-filter");
        }
    }

    /** When allowed, the LCRs of one assembler subtask reach the sequencer in the same task, not serialized. */
    @ParameterizedTest
    @CsvSource({"1, true, true", "1, false, false", "2, true, false"})
    void theSequencerChainsToTheAssemblerWhenAllowedAndFromOneSubtaskOnly(
            int parallelism, boolean inTheAssemblersTask, boolean chained) {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(parallelism);
        RedoRecord record = RedoLog.of(1, 1).start(1, TransactionAssemblerTest.XID_A);
        DataStream<RedoRecord> records = env.fromData(TypeInformation.of(RedoRecord.class), record);
        CommitSequencer.sequence(TransactionAssembler.assemble(records, AssemblerOptions.defaults()), false,
                inTheAssemblersTask).sinkTo(new DiscardingSink<>());

        List<String> vertices = new ArrayList<>();
        env.getStreamGraph().getJobGraph().getVertices().forEach(vertex -> vertices.add(vertex.getName()));
        List<String> withSequencer = vertices.stream().filter(name -> name.contains("commit-sequencer")).toList();
        assertThat(withSequencer).hasSize(1);
        assertThat(withSequencer.get(0).contains("transaction-assembler")).as("in the assembler's task: %s", vertices)
                .isEqualTo(chained);
    }
}
