package io.redocdc.sinks.jdbc.parallel;

import static org.assertj.core.api.Assertions.assertThat;

import io.redocdc.operators.lcr.Position;
import java.util.Set;
import org.junit.jupiter.api.Test;

class AppliedTransactionsTest {

    @Test
    void everyLcrOfATransactionAtOrBelowTheLowMarkOrRecordedAboveItIsApplied() {
        Position lowMark = Position.of(100, 1, 7, 3, 4, 99);
        Position recordedLast = Position.of(120, 1, 7, 9, 2, 118);
        AppliedTransactions applied = new AppliedTransactions(lowMark, Set.of(recordedLast.transactionId()));

        assertThat(applied.contains(Position.of(100, 1, 7, 3, 0, 95))).as("first LCR under the low mark").isTrue();
        assertThat(applied.contains(Position.of(90, 2, 5, 1, 0, 80))).isTrue();
        assertThat(applied.contains(Position.of(120, 1, 7, 9, 0, 117))).as("first LCR of a recorded one").isTrue();
        assertThat(applied.contains(Position.of(110, 1, 7, 5, 0, 105))).as("between, not recorded").isFalse();
        assertThat(applied.contains(Position.of(130, 1, 7, 11, 0, 125))).isFalse();
        assertThat(AppliedTransactions.NONE.contains(lowMark)).isFalse();
    }
}
