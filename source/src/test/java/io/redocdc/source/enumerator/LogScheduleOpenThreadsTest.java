package io.redocdc.source.enumerator;

import static io.redocdc.source.testing.TestRedoDirectory.log;
import static org.assertj.core.api.Assertions.assertThat;

import io.redocdc.source.SourceSettings;
import io.redocdc.source.event.LogRef;
import io.redocdc.source.model.ArchivedLog;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** An open redo thread without a log after the start SCN holds the frontier (ArchivedLogCatalog.openThreads). */
class LogScheduleOpenThreadsTest {

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

    @Test
    void anOpenThreadWithoutALogAfterTheStartHoldsTheFrontierWhereItsNextLogStarts() {
        LogSchedule schedule = schedule(1500);
        schedule.update(List.of(T1_10, T1_11, T2_5), Set.of(1, 2), 0);
        schedule.finish(LogRef.of(T1_10));
        schedule.finish(LogRef.of(T1_11));
        assertThat(schedule.frontier()).as("thread 2's next log starts at 1200").hasValue(1200);

        schedule.update(List.of(T1_10, T1_11, T2_5, T2_6), Set.of(1, 2), 0);
        assertThat(schedule.nextToAssign()).isEqualTo(T2_6);
        assertThat(schedule.frontier()).hasValue(1200);
        schedule.finish(LogRef.of(T2_6));
        assertThat(schedule.frontier()).hasValue(2500);
    }

    @Test
    void withoutAnyLogTheOpenThreadHoldsAtTheStartAndClosedThreadsDoNot() {
        LogSchedule schedule = schedule(1500);
        schedule.update(List.of(T1_10, T1_11), Set.of(1, 3), 0);
        schedule.finish(LogRef.of(T1_10));
        schedule.finish(LogRef.of(T1_11));
        assertThat(schedule.frontier()).hasValue(1500);

        schedule.update(List.of(T1_10, T1_11), Set.of(1), 0);
        assertThat(schedule.frontier()).as("thread 3 closed").hasValue(3000);
        schedule.update(List.of(T1_10, T1_11), 0);
        assertThat(schedule.frontier()).as("no open-thread information").hasValue(3000);
    }
}
