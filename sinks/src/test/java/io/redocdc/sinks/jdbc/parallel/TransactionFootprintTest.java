package io.redocdc.sinks.jdbc.parallel;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TransactionFootprintTest {

    private final TransactionFootprint footprint = new TransactionFootprint(10);

    @Test
    void keepsEachRowOnce() {
        footprint.addRowKey(RowKey.of("OE.ORDERS", "1"));
        footprint.addRowKey(RowKey.of("OE.ORDERS", "2"));
        footprint.addRowKey(RowKey.of("OE.ORDERS", "1"));

        assertThat(footprint.isBarrier()).isFalse();
        assertThat(footprint.rowKeys()).containsExactlyInAnyOrder(
                RowKey.of("OE.ORDERS", "1"), RowKey.of("OE.ORDERS", "2"));
    }

    @Test
    void aKeyBothWrittenAndReadIsWritten() {
        footprint.addReferencedKey(RowKey.of("OE.ORDERS", "1"));
        footprint.addRowKey(RowKey.of("OE.ORDERS", "1"));
        footprint.addReferencedKey(RowKey.of("OE.ORDERS", "1"));
        footprint.addReferencedKey(RowKey.of("OE.ORDERS", "2"));

        assertThat(footprint.rowKeys()).containsExactly(RowKey.of("OE.ORDERS", "1"));
        assertThat(footprint.referencedKeys()).containsExactly(RowKey.of("OE.ORDERS", "2"));
    }

    @Test
    void aBarrierForgetsItsKeysAndTakesNoMore() {
        footprint.addRowKey(RowKey.of("OE.ORDERS", "1"));
        footprint.markBarrier();
        footprint.addRowKey(RowKey.of("OE.ORDERS", "2"));

        assertThat(footprint.isBarrier()).isTrue();
        assertThat(footprint.rowKeys()).isEmpty();
        assertThat(TransactionFootprint.barrier().isBarrier()).isTrue();
    }

    @Test
    void moreRowsThanTheLimitMakeABarrierAndForgetTheKeys() {
        for (int i = 0; i < 10; i++) {
            footprint.addRowKey(RowKey.of("OE.ORDERS", Integer.toString(i)));
        }
        assertThat(footprint.isBarrier()).isFalse();
        footprint.addRowKey(RowKey.of("OE.ORDERS", "10"));

        assertThat(footprint.isBarrier()).isTrue();
        assertThat(footprint.rowKeys()).isEmpty();
    }
}
