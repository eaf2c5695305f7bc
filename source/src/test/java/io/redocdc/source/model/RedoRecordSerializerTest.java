package io.redocdc.source.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HexFormat;
import org.apache.flink.api.common.typeutils.SerializerTestBase;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.junit.jupiter.api.Test;

/** Flink's serializer contract (SerializerTestBase: copies, sequences, snapshots, duplicates) and the frozen bytes. */
class RedoRecordSerializerTest extends SerializerTestBase<RedoRecord> {

    private static final RedoRecord FROZEN = new RedoRecord(5, "2026-01-01 00:00:00", 1,
            Xid.fromRaw("0A000C003C020000"), "INSERT", 1, false, 0, null, "PDB1", "S", "T", 73L, "AAAR+oAAFAAAARfACG",
            " 0x0002a7.000013f5.00e8 ", 2, "insert", null, new ThreadSequence(1, 7, 99), 3, 4);

    /**
     * FROZEN as format 2 writes it (strings as StreamStrings: a one-byte length + 2, 0 for null, one byte a
     * character): changing the layout must be deliberate (and this test updated with it).
     */
    private static final String FROZEN_BYTES = "0e" + "0000000000000005" + "15" + "323032362d30312d30312030303a30303a3030"
            + "00000001" + "000a" + "000c" + "0000023c" + "08" + "494e53455254" + "00000001" + "00000000" + "00"
            + "06" + "50444231" + "03" + "53" + "03" + "54" + "0000000000000049" + "14" + "414141522b6f41414641414141526641434"
            + "7" + "1a" + "20307830303032613"
            + "72e30303030313366352e3030653820" + "0000000000000002" + "08" + "696e73657274" + "00" + "00000001"
            + "0000000000000007" + "0000000000000063" + "0000000000000003" + "0000000000000004";

    @Override
    protected TypeSerializer<RedoRecord> createSerializer() {
        return new RedoRecordSerializer();
    }

    @Override
    protected int getLength() {
        return -1;
    }

    @Override
    protected Class<RedoRecord> getTypeClass() {
        return RedoRecord.class;
    }

    @Override
    protected RedoRecord[] getTestData() {
        String longRedo = "update \"S\".\"T\" set \"C\" = '" + "x'' é 漢 \uD83D\uDE00 \uDE00".repeat(5000) + "' where ROWID = 'A';";
        return new RedoRecord[] {
            FROZEN,
            new RedoRecord(0, null, 0, Xid.NONE, null, 0, false, 0, null, null, null, null, null, null, null, 0,
                    null, null, null, 0, 0),
            new RedoRecord(Long.MAX_VALUE, "2026-12-31 23:59:59", 8, new Xid(0xFFFF, 0xFFFF, Xid.PARTIAL_SQN),
                    "UPDATE", 3, true, 2, "info", "CDB$ROOT", "OWNER", "TABLE", Long.MIN_VALUE, "", "", -1, longRedo,
                    "", new ThreadSequence(2, Long.MAX_VALUE, 0), Long.MAX_VALUE, Integer.MAX_VALUE + 1L),
            new RedoRecord(1, "2026-01-01 00:00:01", 1, null, "COMMIT", 7, false, 0, null, null, null, null, 0L,
                    null, null, 0, "commit;", null, new ThreadSequence(1, 1, 1), 1, 1),
        };
    }

    @Test
    void theFrozenRecordHasFormatTwosBytes() throws Exception {
        DataOutputSerializer out = new DataOutputSerializer(64);
        RedoRecordSerializer.INSTANCE.serialize(FROZEN, out);
        assertThat(HexFormat.of().formatHex(out.getCopyOfBuffer())).isEqualTo(FROZEN_BYTES);
        assertThat(RedoRecordSerializer.INSTANCE.deserialize(
                new DataInputDeserializer(HexFormat.of().parseHex(FROZEN_BYTES)))).isEqualTo(FROZEN);
    }

    @Test
    void theSourcesTypeUsesThisSerializer() {
        assertThat(RedoRecordSerializer.TYPE.createSerializer(null)).isInstanceOf(RedoRecordSerializer.class);
        assertThat(RedoRecordSerializer.TYPE.getTypeClass()).isEqualTo(RedoRecord.class);
    }
}
