package io.redocdc.source.retention;

import static org.assertj.core.api.Assertions.assertThat;

import io.redocdc.source.enumerator.EnumeratorState;
import io.redocdc.source.enumerator.ThreadProgress;
import io.redocdc.source.model.Scn;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.flink.metrics.Gauge;
import org.apache.flink.metrics.Metric;
import org.apache.flink.metrics.MetricGroup;
import org.apache.flink.metrics.groups.UnregisteredMetricsGroup;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The enumerator's side: advice per completed checkpoint, from every assembler subtask's report of it. */
class LogRetentionTest {

    private final String key = UUID.randomUUID().toString();
    private final Metrics metrics = new Metrics("");
    private final LogRetention retention = new LogRetention(key, metrics);

    @AfterEach
    void forget() {
        retention.close();
    }

    @Test
    void theAdviceIsTheMinimumOverEverySubtaskAndTheUnfinishedLogsOfTheCompletedCheckpoint() {
        retention.checkpointTaken(5, state(1, 98, 2, 39));
        RetentionBoard.record(key, new OpenTransactionStarts(5, 0, 2, Map.of(1, 97L)));
        RetentionBoard.record(key, new OpenTransactionStarts(5, 1, 2, Map.of(1, 95L, 2, 41L)));
        retention.checkpointCompleted(5, state(1, 120, 2, 50));
        assertThat(retention.advice()).containsExactly(Map.entry(1, 95L), Map.entry(2, 40L));
        assertThat(metrics.gauge("thread.1." + LogRetention.GAUGE)).isEqualTo(95L);
        assertThat(metrics.gauge("thread.2." + LogRetention.GAUGE)).isEqualTo(40L);

        // the next checkpoint moves it on, and the same gauge shows the new value
        retention.checkpointTaken(6, state(1, 120, 2, 50));
        RetentionBoard.record(key, new OpenTransactionStarts(6, 0, 2, Map.of()));
        RetentionBoard.record(key, new OpenTransactionStarts(6, 1, 2, Map.of(2, 45L)));
        retention.checkpointCompleted(6, state(1, 120, 2, 50));
        assertThat(metrics.gauge("thread.1." + LogRetention.GAUGE)).isEqualTo(121L);
        assertThat(metrics.gauge("thread.2." + LogRetention.GAUGE)).isEqualTo(45L);
    }

    @Test
    void aCheckpointNotReportedByEverySubtaskGivesNoAdvice() {
        retention.checkpointTaken(5, state(1, 98, 2, 39));
        RetentionBoard.record(key, new OpenTransactionStarts(5, 1, 2, Map.of()));
        retention.checkpointCompleted(5, state(1, 98, 2, 39));
        assertThat(retention.advice()).isEmpty();
        assertThat(metrics.gauges).isEmpty();
    }

    @Test
    void noAdviceForACheckpointTheEnumeratorDidNotTake() {
        RetentionBoard.record(key, new OpenTransactionStarts(5, 0, 1, Map.of()));
        retention.checkpointCompleted(5, state(1, 98, 2, 39));
        assertThat(retention.advice()).isEmpty();
    }

    private static EnumeratorState state(int thread, long completed, int otherThread, long otherCompleted) {
        return new EnumeratorState(Scn.of(0), 1, EnumeratorState.NOTHING_PUBLISHED, List.of(
                new ThreadProgress(thread, completed, Scn.of(completed * 100 + 100), List.of()),
                new ThreadProgress(otherThread, otherCompleted, Scn.of(otherCompleted * 100 + 100), List.of())),
                List.of());
    }

    /** Records gauges by their dotted group path. */
    private static final class Metrics extends UnregisteredMetricsGroup {
        final Map<String, Gauge<?>> gauges;
        private final String prefix;

        Metrics(String prefix) {
            this(prefix, new HashMap<>());
        }

        private Metrics(String prefix, Map<String, Gauge<?>> gauges) {
            this.prefix = prefix;
            this.gauges = gauges;
        }

        @Override
        public MetricGroup addGroup(String key, String value) {
            return new Metrics(prefix + key + "." + value + ".", gauges);
        }

        @Override
        public <T, G extends Gauge<T>> G gauge(String name, G gauge) {
            gauges.put(prefix + name, gauge);
            return gauge;
        }

        Object gauge(String path) {
            Metric gauge = gauges.get(path);
            return gauge == null ? null : ((Gauge<?>) gauge).getValue();
        }
    }
}
