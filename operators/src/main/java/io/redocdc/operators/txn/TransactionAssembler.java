package io.redocdc.operators.txn;

import io.redocdc.operators.lcr.Lcr;
import io.redocdc.operators.lcr.LcrSerializer;
import io.redocdc.source.model.RedoRecord;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.DataStreamUtils;
import org.apache.flink.streaming.api.datastream.KeyedStream;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.apache.flink.util.OutputTag;

/**
 * Wiring of the transaction assembler: redo records in (event time = SCN, watermark = completed-SCN frontier
 * minus one), LCRs of committed transactions out, each transaction whole and contiguous on one subtask, emitted
 * once the watermark passes its commit SCN, with event time = commit SCN.
 */
public final class TransactionAssembler {

    public static final String FILTER_UID = "capture-filter";
    public static final String UID = "transaction-assembler";

    /** Rows that could not be converted, when {@link AssemblerOptions#deadLetter()} is on. */
    public static final OutputTag<DeadLetter> DEAD_LETTERS =
            new OutputTag<>("dead-letters", TypeInformation.of(DeadLetter.class));

    private TransactionAssembler() {
    }

    /**
     * Applies the {@link CaptureFilter} (chained to the source), keys by undo slot and assembles transactions (chained
     * to the source too at parallelism 1).
     * The returned operator carries the {@link #DEAD_LETTERS} side output.
     */
    public static SingleOutputStreamOperator<Lcr> assemble(DataStream<RedoRecord> records, AssemblerOptions options) {
        return assemble(records, options, null);
    }

    /**
     * Like {@link #assemble(DataStream, AssemblerOptions)}; at each checkpoint the open transactions' START logs are
     * reported under {@code retentionKey} ({@code RedoLogSource#retentionKey()}) for the source's purge advice.
     */
    public static SingleOutputStreamOperator<Lcr> assemble(DataStream<RedoRecord> records, AssemblerOptions options,
                                                           String retentionKey) {
        SingleOutputStreamOperator<RedoRecord> captured = records
                .filter(new CaptureFilter(options.tableFilter()))
                .uid(FILTER_UID)
                .name(FILTER_UID);
        return bySlot(captured)
                .transform(UID, LcrSerializer.TYPE, new TransactionAssemblerOperator(options, retentionKey))
                .uid(UID);
    }

    /**
     * Keyed by undo slot. With one source subtask and one assembler subtask every key is already where it belongs, so
     * the records are not shuffled but taken as keyed where they are: the assembler then chains to the source, and
     * the records reach it without being serialized between threads. The state is keyed the same way either way, so
     * a savepoint restores at another parallelism.
     */
    private static KeyedStream<RedoRecord, Integer> bySlot(DataStream<RedoRecord> records) {
        if (records.getParallelism() == 1 && records.getExecutionEnvironment().getParallelism() == 1) {
            return DataStreamUtils.reinterpretAsKeyedStream(records, RedoRecord::slotKey, Types.INT);
        }
        return records.keyBy(RedoRecord::slotKey, Types.INT);
    }
}
