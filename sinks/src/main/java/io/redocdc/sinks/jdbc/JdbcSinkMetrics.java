package io.redocdc.sinks.jdbc;

import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.MetricGroup;
import org.apache.flink.metrics.ThreadSafeSimpleCounter;

/** Counters of the apply sink; thread-safe so that parallel appliers can share them. */
public final class JdbcSinkMetrics {

    private final Counter appliedTransactions;
    private final Counter appliedRows;
    private final Counter conflictsResolved;
    private final Counter errorTransactions;
    private final Counter skippedOnReplay;
    private final Counter mergedRows;

    public JdbcSinkMetrics(MetricGroup group) {
        this.appliedTransactions = group.counter("appliedTransactions", new ThreadSafeSimpleCounter());
        this.appliedRows = group.counter("appliedRows", new ThreadSafeSimpleCounter());
        this.conflictsResolved = group.counter("conflictsResolved", new ThreadSafeSimpleCounter());
        this.errorTransactions = group.counter("errorTransactions", new ThreadSafeSimpleCounter());
        this.skippedOnReplay = group.counter("skippedOnReplay", new ThreadSafeSimpleCounter());
        this.mergedRows = group.counter("mergedRows", new ThreadSafeSimpleCounter());
    }

    public Counter appliedTransactions() {
        return appliedTransactions;
    }

    /** Row LCRs applied (including those resolved as conflicts). */
    public Counter appliedRows() {
        return appliedRows;
    }

    public Counter conflictsResolved() {
        return conflictsResolved;
    }

    /** Transactions written to the error table. */
    public Counter errorTransactions() {
        return errorTransactions;
    }

    /** LCRs skipped because their position was already applied (replay after a restore). */
    public Counter skippedOnReplay() {
        return skippedOnReplay;
    }

    /** UPDATEs merged into their row's pending statement ({@code sink.batch-merge}); also counted as applied. */
    public Counter mergedRows() {
        return mergedRows;
    }
}
