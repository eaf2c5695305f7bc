package io.redocdc.source.retention;

import static org.assertj.core.api.Assertions.assertThat;

import io.redocdc.source.enumerator.EnumeratorState;
import io.redocdc.source.enumerator.FinishedRun;
import io.redocdc.source.enumerator.ThreadProgress;
import io.redocdc.source.model.Scn;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The purge rule: per thread, the oldest log unread, being read, or holding an open transaction's START. */
class PurgeAdviceTest {

    @Test
    void aLogBeingReadIsNeededEvenWhenALaterOneIsFinished() {
        // thread 1: up to 98 finished, 99 being read, 100 finished out of order
        EnumeratorState state = state(new ThreadProgress(1, 98, Scn.of(9_900), List.of(
                new FinishedRun(100, 100, Scn.of(10_000), Scn.of(10_100)))));
        assertThat(PurgeAdvice.firstUnfinished(state)).containsExactly(Map.entry(1, 99L));
        assertThat(PurgeAdvice.oldestNeeded(PurgeAdvice.firstUnfinished(state), PurgeAdvice.firstUnfinished(state),
                Map.of())).containsExactly(Map.entry(1, 99L));
    }

    @Test
    void anOpenTransactionStartedInAnOlderLogHoldsThatLog() {
        EnumeratorState state = state(new ThreadProgress(1, 120, Scn.of(12_100), List.of()));
        assertThat(PurgeAdvice.oldestNeeded(PurgeAdvice.firstUnfinished(state), PurgeAdvice.firstUnfinished(state),
                Map.of(1, 110L))).containsExactly(Map.entry(1, 110L));
    }

    @Test
    void anOpenTransactionAboveTheFirstUnfinishedLogDoesNotMoveTheAdvicePastIt() {
        // the old advice took the oldest open START (100) although 99 was still being read
        EnumeratorState state = state(new ThreadProgress(1, 98, Scn.of(9_900), List.of(
                new FinishedRun(100, 100, Scn.of(10_000), Scn.of(10_100)))));
        assertThat(PurgeAdvice.oldestNeeded(PurgeAdvice.firstUnfinished(state), PurgeAdvice.firstUnfinished(state),
                Map.of(1, 100L))).containsExactly(Map.entry(1, 99L));
    }

    @Test
    void everyThreadHasItsOwnAdviceAndAnOpenTransactionHoldsOnlyItsThread() {
        EnumeratorState state = state(new ThreadProgress(1, 120, Scn.of(12_100), List.of()),
                new ThreadProgress(2, 39, Scn.of(12_050), List.of()));
        assertThat(PurgeAdvice.oldestNeeded(PurgeAdvice.firstUnfinished(state), PurgeAdvice.firstUnfinished(state),
                Map.of(1, 118L))).containsExactly(Map.entry(1, 118L), Map.entry(2, 40L));
    }

    @Test
    void aLogTakenBackSinceTheCheckpointIsNeededToo() {
        Map<Integer, Long> atCheckpoint = Map.of(1, 50L);
        Map<Integer, Long> now = Map.of(1, 48L);
        assertThat(PurgeAdvice.oldestNeeded(atCheckpoint, now, Map.of())).containsExactly(Map.entry(1, 48L));
    }

    @Test
    void theLogsTheCheckpointStillReadsAreNeededAlthoughTheyAreFinishedNow() {
        assertThat(PurgeAdvice.oldestNeeded(Map.of(1, 50L), Map.of(1, 60L), Map.of())).containsExactly(
                Map.entry(1, 50L));
    }

    private static EnumeratorState state(ThreadProgress... threads) {
        return new EnumeratorState(Scn.of(0), 1, EnumeratorState.NOTHING_PUBLISHED, List.of(threads), List.of());
    }
}
