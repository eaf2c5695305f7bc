package io.redocdc.source.enumerator;

import static io.redocdc.source.testing.TestRedoDirectory.log;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.redocdc.source.SourceSettings;
import io.redocdc.source.catalog.RedoInputException;
import io.redocdc.source.event.LogRef;
import io.redocdc.source.model.ArchivedLog;
import io.redocdc.source.model.Scn;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** Rows from reference/oracle/v_archived_log-rac-and-gap-examples.txt where noted. */
class LogScheduleTest {

    private static final long RAC = 1029337344L;
    // averemee-si/oracdc issue #38: 2-thread RAC with overlapping SCN ranges
    static final ArchivedLog T1_19640 = log(1, 19640, RAC, 73688099480L, 73690669482L);
    static final ArchivedLog T1_19641 = log(1, 19641, RAC, 73690669482L, 73690670319L);
    static final ArchivedLog T1_19642 = log(1, 19642, RAC, 73690670319L, 73693211872L);
    static final ArchivedLog T2_18701 = log(2, 18701, RAC, 73690669387L, 73690670437L);
    static final ArchivedLog T2_18702 = log(2, 18702, RAC, 73690670437L, 73693758285L);
    static final List<ArchivedLog> RAC_LOGS = List.of(T1_19641, T2_18701, T1_19640, T1_19642, T2_18702);

    private static final long GAP_RESETLOGS = 1014585229L;
    private static final String CATALOG = "test catalog";

    @Test
    void assignsLowestFirstChangeFirstAndFrontierIsTheMinimumOverThreadsOfTheCompletedPrefix() {
        LogSchedule schedule = schedule(settings(true, 0, Long.MAX_VALUE), RAC_LOGS);

        List<ArchivedLog> order = new ArrayList<>();
        for (ArchivedLog next = schedule.nextToAssign(); next != null; next = schedule.nextToAssign()) {
            order.add(next);
            schedule.assign(next, 0);
        }
        assertThat(order).containsExactly(T1_19640, T2_18701, T1_19641, T1_19642, T2_18702);
        assertThat(schedule.frontier()).hasValue(73688099480L);

        schedule.finish(ref(T2_18701));
        assertThat(schedule.frontier()).as("thread 1 still at its first log").hasValue(73688099480L);
        schedule.finish(ref(T1_19640));
        assertThat(schedule.frontier()).hasValue(73690669482L);
        schedule.finish(ref(T1_19642));
        assertThat(schedule.frontier()).as("19642 finished out of order: 19641 still open").hasValue(73690669482L);
        schedule.finish(ref(T1_19641));
        assertThat(schedule.frontier()).as("thread 1 through 19642, thread 2 through 18701").hasValue(73690670437L);
        assertThat(schedule.isComplete()).isFalse();
        schedule.finish(ref(T2_18702));
        assertThat(schedule.frontier()).hasValue(73693211872L);
        assertThat(schedule.isComplete()).isTrue();
        assertThat(schedule.nextToAssign()).isNull();
    }

    @Test
    void skipsLogsEndingAtOrBeforeTheStartScn() {
        LogSchedule schedule = schedule(settings(true, 73690669482L, Long.MAX_VALUE), RAC_LOGS);
        assertThat(schedule.nextToAssign()).isEqualTo(T2_18701);
        assertThat(schedule.frontier()).hasValue(73690669387L);
        assertThat(schedule.snapshot().threads()).extracting(ThreadProgress::completedSequence)
                .containsExactly(19640L, 18700L);
    }

    @Test
    void duplicatesCollapseAndConflictingRangesAreAnError() {
        ArchivedLog copy = new ArchivedLog(T1_19640.id(), T1_19640.firstChange(), T1_19640.nextChange(), null, null,
                "/other/destination.arc", false, false);
        LogSchedule schedule = schedule(settings(true, 0, Long.MAX_VALUE), List.of(T1_19640, copy));
        assertThat(schedule.nextToAssign()).isEqualTo(T1_19640);
        schedule.assign(T1_19640, 0);
        assertThat(schedule.nextToAssign()).isNull();

        ArchivedLog conflicting = log(1, 19640, RAC, 73688099480L, 73690669000L);
        assertThatThrownBy(() -> schedule(settings(true, 0, Long.MAX_VALUE), List.of(T1_19640, conflicting)))
                .isInstanceOf(RedoInputException.class)
                .hasMessage("test catalog lists thread 1 sequence 19640 (resetlogs 1029337344) twice with different "
                        + "SCN ranges: [73688099480, 73690669482) and [73688099480, 73690669000); rows of one log must agree");
    }

    @Test
    void gapFailsAtOnceWhenBoundedNamingTheMissingSequences() {
        // averemee-si/oracdc issue #25: sequences 91098, 91099, 91200 of thread 1 (SCNs invented)
        List<ArchivedLog> logs = List.of(log(1, 91098, GAP_RESETLOGS, 100, 200), log(1, 91099, GAP_RESETLOGS, 200, 300),
                log(1, 91200, GAP_RESETLOGS, 900, 1000));
        assertThatThrownBy(() -> schedule(settings(true, 0, Long.MAX_VALUE), logs))
                .isInstanceOf(RedoInputException.class)
                .hasMessage("archived log thread 1 sequence 91100..91199 missing between sequence 91099 and 91200 "
                        + "(resetlogs 1014585229) in test catalog; the job never skips logs");
    }

    @Test
    void continuousSourceWaitsForAGapUpToTheGapTimeout() {
        SourceSettings settings = new SourceSettings(0, Long.MAX_VALUE, false, Duration.ofSeconds(1),
                Duration.ofMinutes(5));
        List<ArchivedLog> withGap = List.of(log(1, 5, 7, 100, 200), log(1, 7, 7, 300, 400));
        LogSchedule schedule = new LogSchedule(settings, CATALOG, EnumeratorState.initial(Scn.ZERO));
        schedule.update(withGap, 0);
        schedule.assign(schedule.nextToAssign(), 0);
        assertThat(schedule.nextToAssign()).as("nothing beyond the gap is assigned").isNull();
        schedule.update(withGap, Duration.ofMinutes(5).toMillis() - 1);

        assertThatThrownBy(() -> schedule.update(withGap, Duration.ofMinutes(5).toMillis()))
                .isInstanceOf(RedoInputException.class)
                .hasMessage("archived log thread 1 sequence 6 missing between sequence 5 and 7 (resetlogs 7) in test "
                        + "catalog; the job never skips logs (waited PT5M for it, source.gap-timeout is PT5M)");
    }

    @Test
    void aGapFilledInTimeIsReadInOrder() {
        SourceSettings settings = new SourceSettings(0, Long.MAX_VALUE, false, Duration.ofSeconds(1),
                Duration.ofMinutes(5));
        LogSchedule schedule = new LogSchedule(settings, CATALOG, EnumeratorState.initial(Scn.ZERO));
        schedule.update(List.of(log(1, 5, 7, 100, 200), log(1, 7, 7, 300, 400)), 0);
        schedule.update(List.of(log(1, 5, 7, 100, 200), log(1, 6, 7, 200, 300), log(1, 7, 7, 300, 400)), 60_000);
        assertThat(drain(schedule)).extracting(log -> log.id().sequence()).containsExactly(5L, 6L, 7L);
        schedule.update(List.of(log(1, 5, 7, 100, 200), log(1, 6, 7, 200, 300), log(1, 7, 7, 300, 400)), 3_600_000);
    }

    @Test
    void consecutiveLogsThatDoNotConnectFailAtOnceEvenWhenContinuous() {
        List<ArchivedLog> logs = List.of(T1_19640, log(1, 19641, RAC, 73690669400L, 73690670319L));
        assertThatThrownBy(() -> schedule(settings(false, 0, Long.MAX_VALUE), logs))
                .isInstanceOf(RedoInputException.class)
                .hasMessage("archived log thread 1 sequence 19641 (resetlogs 1029337344) starts at FIRST_CHANGE# "
                        + "73690669400, but sequence 19640 ends at NEXT_CHANGE# 73690669482 in test catalog; consecutive"
                        + " logs of a thread must connect (NEXT_CHANGE# = next FIRST_CHANGE#)");
    }

    @Test
    void theLogCoveringTheStartScnMustBeThere() {
        assertThatThrownBy(() -> schedule(settings(true, 73690669500L, Long.MAX_VALUE), List.of(T1_19642, T2_18701)))
                .isInstanceOf(RedoInputException.class)
                .hasMessage("archived log thread 1 sequence 19641 missing before sequence 19642, the first log after the"
                        + " start SCN (it must cover the start SCN) (resetlogs 1029337344) in test catalog; the job never"
                        + " skips logs");
        LogSchedule waiting = schedule(settings(false, 73690669500L, Long.MAX_VALUE), List.of(T1_19642));
        assertThat(waiting.frontier()).as("held at the start SCN while thread 1's first log is missing")
                .hasValue(73690669500L);
        assertThat(waiting.nextToAssign()).isNull();
        waiting.update(List.of(T1_19641, T1_19642), 1000);
        assertThat(waiting.frontier()).hasValue(73690669482L);
        assertThat(drain(waiting)).containsExactly(T1_19641, T1_19642);
    }

    @Test
    void maxScnStopsAssignmentAndCompletesOnceTheFrontierPassesIt() {
        LogSchedule schedule = schedule(settings(false, 0, 73690670000L), RAC_LOGS);
        List<ArchivedLog> assigned = drain(schedule);
        assertThat(assigned).containsExactly(T1_19640, T2_18701, T1_19641);
        assigned.forEach(log -> schedule.finish(ref(log)));
        assertThat(schedule.frontier()).hasValue(73690670319L);
        assertThat(schedule.isComplete()).isTrue();

        // a gap after the maximum SCN does not matter
        List<ArchivedLog> gapAfterMax = List.of(log(1, 1, 3, 100, 200), log(1, 3, 3, 300, 400));
        assertThat(drain(schedule(settings(true, 0, 150), gapAfterMax))).hasSize(1);
    }

    @Test
    void logsOfTwoIncarnationsInTheStartRangeAreRejected() {
        List<ArchivedLog> logs = List.of(log(1, 10, 100, 1000, 2000), log(1, 1, 200, 1500, 2500));
        assertThatThrownBy(() -> schedule(settings(true, 0, Long.MAX_VALUE), logs))
                .isInstanceOf(RedoInputException.class)
                .hasMessageContaining("several incarnations (RESETLOGS_ID [100, 200]) ending after start SCN 0");
        assertThat(drain(schedule(settings(true, 2000, Long.MAX_VALUE), logs)))
                .extracting(log -> log.id().resetlogsId()).containsExactly(200L);

        LogSchedule running = schedule(settings(false, 2000, Long.MAX_VALUE), logs);
        List<ArchivedLog> later = new ArrayList<>(logs);
        later.add(log(1, 1, 300, 2400, 2600));
        assertThatThrownBy(() -> running.update(later, 1))
                .hasMessageContaining("incarnation (RESETLOGS_ID) [300]")
                .hasMessageContaining("the job reads incarnation 200");
    }

    @Test
    void aThreadAppearingBelowThePublishedFrontierIsRejected() {
        LogSchedule schedule = schedule(settings(false, 0, Long.MAX_VALUE), List.of(T1_19640));
        schedule.finish(ref(schedule.nextToAssign()));
        schedule.published(schedule.frontier().getAsLong());
        assertThatThrownBy(() -> schedule.update(List.of(T1_19640, T2_18701), 1))
                .isInstanceOf(RedoInputException.class)
                .hasMessageContaining("thread 2 sequence 18701")
                .hasMessageContaining("below the completed-SCN frontier 73690669482 already published");
    }

    @Test
    void givingBackAFinishedLogShrinksTheCompletedPrefixAndItIsAssignedAgain() {
        LogSchedule schedule = schedule(settings(true, 0, Long.MAX_VALUE), RAC_LOGS);
        List<ArchivedLog> all = drain(schedule);
        all.forEach(log -> schedule.finish(ref(log)));
        assertThat(schedule.frontier()).hasValue(73693211872L);

        schedule.giveBack(ref(T1_19641));
        assertThat(schedule.frontier()).hasValue(73690669482L);
        assertThat(schedule.isComplete()).isFalse();
        assertThat(schedule.snapshot().threads().get(0)).isEqualTo(new ThreadProgress(1, 19640, Scn.of(73690669482L),
                List.of(new FinishedRun(19642, 19642, Scn.of(73690670319L), Scn.of(73693211872L)))));
        assertThat(drain(schedule)).containsExactly(T1_19641);
        assertThat(schedule.finish(ref(T1_19641))).isTrue();
        assertThat(schedule.finish(ref(T1_19641))).as("idempotent").isFalse();
        assertThat(schedule.frontier()).hasValue(73693211872L);
    }

    @Test
    void claimingARestoredLogInsideAFinishedRunSplitsTheRun() {
        List<ArchivedLog> logs = List.of(log(1, 1, 5, 100, 200), log(1, 2, 5, 200, 300), log(1, 3, 5, 300, 400),
                log(1, 4, 5, 400, 500), log(1, 5, 5, 500, 600));
        LogSchedule schedule = schedule(settings(true, 0, Long.MAX_VALUE), logs);
        drain(schedule);
        for (int i = 1; i < 5; i++) {
            schedule.finish(ref(logs.get(i)));
        }
        schedule.claim(ref(logs.get(2)), 3);
        assertThat(schedule.snapshot().threads().get(0).finishedRuns()).containsExactly(
                new FinishedRun(2, 2, Scn.of(200), Scn.of(300)), new FinishedRun(4, 5, Scn.of(400), Scn.of(600)));
        schedule.finish(ref(logs.get(0)));
        assertThat(schedule.frontier()).hasValue(300);
        schedule.finish(ref(logs.get(2)));
        assertThat(schedule.frontier()).hasValue(600);
    }

    @Test
    void boundedEmptyCatalogIsCompleteAndRestoredStateKeepsProgress() {
        LogSchedule empty = schedule(settings(true, 0, Long.MAX_VALUE), List.of());
        assertThat(empty.isComplete()).isTrue();
        assertThat(empty.frontier()).isEqualTo(OptionalLong.empty());

        LogSchedule schedule = schedule(settings(false, 0, Long.MAX_VALUE), RAC_LOGS);
        schedule.assign(schedule.nextToAssign(), 1);
        schedule.finish(ref(T1_19640));
        schedule.assign(schedule.nextToAssign(), 1);
        EnumeratorState state = schedule.snapshot();
        assertThat(state.assigned()).containsExactly(ref(T2_18701));

        LogSchedule restored = new LogSchedule(settings(false, 0, Long.MAX_VALUE), CATALOG, state);
        assertThat(restored.frontier()).as("nothing published before listing").isEmpty();
        restored.update(RAC_LOGS, 0);
        assertThat(restored.unclaimed()).containsExactly(ref(T2_18701));
        assertThat(restored.frontier()).hasValue(73690669387L);
        assertThat(drain(restored)).containsExactly(T1_19641, T1_19642, T2_18702);
    }

    static LogRef ref(ArchivedLog log) {
        return LogRef.of(log);
    }

    private static List<ArchivedLog> drain(LogSchedule schedule) {
        List<ArchivedLog> assigned = new ArrayList<>();
        for (ArchivedLog next = schedule.nextToAssign(); next != null; next = schedule.nextToAssign()) {
            schedule.assign(next, 0);
            assigned.add(next);
        }
        return assigned;
    }

    private static SourceSettings settings(boolean bounded, long startScn, long maxScn) {
        return new SourceSettings(startScn, maxScn, bounded, Duration.ofSeconds(1), Duration.ofMinutes(5));
    }

    private static LogSchedule schedule(SourceSettings settings, List<ArchivedLog> logs) {
        LogSchedule schedule = new LogSchedule(settings, CATALOG, EnumeratorState.initial(settings.start()));
        schedule.update(logs, 0);
        return schedule;
    }
}
