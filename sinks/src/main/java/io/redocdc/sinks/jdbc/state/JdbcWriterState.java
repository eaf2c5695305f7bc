package io.redocdc.sinks.jdbc.state;

import io.redocdc.operators.lcr.Lcr;
import java.util.List;

/**
 * Writer state: the LCRs of a transaction that was open when a checkpoint was taken (re-applied first on
 * restore). Normally there is none: for this sink the sequencer ends its emission steps only between transactions
 * ({@code CommitSequencer.sequence} with {@code wholeTransactions}) and the sink is chained to it, so checkpoint
 * barriers fall between transactions.
 */
public record JdbcWriterState(List<Lcr> openTransaction) {

    public JdbcWriterState {
        openTransaction = List.copyOf(openTransaction);
    }
}
