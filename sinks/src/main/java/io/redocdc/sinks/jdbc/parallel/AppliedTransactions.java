package io.redocdc.sinks.jdbc.parallel;

import io.redocdc.operators.lcr.Position;
import java.util.Set;

/**
 * What a target already holds, read at start: every transaction whose LCRs are at or below the low mark, plus
 * the transactions committed above it since the last drain (identified by {@link Position#transactionId()}).
 *
 * @param lowMark        position of the last LCR of the highest drained transaction; null when none
 * @param aboveLowMark   transaction ids applied above the low mark
 */
public record AppliedTransactions(Position lowMark, Set<String> aboveLowMark) {

    public static final AppliedTransactions NONE = new AppliedTransactions(null, Set.of());

    public AppliedTransactions {
        aboveLowMark = Set.copyOf(aboveLowMark);
    }

    /** True when the transaction holding the LCR at {@code position} is already applied. */
    public boolean contains(Position position) {
        return (lowMark != null && position.compareTo(lowMark) <= 0)
                || aboveLowMark.contains(position.transactionId());
    }
}
