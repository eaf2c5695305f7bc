package io.redocdc.source.retention;

import org.apache.flink.api.common.functions.AggregateFunction;

/**
 * The global aggregate an assembler subtask updates at each checkpoint with its {@link OpenTransactionStarts}
 * ({@code StreamingRuntimeContext#getGlobalAggregateManager}): the JobMaster runs {@link #add}, which puts the
 * report on the {@link RetentionBoard} of this job. The accumulator is unused. The report travels as
 * {@link OpenTransactionStarts#toRpcValue()}: the JobMaster cannot deserialize the job's own classes as RPC
 * arguments on a cluster (it can on a MiniCluster, which has them on its classpath).
 */
public final class ReportOpenStarts implements AggregateFunction<long[], Boolean, Boolean> {

    private static final long serialVersionUID = 1L;

    /** The name of the global aggregate, one per job graph. */
    public static String aggregateName(String key) {
        return "redo-cdc-open-transaction-starts-" + key;
    }

    private final String key;

    public ReportOpenStarts(String key) {
        this.key = key;
    }

    @Override
    public Boolean createAccumulator() {
        return Boolean.TRUE;
    }

    @Override
    public Boolean add(long[] starts, Boolean accumulator) {
        RetentionBoard.record(key, OpenTransactionStarts.fromRpcValue(starts));
        return accumulator;
    }

    @Override
    public Boolean getResult(Boolean accumulator) {
        return accumulator;
    }

    @Override
    public Boolean merge(Boolean a, Boolean b) {
        return a;
    }
}
