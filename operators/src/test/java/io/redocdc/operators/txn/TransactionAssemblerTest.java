package io.redocdc.operators.txn;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.redocdc.operators.lcr.ColumnValue;
import io.redocdc.operators.lcr.Lcr;
import io.redocdc.operators.lcr.LcrCommand;
import io.redocdc.operators.lcr.Position;
import io.redocdc.operators.lcr.ValueKind;
import io.redocdc.source.model.OperationCode;
import io.redocdc.source.model.RedoRecord;
import io.redocdc.source.model.Scn;
import java.util.List;
import org.apache.flink.runtime.execution.SuppressRestartsException;
import org.apache.flink.runtime.checkpoint.OperatorSubtaskState;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The transaction assembler on realistic LogMiner rows (reference/oracle/operation-codes.md for the
 * operation codes and the savepoint-rollback matching rule). Key behaviours run on heap and RocksDB state.
 */
class TransactionAssemblerTest {

    /** 10.12.572 and the partial XID of the same slot that rollback-to-savepoint undo rows carry. */
    static final String XID_A = "0A000C003C020000";
    static final String XID_A_PARTIAL = "0A000C00FFFFFFFF";
    /** 10.12.573: the same undo slot, reused by the next transaction. */
    static final String XID_A_NEXT = "0A000C003D020000";
    /** 3.21.1239: another slot. */
    static final String XID_B = "03001500D7040000";

    static final String ROW_1 = "AAAR+oAAFAAAARfACA";
    static final String ROW_2 = "AAAR+oAAFAAAARfACB";
    static final String ROW_3 = "AAAR+oAAFAAAARfACC";

    private static ColumnValue string(String name, String text) {
        return ColumnValue.ofString(name, text);
    }

    private static ColumnValue created() {
        return new ColumnValue("CREATED", ValueKind.DATE, "2026-02-28 13:45:59");
    }

    private static List<String> describe(List<Lcr> lcrs) {
        return lcrs.stream().map(TransactionAssemblerTest::describe).toList();
    }

    /** "XID COMMAND ID=n" for compact order assertions. */
    private static String describe(Lcr lcr) {
        ColumnValue[] image = lcr.newValues().length > 0 ? lcr.newValues() : lcr.oldValues();
        return lcr.xid() + " " + lcr.command() + " ID=" + image[0].text();
    }

    @ParameterizedTest
    @EnumSource(StateBackendKind.class)
    void singleCommitEmitsTheChangesWithImagesAndPlace(StateBackendKind backend) throws Exception {
        RedoLog log = RedoLog.of(1, 679);
        RedoRecord start = log.start(1000, XID_A);
        RedoRecord insert = log.dml(1001, XID_A, ROW_1, Sql.insert(1, "it's"));
        RedoRecord update = log.dml(1002, XID_A, ROW_1, Sql.update(1, "it's", "shipped"));
        RedoRecord delete = log.dml(1003, XID_A, ROW_1, Sql.delete(1, "shipped"));
        RedoRecord commit = log.commit(1005, XID_A);
        try (AssemblerHarness h = AssemblerHarness.open(backend)) {
            h.feed(start, insert, update, delete, commit).watermark(1004);
            assertThat(h.operator.slotsHoldingState()).as("slots holding an open transaction").isEqualTo(1);
            h.watermark(1005);

            List<Lcr> lcrs = h.lcrs();
            assertThat(lcrs).extracting(Lcr::command)
                    .containsExactly(LcrCommand.INSERT, LcrCommand.UPDATE, LcrCommand.DELETE);
            Lcr first = lcrs.get(0);
            assertThat(first.sourceDatabase()).isEqualTo("ORCL");
            assertThat(first.qualifiedTable()).isEqualTo("OE.ORDERS");
            assertThat(first.xid()).isEqualTo(XID_A);
            assertThat(first.scn()).isEqualTo(1001);
            assertThat(first.commitScn()).isEqualTo(1005);
            assertThat(first.thread()).isEqualTo(1);
            assertThat(first.rsId()).isEqualTo(insert.rsId());
            assertThat(first.sourceTime()).isEqualTo(insert.timestamp());
            assertThat(first.oldValues()).isEmpty();
            assertThat(first.newValues()).containsExactly(string("ID", "1"), string("NOTE", "it's"), created());

            Lcr second = lcrs.get(1);
            assertThat(second.oldValues()).containsExactly(string("ID", "1"), string("NOTE", "it's"), created());
            assertThat(second.newValues()).containsExactly(string("ID", "1"), string("NOTE", "shipped"), created());
            Lcr third = lcrs.get(2);
            assertThat(third.oldValues()).containsExactly(string("ID", "1"), string("NOTE", "shipped"), created());
            assertThat(third.newValues()).isEmpty();

            assertThat(lcrs).extracting(Lcr::ordinal).containsExactly(0, 1, 2);
            assertThat(lcrs).extracting(Lcr::lastInTransaction).containsExactly(false, false, true);
            assertThat(lcrs).extracting(Lcr::transInd).containsExactly(0, 1, 2);
            assertThat(lcrs.get(2).position())
                    .isEqualTo(Position.of(1005, 1, 679, commit.index(), 2, 1003).toHex());
            assertThat(h.harness.extractOutputStreamRecords()).extracting(StreamRecord::getTimestamp)
                    .containsOnly(1005L);
            assertThat(h.operator.slotsHoldingState()).as("state left after the commit").isZero();
        }
    }

    /**
     * Ends wait for the watermark on the heap, not as timers; a checkpoint holds them as timers too, for builds that
     * finish ends by their timers. Restored here, those timers and the ends rebuilt from state finish it once.
     */
    @ParameterizedTest
    @EnumSource(StateBackendKind.class)
    void endsWaitOnTheHeapAndACheckpointHoldsThemAsTimersToo(StateBackendKind backend) throws Exception {
        RedoLog log = RedoLog.of(1, 679);
        OperatorSubtaskState state;
        try (AssemblerHarness h = AssemblerHarness.open(backend)) {
            h.feed(log.start(100, XID_A), log.dml(101, XID_A, ROW_1, Sql.insert(1, "one")), log.commit(102, XID_A),
                    log.start(103, XID_B), log.dml(104, XID_B, ROW_2, Sql.insert(2, "two")), log.commit(105, XID_B))
                    .watermark(99);
            assertThat(h.harness.numEventTimeTimers()).as("timers between checkpoints").isZero();
            state = h.snapshot(1);
            assertThat(h.harness.numEventTimeTimers()).as("timers in the checkpoint").isEqualTo(2);
        }
        try (AssemblerHarness h = AssemblerHarness.restore(AssemblerOptions.defaults(), backend, state)) {
            h.watermark(102);
            assertThat(describe(h.lcrs())).containsExactly(XID_A + " INSERT ID=1");
            h.watermark(200);
            assertThat(describe(h.lcrs())).containsExactly(XID_A + " INSERT ID=1", XID_B + " INSERT ID=2");
            assertThat(h.harness.numEventTimeTimers()).isZero();
            assertThat(h.operator.slotsHoldingState()).isZero();
        }
    }

    /** The arrival check's conversion is what the commit emits: each row is parsed once, also across a checkpoint. */
    @ParameterizedTest
    @EnumSource(StateBackendKind.class)
    void eachRowIsConvertedOnceOnItsWayThrough(StateBackendKind backend) throws Exception {
        RedoLog log = RedoLog.of(1, 679);
        OperatorSubtaskState state;
        try (AssemblerHarness h = AssemblerHarness.open(backend)) {
            h.feed(log.start(100, XID_A), log.dml(101, XID_A, ROW_1, Sql.insert(1, "one")),
                    log.dml(102, XID_A, ROW_2, Sql.insert(2, "two")), log.commit(103, XID_A),
                    log.start(104, XID_B), log.dml(105, XID_B, ROW_3, Sql.insert(3, "three")));
            assertThat(h.operator.conversions().heldBytes()).as("held until the commits").isPositive();
            h.watermark(103);
            assertThat(describe(h.lcrs())).containsExactly(XID_A + " INSERT ID=1", XID_A + " INSERT ID=2");
            assertThat(h.operator.conversions().taken()).as("changes emitted as converted on arrival").isEqualTo(2);
            state = h.snapshot(1);
        }
        try (AssemblerHarness h = AssemblerHarness.restore(AssemblerOptions.defaults(), backend, state)) {
            h.feed(log.commit(106, XID_B)).watermark(106);
            assertThat(describe(h.lcrs())).as("converted again after the restore")
                    .containsExactly(XID_B + " INSERT ID=3");
            assertThat(h.operator.conversions().taken()).isZero();
            assertThat(h.operator.conversions().heldBytes()).isZero();
        }
    }

    @Test
    void updateAfterImageAppendsSetColumnsMissingFromTheWhereClause() throws Exception {
        RedoLog log = RedoLog.of(1, 679);
        String pkLoggedUpdate = "update \"OE\".\"ORDERS\" set \"NOTE\" = 'x', \"AMOUNT\" = '42.50' "
                + "where \"ID\" = '7' and \"NOTE\" IS NULL";
        try (AssemblerHarness h = AssemblerHarness.open(StateBackendKind.HEAP)) {
            h.feed(log.start(10, XID_A), log.dml(11, XID_A, ROW_1, pkLoggedUpdate), log.commit(12, XID_A))
                    .watermark(12);
            Lcr lcr = h.lcrs().get(0);
            assertThat(lcr.oldValues()).containsExactly(string("ID", "7"), ColumnValue.ofNull("NOTE"));
            assertThat(lcr.newValues())
                    .containsExactly(string("ID", "7"), string("NOTE", "x"), string("AMOUNT", "42.50"));
            assertThat(lcr.transInd()).isEqualTo(3);
        }
    }

    @ParameterizedTest
    @EnumSource(StateBackendKind.class)
    void commitWaitsUntilTheWatermarkPassesItsScn(StateBackendKind backend) throws Exception {
        RedoLog log = RedoLog.of(1, 679);
        try (AssemblerHarness h = AssemblerHarness.open(backend)) {
            h.feed(log.start(1000, XID_A), log.dml(1001, XID_A, ROW_1, Sql.insert(1, "a")), log.commit(1005, XID_A));
            h.watermark(1004);
            assertThat(h.lcrs()).isEmpty();
            h.watermark(1005);
            assertThat(describe(h.lcrs())).containsExactly(XID_A + " INSERT ID=1");
        }
    }

    @ParameterizedTest
    @EnumSource(StateBackendKind.class)
    void interleavedTransactionsOnTwoSlotsEachComeOutWholeAtTheirCommit(StateBackendKind backend)
            throws Exception {
        RedoLog log = RedoLog.of(1, 679);
        try (AssemblerHarness h = AssemblerHarness.open(backend)) {
            h.feed(log.start(100, XID_A), log.dml(101, XID_A, ROW_1, Sql.insert(1, "a1")),
                    log.start(102, XID_B), log.dml(103, XID_B, ROW_2, Sql.insert(2, "b1")),
                    log.dml(104, XID_A, ROW_3, Sql.insert(3, "a2")), log.dml(105, XID_B, ROW_2,
                            Sql.update(2, "b1", "b2")),
                    log.commit(106, XID_B), log.commit(107, XID_A));
            h.watermark(106);
            assertThat(describe(h.lcrs())).containsExactly(XID_B + " INSERT ID=2", XID_B + " UPDATE ID=2");
            h.watermark(200);
            assertThat(describe(h.lcrs())).containsExactly(XID_B + " INSERT ID=2", XID_B + " UPDATE ID=2",
                    XID_A + " INSERT ID=1", XID_A + " INSERT ID=3");
        }
    }

    @ParameterizedTest
    @EnumSource(StateBackendKind.class)
    void rowsReadFromALaterLogFirstAreStillEmittedInRedoOrder(StateBackendKind backend) throws Exception {
        RedoLog log100 = RedoLog.of(1, 100);
        RedoLog log101 = RedoLog.of(1, 101);
        RedoLog log102 = RedoLog.of(1, 102);
        RedoRecord[] first = {log100.start(500, XID_A), log100.dml(501, XID_A, ROW_1, Sql.insert(1, "a")),
                log100.dml(502, XID_A, ROW_2, Sql.insert(2, "b"))};
        // A late row of the open transaction carrying a lower SCN than rows before it in the redo.
        RedoRecord[] second = {log101.dml(600, XID_A, ROW_3, Sql.insert(3, "c")),
                log101.dml(550, XID_A, ROW_1, Sql.update(1, "a", "a2"))};
        RedoRecord[] third = {log102.dml(700, XID_A, ROW_2, Sql.delete(2, "b")), log102.commit(701, XID_A)};
        try (AssemblerHarness h = AssemblerHarness.open(backend)) {
            h.feed(third).feed(second).watermark(400).feed(first).watermark(701);
            assertThat(describe(h.lcrs())).containsExactly(XID_A + " INSERT ID=1", XID_A + " INSERT ID=2",
                    XID_A + " INSERT ID=3", XID_A + " UPDATE ID=1", XID_A + " DELETE ID=2");
            assertThat(h.lcrs()).extracting(Lcr::scn).containsExactly(501L, 502L, 600L, 550L, 700L);
            assertThat(h.lcrs()).extracting(Lcr::positionValue).isSorted();
        }
    }

    /** Log 101 (A's COMMIT, then B's START on the same slot) is read before log 100 (A's START and rows). */
    @ParameterizedTest
    @EnumSource(StateBackendKind.class)
    void aReusedSlotWhoseLaterLogIsReadFirstKeepsTheTwoTransactionsApart(StateBackendKind backend)
            throws Exception {
        RedoLog log100 = RedoLog.of(1, 100);
        RedoLog log101 = RedoLog.of(1, 101);
        RedoRecord[] older = {log100.start(500, XID_A), log100.dml(501, XID_A, ROW_1, Sql.insert(1, "a"))};
        RedoRecord[] newer = {log101.dml(600, XID_A, ROW_2, Sql.insert(2, "a")), log101.commit(601, XID_A),
                log101.start(602, XID_A_NEXT), log101.dml(603, XID_A_NEXT, ROW_1, Sql.delete(1, "a")),
                log101.commit(604, XID_A_NEXT)};
        try (AssemblerHarness h = AssemblerHarness.open(backend)) {
            h.feed(newer).feed(older).watermark(700);
            assertThat(describe(h.lcrs())).containsExactly(
                    XID_A + " INSERT ID=1", XID_A + " INSERT ID=2", XID_A_NEXT + " DELETE ID=1");
            assertThat(h.operator.slotsHoldingState()).isZero();
        }
    }

    /**
     * Many rows over three logs read out of order, with savepoint rollbacks sprinkled in: more live rows than the
     * undo stacks remember for clearing one by one, so they are cleared by scanning, and no state is left.
     */
    @ParameterizedTest
    @EnumSource(StateBackendKind.class)
    void aLargeTransactionStreamsOutInRedoOrder(StateBackendKind backend) throws Exception {
        int perLog = UndoMatcher.REMEMBERED_PUSHES / 3 + 100;
        List<List<RedoRecord>> logs = new java.util.ArrayList<>();
        List<Integer> expectedIds = new java.util.ArrayList<>();
        long scn = 1000;
        int id = 0;
        for (int sequence = 200; sequence < 203; sequence++) {
            RedoLog log = RedoLog.of(1, sequence);
            List<RedoRecord> records = new java.util.ArrayList<>();
            if (sequence == 200) {
                records.add(log.start(scn++, XID_A));
            }
            for (int i = 0; i < perLog; i++) {
                String rowId = String.format("AAAR+oAAFAAAA%05d", id);
                records.add(log.dml(scn++, XID_A, rowId, Sql.insert(id, "n" + id)));
                if (id % 7 == 3) {
                    records.add(log.undo(scn++, XID_A_PARTIAL, rowId, Sql.undoInsert(rowId)));
                } else {
                    expectedIds.add(id);
                }
                id++;
            }
            if (sequence == 202) {
                records.add(log.commit(scn++, XID_A));
            }
            logs.add(records);
        }
        try (AssemblerHarness h = AssemblerHarness.open(backend)) {
            h.feed(logs.get(2).toArray(RedoRecord[]::new)).feed(logs.get(0).toArray(RedoRecord[]::new))
                    .feed(logs.get(1).toArray(RedoRecord[]::new)).watermark(scn);
            List<Lcr> lcrs = h.lcrs();
            assertThat(lcrs).extracting(lcr -> Integer.parseInt(lcr.newValues()[0].text()))
                    .containsExactlyElementsOf(expectedIds);
            assertThat(lcrs).extracting(Lcr::ordinal).isSorted().doesNotHaveDuplicates();
            assertThat(lcrs).filteredOn(Lcr::lastInTransaction).containsExactly(lcrs.get(lcrs.size() - 1));
            assertThat(lcrs).extracting(Lcr::positionValue).isSorted().doesNotHaveDuplicates();
            assertThat(h.operator.slotsHoldingState()).isZero();
        }
    }

    @ParameterizedTest
    @EnumSource(StateBackendKind.class)
    void fullRollbackIsDiscarded(StateBackendKind backend) throws Exception {
        RedoLog log = RedoLog.of(1, 679);
        try (AssemblerHarness h = AssemblerHarness.open(backend)) {
            h.feed(log.start(10, XID_A), log.dml(11, XID_A, ROW_1, Sql.insert(1, "a")),
                    log.dml(12, XID_A, ROW_1, Sql.update(1, "a", "b")),
                    log.undo(13, XID_A_PARTIAL, ROW_1, Sql.undoUpdate("a", ROW_1)),
                    log.undo(14, XID_A_PARTIAL, ROW_1, Sql.undoInsert(ROW_1)),
                    log.rollback(15, XID_A),
                    log.start(20, XID_A_NEXT), log.dml(21, XID_A_NEXT, ROW_2, Sql.insert(2, "kept")),
                    log.commit(22, XID_A_NEXT));
            h.watermark(30);
            assertThat(describe(h.lcrs())).containsExactly(XID_A_NEXT + " INSERT ID=2");
            assertThat(h.operator.slotsHoldingState()).isZero();
            assertThat(h.operator.conversions().heldBytes()).as("conversions of rolled back rows").isZero();
        }
    }

    /**
     * The savepoint scenario of operation-codes.md: insert 10, savepoint, insert 11, update 10, delete 1,
     * rollback to savepoint, insert 12, commit. Undo rows (partial XID) come in reverse order.
     */
    @ParameterizedTest
    @EnumSource(StateBackendKind.class)
    void rollbackToSavepointCancelsTheUndoneRows(StateBackendKind backend) throws Exception {
        RedoLog log = RedoLog.of(1, 679);
        String row10 = ROW_1;
        String row11 = ROW_2;
        String row1 = ROW_3;
        String row12 = "AAAR+oAAFAAAARfACD";
        try (AssemblerHarness h = AssemblerHarness.open(backend)) {
            h.feed(log.start(100, XID_A),
                    log.dml(101, XID_A, row10, Sql.insert(10, "ten")),
                    log.dml(102, XID_A, row11, Sql.insert(11, "eleven")),
                    log.dml(103, XID_A, row10, Sql.update(10, "ten", "TEN")),
                    log.dml(104, XID_A, row1, Sql.delete(1, "one")),
                    log.undo(105, XID_A_PARTIAL, row1, Sql.insert(1, "one")),
                    log.undo(105, XID_A_PARTIAL, row10, Sql.undoUpdate("ten", row10)),
                    log.undo(105, XID_A_PARTIAL, row11, Sql.undoInsert(row11)),
                    log.dml(106, XID_A, row12, Sql.insert(12, "twelve")),
                    log.commit(107, XID_A));
            h.watermark(107);
            assertThat(describe(h.lcrs())).containsExactly(XID_A + " INSERT ID=10", XID_A + " INSERT ID=12");
            assertThat(h.lcrs()).extracting(Lcr::lastInTransaction).containsExactly(false, true);
            assertThat(h.operator.slotsHoldingState()).isZero();
            assertThat(h.operator.conversions().heldBytes()).as("conversions of undone rows").isZero();
        }
    }

    /** Two savepoints on one row: undo rows pop the row's changes newest first, a stack per ROW_ID. */
    @ParameterizedTest
    @EnumSource(StateBackendKind.class)
    void undoRowsForTheSameRowIdUnwindItsChangesNewestFirst(StateBackendKind backend) throws Exception {
        RedoLog log = RedoLog.of(1, 679);
        try (AssemblerHarness h = AssemblerHarness.open(backend)) {
            h.feed(log.start(100, XID_A),
                    log.dml(101, XID_A, ROW_1, Sql.insert(1, "v0")),
                    // savepoint s1
                    log.dml(102, XID_A, ROW_1, Sql.update(1, "v0", "a")),
                    // savepoint s2
                    log.dml(103, XID_A, ROW_1, Sql.update(1, "a", "b")),
                    log.dml(104, XID_A, ROW_1, Sql.update(1, "b", "c")),
                    // rollback to s2
                    log.undo(105, XID_A_PARTIAL, ROW_1, Sql.undoUpdate("b", ROW_1)),
                    log.undo(105, XID_A_PARTIAL, ROW_1, Sql.undoUpdate("a", ROW_1)),
                    log.dml(106, XID_A, ROW_1, Sql.update(1, "a", "d")),
                    // rollback to s1
                    log.undo(107, XID_A_PARTIAL, ROW_1, Sql.undoUpdate("a", ROW_1)),
                    log.undo(107, XID_A_PARTIAL, ROW_1, Sql.undoUpdate("v0", ROW_1)),
                    log.dml(108, XID_A, ROW_2, Sql.insert(2, "x")),
                    log.dml(109, XID_A, ROW_1, Sql.update(1, "v0", "e")),
                    log.commit(110, XID_A));
            h.watermark(110);
            List<Lcr> lcrs = h.lcrs();
            assertThat(describe(lcrs)).containsExactly(
                    XID_A + " INSERT ID=1", XID_A + " INSERT ID=2", XID_A + " UPDATE ID=1");
            assertThat(lcrs.get(2).newValues()[1].text()).isEqualTo("e");
            assertThat(lcrs).extracting(Lcr::scn).containsExactly(101L, 108L, 109L);
            assertThat(h.operator.slotsHoldingState()).as("the undo stacks (109 over 101 on ROW_1) cleared")
                    .isZero();
        }
    }

    @Test
    void anUndoRowThatMatchesNothingIsCountedNotFatal() throws Exception {
        RedoLog log = RedoLog.of(1, 679);
        try (AssemblerHarness h = AssemblerHarness.open(StateBackendKind.HEAP)) {
            h.feed(log.start(100, XID_A), log.dml(101, XID_A, ROW_1, Sql.insert(1, "a")),
                    log.undo(102, XID_A_PARTIAL, ROW_2, Sql.undoInsert(ROW_2)), log.commit(103, XID_A));
            h.watermark(103);
            assertThat(describe(h.lcrs())).containsExactly(XID_A + " INSERT ID=1");
        }
    }

    @ParameterizedTest
    @EnumSource(StateBackendKind.class)
    void aTransactionWhoseStartWasNotReadIsDiscarded(StateBackendKind backend) throws Exception {
        RedoLog log = RedoLog.of(1, 679);
        try (AssemblerHarness h = AssemblerHarness.open(backend)) {
            // Capture started in the middle of XID_A: its rows and COMMIT arrive, its START never does.
            h.feed(log.dml(101, XID_A, ROW_1, Sql.insert(1, "a")), log.dml(102, XID_A, ROW_2, Sql.insert(2, "b")),
                    log.commit(103, XID_A),
                    log.start(110, XID_A_NEXT), log.dml(111, XID_A_NEXT, ROW_3, Sql.insert(3, "c")),
                    log.commit(112, XID_A_NEXT));
            h.watermark(103);
            assertThat(h.lcrs()).isEmpty();
            h.watermark(112);
            assertThat(describe(h.lcrs())).containsExactly(XID_A_NEXT + " INSERT ID=3");
            assertThat(h.operator.slotsHoldingState()).isZero();
        }
    }

    @Test
    void rowsOfATransactionWhoseEndWasNotReadAreDroppedAtTheNextStartOfTheSlot() throws Exception {
        RedoLog log = RedoLog.of(1, 679);
        try (AssemblerHarness h = AssemblerHarness.open(StateBackendKind.HEAP)) {
            h.feed(log.start(100, XID_A), log.dml(101, XID_A, ROW_1, Sql.insert(1, "lost")),
                    log.start(110, XID_A_NEXT), log.dml(111, XID_A_NEXT, ROW_3, Sql.insert(3, "c")));
            assertThat(h.operator.openTransactionCount()).isEqualTo(2);
            h.feed(log.commit(112, XID_A_NEXT)).watermark(112);
            assertThat(describe(h.lcrs())).containsExactly(XID_A_NEXT + " INSERT ID=3");
            assertThat(h.operator.openTransactionCount()).isZero();
            assertThat(h.operator.slotsHoldingState()).isZero();
        }
    }

    @ParameterizedTest
    @EnumSource(StateBackendKind.class)
    void slotReuseGivesTwoTransactionsInRedoOrderUnderOneWatermark(StateBackendKind backend) throws Exception {
        RedoLog log = RedoLog.of(1, 679);
        RedoRecord firstCommit;
        RedoRecord secondCommit;
        try (AssemblerHarness h = AssemblerHarness.open(backend)) {
            h.feed(log.start(100, XID_A), log.dml(101, XID_A, ROW_1, Sql.insert(1, "first")),
                    firstCommit = log.commit(102, XID_A),
                    log.start(103, XID_A_NEXT), log.dml(104, XID_A_NEXT, ROW_2, Sql.insert(2, "second")),
                    log.dml(104, XID_A_NEXT, ROW_1, Sql.delete(1, "first")),
                    secondCommit = log.commit(105, XID_A_NEXT));
            h.watermark(200);
            List<Lcr> lcrs = h.lcrs();
            assertThat(describe(lcrs)).containsExactly(
                    XID_A + " INSERT ID=1", XID_A_NEXT + " INSERT ID=2", XID_A_NEXT + " DELETE ID=1");
            assertThat(lcrs).extracting(Lcr::commitScn).containsExactly(102L, 105L, 105L);
            assertThat(lcrs.get(0).positionValue().transactionId())
                    .isEqualTo(Position.of(102, 1, 679, firstCommit.index(), 0, 0).transactionId());
            assertThat(lcrs.get(1).positionValue().transactionId())
                    .isEqualTo(Position.of(105, 1, 679, secondCommit.index(), 0, 0).transactionId());
            assertThat(lcrs).extracting(Lcr::transInd).containsExactly(3, 0, 2);
            assertThat(lcrs).extracting(Lcr::positionValue).isSorted().doesNotHaveDuplicates();
        }
    }

    @Test
    void ddlBecomesADdlLcr() throws Exception {
        RedoLog log = RedoLog.of(1, 679);
        String ddl = "alter table \"OE\".\"ORDERS\" add (\"AMOUNT\" NUMBER(10,2))";
        try (AssemblerHarness h = AssemblerHarness.open(StateBackendKind.HEAP)) {
            h.feed(log.start(100, XID_A), log.ddl(101, XID_A, "OE", "ORDERS", ddl), log.commit(102, XID_A))
                    .watermark(102);
            Lcr lcr = h.lcrs().get(0);
            assertThat(lcr.command()).isEqualTo(LcrCommand.DDL);
            assertThat(lcr.ddlText()).isEqualTo(ddl);
            assertThat(lcr.qualifiedTable()).isEqualTo("OE.ORDERS");
            assertThat(lcr.oldValues()).isEmpty();
            assertThat(lcr.newValues()).isEmpty();
        }
    }

    /** Control rows may lack SRC_CON_NAME (Utilities 12.1, "The V$LOGMNR_CONTENTS View in a CDB"): rows name it. */
    @Test
    void eachLcrCarriesTheContainerOfItsRow() throws Exception {
        RedoLog log = RedoLog.of(1, 679);
        String ddl = "alter table \"OE\".\"ORDERS\" add (\"AMOUNT\" NUMBER(10,2))";
        try (AssemblerHarness h = AssemblerHarness.open(StateBackendKind.ROCKSDB)) {
            h.feed(log.start(100, XID_A),
                    RedoLog.inContainer(log.dml(101, XID_A, "AAAR+oAAFAAAARfACG",
                            "insert into \"OE\".\"ORDERS\"(\"ID\") values ('1')"), "ORCLPDB1"),
                    RedoLog.inContainer(log.ddl(102, XID_A, "OE", "ORDERS", ddl), "ORCLPDB1"),
                    log.dml(103, XID_A, "AAAR+oAAFAAAARfACH", "insert into \"OE\".\"ORDERS\"(\"ID\") values ('2')"),
                    log.commit(104, XID_A))
                    .watermark(104);
            assertThat(h.lcrs()).extracting(Lcr::command, Lcr::container).containsExactly(
                    tuple(LcrCommand.INSERT, "ORCLPDB1"), tuple(LcrCommand.DDL, "ORCLPDB1"),
                    tuple(LcrCommand.INSERT, null));
        }
    }

    @Test
    void aTransactionWithoutCapturedChangesEmitsNothing() throws Exception {
        RedoLog log = RedoLog.of(1, 679);
        try (AssemblerHarness h = AssemblerHarness.open(StateBackendKind.HEAP)) {
            h.feed(log.start(100, XID_A), log.commit(101, XID_A)).watermark(101);
            assertThat(h.lcrs()).isEmpty();
            assertThat(h.operator.slotsHoldingState()).isZero();
        }
    }

    @Test
    void aTransactionCommittedBeforeTheStartScnIsDiscarded() throws Exception {
        RedoLog log = RedoLog.of(1, 679);
        AssemblerOptions options = AssemblerOptions.builder().startScn(Scn.of(105)).build();
        try (AssemblerHarness h = AssemblerHarness.open(options, StateBackendKind.HEAP)) {
            h.feed(log.start(100, XID_A), log.dml(101, XID_A, ROW_1, Sql.insert(1, "before")), log.commit(104, XID_A),
                    log.start(102, XID_B), log.dml(103, XID_B, ROW_2, Sql.insert(2, "after")), log.commit(105, XID_B));
            h.watermark(110);
            assertThat(describe(h.lcrs())).containsExactly(XID_B + " INSERT ID=2");
        }
    }

    /**
     * Before a snapshot: XID_A's START and two INSERTs, XID_B's START and INSERT (both open). After it: an UPDATE of
     * XID_A undone to a savepoint, XID_B's COMMIT, XID_A's COMMIT.
     */
    private static RedoRecord[][] twoOpenTransactionsAndTheirEnds() {
        RedoLog log = RedoLog.of(1, 679);
        RedoRecord[] before = {log.start(100, XID_A), log.dml(101, XID_A, ROW_1, Sql.insert(1, "a")),
                log.dml(102, XID_A, ROW_2, Sql.insert(2, "b")), log.start(103, XID_B),
                log.dml(104, XID_B, ROW_3, Sql.insert(3, "c"))};
        RedoRecord[] after = {log.dml(105, XID_A, ROW_1, Sql.update(1, "a", "a2")),
                log.undo(106, XID_A_PARTIAL, ROW_1, Sql.undoUpdate("a", ROW_1)),
                log.commit(107, XID_B), log.commit(108, XID_A)};
        return new RedoRecord[][] {before, after};
    }

    @ParameterizedTest
    @EnumSource(StateBackendKind.class)
    void snapshotAndRestoreInTheMiddleOfATransactionGivesTheSameOutput(StateBackendKind backend)
            throws Exception {
        RedoRecord[][] halves = twoOpenTransactionsAndTheirEnds();
        RedoRecord[] before = halves[0];
        RedoRecord[] after = halves[1];

        List<Lcr> uninterrupted;
        try (AssemblerHarness h = AssemblerHarness.open(backend)) {
            h.feed(before).watermark(99).feed(after).watermark(200);
            uninterrupted = h.lcrs();
        }

        OperatorSubtaskState state;
        try (AssemblerHarness h = AssemblerHarness.open(backend)) {
            h.feed(before).watermark(99);
            state = h.snapshot(1);
        }
        try (AssemblerHarness h = AssemblerHarness.restore(AssemblerOptions.defaults(), backend, state)) {
            assertThat(h.operator.openTransactionCount()).isEqualTo(2);
            assertThat(h.operator.oldestOpenStartScn()).isEqualTo(100);
            h.feed(after).watermark(200);
            assertThat(h.lcrs()).usingRecursiveFieldByFieldElementComparator().isEqualTo(uninterrupted);
            assertThat(describe(h.lcrs())).containsExactly(XID_B + " INSERT ID=3", XID_A + " INSERT ID=1",
                    XID_A + " INSERT ID=2");
            assertThat(h.operator.openTransactionCount()).isZero();
        }
    }

    @ParameterizedTest
    @EnumSource(StateBackendKind.class)
    void metricFiguresFollowOpenTransactionsTheirRowsAndARestore(StateBackendKind backend) throws Exception {
        RedoRecord[][] halves = twoOpenTransactionsAndTheirEnds();
        RedoRecord[] before = halves[0];
        RedoRecord[] after = halves[1];
        // RedoLog writes SCN 100 at 10:01:40 of its day
        long startedAt = java.time.LocalDateTime.of(2026, 3, 1, 10, 1, 40)
                .atZone(java.time.ZoneId.systemDefault()).toInstant().toEpochMilli();

        OperatorSubtaskState state;
        try (AssemblerHarness h = AssemblerHarness.open(backend)) {
            assertThat(h.operator.requiredCheckpointScn()).as("required checkpoint SCN before anything").isEqualTo(-1);
            h.feed(before).watermark(99);
            assertThat(h.operator.openTransactions()).as("open transactions").isEqualTo(2);
            assertThat(h.operator.bufferedRows()).as("buffered rows").isEqualTo(3);
            assertThat(h.operator.requiredCheckpointScn()).as("required checkpoint SCN: oldest START").isEqualTo(100);
            long age = h.operator.oldestOpenTransactionAgeMillis();
            assertThat(age).as("age of the oldest open transaction (START at SCN 100)")
                    .isBetween(System.currentTimeMillis() - startedAt - 60_000, System.currentTimeMillis() - startedAt);
            state = h.snapshot(1);
        }
        try (AssemblerHarness h = AssemblerHarness.restore(AssemblerOptions.defaults(), backend, state)) {
            assertThat(h.operator.bufferedRows()).as("buffered rows recounted on restore").isEqualTo(3);
            assertThat(h.operator.oldestOpenTransactionAgeMillis()).as("age of a START restored (time not in state)")
                    .isEqualTo(-1);
            h.feed(after);
            assertThat(h.operator.bufferedRows()).as("buffered rows with the undo row").isEqualTo(5);
            h.watermark(200);
            assertThat(h.operator.bufferedRows()).as("buffered rows after both commits").isZero();
            assertThat(h.operator.openTransactions()).as("open transactions after both commits").isZero();
            assertThat(h.operator.oldestOpenTransactionAgeMillis()).as("age with nothing open").isZero();
            assertThat(h.operator.requiredCheckpointScn()).as("required checkpoint SCN: the frontier").isEqualTo(201);
        }
    }

    @Test
    void aStatementThatDoesNotParseFailsWithItsOrigin() throws Exception {
        RedoLog log = RedoLog.of(1, 679);
        String broken = "insert into \"OE\".\"ORDERS\"(\"ID\",\"NOTE\") values ('1',";
        RedoRecord bad = log.dml(101, XID_A, ROW_1, broken);
        try (AssemblerHarness h = AssemblerHarness.open(StateBackendKind.HEAP)) {
            h.feed(log.start(100, XID_A));
            assertThatThrownBy(() -> h.feed(bad))
                    .as("a row that never converts must not put the job into a restart loop, and fails when it "
                            + "arrives, before a checkpoint can hold it")
                    .isInstanceOf(SuppressRestartsException.class)
                    .cause()
                    .isInstanceOf(RowConversionException.class)
                    .hasMessageContaining("log 1_679_1029337344 line " + bad.line())
                    .hasMessageContaining(broken)
                    .hasMessageContaining(XID_A);
        }
    }

    /** STATUS 2 rows may still be rolled back: they are refused when their transaction commits, not on arrival. */
    @Test
    void aRowLogMinerCouldNotNameFailsOnlyWhenItsTransactionCommits() throws Exception {
        RedoLog log = RedoLog.of(1, 679);
        RedoRecord unnamed = RedoLog.mined(log.dml(101, XID_A, ROW_1,
                "insert into \"OE\".\"ORDERS\"(\"COL 1\") values (HEXTORAW('c102'))"), 2, "Dictionary Mismatch", 74_562L);
        try (AssemblerHarness h = AssemblerHarness.open(StateBackendKind.HEAP)) {
            h.feed(log.start(100, XID_A), unnamed, log.rollback(102, XID_A)).watermark(102);
            assertThat(h.lcrs()).as("rolled back: nothing to refuse").isEmpty();
            h.feed(log.start(103, XID_B), RedoLog.mined(log.dml(104, XID_B, ROW_2,
                    "insert into \"OE\".\"ORDERS\"(\"COL 1\") values (HEXTORAW('c103'))"), 2, "Dictionary Mismatch",
                    74_562L), log.commit(105, XID_B));
            assertThatThrownBy(() -> h.watermark(105)).isInstanceOf(SuppressRestartsException.class);
        }
    }

    @Test
    void aTableNameThatDisagreesWithSegOwnerFails() throws Exception {
        RedoLog log = RedoLog.of(1, 679);
        RedoRecord mislabelled = log.row(101, XID_A, io.redocdc.source.model.OperationCode.INSERT, "INSERT", false,
                "HR", "ORDERS", ROW_1, Sql.insert(1, "a"));
        try (AssemblerHarness h = AssemblerHarness.open(StateBackendKind.HEAP)) {
            h.feed(log.start(100, XID_A));
            assertThatThrownBy(() -> h.feed(mislabelled)).isInstanceOf(SuppressRestartsException.class)
                    .cause().isInstanceOf(RowConversionException.class)
                    .hasMessageContaining("OE.ORDERS").hasMessageContaining("HR.ORDERS");
        }
    }

    /**
     * A captured table's row whose OPERATION_CODE is none that operation-codes.md lists (99 is made up: bad input)
     * records a change nobody can apply: it fails on arrival, before a checkpoint holds it, instead of the warning
     * and drop of earlier versions.
     */
    @Test
    void anUnknownOperationCodeOfACapturedTableFailsOnArrival() throws Exception {
        RedoLog log = RedoLog.of(1, 679);
        RedoRecord unknown = RedoLog.withOperation(log.dml(101, XID_A, ROW_1, Sql.insert(1, "a")), 99, "REPLACE");
        try (AssemblerHarness h = AssemblerHarness.open(StateBackendKind.HEAP)) {
            h.feed(log.start(100, XID_A));
            assertThatThrownBy(() -> h.feed(unknown)).isInstanceOf(SuppressRestartsException.class)
                    .cause().isInstanceOf(RowConversionException.class)
                    .hasMessageStartingWith("cannot convert the redo row at log 1_679_1029337344 line "
                            + unknown.line() + " (XID " + XID_A + ", SCN 101, REPLACE on OE.ORDERS): OPERATION_CODE 99 "
                            + "(OPERATION REPLACE) is not an operation this version reads");
        }
    }

    @ParameterizedTest
    @EnumSource(StateBackendKind.class)
    void anUnknownOperationCodeGoesToTheDeadLettersWhenItsTransactionCommits(StateBackendKind backend)
            throws Exception {
        RedoLog log = RedoLog.of(1, 679);
        RedoRecord unknown = RedoLog.withOperation(log.dml(102, XID_A, ROW_2, Sql.insert(2, "b")), 99, "REPLACE");
        AssemblerOptions options = AssemblerOptions.builder().deadLetter(true).build();
        try (AssemblerHarness h = AssemblerHarness.open(options, backend)) {
            h.feed(log.start(100, XID_A), log.dml(101, XID_A, ROW_1, Sql.insert(1, "a")), unknown,
                    log.commit(103, XID_A)).watermark(103);
            assertThat(describe(h.lcrs())).containsExactly(XID_A + " INSERT ID=1");
            assertThat(h.harness.getSideOutput(TransactionAssembler.DEAD_LETTERS)).extracting(r -> r.getValue().origin())
                    .containsExactly(unknown.origin());
        }
    }

    @ParameterizedTest
    @EnumSource(StateBackendKind.class)
    void deadLetterModeDivertsTheRowAndTheTransactionGoesOn(StateBackendKind backend) throws Exception {
        RedoLog log = RedoLog.of(1, 679);
        String broken = "insert into \"OE\".\"ORDERS\"(\"ID\") values (BOGUS('1'))";
        RedoRecord bad = log.dml(102, XID_A, ROW_2, broken);
        AssemblerOptions options = AssemblerOptions.builder().deadLetter(true).sourceDatabase("SALESDB").build();
        try (AssemblerHarness h = AssemblerHarness.open(options, backend)) {
            h.feed(log.start(100, XID_A), log.dml(101, XID_A, ROW_1, Sql.insert(1, "a")), bad,
                    log.dml(103, XID_A, ROW_3, Sql.insert(3, "c")), log.commit(104, XID_A)).watermark(104);
            assertThat(describe(h.lcrs())).containsExactly(XID_A + " INSERT ID=1", XID_A + " INSERT ID=3");
            assertThat(h.lcrs()).extracting(Lcr::transInd).containsExactly(0, 2);
            assertThat(h.lcrs()).extracting(Lcr::sourceDatabase).containsOnly("SALESDB");
            List<DeadLetter> dead = h.harness.getSideOutput(TransactionAssembler.DEAD_LETTERS).stream()
                    .map(StreamRecord::getValue).toList();
            assertThat(dead).hasSize(1);
            assertThat(dead.get(0).origin()).isEqualTo(bad.origin());
            assertThat(dead.get(0).statement()).isEqualTo(broken);
            assertThat(dead.get(0).xid()).isEqualTo(XID_A);
            assertThat(dead.get(0).scn()).isEqualTo(102);
            assertThat(dead.get(0).error()).isNotBlank();
        }
    }

    /**
     * Rows LogMiner could not name or decode never become LCRs. Fixtures: the no-dictionary DELETE of
     * oracle-reference/logminer-sql_redo-without-dictionary.txt (block 3: "UNKNOWN"."OBJ# 73640", SCN 11568453, XID
     * 02001B00FF060000, log sequence 679, INFO 'Dictionary Mismatch'), the "COL n"/HEXTORAW INSERT that
     * oracle-reference/operation-codes.md shows with STATUS 2 after DDL ("Online catalog after DDL"); STATUS 2 with
     * INFO 'Dictionary Mismatch' per Oracle Database Utilities 12.1, "DDL_DICT_TRACKING and Supplemental Logging
     * Settings".
     */
    static final String UNKNOWN_DELETE = "delete from \"UNKNOWN\".\"OBJ# 73640\" where \"COL 1\" = "
            + "HEXTORAW('c30a3026') and \"COL 2\" = HEXTORAW('4669727374204e616d65203337') and \"COL 3\" = "
            + "HEXTORAW('4c617374204e616d65203337') and \"COL 4\" = HEXTORAW('787b0b08062501') and \"COL 5\" = "
            + "HEXTORAW('c30947') and ROWID = 'AAAR+oAAFAAAARfACG';";
    static final String LAGCASE_INSERT =
            "insert into \"OE\".\"LAGCASE\"(\"COL 1\",\"COL 2\") values (HEXTORAW('c102'),HEXTORAW('61'))";
    static final String XID_MISMATCH = "02001B00FF060000";

    private static RedoRecord mismatch(RedoRecord row, long dataObj) {
        return RedoLog.mined(row, UnreadableRows.STATUS_INVALID, "Dictionary Mismatch", dataObj);
    }

    @Test
    void aStatus2RowOfACapturedTableFailsNamingTableScnXidAndLog() throws Exception {
        RedoLog log = RedoLog.of(1, 679);
        RedoRecord stale = mismatch(log.dml(101, XID_A, ROW_1, LAGCASE_INSERT), 74_563);
        try (AssemblerHarness h = AssemblerHarness.open(StateBackendKind.HEAP)) {
            h.feed(log.start(100, XID_A), log.dml(101, XID_A, ROW_2, Sql.insert(1, "a")), stale,
                    log.commit(102, XID_A));
            assertThatThrownBy(() -> h.watermark(102)).isInstanceOf(SuppressRestartsException.class)
                    .cause().isInstanceOf(RowConversionException.class)
                    .hasMessageStartingWith("cannot convert the redo row at log 1_679_1029337344 line "
                            + stale.line() + " (XID " + XID_A + ", SCN 101, INSERT on OE.LAGCASE): STATUS 2 (INFO "
                            + "'Dictionary Mismatch'): LogMiner's dictionary does not match this version of table "
                            + "OE.LAGCASE (DATA_OBJ# 74563)");
            assertThat(h.lcrs()).as("nothing of the transaction leaves").isEmpty();
        }
    }

    @Test
    void aRowOfAnObjectLogMinerCouldNotNameFailsNamingTheObjectNumber() throws Exception {
        RedoLog log = RedoLog.of(1, 679);
        RedoRecord unknown = mismatch(log.dml(11568453, XID_MISMATCH, "AAAR+oAAFAAAARfACG", UNKNOWN_DELETE), 73_640);
        try (AssemblerHarness h = AssemblerHarness.open(StateBackendKind.HEAP)) {
            h.feed(log.start(11568450, XID_MISMATCH), unknown, log.commit(11568460, XID_MISMATCH));
            assertThatThrownBy(() -> h.watermark(11568460)).isInstanceOf(SuppressRestartsException.class)
                    .cause().isInstanceOf(RowConversionException.class)
                    .hasMessageStartingWith("cannot convert the redo row at log 1_679_1029337344 line "
                            + unknown.line() + " (XID " + XID_MISMATCH + ", SCN 11568453, DELETE on UNKNOWN.OBJ# "
                            + "73640): LogMiner could not name the table UNKNOWN.OBJ# 73640 (DATA_OBJ# 73640)");
        }
    }

    /** Without SEG_OWNER the table comes from SQL_REDO: an include list of OE.* must not drop "OBJ# 41415". */
    @Test
    void aRowWithoutSegOwnerWhoseSqlRedoNamesAnUnknownObjectFailsInsteadOfBeingDropped() throws Exception {
        RedoLog log = RedoLog.of(1, 679);
        RedoRecord anonymous = log.row(101, XID_A, OperationCode.INSERT, "INSERT", false, null, null, ROW_1,
                "insert into \"UNKNOWN\".\"OBJ# 41415\"(\"COL 1\",\"COL 2\") values (HEXTORAW('c102'),"
                        + "HEXTORAW('61'))");
        AssemblerOptions oeOnly = AssemblerOptions.builder()
                .tableFilter(TableFilter.of(List.of("OE.*"), TableFilter.DEFAULT_EXCLUDE)).build();
        try (AssemblerHarness h = AssemblerHarness.open(oeOnly, StateBackendKind.HEAP)) {
            h.feed(log.start(100, XID_A), anonymous, log.commit(102, XID_A));
            assertThatThrownBy(() -> h.watermark(102)).cause().isInstanceOf(RowConversionException.class)
                    .hasMessageContaining("line " + anonymous.line()).hasMessageContaining("SCN 101")
                    .hasMessageContaining("LogMiner could not name the table UNKNOWN.OBJ# 41415 (DATA_OBJ# null)");
        }
    }

    @ParameterizedTest
    @EnumSource(StateBackendKind.class)
    void deadLetterModeDivertsUnreadableRowsAndTheTransactionGoesOn(StateBackendKind backend) throws Exception {
        RedoLog log = RedoLog.of(1, 679);
        RedoRecord unknown = mismatch(log.dml(11568453, XID_MISMATCH, "AAAR+oAAFAAAARfACG", UNKNOWN_DELETE), 73_640);
        RedoRecord recycled = log.dml(11568454, XID_MISMATCH, ROW_2,
                "update \"OE\".\"BIN$IBvdtO4bKWbgRAADuhO6Yw==$0\" set \"NOTE\" = 'x' where \"ID\" = '2'");
        RedoRecord stale = mismatch(log.dml(11568455, XID_MISMATCH, ROW_3, LAGCASE_INSERT), 74_563);
        AssemblerOptions options = AssemblerOptions.builder().deadLetter(true).build();
        try (AssemblerHarness h = AssemblerHarness.open(options, backend)) {
            h.feed(log.start(11568450, XID_MISMATCH), unknown, recycled,
                    log.dml(11568456, XID_MISMATCH, ROW_1, Sql.insert(1, "kept")), stale,
                    log.commit(11568460, XID_MISMATCH)).watermark(11568460);
            assertThat(describe(h.lcrs())).containsExactly(XID_MISMATCH + " INSERT ID=1");
            assertThat(h.lcrs()).extracting(Lcr::transInd).containsExactly(3);
            List<DeadLetter> dead = h.harness.getSideOutput(TransactionAssembler.DEAD_LETTERS).stream()
                    .map(StreamRecord::getValue).toList();
            assertThat(dead).extracting(DeadLetter::origin)
                    .containsExactly(unknown.origin(), recycled.origin(), stale.origin());
            assertThat(dead).extracting(DeadLetter::scn).containsExactly(11568453L, 11568454L, 11568455L);
            assertThat(dead).extracting(DeadLetter::xid).containsOnly(XID_MISMATCH);
            assertThat(dead).extracting(DeadLetter::statement)
                    .containsExactly(UNKNOWN_DELETE, recycled.sqlRedo(), LAGCASE_INSERT);
            assertThat(dead.get(0).error()).startsWith("LogMiner could not name the table UNKNOWN.OBJ# 73640 "
                    + "(DATA_OBJ# 73640)");
            assertThat(dead.get(1).error()).startsWith("the table OE.BIN$IBvdtO4bKWbgRAADuhO6Yw==$0 (DATA_OBJ# 74562) "
                    + "is named by its recycle-bin name");
            assertThat(dead.get(2).error()).startsWith("STATUS 2 (INFO 'Dictionary Mismatch')")
                    .contains("OE.LAGCASE (DATA_OBJ# 74563)");
            assertThat(h.operator.slotsHoldingState()).isZero();
        }
    }

    /** Rolled back, undone or not a row change (LOB rows, which LogMiner marks STATUS 2 anyway): no error. */
    @Test
    void unreadableRowsThatWouldNotBecomeRowLcrsAreNoError() throws Exception {
        RedoLog log = RedoLog.of(1, 679);
        try (AssemblerHarness h = AssemblerHarness.open(StateBackendKind.HEAP)) {
            h.feed(log.start(100, XID_A), mismatch(log.dml(101, XID_A, ROW_1, LAGCASE_INSERT), 74_563),
                    log.rollback(102, XID_A),
                    log.start(110, XID_A_NEXT), mismatch(log.dml(111, XID_A_NEXT, ROW_2, LAGCASE_INSERT), 74_563),
                    mismatch(log.undo(112, XID_A_PARTIAL, ROW_2, "delete from \"OE\".\"LAGCASE\" where ROWID = '"
                            + ROW_2 + "'"), 74_563),
                    log.dml(113, XID_A_NEXT, ROW_3, Sql.insert(3, "c")),
                    mismatch(log.lobWrite(114, XID_A_NEXT, "OE", "ORDERS", "AAAAAAAAAAAAAAAAAA", "\"ID\" = '3' and \"NOTE\" = 'c'"),
                            74_562), log.commit(115, XID_A_NEXT));
            h.watermark(115);
            assertThat(describe(h.lcrs())).containsExactly(XID_A_NEXT + " INSERT ID=3");
            assertThat(h.operator.slotsHoldingState()).isZero();
        }
    }
}
