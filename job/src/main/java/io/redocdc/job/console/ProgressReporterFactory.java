package io.redocdc.job.console;

import java.time.Duration;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.metrics.reporter.MetricReporter;
import org.apache.flink.metrics.reporter.MetricReporterFactory;

/**
 * Creates the {@link ProgressReporter} of a local run. Flink instantiates reporters from the configuration by class
 * name, so the printer it feeds is found through a key in the reporter's configuration ({@link #attach}); this only
 * works where the MiniCluster runs in this JVM, which is the only place the console shows progress.
 */
public final class ProgressReporterFactory implements MetricReporterFactory {

    static final String REPORTER = "redocdc_progress";
    private static final String PRINTER_KEY = "printer";
    private static final Map<String, Consumer<ProgressFigures>> PRINTERS = new ConcurrentHashMap<>();

    /** Adds a progress reporter feeding {@code printer} every {@code interval} to a local run's configuration. */
    public static void attach(Configuration conf, Consumer<ProgressFigures> printer, Duration interval) {
        String key = UUID.randomUUID().toString();
        PRINTERS.put(key, printer);
        String prefix = "metrics.reporter." + REPORTER + ".";
        conf.setString(prefix + "factory.class", ProgressReporterFactory.class.getName());
        conf.setString(prefix + "interval", interval.toMillis() + " ms");
        conf.setString(prefix + PRINTER_KEY, key);
    }

    @Override
    public MetricReporter createMetricReporter(Properties properties) {
        String key = properties.getProperty(PRINTER_KEY);
        Consumer<ProgressFigures> printer = key == null ? null : PRINTERS.get(key);
        if (printer == null) {
            throw new IllegalArgumentException("the redo-cdc progress reporter has no printer (property '"
                    + PRINTER_KEY + "' = " + key + "): it only runs in bin/redo-cdc's embedded MiniCluster");
        }
        return new ProgressReporter(printer);
    }
}
