package io.redocdc.source.catalog;

import static io.redocdc.source.testing.TestRedoDirectory.record;
import static io.redocdc.source.testing.TestRedoDirectory.withRowChange;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.redocdc.source.model.RedoRecord;
import io.redocdc.source.model.ResumePoint;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Finding a resume point in a re-read log (RS_IDs in LogMiner's blank-padded form, see ResumePointTest). */
class ResumeSearchTest {

    private static final String WHERE = "contents file 1_42_1029337344.csv";

    private static RedoRecord row(long scn, String rsId) {
        return withRowChange(record(scn, 1, "0A000C003C020000", 1, "insert " + scn, null), rsId, 0);
    }

    private static final RedoRecord A = row(1001, " 0x00002a.00000002.0010 ");
    private static final RedoRecord B = row(1002, " 0x00002a.00000002.0044 ");
    private static final RedoRecord C = row(1003, " 0x00002a.00000002.0078 ");
    private static final RedoRecord D = row(1004, " 0x00002a.00000003.0010 ");
    private static final RedoRecord EXTRA = row(1002, " 0x00002a.00000002.0050 ");
    private static final RedoRecord NO_ID = row(1003, null);

    private static ResumePoint after(RedoRecord... handedOn) {
        ResumePoint point = ResumePoint.START;
        for (RedoRecord record : handedOn) {
            point = point.after(record);
        }
        return point;
    }

    /** What the log returns after resuming at {@code point}. */
    private static List<RedoRecord> rest(ResumePoint point, RedoRecord... log) {
        Iterator<RedoRecord> records = List.of(log).iterator();
        ResumeSearch.skipTo(point, WHERE, () -> records.hasNext() ? records.next() : null);
        List<RedoRecord> rest = new ArrayList<>();
        records.forEachRemaining(rest::add);
        return rest;
    }

    @Test
    void resumesAfterTheLastRecordHandedOnWhenTheReReadHasAnotherRowBeforeIt() {
        ResumePoint point = after(A, B, C);
        assertThat(rest(point, A, B, C, D)).containsExactly(D);
        assertThat(rest(point, A, EXTRA, B, C, D)).as("a count of 3 would repeat C").containsExactly(D);
        assertThat(rest(point, A, C, D)).as("B is gone; C is still found").containsExactly(D);
    }

    @Test
    void countsRecordsSharingOneRowChangeIdInTheirRun() {
        RedoRecord first = row(1002, " 0x00002a.00000002.0044 ");
        RedoRecord second = row(1002, " 0x00002a.00000002.0044 ");
        RedoRecord third = row(1002, " 0x00002a.00000002.0044 ");
        assertThat(rest(after(A, first, second), A, EXTRA, first, second, third, D)).containsExactly(third, D);
        assertThat(rest(after(A, first), A, first, second, third, D)).containsExactly(second, third, D);
    }

    /**
     * A LOB statement in Oracle 23ai's shape (debezium/debezium pull request 7472, as the simulator writes it): the
     * INSERT and its SEL_LOB_LOCATOR rows share one RS_ID, with LOB_WRITE rows of their own in between, so the id of
     * the last record handed on may have been handed on before. Resuming at that id's first records would hand on
     * the LOB_WRITE rows and the locator again.
     */
    @Test
    void resumesAfterARecordWhoseIdWasHandedOnBeforeWithOtherIdsBetween() {
        RedoRecord insert = row(1002, " 0x00018d.0000004b.0120 ");
        RedoRecord locator = row(1003, " 0x00018d.0000004b.0120 ");
        RedoRecord write = row(1004, " 0x00018d.0000004b.0188 ");
        RedoRecord nextWrite = row(1005, " 0x00018d.00000050.005c ");
        RedoRecord lastLocator = row(1006, " 0x00018d.0000004b.0120 ");
        RedoRecord after = row(1007, " 0x00018d.00000051.0104 ");
        RedoRecord[] log = {A, insert, locator, write, nextWrite, lastLocator, after};
        for (int handedOn = 1; handedOn < log.length; handedOn++) {
            RedoRecord[] first = java.util.Arrays.copyOf(log, handedOn);
            assertThat(rest(after(first), log)).as("after %d records", handedOn)
                    .containsExactly(java.util.Arrays.copyOfRange(log, handedOn, log.length));
        }
    }

    @Test
    void passesTheRecordsWithoutRsIdHandedOnAfterTheLastId() {
        RedoRecord noId2 = row(1003, "  ");
        assertThat(rest(after(A, B, NO_ID), A, EXTRA, B, NO_ID, noId2, D)).containsExactly(noId2, D);
        assertThat(rest(after(NO_ID, noId2), NO_ID, noId2, A)).as("no id at all: a count").containsExactly(A);
        assertThat(rest(ResumePoint.afterRecords(2), A, B, C)).as("a version 1/2 count").containsExactly(C);
    }

    @Test
    void aPointTheReReadDoesNotHoldIsAnErrorNamingTheLogAndThePoint() {
        assertThatThrownBy(() -> rest(after(A, B, C), A, B, D))
                .isInstanceOf(RedoInputException.class)
                .hasMessageContaining(WHERE)
                .hasMessageContaining("cannot resume after record 2 (the first with RS_ID '0x00002a.00000002.0078' SSN 0")
                .hasMessageContaining("the log ends after 3 records");
        assertThatThrownBy(() -> rest(after(A, NO_ID), A, D, NO_ID))
                .isInstanceOf(RedoInputException.class)
                .hasMessageContaining("has RS_ID '0x00002a.00000003.0010' SSN 0, greater than any id of the records handed "
                        + "on");
        assertThatThrownBy(() -> rest(ResumePoint.afterRecords(4), A, B, C))
                .isInstanceOf(RedoInputException.class)
                .hasMessageContaining("cannot resume after the first 4 records (counted): the log ends after 3");
    }
}
