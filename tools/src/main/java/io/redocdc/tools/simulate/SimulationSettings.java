package io.redocdc.tools.simulate;

/**
 * What {@link WorkloadSimulator} writes. The same settings (seed included) always give byte-identical files.
 *
 * @param seed                 seed of every random choice
 * @param transactions         ordinary order-entry transactions (short, interleaved); the long, DDL and large
 *                             transactions come on top
 * @param threads              redo threads (RAC instances), each with its own logs
 * @param largeTransactionRows rows of one extra transaction on thread 1 that spans most of the run (0: none);
 *                             streamed, so 10^7 rows need no more memory than 10^3
 * @param rowsPerLog           mean contents rows per archived log (each log varies by +-20%)
 * @param gzip                 write contents files as {@code .csv.gz}
 * @param rollbackRatio        share of ordinary transactions that end with a full ROLLBACK
 * @param savepointRatio       share of ordinary transactions that roll back to a savepoint and go on
 * @param ddlCount             DDL transactions ({@code create table "OE"."AUDIT_n"}, {@code alter table ...})
 * @param longTransactions     transactions of 150-400 changes that stay open over most of the run
 * @param openTransactions     mean number of ordinary transactions open at once (all threads together)
 * @param longTextRatio        share of free-text values of 3000-4000 characters (their statements exceed
 *                             4000 characters and are CSF-split)
 * @param internalRowRatio     share of changes followed by an INTERNAL (code 0) row of the same transaction
 * @param startScn             FIRST_CHANGE# of the first logs
 * @param resetlogsId          RESETLOGS_ID of every log
 * @param nls                  the NLS settings literals are printed under
 * @param lobRatio             share of ordinary transactions that also write OE.DOCUMENTS (CLOB, NCLOB, BLOB and
 *                             XMLTYPE columns, in LogMiner's LOB row shapes); the long transactions then write
 *                             it too. 0 disables it. Such transactions never roll back fully; in the 23ai
 *                             shape they roll back to a savepoint like others (see {@link DocumentStatements})
 */
public record SimulationSettings(
        long seed,
        int transactions,
        int threads,
        int largeTransactionRows,
        int rowsPerLog,
        boolean gzip,
        double rollbackRatio,
        double savepointRatio,
        int ddlCount,
        int longTransactions,
        int openTransactions,
        double longTextRatio,
        double internalRowRatio,
        long startScn,
        long resetlogsId,
        SimulatedNls nls,
        double lobRatio) {

    public static final int MAX_THREADS = 64;

    public SimulationSettings {
        require(transactions >= 0, "transactions", "must not be negative", transactions);
        require(threads >= 1 && threads <= MAX_THREADS, "threads", "must be between 1 and " + MAX_THREADS, threads);
        require(largeTransactionRows >= 0, "largeTransactionRows", "must not be negative", largeTransactionRows);
        require(rowsPerLog >= 10, "rowsPerLog", "must be at least 10", rowsPerLog);
        requireRatio(rollbackRatio, "rollbackRatio");
        requireRatio(savepointRatio, "savepointRatio");
        require(ddlCount >= 0, "ddlCount", "must not be negative", ddlCount);
        require(longTransactions >= 0, "longTransactions", "must not be negative", longTransactions);
        require(openTransactions >= 1, "openTransactions", "must be at least 1", openTransactions);
        requireRatio(longTextRatio, "longTextRatio");
        requireRatio(internalRowRatio, "internalRowRatio");
        require(startScn >= 100, "startScn", "must be at least 100", startScn);
        require(resetlogsId >= 0, "resetlogsId", "must not be negative", resetlogsId);
        require(nls != null, "nls", "must be given", nls);
        requireRatio(lobRatio, "lobRatio");
    }

    /** Seed 42, 2000 transactions on 1 thread, no large transaction, about 3000 contents rows per log, 3% LOBs. */
    public static SimulationSettings defaults() {
        return new SimulationSettings(42L, 2000, 1, 0, 3000, false,
                0.05, 0.08, 3, 2, 8, 0.03, 0.05, 73_690_669_400L, 1_029_337_344L, SimulatedNls.MINING_SESSION, 0.03);
    }

    private static void require(boolean ok, String field, String rule, Object actual) {
        if (!ok) {
            throw new IllegalArgumentException("simulation setting " + field + " " + rule + ", got " + actual);
        }
    }

    private static void requireRatio(double ratio, String field) {
        require(ratio >= 0.0 && ratio <= 1.0, field, "must be between 0 and 1", ratio);
    }

    public SimulationSettings withSeed(long v) {
        return new SimulationSettings(v, transactions, threads, largeTransactionRows, rowsPerLog, gzip,
                rollbackRatio, savepointRatio, ddlCount, longTransactions, openTransactions, longTextRatio,
                internalRowRatio, startScn, resetlogsId, nls, lobRatio);
    }

    public SimulationSettings withTransactions(int v) {
        return new SimulationSettings(seed, v, threads, largeTransactionRows, rowsPerLog, gzip,
                rollbackRatio, savepointRatio, ddlCount, longTransactions, openTransactions, longTextRatio,
                internalRowRatio, startScn, resetlogsId, nls, lobRatio);
    }

    public SimulationSettings withThreads(int v) {
        return new SimulationSettings(seed, transactions, v, largeTransactionRows, rowsPerLog, gzip,
                rollbackRatio, savepointRatio, ddlCount, longTransactions, openTransactions, longTextRatio,
                internalRowRatio, startScn, resetlogsId, nls, lobRatio);
    }

    public SimulationSettings withLargeTransactionRows(int v) {
        return new SimulationSettings(seed, transactions, threads, v, rowsPerLog, gzip,
                rollbackRatio, savepointRatio, ddlCount, longTransactions, openTransactions, longTextRatio,
                internalRowRatio, startScn, resetlogsId, nls, lobRatio);
    }

    public SimulationSettings withRowsPerLog(int v) {
        return new SimulationSettings(seed, transactions, threads, largeTransactionRows, v, gzip,
                rollbackRatio, savepointRatio, ddlCount, longTransactions, openTransactions, longTextRatio,
                internalRowRatio, startScn, resetlogsId, nls, lobRatio);
    }

    public SimulationSettings withGzip(boolean v) {
        return new SimulationSettings(seed, transactions, threads, largeTransactionRows, rowsPerLog, v,
                rollbackRatio, savepointRatio, ddlCount, longTransactions, openTransactions, longTextRatio,
                internalRowRatio, startScn, resetlogsId, nls, lobRatio);
    }

    public SimulationSettings withRollbackRatio(double v) {
        return new SimulationSettings(seed, transactions, threads, largeTransactionRows, rowsPerLog, gzip,
                v, savepointRatio, ddlCount, longTransactions, openTransactions, longTextRatio,
                internalRowRatio, startScn, resetlogsId, nls, lobRatio);
    }

    public SimulationSettings withSavepointRatio(double v) {
        return new SimulationSettings(seed, transactions, threads, largeTransactionRows, rowsPerLog, gzip,
                rollbackRatio, v, ddlCount, longTransactions, openTransactions, longTextRatio,
                internalRowRatio, startScn, resetlogsId, nls, lobRatio);
    }

    public SimulationSettings withDdlCount(int v) {
        return new SimulationSettings(seed, transactions, threads, largeTransactionRows, rowsPerLog, gzip,
                rollbackRatio, savepointRatio, v, longTransactions, openTransactions, longTextRatio,
                internalRowRatio, startScn, resetlogsId, nls, lobRatio);
    }

    public SimulationSettings withLongTransactions(int v) {
        return new SimulationSettings(seed, transactions, threads, largeTransactionRows, rowsPerLog, gzip,
                rollbackRatio, savepointRatio, ddlCount, v, openTransactions, longTextRatio,
                internalRowRatio, startScn, resetlogsId, nls, lobRatio);
    }

    public SimulationSettings withOpenTransactions(int v) {
        return new SimulationSettings(seed, transactions, threads, largeTransactionRows, rowsPerLog, gzip,
                rollbackRatio, savepointRatio, ddlCount, longTransactions, v, longTextRatio,
                internalRowRatio, startScn, resetlogsId, nls, lobRatio);
    }

    public SimulationSettings withLongTextRatio(double v) {
        return new SimulationSettings(seed, transactions, threads, largeTransactionRows, rowsPerLog, gzip,
                rollbackRatio, savepointRatio, ddlCount, longTransactions, openTransactions, v,
                internalRowRatio, startScn, resetlogsId, nls, lobRatio);
    }

    public SimulationSettings withInternalRowRatio(double v) {
        return new SimulationSettings(seed, transactions, threads, largeTransactionRows, rowsPerLog, gzip,
                rollbackRatio, savepointRatio, ddlCount, longTransactions, openTransactions, longTextRatio,
                v, startScn, resetlogsId, nls, lobRatio);
    }

    public SimulationSettings withStartScn(long v) {
        return new SimulationSettings(seed, transactions, threads, largeTransactionRows, rowsPerLog, gzip,
                rollbackRatio, savepointRatio, ddlCount, longTransactions, openTransactions, longTextRatio,
                internalRowRatio, v, resetlogsId, nls, lobRatio);
    }

    public SimulationSettings withResetlogsId(long v) {
        return new SimulationSettings(seed, transactions, threads, largeTransactionRows, rowsPerLog, gzip,
                rollbackRatio, savepointRatio, ddlCount, longTransactions, openTransactions, longTextRatio,
                internalRowRatio, startScn, v, nls, lobRatio);
    }

    public SimulationSettings withNls(SimulatedNls v) {
        return new SimulationSettings(seed, transactions, threads, largeTransactionRows, rowsPerLog, gzip,
                rollbackRatio, savepointRatio, ddlCount, longTransactions, openTransactions, longTextRatio,
                internalRowRatio, startScn, resetlogsId, v, lobRatio);
    }

    public SimulationSettings withLobRatio(double v) {
        return new SimulationSettings(seed, transactions, threads, largeTransactionRows, rowsPerLog, gzip,
                rollbackRatio, savepointRatio, ddlCount, longTransactions, openTransactions, longTextRatio,
                internalRowRatio, startScn, resetlogsId, nls, v);
    }
}
