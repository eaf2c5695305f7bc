package io.redocdc.job.console;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.Gauge;
import org.apache.flink.metrics.MeterView;
import org.apache.flink.metrics.SimpleCounter;
import org.apache.flink.metrics.groups.UnregisteredMetricsGroup;
import org.junit.jupiter.api.Test;

class ProgressReporterTest {

    private final List<ProgressFigures> shown = new ArrayList<>();
    private final AtomicLong clock = new AtomicLong(1_000_000);
    private final ProgressReporter reporter = new ProgressReporter(shown::add, clock::get);
    private final UnregisteredMetricsGroup group = new UnregisteredMetricsGroup();

    private void gauge(String name, long value) {
        reporter.notifyOfAddedMetric((Gauge<Long>) () -> value, name, group);
    }

    @Test
    void sumsSubtasksAndDerivesChangesPerSecondFromTheSequencersCount() {
        gauge("logsCompleted", 3);
        gauge("logsCatalogued", 9);
        gauge("completedFrontierScn", 500);
        gauge("frontierRedoTime", 1_700_000_000_000L);
        gauge("frontierLagMillis", 2_000);
        gauge("openTransactions", 4); // assembler subtask 0
        reporter.notifyOfAddedMetric((Gauge<Integer>) () -> 6, "openTransactions", group); // subtask 1
        gauge("bufferedRows", 99); // not shown
        Counter lcrs = new SimpleCounter();
        reporter.notifyOfAddedMetric(new MeterView(lcrs), "emittedLcrsPerSecond", group);

        reporter.report();
        lcrs.inc(3_000);
        clock.addAndGet(2_000);
        reporter.report();

        assertThat(shown).hasSize(2);
        assertThat(shown.get(0)).isEqualTo(new ProgressFigures(3, 9, -1, 500, 1_700_000_000_000L, 10, 2_000));
        assertThat(shown.get(1).changesPerSecond()).as("3,000 LCRs in 2 s").isEqualTo(1_500.0);
    }

    @Test
    void showsTheFiguresOnceMoreBeforeAMetricGoes() {
        Gauge<Long> open = () -> 7L;
        reporter.notifyOfAddedMetric(open, "openTransactions", group);
        reporter.notifyOfRemovedMetric(open, "openTransactions", group);
        reporter.report();

        assertThat(shown).as("the last value stays once the metric is gone")
                .extracting(ProgressFigures::openTransactions).containsExactly(7L, 7L);
    }

    @Test
    void nothingIsShownBeforeTheJobRegistersItsMetrics() {
        reporter.report();
        assertThat(shown).isEmpty();
    }
}
