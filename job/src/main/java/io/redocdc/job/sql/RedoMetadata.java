package io.redocdc.job.sql;

import io.redocdc.operators.lcr.Lcr;
import io.redocdc.operators.lcr.TimestampTzText;
import java.util.function.Function;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.types.DataType;

/**
 * The metadata columns of an oracle-redo table ({@code op_ts TIMESTAMP(6) METADATA}, ...): where and when each change
 * was made, from its LCR.
 */
enum RedoMetadata {
    /** The redo record's time as LogMiner printed it, in the database's time zone (so no zone: TIMESTAMP). */
    OP_TS("op_ts", DataTypes.TIMESTAMP(6), lcr -> lcr.sourceTime() == null ? null
            : TimestampData.fromLocalDateTime(TimestampTzText.parseLocal(lcr.sourceTime()))),
    SCN("scn", DataTypes.BIGINT(), Lcr::scn),
    COMMIT_SCN("commit_scn", DataTypes.BIGINT(), Lcr::commitScn),
    XID("xid", DataTypes.STRING(), lcr -> StringData.fromString(lcr.xid())),
    THREAD("thread", DataTypes.INT(), Lcr::thread),
    SCHEMA_NAME("schema_name", DataTypes.STRING(), lcr -> StringData.fromString(lcr.owner())),
    TABLE_NAME("table_name", DataTypes.STRING(), lcr -> StringData.fromString(lcr.table())),
    /** The change's place in commit order (hex; sorts as the changes were committed). */
    POSITION("position", DataTypes.STRING(), lcr -> StringData.fromString(lcr.position()));

    private final String key;
    private final DataType type;
    private final Function<Lcr, Object> read;

    RedoMetadata(String key, DataType type, Function<Lcr, Object> read) {
        this.key = key;
        this.type = type;
        this.read = read;
    }

    String key() {
        return key;
    }

    DataType type() {
        return type;
    }

    /** The value as Flink's internal data of {@link #type()}. */
    Object read(Lcr lcr) {
        return read.apply(lcr);
    }

    static RedoMetadata of(String key) {
        for (RedoMetadata metadata : values()) {
            if (metadata.key.equals(key)) {
                return metadata;
            }
        }
        throw new IllegalArgumentException("no oracle-redo metadata column '" + key + "'");
    }
}
