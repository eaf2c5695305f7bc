package io.redocdc.operators.txn;

import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.Gauge;
import org.apache.flink.metrics.MetricGroup;

/** The assembler's metrics: what it emitted, what it discarded and why, and its open transactions. */
final class AssemblerMetrics {

    final Counter committedTransactions;
    final Counter emittedLcrs;
    final Counter rolledBackTransactions;
    final Counter committedBeforeStartScn;
    final Counter transactionsWithoutStart;
    final Counter discardedRowsWithoutStart;
    final Counter unmatchedUndoRows;
    final Counter unsupportedRows;
    final Counter deadLetters;

    AssemblerMetrics(MetricGroup group, Gauge<Integer> openTransactions, Gauge<Long> oldestOpenStartScn) {
        committedTransactions = group.counter("committedTransactions");
        emittedLcrs = group.counter("emittedLcrs");
        rolledBackTransactions = group.counter("rolledBackTransactions");
        committedBeforeStartScn = group.counter("transactionsCommittedBeforeStartScn");
        transactionsWithoutStart = group.counter("transactionsWithoutStart");
        discardedRowsWithoutStart = group.counter("discardedRowsWithoutStart");
        unmatchedUndoRows = group.counter("unmatchedUndoRows");
        unsupportedRows = group.counter("unsupportedRows");
        deadLetters = group.counter("deadLetters");
        group.gauge("openTransactions", openTransactions);
        group.gauge("oldestOpenStartScn", oldestOpenStartScn);
    }
}
