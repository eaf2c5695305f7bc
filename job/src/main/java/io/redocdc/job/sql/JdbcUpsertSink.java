package io.redocdc.job.sql;

import io.redocdc.sinks.jdbc.JdbcSinkOptions;
import io.redocdc.sinks.jdbc.target.TargetTable;
import java.io.IOException;
import java.io.Serializable;
import java.util.List;
import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.api.connector.sink2.WriterInitContext;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.RowType;

/** The runtime side of a jdbc-apply SQL table: one {@link JdbcUpsertWriter} per sink subtask. */
final class JdbcUpsertSink implements Sink<RowData> {

    private static final long serialVersionUID = 1L;

    /**
     * What a writer needs to know.
     *
     * @param sqlTable the SQL table's name, for messages
     * @param row      the SQL table's physical columns
     * @param key      indexes of its primary key's columns
     */
    record Spec(String sqlTable, JdbcSinkOptions options, TargetTable target, RowType row, List<Integer> key)
            implements Serializable {

        List<String> columns() {
            return row.getFieldNames();
        }

        /** {@code jdbc-apply table T (target S.T on URL)}, the start of every message. */
        String describe() {
            return "jdbc-apply table " + sqlTable + " (target " + target + " on " + options.displayUrl() + ")";
        }
    }

    private final Spec spec;

    JdbcUpsertSink(Spec spec) {
        this.spec = spec;
    }

    @Override
    public SinkWriter<RowData> createWriter(WriterInitContext context) throws IOException {
        return new JdbcUpsertWriter(spec, context.getProcessingTimeService(),
                context.metricGroup().getNumRecordsSendCounter());
    }
}
