package io.redocdc.tools.simulate;

import java.util.List;

/**
 * What {@link WorkloadSimulator#write} wrote.
 *
 * @param committed              committed transactions that touch the captured schema (lines of
 *                               expected/transactions.jsonl)
 * @param rolledBack             transactions that ended with ROLLBACK
 * @param changes                row changes (and DDL statements) in the truth
 * @param contentsRows           rows of all contents files (CSF pieces counted one by one, headers not)
 * @param logsPerThread          archived logs of thread 1, 2, ...
 * @param largestTransactionRows changes of the largest committed transaction
 * @param firstScn               lowest FIRST_CHANGE# of any log
 * @param lastScn                highest NEXT_CHANGE# of any log
 */
public record SimulationResult(
        long committed,
        long rolledBack,
        long changes,
        long contentsRows,
        List<Integer> logsPerThread,
        long largestTransactionRows,
        long firstScn,
        long lastScn) {

    public SimulationResult {
        logsPerThread = List.copyOf(logsPerThread);
    }

    public int logs() {
        return logsPerThread.stream().mapToInt(Integer::intValue).sum();
    }

    /** One summary line. */
    @Override
    public String toString() {
        return committed + " committed and " + rolledBack + " rolled back transactions, " + changes + " changes, "
                + contentsRows + " contents rows in " + logs() + " logs " + logsPerThread
                + " (per thread), largest transaction " + largestTransactionRows + " changes, SCN " + firstScn
                + ".." + lastScn;
    }
}
