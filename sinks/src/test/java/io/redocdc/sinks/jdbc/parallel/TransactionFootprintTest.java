package io.redocdc.sinks.jdbc.parallel;

import static org.assertj.core.api.Assertions.assertThat;

import io.redocdc.operators.lcr.ColumnValue;
import io.redocdc.operators.lcr.Lcr;
import io.redocdc.operators.lcr.LcrCommand;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

class TransactionFootprintTest {

    private static final List<String> KEY = List.of("ID");
    private final TransactionFootprint footprint = new TransactionFootprint(10);

    @Test
    void insertAndDeleteGiveTheKeyOfTheirOneImage() {
        footprint.add(lcr(LcrCommand.INSERT, null, image("1", "a")), KEY);
        footprint.add(lcr(LcrCommand.DELETE, image("2", "b"), null), KEY);

        assertThat(footprint.isBarrier()).isFalse();
        assertThat(footprint.rowKeys()).containsExactlyInAnyOrder(
                RowKey.of("OE.ORDERS", "1"), RowKey.of("OE.ORDERS", "2"));
    }

    @Test
    void anUpdateOfTheKeyWritesTheOldAndTheNewRow() {
        footprint.add(lcr(LcrCommand.UPDATE, image("1", "a"), image("7", "a")), KEY);

        assertThat(footprint.rowKeys()).containsExactlyInAnyOrder(
                RowKey.of("OE.ORDERS", "1"), RowKey.of("OE.ORDERS", "7"));
    }

    @Test
    void aNullKeyValueIsStillAKey() {
        footprint.add(lcr(LcrCommand.INSERT, null, new ColumnValue[] {ColumnValue.ofNull("ID")}), KEY);

        assertThat(footprint.rowKeys()).containsExactly(new RowKey("OE.ORDERS", Arrays.asList((String) null)));
    }

    @Test
    void unknownRowsMakeABarrier() {
        assertThat(after(f -> f.add(lcr(LcrCommand.DDL, null, null), KEY)).isBarrier()).as("DDL").isTrue();
        assertThat(after(f -> f.add(lcr(LcrCommand.INSERT, null, image("1", "a")), List.of())).isBarrier())
                .as("table without a key").isTrue();
        assertThat(after(f -> f.add(lcr(LcrCommand.INSERT, null, image("1", "a")), List.of("CODE"))).isBarrier())
                .as("key column missing from the image").isTrue();
    }

    @Test
    void moreRowsThanTheLimitMakeABarrierAndForgetTheKeys() {
        for (int i = 0; i < 10; i++) {
            footprint.add(lcr(LcrCommand.INSERT, null, image(Integer.toString(i), "x")), KEY);
        }
        assertThat(footprint.isBarrier()).isFalse();
        footprint.add(lcr(LcrCommand.INSERT, null, image("10", "x")), KEY);

        assertThat(footprint.isBarrier()).isTrue();
        assertThat(footprint.rowKeys()).isEmpty();
    }

    private static TransactionFootprint after(Consumer<TransactionFootprint> additions) {
        TransactionFootprint footprint = new TransactionFootprint(10);
        additions.accept(footprint);
        return footprint;
    }

    private static ColumnValue[] image(String id, String note) {
        return new ColumnValue[] {ColumnValue.ofString("ID", id), ColumnValue.ofString("NOTE", note)};
    }

    private static Lcr lcr(LcrCommand command, ColumnValue[] before, ColumnValue[] after) {
        return new Lcr("ORCL", "OE", "ORDERS", command, "0A000C003C020000", 10, 12, 1, " 0x0002a7.000013f5.00e8 ",
                0, "2026-01-01 10:00:00", before == null ? new ColumnValue[0] : before,
                after == null ? new ColumnValue[0] : after, command == LcrCommand.DDL ? "drop table x" : null,
                0, true, "00".repeat(30));
    }
}
