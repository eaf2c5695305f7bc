package io.redocdc.cli;

import io.redocdc.job.options.OptionCheck;
import io.redocdc.tools.simulate.SimulatedNls;
import io.redocdc.tools.simulate.SimulationResult;
import io.redocdc.tools.simulate.SimulationSettings;
import io.redocdc.tools.simulate.WorkloadSimulator;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code redo-cdc simulate}: write a redo directory from a seeded workload, and the truth beside it. */
@Command(name = "simulate", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Write a redo directory (OUT/redo) from a seeded order-entry workload, and the truth to "
                + "compare the job's output with (OUT/expected).")
public final class SimulateCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "Directory to write into.")
    Path out;

    @Option(names = "--seed", paramLabel = "N", description = "Random seed; the same seed writes the same files.")
    Long seed;

    @Option(names = "--transactions", paramLabel = "N", description = "Number of transactions.")
    Integer transactions;

    @Option(names = "--threads", paramLabel = "N", description = "Redo threads (RAC instances).")
    Integer threads;

    @Option(names = "--large-transaction-rows", paramLabel = "N",
            description = "Add one transaction of N rows (0: none).")
    Integer largeTransactionRows;

    @Option(names = "--rows-per-log", paramLabel = "N", description = "Contents rows per archived log.")
    Integer rowsPerLog;

    @Option(names = "--gzip", arity = "0..1", paramLabel = "BOOL", description = "Write contents files as .csv.gz.")
    Boolean gzip;

    @Option(names = "--lob-ratio", paramLabel = "R",
            description = "Share of transactions that also write OE.DOCUMENTS (CLOB, NCLOB, BLOB, XMLTYPE) in "
                    + "LogMiner's LOB row shapes, between 0 (none) and 1; default 0.03.")
    Double lobRatio;

    @Option(names = "--nls", paramLabel = "mining-session|oracle-default",
            description = "NLS settings literals are printed under: ours (mining-session, the default; the directory "
                    + "declares them in nls_session_parameters.csv, as export's do) or Oracle's defaults "
                    + "(oracle-default, no declaration, as from other tools: read it with --source.nls oracle-default).")
    SimulatedNls nls;

    @Override
    public Integer call() throws Exception {
        SimulationResult result = WorkloadSimulator.write(out, settings());
        System.out.println("redo-cdc: simulated into " + out.toAbsolutePath() + ": " + result);
        return 0;
    }

    SimulationSettings settings() {
        OptionCheck check = new OptionCheck(spec.commandLine());
        SimulationSettings s = SimulationSettings.defaults();
        if (seed != null) {
            s = s.withSeed(seed);
        }
        if (transactions != null) {
            check.require(transactions >= 0, "--transactions", "must not be negative", transactions);
            s = s.withTransactions(transactions);
        }
        if (threads != null) {
            check.require(threads >= 1 && threads <= 16, "--threads", "must be between 1 and 16", threads);
            s = s.withThreads(threads);
        }
        if (largeTransactionRows != null) {
            check.require(largeTransactionRows >= 0, "--large-transaction-rows", "must not be negative",
                    largeTransactionRows);
            s = s.withLargeTransactionRows(largeTransactionRows);
        }
        if (rowsPerLog != null) {
            check.require(rowsPerLog >= 10, "--rows-per-log", "must be at least 10", rowsPerLog);
            s = s.withRowsPerLog(rowsPerLog);
        }
        if (gzip != null) {
            s = s.withGzip(gzip);
        }
        if (nls != null) {
            s = s.withNls(nls);
        }
        if (lobRatio != null) {
            check.require(lobRatio >= 0 && lobRatio <= 1, "--lob-ratio", "must be between 0 and 1", lobRatio);
            s = s.withLobRatio(lobRatio);
        }
        return s;
    }
}
