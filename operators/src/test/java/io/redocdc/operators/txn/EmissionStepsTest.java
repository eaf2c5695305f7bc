package io.redocdc.operators.txn;

import static org.assertj.core.api.Assertions.assertThat;

import io.redocdc.operators.lcr.Lcr;
import io.redocdc.source.model.RedoRecord;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.flink.runtime.checkpoint.OperatorSubtaskState;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A large committed transaction leaves the assembler in steps of {@link AssemblerOptions#emissionStep()} LCRs,
 * one mailbox mail each, so a checkpoint can be taken between two steps; the watermark that released it waits for
 * its last LCR; a checkpoint taken between steps restores to the same LCRs; and no step separates a LOB change
 * from the LogMiner UPDATE that completes it.
 */
class EmissionStepsTest {

    private static final String XID = TransactionAssemblerTest.XID_A;
    private static final String XID_OTHER = TransactionAssemblerTest.XID_B;
    private static final String PLACEHOLDER = "AAAAAAAAAAAAAAAAAA";
    private static final String REAL = "AAAR+oAAFAAAARfACA";

    private static AssemblerOptions step(int lcrs) {
        return AssemblerOptions.builder().emissionStep(lcrs).build();
    }

    /** START, {@code rows} INSERTs, COMMIT at SCN 1000 + rows + 1. */
    private static List<RedoRecord> inserts(RedoLog log, String xid, long firstScn, int rows) {
        List<RedoRecord> records = new ArrayList<>();
        records.add(log.start(firstScn, xid));
        for (int i = 1; i <= rows; i++) {
            records.add(log.dml(firstScn + i, xid, TransactionAssemblerTest.ROW_1, Sql.insert(i, "row " + i)));
        }
        records.add(log.commit(firstScn + rows + 1, xid));
        return records;
    }

    /** What identifies an LCR's content and place (the record's arrays compare by identity). */
    private static List<String> describe(List<Lcr> lcrs) {
        return lcrs.stream().map(lcr -> lcr.position() + " " + lcr.ordinal() + " " + lcr.command() + " "
                + Arrays.toString(lcr.oldValues()) + Arrays.toString(lcr.newValues())
                + (lcr.lastInTransaction() ? " last" : "")).toList();
    }

    private static List<Lcr> inOneGo(List<RedoRecord> records, long watermark) throws Exception {
        try (AssemblerHarness h = AssemblerHarness.open(StateBackendKind.HEAP)) {
            h.feed(records.toArray(RedoRecord[]::new)).watermark(watermark);
            assertThat(h.runMails()).as("mails of an emission within one step").isZero();
            return h.lcrs();
        }
    }

    @ParameterizedTest
    @EnumSource(StateBackendKind.class)
    void aLargeTransactionGoesOutInStepsAndItsWatermarkAfterIt(StateBackendKind backend) throws Exception {
        List<RedoRecord> records = inserts(RedoLog.of(1, 679), XID, 1000, 25);
        try (AssemblerHarness h = AssemblerHarness.open(step(10), backend)) {
            h.feed(records.toArray(RedoRecord[]::new)).watermark(1026);
            assertThat(h.lcrs()).as("the first step").hasSizeBetween(10, 11);
            assertThat(h.watermarksOut()).as("the watermark waits for the transaction").isEmpty();

            assertThat(h.runOneMail()).isTrue();
            assertThat(h.lcrs()).as("two steps").hasSizeBetween(20, 22);
            assertThat(h.watermarksOut()).isEmpty();
            h.runMails();

            assertThat(describe(h.lcrs())).isEqualTo(describe(inOneGo(records, 1026)));
            assertThat(h.lcrs().get(24).lastInTransaction()).isTrue();
            assertThat(h.watermarksOut()).containsExactly(1026L);
            assertThat(h.operator.slotsHoldingState()).isZero();
        }
    }

    @ParameterizedTest
    @EnumSource(StateBackendKind.class)
    void aCheckpointBetweenStepsRestoresToTheSameLcrs(StateBackendKind backend) throws Exception {
        RedoLog log = RedoLog.of(1, 679);
        List<RedoRecord> large = inserts(log, XID, 1000, 30);
        List<RedoRecord> small = inserts(log, XID_OTHER, 1040, 2);
        List<RedoRecord> all = new ArrayList<>(large);
        all.addAll(small);
        List<Lcr> before = new ArrayList<>();
        OperatorSubtaskState checkpoint;
        try (AssemblerHarness h = AssemblerHarness.open(step(4), backend)) {
            h.feed(large.toArray(RedoRecord[]::new)).watermark(1031);
            h.runOneMail();
            // input goes on between steps: a later transaction arrives, and the watermark that releases it
            h.feed(small.toArray(RedoRecord[]::new)).watermark(1043);
            h.runOneMail();
            checkpoint = h.snapshot(1);
            before.addAll(h.lcrs());
            assertThat(before).as("LCRs out before the checkpoint").hasSizeBetween(8, 20);
            assertThat(h.watermarksOut()).isEmpty();
        }
        try (AssemblerHarness h = AssemblerHarness.restore(step(4), backend, checkpoint)) {
            h.runMails();
            assertThat(h.watermarksOut()).as("no watermark before the source sends one again").isEmpty();
            h.watermark(1043);
            h.runMails();
            List<Lcr> delivered = new ArrayList<>(before);
            delivered.addAll(h.lcrs());
            assertThat(describe(delivered)).isEqualTo(describe(inOneGo(all, 1043)));
            assertThat(h.watermarksOut()).containsExactly(1043L);
            assertThat(h.operator.slotsHoldingState()).isZero();
        }
    }

    @ParameterizedTest
    @EnumSource(StateBackendKind.class)
    void noStepSeparatesAnInsertFromTheUpdateOfItsEmptyLobs(StateBackendKind backend) throws Exception {
        // LOB_SF 01 (LobAssemblyTest): INSERT with EMPTY_CLOB() [placeholder ROWID], then LogMiner's UPDATE of the
        // LOB column [real ROWID]; the pair is one INSERT, so a step may end before the INSERT, never between them
        RedoLog log = RedoLog.of(1, 679);
        List<RedoRecord> records = new ArrayList<>();
        long scn = 100;
        records.add(log.start(scn++, XID));
        for (int id = 1; id <= 6; id++) {
            String where = "\"ID\" = '" + id + "' and \"NAME\" = 'n" + id + "'";
            records.add(log.dml(scn++, XID, PLACEHOLDER, "insert into \"OE\".\"DOCS\"(\"ID\",\"NAME\",\"C\") values ('"
                    + id + "','n" + id + "',EMPTY_CLOB())"));
            records.add(log.dml(scn++, XID, REAL, "update \"OE\".\"DOCS\" set \"C\" = 'clob " + id + "' where "
                    + where));
        }
        long commit = scn;
        records.add(log.commit(commit, XID));
        try (AssemblerHarness h = AssemblerHarness.open(step(1), backend)) {
            h.feed(records.toArray(RedoRecord[]::new)).watermark(commit);
            assertThat(h.runMails()).as("steps after the first").isPositive();
            List<Lcr> oneGo = inOneGo(records, commit);
            assertThat(oneGo).hasSize(6);
            assertThat(describe(h.lcrs())).isEqualTo(describe(oneGo));
        }
    }
}
