package io.redocdc.operators.txn;

import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.Gauge;
import org.apache.flink.metrics.MetricGroup;

/**
 * The assembler's metrics: what it emitted, what it discarded and why, and its open transactions. Every gauge
 * reads a figure the operator keeps up to date as it goes (no state is read when a reporter asks).
 */
final class AssemblerMetrics {

    static final String OPEN_TRANSACTIONS = "openTransactions";
    static final String BUFFERED_ROWS = "bufferedRows";
    static final String OLDEST_OPEN_AGE_MILLIS = "oldestOpenTransactionAgeMillis";
    static final String REQUIRED_CHECKPOINT_SCN = "requiredCheckpointScn";

    final Counter committedTransactions;
    final Counter emittedLcrs;
    final Counter rolledBackTransactions;
    final Counter committedBeforeStartScn;
    final Counter transactionsWithoutStart;
    final Counter discardedRowsWithoutStart;
    final Counter unmatchedUndoRows;
    final Counter unsupportedRows;
    final Counter deadLetters;

    /** The figures behind the gauges, each safe to read from the reporter's thread. */
    interface Figures {
        int openTransactions();

        long oldestOpenStartScn();

        long bufferedRows();

        long oldestOpenTransactionAgeMillis();

        long requiredCheckpointScn();
    }

    AssemblerMetrics(MetricGroup group, Figures figures) {
        committedTransactions = group.counter("committedTransactions");
        emittedLcrs = group.counter("emittedLcrs");
        rolledBackTransactions = group.counter("rolledBackTransactions");
        committedBeforeStartScn = group.counter("transactionsCommittedBeforeStartScn");
        transactionsWithoutStart = group.counter("transactionsWithoutStart");
        discardedRowsWithoutStart = group.counter("discardedRowsWithoutStart");
        unmatchedUndoRows = group.counter("unmatchedUndoRows");
        unsupportedRows = group.counter("unsupportedRows");
        deadLetters = group.counter("deadLetters");
        group.gauge(OPEN_TRANSACTIONS, (Gauge<Integer>) figures::openTransactions);
        group.gauge("oldestOpenStartScn", (Gauge<Long>) figures::oldestOpenStartScn);
        group.gauge(BUFFERED_ROWS, (Gauge<Long>) figures::bufferedRows);
        group.gauge(OLDEST_OPEN_AGE_MILLIS, (Gauge<Long>) figures::oldestOpenTransactionAgeMillis);
        group.gauge(REQUIRED_CHECKPOINT_SCN, (Gauge<Long>) figures::requiredCheckpointScn);
    }
}
