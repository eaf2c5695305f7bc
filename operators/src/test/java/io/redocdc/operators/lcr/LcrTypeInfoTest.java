package io.redocdc.operators.lcr;

import static org.assertj.core.api.Assertions.assertThat;

import io.redocdc.source.model.RedoRecord;
import io.redocdc.source.model.ThreadSequence;
import io.redocdc.source.model.Xid;
import org.apache.flink.api.common.ExecutionConfig;
import org.apache.flink.api.common.serialization.SerializerConfigImpl;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.java.typeutils.PojoTypeInfo;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.junit.jupiter.api.Test;

/** As state types, Lcr and RedoRecord must be Flink POJOs (no Kryo, so that pipeline.generic-types=false holds); streams use LcrSerializer and RedoRecordSerializer. */
class LcrTypeInfoTest {

    @Test
    void lcrIsSerializedAsPojoWithoutKryo() throws Exception {
        Lcr lcr = new Lcr("DB", "PDB1", "SALES", "ORDERS", LcrCommand.UPDATE, "0A000C003C020000", 10, 12, 1,
                " 0x0002a7.000013f5.00e8 ", 3, "2026-01-02 03:04:05",
                new ColumnValue[] {ColumnValue.ofString("ID", "1"), ColumnValue.ofNull("NOTE")},
                new ColumnValue[] {new ColumnValue("D", ValueKind.DATE, "2026-02-28 13:45:59")},
                null, 0, true, Position.of(12, 1, 7, 99, 0, 10).toHex());
        Lcr copy = roundTrip(TypeInformation.of(Lcr.class), lcr);
        assertThat(copy).usingRecursiveComparison().isEqualTo(lcr);
    }

    @Test
    void redoRecordIsSerializedAsPojoWithoutKryo() throws Exception {
        RedoRecord record = new RedoRecord(5, "2026-01-01 00:00:00", 1,
                Xid.fromRaw("0A000C003C020000"), "INSERT", 1, false, 0, null, "PDB1", "S", "T", null, "AAAR+oAAFAAAARfACG",
                " 0x0002a7.000013f5.00e8 ", 0, "insert ...", "delete ...", new ThreadSequence(1, 7, 99), 3, 4);
        RedoRecord copy = roundTrip(TypeInformation.of(RedoRecord.class), record);
        assertThat(copy).isEqualTo(record);
    }

    private static <T> T roundTrip(TypeInformation<T> info, T value) throws Exception {
        assertThat(info).isInstanceOf(PojoTypeInfo.class);
        SerializerConfigImpl config = new SerializerConfigImpl();
        config.setGenericTypes(false);
        TypeSerializer<T> serializer = info.createSerializer(config);
        DataOutputSerializer out = new DataOutputSerializer(256);
        serializer.serialize(value, out);
        return serializer.deserialize(new DataInputDeserializer(out.getCopyOfBuffer()));
    }
}
