package io.redocdc.job.inspect;

import io.redocdc.operators.lcr.Lcr;
import io.redocdc.operators.ordering.BufferedLcrKey;
import io.redocdc.operators.ordering.PendingTransaction;
import io.redocdc.operators.ordering.SequencerState;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.MapState;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.state.api.functions.KeyedStateReaderFunction;
import org.apache.flink.util.Collector;

/** Reads the commit sequencer's keyed state (one key): the processed low position and what it still buffers. */
final class SequencerStateReader extends KeyedStateReaderFunction<Integer, SequencerStateReader.Snapshot> {

    private static final long serialVersionUID = 1L;

    /** The sequencer's state under one key. */
    public record Snapshot(String processedLowPosition, long pendingTransactions, long bufferedLcrs) {
    }

    private transient ValueState<String> processedLowPosition;
    private transient MapState<String, PendingTransaction> pending;
    private transient MapState<BufferedLcrKey, Lcr> buffered;

    @Override
    public void open(OpenContext context) {
        processedLowPosition = getRuntimeContext().getState(SequencerState.processedLowPosition());
        pending = getRuntimeContext().getMapState(SequencerState.pendingTransactions());
        buffered = getRuntimeContext().getMapState(SequencerState.bufferedLcrs());
    }

    @Override
    public void readKey(Integer key, Context context, Collector<Snapshot> out) throws Exception {
        long transactions = 0;
        for (String ignored : pending.keys()) {
            transactions++;
        }
        long lcrs = 0;
        for (BufferedLcrKey ignored : buffered.keys()) {
            lcrs++;
        }
        out.collect(new Snapshot(processedLowPosition.value(), transactions, lcrs));
    }
}
