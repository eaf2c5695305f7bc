package io.redocdc.source.enumerator;

import static org.assertj.core.api.Assertions.assertThat;

import io.redocdc.source.SourceSettings;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.metrics.Gauge;
import org.apache.flink.metrics.groups.UnregisteredMetricsGroup;
import org.junit.jupiter.api.Test;

class EnumeratorMetricsTest {

    /** Records the names of the gauges registered in it, as a coordinator's metric group would hold them. */
    private static final class RecordingGroup extends UnregisteredMetricsGroup {
        final List<String> gauges = new ArrayList<>();

        @Override
        public <T, G extends Gauge<T>> G gauge(String name, G gauge) {
            gauges.add(name);
            return gauge;
        }
    }

    @Test
    void anEnumeratorReplacedByAGlobalFailoverFeedsTheGaugesAlreadyRegistered() {
        RecordingGroup coordinatorGroup = new RecordingGroup();
        EnumeratorMetrics first = EnumeratorMetrics.of(coordinatorGroup);
        EnumeratorMetrics afterFailover = EnumeratorMetrics.of(coordinatorGroup);

        assertThat(afterFailover).isSameAs(first);
        assertThat(coordinatorGroup.gauges).containsExactly(EnumeratorMetrics.LOGS_CATALOGUED,
                EnumeratorMetrics.LOGS_COMPLETED, EnumeratorMetrics.FRONTIER_SCN, EnumeratorMetrics.FRONTIER_REDO_TIME,
                EnumeratorMetrics.FRONTIER_LAG_MILLIS, EnumeratorMetrics.NEWEST_CATALOGUED_SCN,
                EnumeratorMetrics.FRONTIER_SCN_LAG);
        assertThat(EnumeratorMetrics.of(new RecordingGroup())).as("another job's group").isNotSameAs(first);
    }

    @Test
    void figuresFollowTheScheduleAndTheLagIsNowMinusTheFrontiersRedoTime() {
        SourceSettings settings = new SourceSettings(0, Long.MAX_VALUE, true, Duration.ofSeconds(1),
                Duration.ofMinutes(5));
        LogSchedule schedule = new LogSchedule(settings, "test catalog", EnumeratorState.initial(settings.start()));
        schedule.update(LogScheduleTest.RAC_LOGS, 0);
        long[] now = {0};
        EnumeratorMetrics metrics = new EnumeratorMetrics(new RecordingGroup(), () -> now[0], ZoneOffset.UTC);

        metrics.refresh(schedule);
        assertThat(metrics.figures()).containsExactly(5L, 0L, 73688099480L,
                epochMillis(LogScheduleTest.T1_19640.firstTime()), 73693758285L);

        schedule.finish(LogScheduleTest.ref(LogScheduleTest.T2_18701));
        schedule.finish(LogScheduleTest.ref(LogScheduleTest.T1_19640));
        schedule.finish(LogScheduleTest.ref(LogScheduleTest.T1_19642)); // out of order: 19641 still unread
        metrics.refresh(schedule);
        long frontierTime = epochMillis(LogScheduleTest.T1_19640.nextTime());
        assertThat(metrics.figures()).as("3 of 5 read, frontier at the end of 19640")
                .containsExactly(5L, 3L, 73690669482L, frontierTime, 73693758285L);
        now[0] = frontierTime + 42_000;
        assertThat(metrics.lagMillis()).isEqualTo(42_000);
        assertThat(metrics.scnLag()).isEqualTo(73693758285L - 73690669482L);
    }

    private static long epochMillis(LocalDateTime time) {
        return time.toInstant(ZoneOffset.UTC).toEpochMilli();
    }

    @Test
    void lagsAreUnknownUntilTheFrontierAndItsTimeAre() {
        EnumeratorMetrics metrics = EnumeratorMetrics.of(new RecordingGroup());
        assertThat(metrics.lagMillis()).isEqualTo(-1);
        assertThat(metrics.scnLag()).isEqualTo(-1);
    }
}
