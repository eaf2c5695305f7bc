package io.redocdc.benchmarks;

import io.redocdc.operators.lcr.Lcr;
import io.redocdc.operators.lcr.LcrCommand;
import java.util.List;

/**
 * The LCRs the capture job delivers for the workload, in commit order, with what every variant must apply.
 *
 * @param rows         row changes (INSERT, UPDATE, DELETE); DDL is skipped by every variant
 * @param transactions committed transactions (the DDL ones included)
 * @param runs         runs of consecutive row changes on the same table with the same command inside a
 *                     transaction: the fewest JDBC batches the sink can send (its batches also split on column
 *                     lists and null masks)
 */
record CapturedChanges(List<Lcr> lcrs, long rows, long transactions, long runs) {

    static CapturedChanges of(List<Lcr> lcrs) {
        if (lcrs.isEmpty() || !lcrs.get(lcrs.size() - 1).lastInTransaction()) {
            throw new IllegalStateException("the capture job delivered " + lcrs.size()
                    + " LCRs, not ending with the last LCR of a transaction");
        }
        long rows = lcrs.stream().filter(lcr -> lcr.command() != LcrCommand.DDL).count();
        long transactions = lcrs.stream().filter(Lcr::lastInTransaction).count();
        long runs = 0;
        Lcr previous = null;
        for (Lcr lcr : lcrs) {
            boolean sameRun = previous != null && lcr.ordinal() > 0 && previous.command() == lcr.command()
                    && previous.qualifiedTable().equals(lcr.qualifiedTable());
            if (lcr.command() != LcrCommand.DDL && !sameRun) {
                runs++;
            }
            previous = lcr;
        }
        return new CapturedChanges(List.copyOf(lcrs), rows, transactions, runs);
    }

    Lcr last() {
        return lcrs.get(lcrs.size() - 1);
    }
}
