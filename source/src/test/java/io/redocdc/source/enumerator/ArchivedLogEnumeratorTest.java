package io.redocdc.source.enumerator;

import static io.redocdc.source.enumerator.LogScheduleTest.RAC_LOGS;
import static io.redocdc.source.enumerator.LogScheduleTest.T1_19640;
import static io.redocdc.source.enumerator.LogScheduleTest.T1_19641;
import static io.redocdc.source.enumerator.LogScheduleTest.T1_19642;
import static io.redocdc.source.enumerator.LogScheduleTest.T2_18701;
import static io.redocdc.source.enumerator.LogScheduleTest.T2_18702;
import static io.redocdc.source.enumerator.LogScheduleTest.ref;
import static io.redocdc.source.testing.TestRedoDirectory.log;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.redocdc.source.SourceSettings;
import io.redocdc.source.catalog.ArchivedLogCatalog;
import io.redocdc.source.catalog.RedoInputException;
import io.redocdc.source.catalog.RedoThreadStatus;
import io.redocdc.source.event.BadInputEvent;
import io.redocdc.source.event.FinishedLogsAckEvent;
import io.redocdc.source.event.FrontierEvent;
import io.redocdc.source.event.LogFinishedEvent;
import io.redocdc.source.event.ReaderReadyEvent;
import io.redocdc.source.model.ArchivedLog;
import io.redocdc.source.model.Scn;
import io.redocdc.source.split.RedoLogSplit;
import io.redocdc.source.testing.InMemoryCatalog;
import java.time.Duration;
import java.util.List;
import org.apache.flink.api.connector.source.SourceEvent;
import org.apache.flink.connector.testutils.source.reader.TestingSplitEnumeratorContext;
import org.apache.flink.runtime.execution.SuppressRestartsException;
import org.junit.jupiter.api.Test;

class ArchivedLogEnumeratorTest {

    private static final SourceSettings BOUNDED = new SourceSettings(0, Long.MAX_VALUE, true, Duration.ofSeconds(5),
            Duration.ofMinutes(5));
    private static final SourceSettings CONTINUOUS = new SourceSettings(0, Long.MAX_VALUE, false,
            Duration.ofSeconds(5), Duration.ofMinutes(5));

    private TestingSplitEnumeratorContext<RedoLogSplit> context;

    @Test
    void assignsOnRequestAndPublishesTheFrontierOnceEveryReaderIsReady() {
        ArchivedLogEnumerator enumerator = start(2, CONTINUOUS, new InMemoryCatalog(RAC_LOGS), null);
        ready(enumerator, 0);
        enumerator.handleSplitRequest(0, "host");
        assertThat(assigned(0)).containsExactly(T1_19640);
        assertThat(frontiers(0)).as("reader 1 is not ready yet").isEmpty();

        ready(enumerator, 1);
        assertThat(frontiers(0)).containsExactly(73688099480L);
        assertThat(frontiers(1)).containsExactly(73688099480L);

        enumerator.handleSplitRequest(1, "host");
        assertThat(assigned(1)).containsExactly(T2_18701);
        enumerator.handleSourceEvent(1, new LogFinishedEvent(ref(T2_18701)));
        assertThat(events(1)).contains(new FinishedLogsAckEvent(List.of(ref(T2_18701))));
        assertThat(frontiers(1)).as("thread 1 holds the frontier").containsExactly(73688099480L);

        enumerator.handleSourceEvent(0, new LogFinishedEvent(ref(T1_19640)));
        assertThat(frontiers(0)).containsExactly(73688099480L, 73690669482L);
        assertThat(frontiers(1)).containsExactly(73688099480L, 73690669482L);
    }

    @Test
    void aClosedRacThreadReadToItsLastRedoNoLongerHoldsTheFrontier() {
        InMemoryCatalog catalog = new InMemoryCatalog(List.of(T1_19640, T1_19641, T2_18701));
        catalog.threadStatuses(List.of(new RedoThreadStatus(1, true, 19642), new RedoThreadStatus(2, true, 18702)));
        ArchivedLogEnumerator enumerator = start(1, CONTINUOUS, catalog, null);
        ready(enumerator, 0);
        for (ArchivedLog log : List.of(T1_19640, T2_18701, T1_19641)) {
            enumerator.handleSplitRequest(0, "host");
            enumerator.handleSourceEvent(0, new LogFinishedEvent(ref(log)));
        }
        assertThat(frontiers(0)).as("open thread 1 may still archive redo above its last log")
                .last().isEqualTo(T1_19641.nextChange().value());

        catalog.threadStatuses(List.of(new RedoThreadStatus(1, false, 19641), new RedoThreadStatus(2, true, 18702)));
        context.triggerAllActions();
        assertThat(frontiers(0)).as("thread 1 closed after sequence 19641, which is read")
                .last().isEqualTo(T2_18701.nextChange().value());
    }

    @Test
    void boundedSourceEndsWithTheEndFrontierAndNoMoreSplitsForEveryReader() {
        ArchivedLogEnumerator enumerator = start(2, BOUNDED, new InMemoryCatalog(List.of(T1_19640)), null);
        ready(enumerator, 0);
        ready(enumerator, 1);
        enumerator.handleSplitRequest(0, "host");
        enumerator.handleSplitRequest(1, "host");
        assertThat(assigned(0)).containsExactly(T1_19640);
        assertThat(context.getSplitAssignments().get(1)).isNull();

        enumerator.handleSourceEvent(0, new LogFinishedEvent(ref(T1_19640)));
        for (int reader = 0; reader < 2; reader++) {
            assertThat(frontiers(reader)).containsExactly(73688099480L, FrontierEvent.END);
            assertThat(context.getSplitAssignments().get(reader).hasReceivedNoMoreSplitsSignal()).isTrue();
        }
    }

    @Test
    void continuousSourceDiscoversNewLogsPeriodically() {
        InMemoryCatalog catalog = new InMemoryCatalog(List.of(T1_19640));
        ArchivedLogEnumerator enumerator = start(1, CONTINUOUS, catalog, null);
        ready(enumerator, 0);
        enumerator.handleSplitRequest(0, "host");
        enumerator.handleSourceEvent(0, new LogFinishedEvent(ref(T1_19640)));
        enumerator.handleSplitRequest(0, "host");
        assertThat(assigned(0)).containsExactly(T1_19640);

        catalog.add(T1_19641);
        context.triggerAllActions();
        assertThat(assigned(0)).containsExactly(T1_19640, T1_19641);
    }

    @Test
    void boundedGapFailsTheEnumeratorWithTheCatalogsName() {
        TestingSplitEnumeratorContext<RedoLogSplit> ctx = new TestingSplitEnumeratorContext<>(1);
        ArchivedLogEnumerator enumerator = new ArchivedLogEnumerator(ctx,
                new InMemoryCatalog(List.of(T1_19640, T1_19642)), BOUNDED, EnumeratorState.initial(Scn.ZERO));
        enumerator.start();
        assertThatThrownBy(ctx::triggerAllActions)
                .as("bad input must not put the job into a restart loop")
                .isInstanceOf(SuppressRestartsException.class)
                .cause()
                .isInstanceOf(RedoInputException.class)
                .hasMessage("archived log thread 1 sequence 19641 missing between sequence 19640 and 19642 "
                        + "(resetlogs 1029337344) in in-memory catalog; the job never skips logs");
    }

    /** A reader's bad input fails the job from the enumerator too, without restarts (BadInputEvent says why). */
    @Test
    void badInputThatAReaderMetFailsTheEnumeratorWithItsMessage() {
        ArchivedLogEnumerator enumerator = start(2, BOUNDED, new InMemoryCatalog(List.of(T1_19640)), null);
        String message = "1_19640_1029337344.csv line 7: expected 19 columns as in the header, got 3";

        assertThatThrownBy(() -> enumerator.handleSourceEvent(1, new BadInputEvent(message)))
                .isInstanceOf(SuppressRestartsException.class)
                .cause().isInstanceOf(RedoInputException.class).hasMessage(message);
    }

    /** Case (a): a log assigned after the enumerator's checkpoint is assigned again after a restore. */
    @Test
    void logAssignedAfterTheCheckpointIsAssignedAgainAfterRestore() {
        ArchivedLogEnumerator enumerator = start(2, CONTINUOUS, new InMemoryCatalog(RAC_LOGS), null);
        ready(enumerator, 0);
        ready(enumerator, 1);
        enumerator.handleSplitRequest(0, "host");
        EnumeratorState checkpoint = enumerator.snapshotState(1);
        enumerator.handleSplitRequest(1, "host");
        assertThat(assigned(1)).containsExactly(T2_18701);

        ArchivedLogEnumerator restored = start(2, CONTINUOUS, new InMemoryCatalog(RAC_LOGS), checkpoint);
        restored.handleSourceEvent(0, new ReaderReadyEvent(List.of(ref(T1_19640)), List.of()));
        restored.handleSourceEvent(1, new ReaderReadyEvent(List.of(), List.of()));
        restored.handleSplitRequest(1, "host");
        assertThat(assigned(1)).containsExactly(T2_18701);
        assertThat(frontiers(0)).containsExactly(73688099480L);
    }

    /** Case (a), task failover: Flink gives the log back; it was even finished, so the frontier goes back. */
    @Test
    void logGivenBackByAFailedReaderIsUnfinishedAndAssignedAgain() {
        ArchivedLogEnumerator enumerator = start(2, CONTINUOUS, new InMemoryCatalog(List.of(T1_19640, T1_19641)), null);
        ready(enumerator, 0);
        ready(enumerator, 1);
        enumerator.handleSplitRequest(1, "host");
        enumerator.handleSourceEvent(1, new LogFinishedEvent(ref(T1_19640)));
        assertThat(frontiers(0)).containsExactly(73688099480L, 73690669482L);

        fail(enumerator, 1, List.of(RedoLogSplit.fresh(T1_19640, ArchivedLogCatalog.ALL_RECORDS)));
        enumerator.handleSplitRequest(0, "host");
        assertThat(assigned(0)).as("reader 0 emitted watermark 73690669481: 19640 would be late there")
                .containsExactly(T1_19641);
        assertThat(frontiers(0)).as("no frontier while reader 1 restarts").isEmpty();

        restart(enumerator, 1, new ReaderReadyEvent(List.of(), List.of()));
        assertThat(frontiers(1)).containsExactly(73688099480L);
        enumerator.handleSplitRequest(1, "host");
        assertThat(assigned(1)).containsExactly(T1_19640, T1_19640);
    }

    /** Case (b): the finished report was lost in the restore; the reader's checkpoint re-sends it. */
    @Test
    void finishedLogRestoredByAReaderCountsAndIsAcknowledged() {
        ArchivedLogEnumerator enumerator = start(1, CONTINUOUS, new InMemoryCatalog(RAC_LOGS), null);
        ready(enumerator, 0);
        enumerator.handleSplitRequest(0, "host");
        EnumeratorState checkpoint = enumerator.snapshotState(1);
        assertThat(checkpoint.assigned()).containsExactly(ref(T1_19640));

        ArchivedLogEnumerator restored = start(1, CONTINUOUS, new InMemoryCatalog(RAC_LOGS), checkpoint);
        restored.handleSourceEvent(0, new ReaderReadyEvent(List.of(), List.of(ref(T1_19640))));
        assertThat(events(0)).contains(new FinishedLogsAckEvent(List.of(ref(T1_19640))));
        assertThat(frontiers(0)).containsExactly(73690669387L);
        restored.handleSplitRequest(0, "host");
        assertThat(assigned(0)).containsExactly(T2_18701);
        assertThat(restored.snapshotState(2).assigned()).containsExactly(ref(T2_18701));
    }

    /** Task failover after the reader finished a log it held at its checkpoint: it reads it again. */
    @Test
    void readerRestoringAnUnfinishedLogHoldsTheFrontierBack() {
        ArchivedLogEnumerator enumerator = start(2, CONTINUOUS, new InMemoryCatalog(RAC_LOGS), null);
        ready(enumerator, 0);
        ready(enumerator, 1);
        enumerator.handleSplitRequest(0, "host");
        enumerator.handleSplitRequest(1, "host");
        enumerator.handleSourceEvent(0, new LogFinishedEvent(ref(T1_19640)));
        enumerator.handleSourceEvent(1, new LogFinishedEvent(ref(T2_18701)));
        assertThat(frontiers(0)).last().isEqualTo(73690669482L);

        fail(enumerator, 0, List.of());
        fail(enumerator, 1, List.of());
        restart(enumerator, 0, new ReaderReadyEvent(List.of(ref(T1_19640)), List.of()));
        assertThat(frontiers(0)).as("reader 1 not back yet").isEmpty();
        restart(enumerator, 1, new ReaderReadyEvent(List.of(), List.of(ref(T2_18701))));
        assertThat(frontiers(0)).containsExactly(73688099480L);
        assertThat(frontiers(1)).containsExactly(73688099480L);
    }

    @Test
    void checkpointedAssignmentNoReaderRestoredIsAnError() {
        ArchivedLogEnumerator enumerator = start(1, CONTINUOUS, new InMemoryCatalog(RAC_LOGS), null);
        ready(enumerator, 0);
        enumerator.handleSplitRequest(0, "host");
        EnumeratorState checkpoint = enumerator.snapshotState(1);

        ArchivedLogEnumerator restored = start(1, CONTINUOUS, new InMemoryCatalog(RAC_LOGS), checkpoint);
        assertThatThrownBy(() -> restored.handleSourceEvent(0, new ReaderReadyEvent(List.of(), List.of())))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("lists [thread 1 sequence 19640 (resetlogs 1029337344) [73688099480, 73690669482)]"
                        + " as being read, but no reader restored them");
    }

    @Test
    void aLogIsNeverAssignedTwice() {
        ArchivedLogEnumerator enumerator = start(3, BOUNDED, new InMemoryCatalog(List.of(T1_19640, T1_19641,
                T1_19642, T2_18701, T2_18702, log(3, 1, 1029337344L, 73690000000L, 73690000001L))), null);
        for (int reader = 0; reader < 3; reader++) {
            ready(enumerator, reader);
        }
        for (int round = 0; round < 3; round++) {
            for (int reader = 0; reader < 3; reader++) {
                enumerator.handleSplitRequest(reader, "host");
            }
            for (int reader = 0; reader < 3; reader++) {
                List<ArchivedLog> logs = assigned(reader);
                if (logs.size() > round) {
                    enumerator.handleSourceEvent(reader, new LogFinishedEvent(ref(logs.get(round))));
                }
            }
        }
        List<ArchivedLog> all = new java.util.ArrayList<>();
        for (int reader = 0; reader < 3; reader++) {
            all.addAll(assigned(reader));
            assertThat(frontiers(reader)).isSorted().last().isEqualTo(FrontierEvent.END);
        }
        assertThat(all).hasSize(6).doesNotHaveDuplicates();
    }

    private ArchivedLogEnumerator start(int parallelism, SourceSettings settings, InMemoryCatalog catalog,
                                        EnumeratorState restored) {
        context = new TestingSplitEnumeratorContext<>(parallelism);
        ArchivedLogEnumerator enumerator = new ArchivedLogEnumerator(context, catalog, settings,
                restored == null ? EnumeratorState.initial(settings.start()) : restored);
        enumerator.start();
        context.triggerAllActions();
        for (int reader = 0; reader < parallelism; reader++) {
            context.registerReader(reader, "host");
            enumerator.addReader(reader);
        }
        return enumerator;
    }

    private void ready(ArchivedLogEnumerator enumerator, int reader) {
        enumerator.handleSourceEvent(reader, new ReaderReadyEvent(List.of(), List.of()));
    }

    /** Flink's failover of one reader: unregister, give back what was assigned after its checkpoint. */
    private void fail(ArchivedLogEnumerator enumerator, int reader, List<RedoLogSplit> assignedAfterCheckpoint) {
        context.registeredReaders().remove(reader);
        enumerator.addSplitsBack(assignedAfterCheckpoint, reader);
        context.getSentEvents().clear();
    }

    private void restart(ArchivedLogEnumerator enumerator, int reader, ReaderReadyEvent ready) {
        context.registerReader(reader, "host");
        enumerator.addReader(reader);
        enumerator.handleSourceEvent(reader, ready);
    }

    private List<ArchivedLog> assigned(int reader) {
        var assignment = context.getSplitAssignments().get(reader);
        return assignment == null ? List.of() : assignment.getAssignedSplits().stream().map(RedoLogSplit::log).toList();
    }

    private List<SourceEvent> events(int reader) {
        return context.getSentEvents().getOrDefault(reader, List.of());
    }

    private List<Long> frontiers(int reader) {
        return events(reader).stream().filter(FrontierEvent.class::isInstance)
                .map(event -> ((FrontierEvent) event).frontier()).toList();
    }

}
