package io.redocdc.sinks.jdbc;

import io.redocdc.operators.lcr.Lcr;
import io.redocdc.sinks.jdbc.apply.ApplyContext;
import io.redocdc.sinks.jdbc.state.AppliedPositionStore;
import io.redocdc.sinks.jdbc.state.JdbcWriterState;
import io.redocdc.sinks.jdbc.state.JdbcWriterStateSerializer;
import io.redocdc.sinks.jdbc.writer.JdbcSinkWriter;
import io.redocdc.sinks.jdbc.writer.ParallelJdbcApplyWriter;
import java.io.IOException;
import java.util.Collection;
import java.util.List;
import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.api.connector.sink2.StatefulSinkWriter;
import org.apache.flink.api.connector.sink2.SupportsWriterState;
import org.apache.flink.api.connector.sink2.WriterInitContext;
import org.apache.flink.core.io.SimpleVersionedSerializer;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.DataStreamSink;

/**
 * The JDBC apply sink: replays committed transactions, in commit order, into Oracle, PostgreSQL or H2,
 * exactly once (the applied position lives in the target, see {@link AppliedPositionStore}). The writer runs
 * with parallelism 1, chained to the commit sequencer; with {@code apply.parallelism} above 1 it applies
 * independent transactions on that many connections at once ({@link ParallelJdbcApplyWriter}).
 */
public final class JdbcApplySink implements Sink<Lcr>, SupportsWriterState<Lcr, JdbcWriterState> {

    private static final long serialVersionUID = 1L;
    public static final String UID = "jdbc-apply-sink";

    private final JdbcSinkOptions options;

    public JdbcApplySink(JdbcSinkOptions options) {
        this.options = options;
    }

    /** Adds the sink to the sequencer's output: uid {@value #UID}, parallelism 1, forward (chained). */
    public static DataStreamSink<Lcr> attach(DataStream<Lcr> sequenced, JdbcSinkOptions options) {
        return sequenced.sinkTo(new JdbcApplySink(options))
                .name("JDBC apply sink: " + options.sinkName())
                .uid(UID)
                .setParallelism(1);
    }

    public JdbcSinkOptions options() {
        return options;
    }

    @Override
    public SinkWriter<Lcr> createWriter(WriterInitContext context) throws IOException {
        return restoreWriter(context, List.of());
    }

    @Override
    public StatefulSinkWriter<Lcr, JdbcWriterState> restoreWriter(WriterInitContext context,
                                                                  Collection<JdbcWriterState> restored)
            throws IOException {
        JdbcSinkMetrics metrics = new JdbcSinkMetrics(context.metricGroup());
        JdbcSinkWriter writer = JdbcSinkWriter.create(new ApplyContext(options, metrics), restored,
                context.getProcessingTimeService());
        metrics.watchAppliedPosition(writer::appliedPosition);
        return writer;
    }

    @Override
    public SimpleVersionedSerializer<JdbcWriterState> getWriterStateSerializer() {
        return new JdbcWriterStateSerializer();
    }
}
