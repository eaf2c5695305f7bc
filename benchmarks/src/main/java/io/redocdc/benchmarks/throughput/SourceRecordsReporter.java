package io.redocdc.benchmarks.throughput;

import java.util.List;
import java.util.Properties;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.Metric;
import org.apache.flink.metrics.MetricConfig;
import org.apache.flink.metrics.MetricGroup;
import org.apache.flink.metrics.reporter.MetricReporter;
import org.apache.flink.metrics.reporter.MetricReporterFactory;

/**
 * A Flink metric reporter (of the MiniCluster in this JVM) that keeps the source operator's numRecordsOut
 * counters, so the benchmark can sample how many records the job has read while it runs.
 */
public final class SourceRecordsReporter implements MetricReporter {

    /** The option that installs it: {@code metrics.reporter.<name>.factory.class}. */
    static final String FACTORY_KEY = "metrics.reporter.throughput.factory.class";

    private static final List<Counter> SOURCE_OUT = new CopyOnWriteArrayList<>();
    private static volatile String sourceName = "redo-log-source";

    static void watch(String operatorName) {
        sourceName = operatorName;
        SOURCE_OUT.clear();
    }

    /** Records the source has handed on so far, all subtasks. */
    static long recordsOut() {
        long sum = 0;
        for (Counter counter : SOURCE_OUT) {
            sum += counter.getCount();
        }
        return sum;
    }

    static int counters() {
        return SOURCE_OUT.size();
    }

    @Override
    public void open(MetricConfig config) {
    }

    @Override
    public void close() {
    }

    @Override
    public void notifyOfAddedMetric(Metric metric, String metricName, MetricGroup group) {
        String operator = group.getAllVariables().get("<operator_name>");
        if ("numRecordsOut".equals(metricName) && metric instanceof Counter counter && operator != null
                && operator.contains(sourceName)) {
            SOURCE_OUT.add(counter);
        }
    }

    @Override
    public void notifyOfRemovedMetric(Metric metric, String metricName, MetricGroup group) {
        // kept: the final count is read after the job ends
    }

    /** Found by Flink through META-INF/services. */
    public static final class Factory implements MetricReporterFactory {
        @Override
        public MetricReporter createMetricReporter(Properties properties) {
            return new SourceRecordsReporter();
        }
    }
}
