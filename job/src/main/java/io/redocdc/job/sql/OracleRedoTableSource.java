package io.redocdc.job.sql;

import io.redocdc.operators.lcr.Lcr;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.connector.ChangelogMode;
import org.apache.flink.table.connector.ProviderContext;
import org.apache.flink.table.connector.source.DataStreamScanProvider;
import org.apache.flink.table.connector.source.DynamicTableSource;
import org.apache.flink.table.connector.source.ScanTableSource;
import org.apache.flink.table.connector.source.abilities.SupportsReadingMetadata;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.DataType;
import org.apache.flink.table.types.logical.RowType;

/**
 * An oracle-redo table: one captured table's changes, in commit order, from the job's shared capture
 * ({@link SharedCapture}). A changelog (+I, -U, +U, -D), or an upsert changelog when a primary key is declared.
 */
final class OracleRedoTableSource implements ScanTableSource, SupportsReadingMetadata {

    private final String table;
    private final Map<String, String> captureOptions;
    private final boolean bounded;
    private final DataType physicalType;
    private final int[] keyColumns;
    private List<String> metadataKeys = List.of();
    private DataType producedType;

    /**
     * @param table          OWNER.TABLE
     * @param captureOptions the WITH options of the capture ({@link RunOptionsBridge#captureOptionsOf}), validated
     * @param keyColumns     indexes of the declared primary key's columns, empty without one
     */
    OracleRedoTableSource(String table, Map<String, String> captureOptions, boolean bounded, DataType physicalType,
                          int[] keyColumns) {
        this.table = table;
        this.captureOptions = captureOptions;
        this.bounded = bounded;
        this.physicalType = physicalType;
        this.keyColumns = keyColumns.clone();
        this.producedType = physicalType;
        converters(); // a column type the source cannot convert to fails the CREATE's first use, not the job
    }

    @Override
    public ChangelogMode getChangelogMode() {
        // With a key the planner keeps each key's last row and derives -U itself, so none is sent. Deletes are
        // declared key-only: a delete's columns the redo did not log are null (TableChangelog), so the planner
        // must take the deleted row from its own state, never from the delete.
        return keyColumns.length > 0 ? ChangelogMode.upsert(true) : ChangelogMode.all();
    }

    @Override
    public ScanRuntimeProvider getScanRuntimeProvider(ScanContext context) {
        TableChangelog changelog = new TableChangelog(table, converters(),
                keyColumns, metadataKeys.stream().map(RedoMetadata::of).toList());
        TypeInformation<RowData> rows = context.createTypeInformation(producedType);
        return new DataStreamScanProvider() {
            @Override
            public DataStream<RowData> produceDataStream(ProviderContext provider, StreamExecutionEnvironment env) {
                DataStream<Lcr> lcrs = SharedCapture.sequenced(env, table, captureOptions);
                // the sequencer's parallelism (one) and a forward edge keep the commit order
                SingleOutputStreamOperator<RowData> changes = lcrs.flatMap(changelog, rows)
                        .setParallelism(lcrs.getParallelism())
                        .name("oracle-redo " + table);
                provider.generateUid("oracle-redo-" + table).ifPresent(changes::uid);
                return changes;
            }

            @Override
            public boolean isBounded() {
                return bounded;
            }
        };
    }

    private List<ColumnConverter> converters() {
        RowType row = (RowType) physicalType.getLogicalType();
        List<ColumnConverter> converters = new ArrayList<>();
        for (RowType.RowField field : row.getFields()) {
            converters.add(new ColumnConverter(table, field.getName(), field.getType()));
        }
        return converters;
    }

    @Override
    public Map<String, DataType> listReadableMetadata() {
        Map<String, DataType> metadata = new LinkedHashMap<>();
        for (RedoMetadata column : RedoMetadata.values()) {
            metadata.put(column.key(), column.type());
        }
        return metadata;
    }

    @Override
    public void applyReadableMetadata(List<String> keys, DataType producedDataType) {
        this.metadataKeys = List.copyOf(keys);
        this.producedType = producedDataType;
    }

    @Override
    public DynamicTableSource copy() {
        OracleRedoTableSource copy = new OracleRedoTableSource(table, captureOptions, bounded, physicalType,
                keyColumns);
        copy.metadataKeys = metadataKeys;
        copy.producedType = producedType;
        return copy;
    }

    @Override
    public String asSummaryString() {
        return "oracle-redo " + table;
    }
}
