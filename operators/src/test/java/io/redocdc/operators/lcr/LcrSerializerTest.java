package io.redocdc.operators.lcr;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.HexFormat;
import org.apache.flink.api.common.typeutils.SerializerTestBase;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.apache.flink.testutils.DeeplyEqualsChecker;
import org.junit.jupiter.api.Test;

/** Flink's serializer contract (SerializerTestBase: copies, sequences, snapshots, duplicates) and the frozen bytes. */
class LcrSerializerTest extends SerializerTestBase<Lcr> {

    private static final Lcr FROZEN = new Lcr("DB", null, "S", "T", LcrCommand.UPDATE, "0A000C003C020000", 10, 12, 1,
            "r", 3, "t", new ColumnValue[] {ColumnValue.ofString("ID", "1"), ColumnValue.ofNull("N")},
            new ColumnValue[] {new ColumnValue("D", ValueKind.DATE, "d")}, null, 0, true, "p");

    /**
     * FROZEN as format 2 writes it, spelled out by field: strings are StreamStrings (a one-byte length + 2, 0 for
     * null, then one byte a character), the command and value kinds their ordinals.
     */
    private static final String FROZEN_BYTES = "044442" + "00" + "0353" + "0354" + "01"
            + "12" + "30413030304330303343303230303030" + "000000000000000a" + "000000000000000c" + "00000001"
            + "0372" + "0000000000000003" + "0374"
            + "00000002" + "044944" + "01" + "0331" + "034e" + "00" + "00"
            + "00000001" + "0344" + "02" + "0364"
            + "00" + "00000000" + "01" + "0370";

    /** What the parser makes of UNISTR('\D83D'): a lone surrogate, which UTF-8 cannot carry (String.getBytes makes it '?'). */
    private static final String LONE = "\uD83D x \uDE00";

    LcrSerializerTest() {
        super(new DeeplyEqualsChecker().withCustomCheck((a, b) -> a instanceof Lcr && b instanceof Lcr,
                (a, b, checker) -> sameFields((Lcr) a, (Lcr) b)));
    }

    /** Lcr's own equals compares the image arrays by identity. */
    private static boolean sameFields(Lcr a, Lcr b) {
        return Arrays.equals(a.oldValues(), b.oldValues()) && Arrays.equals(a.newValues(), b.newValues())
                && a.equals(new Lcr(b.sourceDatabase(), b.container(), b.owner(), b.table(), b.command(), b.xid(),
                        b.scn(), b.commitScn(), b.thread(), b.rsId(), b.ssn(), b.sourceTime(), a.oldValues(),
                        a.newValues(), b.ddlText(), b.ordinal(), b.lastInTransaction(), b.position()));
    }

    @Override
    protected TypeSerializer<Lcr> createSerializer() {
        return new LcrSerializer();
    }

    @Override
    protected int getLength() {
        return -1;
    }

    @Override
    protected Class<Lcr> getTypeClass() {
        return Lcr.class;
    }

    @Override
    protected Lcr[] getTestData() {
        ColumnValue[] every = Arrays.stream(ValueKind.values())
                .map(kind -> new ColumnValue("C_" + kind, kind,
                        kind == ValueKind.NULL || kind == ValueKind.UNSUPPORTED ? null
                                : "v'é 漢 \uD83D\uDE00" + LONE))
                .toArray(ColumnValue[]::new);
        String longText = "x".repeat(100_000);
        return new Lcr[] {
            FROZEN,
            new Lcr(null, null, null, null, null, null, 0, 0, 0, null, 0, null, null, null, null, 0, false, null),
            new Lcr("ORCL", "PDB1", "OE", "ORDERS", LcrCommand.INSERT, "0A000C00FFFFFFFF", Long.MAX_VALUE,
                    Long.MAX_VALUE, 8, " 0x0002a7.000013f5.00e8 ", -1, "2026-12-31 23:59:59", new ColumnValue[0],
                    every, null, Integer.MAX_VALUE, false, Position.of(12, 1, 7, 99, 0, 10).toHex()),
            new Lcr("ORCL", null, "OE", "ORDERS", LcrCommand.DELETE, "0A000C003C020000", 1, 2, 1, "", 0, "",
                    new ColumnValue[] {ColumnValue.ofString("NOTE", longText)}, new ColumnValue[0], null, 5, true,
                    ""),
            new Lcr("ORCL", null, "OE", "ORDERS", LcrCommand.DDL, "0A000C003C020000", 1, 2, 1, null, 0, null,
                    new ColumnValue[0], new ColumnValue[0], "alter table OE.ORDERS add (X number)", 0, true, "00"),
        };
    }

    @Test
    void theFrozenLcrHasFormatTwosBytes() throws Exception {
        DataOutputSerializer out = new DataOutputSerializer(64);
        LcrSerializer.INSTANCE.serialize(FROZEN, out);
        assertThat(HexFormat.of().formatHex(out.getCopyOfBuffer())).isEqualTo(FROZEN_BYTES);
        Lcr read = LcrSerializer.INSTANCE.deserialize(new DataInputDeserializer(HexFormat.of().parseHex(FROZEN_BYTES)));
        assertThat(sameFields(read, FROZEN)).as("%s", read).isTrue();
    }

    @Test
    void copiesHaveTheirOwnImageArrays() {
        Lcr copy = LcrSerializer.INSTANCE.copy(FROZEN);
        assertThat(sameFields(copy, FROZEN)).isTrue();
        assertThat(copy.oldValues()).isNotSameAs(FROZEN.oldValues());
        assertThat(copy.newValues()).isNotSameAs(FROZEN.newValues());
    }

    @Test
    void theStreamTypeUsesThisSerializer() {
        assertThat(LcrSerializer.TYPE.createSerializer(null)).isInstanceOf(LcrSerializer.class);
        assertThat(LcrSerializer.TYPE.getTypeClass()).isEqualTo(Lcr.class);
    }
}
