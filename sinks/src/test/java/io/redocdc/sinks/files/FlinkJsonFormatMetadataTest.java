package io.redocdc.sinks.files;

import static io.redocdc.sinks.files.TestLcrs.insert;
import static io.redocdc.sinks.files.TestLcrs.str;
import static org.assertj.core.api.Assertions.assertThat;

import org.apache.flink.api.common.serialization.DeserializationSchema;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.formats.common.TimestampFormat;
import org.apache.flink.formats.json.debezium.DebeziumJsonDecodingFormat;
import org.apache.flink.formats.json.ogg.OggJsonDecodingFormat;
import org.apache.flink.metrics.MetricGroup;
import org.apache.flink.metrics.groups.UnregisteredMetricsGroup;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.connector.source.DynamicTableSource;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.runtime.typeutils.InternalTypeInfo;
import org.apache.flink.table.types.DataType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.util.Collector;
import org.apache.flink.util.SimpleUserCodeClassLoader;
import org.apache.flink.util.UserCodeClassLoader;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The metadata columns that Flink's own ogg-json and debezium-json formats derive from our lines (table, keys,
 * current_ts, op_ts; source.*, ts_ms) parse as intended. Flink's filesystem connector does not expose format
 * metadata, so this drives the formats' decoders directly (message-queue connectors such as Kafka expose them).
 */
class FlinkJsonFormatMetadataTest {

    private static final Instant NOW = Instant.parse("2026-11-30T03:00:00.123456Z");
    private static final Clock CLOCK = Clock.fixed(NOW, ZoneOffset.UTC);
    private static final DataType PHYSICAL = DataTypes.ROW(DataTypes.FIELD("ID", DataTypes.INT()));
    private static final byte[] INSERT_OGG = line(new OggJsonEncoder(Map.of("OE.ORDERS", List.of("ID")), CLOCK));
    private static final byte[] INSERT_DEBEZIUM = line(new DebeziumJsonEncoder(CLOCK));

    @Test
    void oggJsonMetadataParses() throws Exception {
        OggJsonDecodingFormat format = new OggJsonDecodingFormat(false, TimestampFormat.SQL);
        format.applyReadableMetadata(List.of("table", "primary-keys", "ingestion-timestamp", "event-timestamp"));

        RowData row = decode(format.createRuntimeDecoder(CONTEXT, PHYSICAL), INSERT_OGG);

        assertThat(row.getInt(0)).isEqualTo(1);
        assertThat(row.getString(1)).hasToString("OE.ORDERS");
        assertThat(row.getArray(2).getString(0)).hasToString("ID");
        // TIMESTAMP_LTZ(3): Flink keeps the milliseconds of current_ts
        assertThat(row.getTimestamp(3, 3)).isEqualTo(TimestampData.fromEpochMillis(NOW.toEpochMilli()));
        assertThat(row.getTimestamp(4, 3)).isEqualTo(TimestampData.fromInstant(Instant.parse("2026-01-01T10:00:00Z")));
    }

    @Test
    void debeziumJsonMetadataParses() throws Exception {
        DebeziumJsonDecodingFormat format = new DebeziumJsonDecodingFormat(false, false, TimestampFormat.SQL);
        format.applyReadableMetadata(List.of("source.database", "source.schema", "source.table",
                "source.timestamp", "ingestion-timestamp", "source.properties"));

        RowData row = decode(format.createRuntimeDecoder(CONTEXT, PHYSICAL, new int[][] {{0}}), INSERT_DEBEZIUM);

        assertThat(row.getInt(0)).isEqualTo(1);
        assertThat(row.getString(1)).hasToString("ORCL");
        assertThat(row.getString(2)).hasToString("OE");
        assertThat(row.getString(3)).hasToString("ORDERS");
        assertThat(row.getTimestamp(4, 3)).isEqualTo(TimestampData.fromInstant(Instant.parse("2026-01-01T10:00:00Z")));
        assertThat(row.getTimestamp(5, 3)).isEqualTo(TimestampData.fromEpochMillis(NOW.toEpochMilli()));
        assertThat(row.getMap(6).size()).isEqualTo(11);
    }

    private static byte[] line(LcrJsonEncoder encoder) {
        try {
            return EncodedLines.encode(encoder, insert(1240, 0, 1, 1234, str("ID", "1"), str("NOTE", "x")))
                    .strip().getBytes(StandardCharsets.UTF_8);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static RowData decode(DeserializationSchema<RowData> schema, byte[] message) throws Exception {
        schema.open(INIT);
        List<RowData> rows = new ArrayList<>();
        schema.deserialize(message, new Collector<>() {
            @Override
            public void collect(RowData record) {
                rows.add(record);
            }

            @Override
            public void close() {
            }
        });
        assertThat(rows).hasSize(1);
        return rows.get(0);
    }

    private static final DynamicTableSource.Context CONTEXT = new DynamicTableSource.Context() {
        @Override
        public <T> TypeInformation<T> createTypeInformation(DataType producedDataType) {
            return createTypeInformation(producedDataType.getLogicalType());
        }

        @Override
        @SuppressWarnings("unchecked")
        public <T> TypeInformation<T> createTypeInformation(LogicalType producedLogicalType) {
            return (TypeInformation<T>) InternalTypeInfo.of(producedLogicalType);
        }

        @Override
        public DynamicTableSource.DataStructureConverter createDataStructureConverter(DataType producedDataType) {
            throw new UnsupportedOperationException();
        }
    };

    private static final DeserializationSchema.InitializationContext INIT =
            new DeserializationSchema.InitializationContext() {
                @Override
                public MetricGroup getMetricGroup() {
                    return new UnregisteredMetricsGroup();
                }

                @Override
                public UserCodeClassLoader getUserCodeClassLoader() {
                    return SimpleUserCodeClassLoader.create(FlinkJsonFormatMetadataTest.class.getClassLoader());
                }
            };
}
