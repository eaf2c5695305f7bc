package io.redocdc.source.model;

import static io.redocdc.source.testing.TestRedoDirectory.record;
import static io.redocdc.source.testing.TestRedoDirectory.withRowChange;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/**
 * The resume rule. RS_ID and SSN as the Oracle Database Reference (19c, V$LOGMNR_CONTENTS) describes them: RS_ID
 * names the redo record that generated the row, and (RS_ID, SSN) one logical row change; RS_IDs are written in
 * LogMiner's blank-padded form {@code " 0x0002a7.000013f5.00e8 "}.
 */
class ResumePointTest {

    private static final RowChangeId X = new RowChangeId("0x0002a7.000013f5.00e8", 0);

    private static RedoRecord row(String rsId, long ssn) {
        return withRowChange(record(1001, 1, "0A000C003C020000", 2, "delete from \"OE\".\"ORDERS\" where ...", null),
                rsId, ssn);
    }

    @Test
    void namesTheGreatestIdAndTheRecordsHandedOnSinceItsFirstRecord() {
        ResumePoint point = ResumePoint.START
                .after(row(" 0x0002a7.000013f5.0010 ", 0))
                .after(row(" 0x0002a7.000013f5.00e8 ", 0))
                .after(row(" 0x0002a7.000013f5.00e8 ", 0));
        assertThat(point).isEqualTo(new ResumePoint(3, X, 1));
        assertThat(point.after(row(null, 0)).after(row("  ", 0))).as("no RS_ID: counted after it")
                .isEqualTo(new ResumePoint(5, X, 3));
        assertThat(point.after(row(" 0x0002a7.000013f5.0010 ", 0))).as("an earlier id again: counted after it")
                .isEqualTo(new ResumePoint(4, X, 2));
        assertThat(point.after(row(" 0x0002a7.000013f5.00e8 ", 1))).as("another SSN is another row change")
                .isEqualTo(new ResumePoint(4, new RowChangeId("0x0002a7.000013f5.00e8", 1), 0));
        assertThat(point.after(row(" 0x0002a7.000013f6.0010 ", 0))).as("the next redo block")
                .isEqualTo(new ResumePoint(4, new RowChangeId("0x0002a7.000013f6.0010", 0), 0));
    }

    @Test
    void withoutAnyRsIdThePointIsACount() {
        ResumePoint point = ResumePoint.START.after(row(null, 0)).after(row("", 0));
        assertThat(point).isEqualTo(ResumePoint.afterRecords(2));
        assertThat(point.isCount()).isTrue();
        assertThat(point.after(row(" 0x0002a7.000013f5.00e8 ", 0)).isCount()).isFalse();
    }

    @Test
    void rejectsInconsistentPointsAndPaddedOrBlankIds() {
        assertThatThrownBy(() -> new ResumePoint(1, X, 1)).as("X's first record is among those handed on")
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new ResumePoint(3, null, 1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new ResumePoint(3, X, -1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ResumePoint.afterRecords(-1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new RowChangeId(" 0x1 ", 0)).isInstanceOf(IllegalArgumentException.class);
        assertThat(RowChangeId.of(" 0x0002a7.000013f5.00e8 ", 0)).isEqualTo(X);
        assertThat(RowChangeId.of(" ", 0)).isNull();
    }

    @Test
    void describesItselfForErrors() {
        assertThat(new ResumePoint(9, X, 2)).hasToString("after record 8 (the first with RS_ID "
                + "'0x0002a7.000013f5.00e8' SSN 0, the greatest id handed on, then 2 more)");
        assertThat(ResumePoint.afterRecords(17)).hasToString("after the first 17 records (counted)");
    }
}
