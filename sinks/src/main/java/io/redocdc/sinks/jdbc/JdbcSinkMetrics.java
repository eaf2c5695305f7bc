package io.redocdc.sinks.jdbc;

import io.redocdc.operators.lcr.Position;
import java.util.function.Supplier;
import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.Gauge;
import org.apache.flink.metrics.MetricGroup;
import org.apache.flink.metrics.ThreadSafeSimpleCounter;

/**
 * Counters and gauges of the apply sink (one set per sink, i.e. per JDBC target); thread-safe so that parallel
 * appliers can share them.
 */
public final class JdbcSinkMetrics {

    public static final String APPLIED_COMMIT_SCN = "appliedCommitScn";
    public static final String ERROR_QUEUE_TRANSACTIONS = "errorQueueTransactions";

    private final Counter appliedTransactions;
    private final Counter appliedRows;
    private final Counter conflictsResolved;
    private final Counter errorTransactions;
    private final Counter skippedOnReplay;
    private final Counter mergedRows;
    private volatile Supplier<Position> applied = () -> null;
    private volatile long queuedAtStart;

    public JdbcSinkMetrics(MetricGroup group) {
        this.appliedTransactions = group.counter("appliedTransactions", new ThreadSafeSimpleCounter());
        this.appliedRows = group.counter("appliedRows", new ThreadSafeSimpleCounter());
        this.conflictsResolved = group.counter("conflictsResolved", new ThreadSafeSimpleCounter());
        this.errorTransactions = group.counter("errorTransactions", new ThreadSafeSimpleCounter());
        this.skippedOnReplay = group.counter("skippedOnReplay", new ThreadSafeSimpleCounter());
        this.mergedRows = group.counter("mergedRows", new ThreadSafeSimpleCounter());
        group.gauge(APPLIED_COMMIT_SCN, (Gauge<Long>) this::appliedCommitScn);
        group.gauge(ERROR_QUEUE_TRANSACTIONS, (Gauge<Long>) this::errorQueueTransactions);
    }

    /** Where the writer keeps its low mark (the position of the last transaction applied or error-queued). */
    public void watchAppliedPosition(Supplier<Position> appliedPosition) {
        this.applied = appliedPosition;
    }

    /** The error queue's transactions of this sink when the writer opened (the writer counts the ones it adds). */
    public void errorQueueAtStart(long transactions) {
        this.queuedAtStart = transactions;
    }

    /** Commit SCN of the last transaction applied (or error-queued) and committed on the target; -1 before one. */
    long appliedCommitScn() {
        Position position = applied.get();
        return position == null ? -1 : position.commitScn();
    }

    /**
     * Transactions of this sink in the error queue: those there when the writer opened plus those it queued
     * since; retries and deletes by the {@code errors} command meanwhile are seen only when the writer reopens.
     */
    long errorQueueTransactions() {
        return queuedAtStart + errorTransactions.getCount();
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
