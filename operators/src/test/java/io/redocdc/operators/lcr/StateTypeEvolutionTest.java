package io.redocdc.operators.lcr;

import static org.assertj.core.api.Assertions.assertThat;

import io.redocdc.source.model.RedoRecord;
import io.redocdc.source.model.ThreadSequence;
import io.redocdc.source.model.Xid;
import java.io.InputStream;
import org.apache.flink.api.common.serialization.SerializerConfigImpl;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.common.typeutils.TypeSerializerSchemaCompatibility;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.junit.jupiter.api.Test;

/**
 * {@link RedoRecord} (assembler state) and {@link Lcr} (sequencer state) are Flink POJOs: a field added to them must
 * leave the savepoints of earlier builds restorable. {@code state-types/v1/} holds what the build before the
 * {@code container} field wrote: each type's serializer snapshot and one serialized value (the values of
 * {@link LcrTypeInfoTest} without a container). Restoring means Flink's answer is "compatible after migration",
 * and the old bytes read back with the new field null.
 */
class StateTypeEvolutionTest {

    @Test
    void redoRecordStateOfTheBuildBeforeContainersRestores() throws Exception {
        RedoRecord restored = restore(RedoRecord.class, "redo-record");
        assertThat(restored).isEqualTo(new RedoRecord(5, "2026-01-01 00:00:00", 1, Xid.fromRaw("0A000C003C020000"),
                "INSERT", 1, false, 0, null, null, "S", "T", null, "AAAR+oAAFAAAARfACG", " 0x0002a7.000013f5.00e8 ", 0,
                "insert ...", "delete ...", new ThreadSequence(1, 7, 99), 3, 4));
    }

    @Test
    void lcrStateOfTheBuildBeforeContainersRestores() throws Exception {
        Lcr restored = restore(Lcr.class, "lcr");
        Lcr expected = new Lcr("DB", null, "SALES", "ORDERS", LcrCommand.UPDATE, "0A000C003C020000", 10, 12, 1,
                " 0x0002a7.000013f5.00e8 ", 3, "2026-01-02 03:04:05",
                new ColumnValue[] {ColumnValue.ofString("ID", "1"), ColumnValue.ofNull("NOTE")},
                new ColumnValue[] {new ColumnValue("D", ValueKind.DATE, "2026-02-28 13:45:59")},
                null, 0, true, Position.of(12, 1, 7, 99, 0, 10).toHex());
        assertThat(restored).usingRecursiveComparison().isEqualTo(expected);
    }

    private static <T> T restore(Class<T> type, String name) throws Exception {
        ClassLoader loader = StateTypeEvolutionTest.class.getClassLoader();
        TypeSerializerSnapshot<T> oldSnapshot = TypeSerializerSnapshot.readVersionedSnapshot(
                new DataInputDeserializer(resource(name + ".serializer-snapshot")), loader);
        SerializerConfigImpl config = new SerializerConfigImpl();
        config.setGenericTypes(false);
        TypeSerializer<T> current = TypeInformation.of(type).createSerializer(config);

        TypeSerializerSchemaCompatibility<T> compatibility =
                current.snapshotConfiguration().resolveSchemaCompatibility(oldSnapshot);
        assertThat(compatibility.isCompatibleAfterMigration())
                .as("%s state of the previous build: %s", type.getSimpleName(), compatibility).isTrue();

        // What a restore does on migration: read with the old serializer, write with the current one.
        T value = oldSnapshot.restoreSerializer().deserialize(new DataInputDeserializer(resource(name + ".data")));
        DataOutputSerializer out = new DataOutputSerializer(256);
        current.serialize(value, out);
        return current.deserialize(new DataInputDeserializer(out.getCopyOfBuffer()));
    }

    private static byte[] resource(String name) throws Exception {
        try (InputStream in = StateTypeEvolutionTest.class.getResourceAsStream("/state-types/v1/" + name)) {
            assertThat(in).as("test resource state-types/v1/%s", name).isNotNull();
            return in.readAllBytes();
        }
    }
}
