package io.redocdc.benchmarks;

import io.redocdc.operators.lcr.Lcr;
import io.redocdc.sinks.jdbc.JdbcSinkMetrics;
import io.redocdc.sinks.jdbc.JdbcSinkOptions;
import io.redocdc.sinks.jdbc.apply.ApplyContext;
import io.redocdc.sinks.jdbc.writer.JdbcSinkWriter;
import java.util.List;
import org.apache.flink.metrics.groups.UnregisteredMetricsGroup;

/**
 * The sink's own writer (what the job runs, with group commit and batching) on the same in-memory LCRs the naive
 * replay gets, without Flink: the difference to the naive replay is only how the sink talks to the database.
 */
final class WriterReplay {

    private WriterReplay() {
    }

    static void apply(JdbcSinkOptions options, CapturedChanges changes) throws Exception {
        ApplyContext context = new ApplyContext(options, new JdbcSinkMetrics(new UnregisteredMetricsGroup()));
        try (JdbcSinkWriter writer = JdbcSinkWriter.create(context, List.of())) {
            for (Lcr lcr : changes.lcrs()) {
                writer.write(lcr, null);
            }
            writer.flush(true);
        }
    }
}
