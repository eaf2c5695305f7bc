package io.redocdc.operators.txn;

import static org.assertj.core.api.Assertions.assertThat;

import io.redocdc.operators.lcr.ColumnValue;
import io.redocdc.operators.lcr.LcrCommand;
import io.redocdc.source.model.RedoRecord;
import io.redocdc.source.model.RedoRecordSerializer;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.junit.jupiter.api.Test;

class ArrivalConversionsTest {

    private static final String XID = TransactionAssemblerTest.XID_A;

    private final RedoLog log = RedoLog.of(1, 679);
    private final RedoRecord first = log.dml(101, XID, TransactionAssemblerTest.ROW_1, Sql.insert(1, "one"));
    private final RedoRecord second = log.dml(102, XID, TransactionAssemblerTest.ROW_2, Sql.insert(2, "two"));
    private final RowKey key = RowKey.of(log.id(), 0);
    private final RowChange one = insert("1", "one");
    private final RowChange two = insert("2", "two");
    private int slot = 7;

    private ArrivalConversions conversions(long budget) {
        return new ArrivalConversions(() -> slot, budget);
    }

    private static RowChange insert(String id, String note) {
        return new RowChange("OE", "ORDERS", LcrCommand.INSERT, new ColumnValue[0],
                new ColumnValue[] {ColumnValue.ofString("ID", id), ColumnValue.ofString("NOTE", note)}, null);
    }

    @Test
    void aHeldChangeIsTakenOnceByItsSlotsRow() {
        ArrivalConversions conversions = conversions(1 << 20);
        conversions.hold(key, first, one);
        assertThat(conversions.heldBytes()).isEqualTo(ArrivalConversions.heapBytes(one)).isPositive();
        slot = 8;
        assertThat(conversions.take(key, first)).as("the same row key of another slot").isNull();
        slot = 7;
        assertThat(conversions.take(key, first)).isSameAs(one);
        assertThat(conversions.take(key, first)).as("taken once").isNull();
        assertThat(conversions.heldBytes()).isZero();
        assertThat(conversions.taken()).isEqualTo(1);
    }

    @Test
    void aCopyOfTheRowTakesItsChangeAndAnotherRowAtTheKeyDoesNot() throws Exception {
        ArrivalConversions conversions = conversions(1 << 20);
        conversions.hold(key, first, one);
        RedoRecord copy = copy(first);
        assertThat(copy).isNotSameAs(first).isEqualTo(first);
        assertThat(conversions.take(key, copy)).as("a copy the state hands back").isSameAs(one);

        conversions.hold(key, first, one);
        assertThat(conversions.take(key, second)).as("another row given the key again").isNull();
        assertThat(conversions.heldBytes()).as("nothing stays for the key").isZero();
        assertThat(conversions.taken()).isEqualTo(1);
    }

    @Test
    void aKeyGivenAgainHoldsOnlyTheNewRowsChange() {
        ArrivalConversions conversions = conversions(1 << 20);
        conversions.hold(key, first, one);
        conversions.hold(key, second, two);
        assertThat(conversions.heldBytes()).isEqualTo(ArrivalConversions.heapBytes(two));
        assertThat(conversions.take(key, second)).isSameAs(two);
    }

    @Test
    void beyondTheBudgetNothingIsHeldUntilRoomIsMade() {
        RowKey next = RowKey.of(log.id(), 1);
        ArrivalConversions conversions = conversions(ArrivalConversions.heapBytes(one));
        conversions.hold(key, first, one);
        conversions.hold(next, second, two);
        assertThat(conversions.take(next, second)).as("over the budget").isNull();
        conversions.forget(key);
        assertThat(conversions.heldBytes()).isZero();
        conversions.hold(next, second, two);
        assertThat(conversions.take(next, second)).isSameAs(two);
        assertThat(conversions(0)).satisfies(none -> {
            none.hold(key, first, one);
            assertThat(none.heldBytes()).as("budget 0").isZero();
        });
    }

    @Test
    void theWeightCountsTheValuesText() {
        RowChange longer = insert("1", "x".repeat(1000));
        assertThat(ArrivalConversions.heapBytes(longer) - ArrivalConversions.heapBytes(insert("1", "")))
                .isEqualTo(2000);
    }

    private static RedoRecord copy(RedoRecord record) throws Exception {
        DataOutputSerializer out = new DataOutputSerializer(256);
        RedoRecordSerializer.INSTANCE.serialize(record, out);
        return RedoRecordSerializer.INSTANCE.deserialize(new DataInputDeserializer(out.getCopyOfBuffer()));
    }
}
