package io.redocdc.source.enumerator;

import static io.redocdc.source.testing.TestRedoDirectory.log;
import static org.assertj.core.api.Assertions.assertThat;

import io.redocdc.source.SourceSettings;
import io.redocdc.source.catalog.RedoThreadStatus;
import io.redocdc.source.event.LogRef;
import io.redocdc.source.model.ArchivedLog;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The database's thread states (ArchivedLogCatalog.threadStatuses) in the completed-SCN frontier. */
class LogScheduleThreadStatusTest {

    private static final long RESETLOGS = 1029337344L;
    private static final ArchivedLog T1_10 = log(1, 10, RESETLOGS, 1000, 2000);
    private static final ArchivedLog T1_11 = log(1, 11, RESETLOGS, 2000, 3000);
    private static final ArchivedLog T2_5 = log(2, 5, RESETLOGS, 500, 1200);
    private static final ArchivedLog T2_6 = log(2, 6, RESETLOGS, 1200, 2500);

    private static LogSchedule schedule(long startScn) {
        SourceSettings settings = new SourceSettings(startScn, Long.MAX_VALUE, false, Duration.ofSeconds(1),
                Duration.ofMinutes(5));
        return new LogSchedule(settings, "test catalog", EnumeratorState.initial(settings.start()));
    }

    private static RedoThreadStatus open(int thread, long lastRedoSequence) {
        return new RedoThreadStatus(thread, true, lastRedoSequence);
    }

    private static RedoThreadStatus closed(int thread, long lastRedoSequence) {
        return new RedoThreadStatus(thread, false, lastRedoSequence);
    }

    @Test
    void anOpenThreadWithoutALogAfterTheStartHoldsTheFrontierWhereItsNextLogStarts() {
        LogSchedule schedule = schedule(1500);
        schedule.update(List.of(T1_10, T1_11, T2_5), List.of(open(1, 12), open(2, 6)), 0);
        schedule.finish(LogRef.of(T1_10));
        schedule.finish(LogRef.of(T1_11));
        assertThat(schedule.frontier()).as("thread 2's next log starts at 1200").hasValue(1200);

        schedule.update(List.of(T1_10, T1_11, T2_5, T2_6), List.of(open(1, 12), open(2, 7)), 0);
        assertThat(schedule.nextToAssign()).isEqualTo(T2_6);
        assertThat(schedule.frontier()).hasValue(1200);
        schedule.finish(LogRef.of(T2_6));
        assertThat(schedule.frontier()).hasValue(2500);
    }

    @Test
    void withoutAnyLogTheOpenThreadHoldsAtTheStartAndClosedThreadsDoNot() {
        LogSchedule schedule = schedule(1500);
        schedule.update(List.of(T1_10, T1_11), List.of(open(1, 12), open(3, 1)), 0);
        schedule.finish(LogRef.of(T1_10));
        schedule.finish(LogRef.of(T1_11));
        assertThat(schedule.frontier()).hasValue(1500);

        schedule.update(List.of(T1_10, T1_11), List.of(open(1, 12), closed(3, 1)), 0);
        assertThat(schedule.frontier()).as("thread 3 closed").hasValue(3000);
        schedule.update(List.of(T1_10, T1_11), 0);
        assertThat(schedule.frontier()).as("no thread information").hasValue(3000);
    }

    @Test
    void aClosedThreadReadThroughItsLastRedoStopsHoldingTheFrontier() {
        LogSchedule schedule = schedule(1500);
        schedule.update(List.of(T1_10, T1_11, T2_5, T2_6), List.of(open(1, 12), closed(2, 6)), 0);
        schedule.finish(LogRef.of(T1_10));
        schedule.finish(LogRef.of(T1_11));
        schedule.finish(LogRef.of(T2_5));
        assertThat(schedule.frontier()).as("thread 2's last redo (sequence 6) is not read yet").hasValue(1200);

        schedule.finish(LogRef.of(T2_6));
        assertThat(schedule.frontier()).as("thread 2 is read to its end; thread 1 alone decides").hasValue(3000);
    }

    @Test
    void aClosedThreadWhoseLastRedoIsNotArchivedYetKeepsHoldingTheFrontier() {
        LogSchedule schedule = schedule(1500);
        schedule.update(List.of(T1_10, T1_11, T2_5, T2_6), List.of(open(1, 12), closed(2, 7)), 0);
        List.of(T1_10, T1_11, T2_5, T2_6).forEach(log -> schedule.finish(LogRef.of(log)));
        assertThat(schedule.frontier()).as("sequence 7 of thread 2 still holds redo").hasValue(2500);
    }

    @Test
    void whenEveryThreadIsClosedAndReadTheFrontierIsTheHighestEnd() {
        LogSchedule schedule = schedule(1500);
        schedule.update(List.of(T1_10, T1_11, T2_5, T2_6), List.of(closed(1, 11), closed(2, 6)), 0);
        List.of(T1_10, T1_11, T2_5, T2_6).forEach(log -> schedule.finish(LogRef.of(log)));
        assertThat(schedule.frontier()).hasValue(3000);
    }
}
