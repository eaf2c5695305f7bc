package io.redocdc.job.sql;

import org.apache.flink.table.connector.ChangelogMode;
import org.apache.flink.table.connector.sink.DynamicTableSink;
import org.apache.flink.table.connector.sink.SinkV2Provider;

/**
 * A jdbc-apply table: an upsert sink by the declared primary key (the planner sends inserts, updates as their new
 * row, and deletes), written by {@link JdbcUpsertWriter}.
 */
final class JdbcApplyTableSink implements DynamicTableSink {

    private final JdbcUpsertSink.Spec spec;

    JdbcApplyTableSink(JdbcUpsertSink.Spec spec) {
        this.spec = spec;
    }

    @Override
    public ChangelogMode getChangelogMode(ChangelogMode requestedMode) {
        return ChangelogMode.upsert();
    }

    @Override
    public SinkRuntimeProvider getSinkRuntimeProvider(Context context) {
        return SinkV2Provider.of(new JdbcUpsertSink(spec));
    }

    @Override
    public DynamicTableSink copy() {
        return new JdbcApplyTableSink(spec);
    }

    @Override
    public String asSummaryString() {
        return "jdbc-apply " + spec.target();
    }
}
