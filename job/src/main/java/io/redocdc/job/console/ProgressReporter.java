package io.redocdc.job.console;

import java.util.ArrayDeque;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import java.util.function.ToDoubleFunction;
import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.Gauge;
import org.apache.flink.metrics.Meter;
import org.apache.flink.metrics.Metric;
import org.apache.flink.metrics.MetricConfig;
import org.apache.flink.metrics.MetricGroup;
import org.apache.flink.metrics.reporter.MetricReporter;
import org.apache.flink.metrics.reporter.Scheduled;

/**
 * A metric reporter inside the local run's MiniCluster that turns the job's own metrics into
 * {@link ProgressFigures} for the console: the same figures a cluster exports, no bookkeeping of its own. Keeps only
 * the few metrics it shows, by name; values of parallel subtasks are summed.
 */
public final class ProgressReporter implements MetricReporter, Scheduled {

    static final String LOGS_COMPLETED = "logsCompleted";
    static final String LOGS_CATALOGUED = "logsCatalogued";
    static final String CHANGES_PER_SECOND = "emittedLcrsPerSecond";
    static final String FRONTIER_SCN = "completedFrontierScn";
    static final String FRONTIER_REDO_TIME = "frontierRedoTime";
    static final String OPEN_TRANSACTIONS = "openTransactions";
    static final String LAG_MILLIS = "frontierLagMillis";
    private static final Set<String> SHOWN = Set.of(LOGS_COMPLETED, LOGS_CATALOGUED, CHANGES_PER_SECOND, FRONTIER_SCN,
            FRONTIER_REDO_TIME, OPEN_TRANSACTIONS, LAG_MILLIS);

    /** The span changes/s is averaged over: Flink's meters update every 5 s, too coarse for a live line. */
    static final long RATE_WINDOW_MILLIS = 5_000;

    private final Consumer<ProgressFigures> printer;
    private final LongSupplier clock;
    private final Map<String, Set<Metric>> metrics = new ConcurrentHashMap<>();
    /** (time, LCRs emitted) of recent reports, oldest first, for changes/s. */
    private final ArrayDeque<long[]> emitted = new ArrayDeque<>();
    /** The last value of each figure: the line keeps it once the job's operators close and their metrics go. */
    private final Map<String, Double> lastKnown = new ConcurrentHashMap<>();

    ProgressReporter(Consumer<ProgressFigures> printer) {
        this(printer, System::currentTimeMillis);
    }

    ProgressReporter(Consumer<ProgressFigures> printer, LongSupplier clock) {
        this.printer = printer;
        this.clock = clock;
    }

    @Override
    public void open(MetricConfig config) {
    }

    @Override
    public void close() {
        metrics.clear();
    }

    @Override
    public void notifyOfAddedMetric(Metric metric, String name, MetricGroup group) {
        if (SHOWN.contains(name)) {
            metrics.computeIfAbsent(name, key -> ConcurrentHashMap.newKeySet()).add(metric);
        }
    }

    @Override
    public void notifyOfRemovedMetric(Metric metric, String name, MetricGroup group) {
        Set<Metric> named = metrics.get(name);
        if (named != null && named.contains(metric)) {
            // the job's operators are closing: show their final figures before they go
            printer.accept(figures());
            named.remove(metric);
        }
    }

    @Override
    public void report() {
        if (metrics.isEmpty()) {
            return; // the job has not started yet
        }
        printer.accept(figures());
    }

    synchronized ProgressFigures figures() {
        return new ProgressFigures(whole(LOGS_COMPLETED), whole(LOGS_CATALOGUED), changesPerSecond(),
                whole(FRONTIER_SCN), whole(FRONTIER_REDO_TIME), whole(OPEN_TRANSACTIONS), whole(LAG_MILLIS));
    }

    /**
     * LCRs per second over the last {@link #RATE_WINDOW_MILLIS}, from the live count of the sequencer's
     * {@code emittedLcrsPerSecond} meter; -1 until two reports are apart.
     */
    private double changesPerSecond() {
        double count = sum(CHANGES_PER_SECOND, metric -> metric instanceof Meter meter ? meter.getCount() : -1);
        if (count < 0) {
            return -1;
        }
        long now = clock.getAsLong();
        emitted.addLast(new long[] {now, (long) count});
        while (emitted.size() > 2 && now - emitted.peekFirst()[0] > RATE_WINDOW_MILLIS) {
            emitted.removeFirst();
        }
        long[] oldest = emitted.peekFirst();
        long millis = now - oldest[0];
        return millis <= 0 ? -1 : (count - oldest[1]) * 1000.0 / millis;
    }

    /** The sum over subtasks, -1 when no such metric (or none with a value) is registered. */
    private long whole(String name) {
        double sum = sum(name, ProgressReporter::number);
        return sum < 0 ? -1 : (long) sum;
    }

    /** The sum over the metrics of that name; when none is registered (any more), the last sum, else -1. */
    private double sum(String name, ToDoubleFunction<Metric> value) {
        Set<Metric> named = metrics.get(name);
        if (named == null || named.isEmpty()) {
            return lastKnown.getOrDefault(name, -1.0);
        }
        double sum = 0;
        boolean any = false;
        for (Metric metric : named) {
            double one = value.applyAsDouble(metric);
            if (one >= 0) {
                sum += one;
                any = true;
            }
        }
        if (any) {
            lastKnown.put(name, sum);
        }
        return any ? sum : -1;
    }

    private static double number(Metric metric) {
        if (metric instanceof Counter counter) {
            return counter.getCount();
        }
        if (metric instanceof Gauge<?> gauge && gauge.getValue() instanceof Number number) {
            return number.doubleValue();
        }
        return -1;
    }
}
