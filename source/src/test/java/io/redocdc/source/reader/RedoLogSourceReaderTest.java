package io.redocdc.source.reader;

import static io.redocdc.source.testing.TestRedoDirectory.insertsWithRsIds;
import static io.redocdc.source.testing.TestRedoDirectory.log;
import static io.redocdc.source.testing.TestRedoDirectory.record;
import static io.redocdc.source.testing.TestRedoDirectory.withRowChange;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.redocdc.source.catalog.ArchivedLogCatalog;
import io.redocdc.source.catalog.LogContentsReader;
import io.redocdc.source.catalog.RedoInputException;
import io.redocdc.source.event.BadInputEvent;
import io.redocdc.source.event.FinishedLogsAckEvent;
import io.redocdc.source.event.FrontierEvent;
import io.redocdc.source.event.LogFinishedEvent;
import io.redocdc.source.event.LogRef;
import io.redocdc.source.event.ReaderReadyEvent;
import io.redocdc.source.files.RedoDirectory;
import io.redocdc.source.model.ArchivedLog;
import io.redocdc.source.model.RedoRecord;
import io.redocdc.source.model.ResumePoint;
import io.redocdc.source.model.RowChangeId;
import io.redocdc.source.split.RedoLogSplit;
import io.redocdc.source.testing.RecordingReaderOutput;
import io.redocdc.source.testing.TestRedoDirectory;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;
import org.apache.flink.connector.testutils.source.reader.TestingReaderContext;
import org.apache.flink.core.io.InputStatus;
import org.apache.flink.runtime.execution.SuppressRestartsException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RedoLogSourceReaderTest {

    private static final ArchivedLog LOG = log(1, 10, 5, 1000, 5000);
    private static final ArchivedLog LOG_11 = log(1, 11, 5, 5000, 9000);
    /** TestRedoDirectory.record gives every record this (RS_ID, SSN): LOG's records make one run. */
    /** Not a multiple of the fetch size, so the fetcher is ahead of the emitted records at the checkpoint. */
    private static final int EMITTED_BEFORE_CHECKPOINT = 300;
    private static final RowChangeId SHARED = new RowChangeId("0x0002a7.000013f5.00e8", 0);

    @TempDir
    Path dir;

    private TestRedoDirectory redo;
    private List<RedoRecord> written;

    @BeforeEach
    void writeLog() {
        redo = TestRedoDirectory.create(dir);
        List<RedoRecord> records = new ArrayList<>();
        for (int i = 0; i < 600; i++) {
            records.add(record(1000 + i * 5L, 1, "0A000C003C020000", i % 100 == 99 ? 7 : 1,
                    i % 100 == 99 ? "commit" : "insert into \"OE\".\"T\"(\"ID\") values ('" + i + "')", null));
        }
        written = redo.addLog(LOG, records, 20, false);
    }

    @Test
    void emitsEveryRecordWithItsScnAsTimestampThenReportsTheLogFinished() throws Exception {
        TestingReaderContext context = new TestingReaderContext();
        RedoLogSourceReader reader = reader(context, Long.MAX_VALUE);
        reader.start();
        RecordingReaderOutput output = new RecordingReaderOutput();
        assertThat(reader.pollNext(output)).isEqualTo(InputStatus.NOTHING_AVAILABLE);
        assertThat(context.getNumSplitRequests()).isEqualTo(1);
        assertThat(context.getSentEvents()).containsExactly(new ReaderReadyEvent(List.of(), List.of()));

        reader.addSplits(List.of(RedoLogSplit.fresh(LOG, ArchivedLogCatalog.ALL_RECORDS)));
        readToEnd(reader, output);

        assertThat(output.records()).containsExactlyElementsOf(written);
        assertThat(output.emitted()).allSatisfy(e -> assertThat(e.timestamp()).isEqualTo(e.record().scn()));
        assertThat(context.getSentEvents()).endsWith(new LogFinishedEvent(LogRef.of(LOG)));
        assertThat(context.getNumSplitRequests()).isEqualTo(2);
        assertThat(reader.snapshotState(1)).containsExactly(new RedoLogSplit(LOG, afterShared(600), true));
    }

    @Test
    void emitsTheFrontierMinusOneAsWatermarkAlsoWhenIdle() throws Exception {
        RedoLogSourceReader reader = reader(new TestingReaderContext(), Long.MAX_VALUE);
        reader.start();
        RecordingReaderOutput output = new RecordingReaderOutput();
        assertThat(reader.pollNext(output)).isEqualTo(InputStatus.NOTHING_AVAILABLE);
        assertThat(reader.isAvailable()).isNotDone();

        reader.handleSourceEvents(new FrontierEvent(1000));
        assertThat(reader.isAvailable()).isDone();
        assertThat(reader.pollNext(output)).isEqualTo(InputStatus.NOTHING_AVAILABLE);
        reader.handleSourceEvents(new FrontierEvent(900));
        reader.pollNext(output);
        reader.handleSourceEvents(new FrontierEvent(FrontierEvent.END));
        reader.notifyNoMoreSplits();
        assertThat(reader.pollNext(output)).isEqualTo(InputStatus.END_OF_INPUT);

        // not Long.MAX_VALUE: the assembler tells a drain's maximum watermark from this one
        assertThat(output.watermarks()).containsExactly(999L, FrontierEvent.ALL_READ_WATERMARK);
    }

    @Test
    void resumesInTheMiddleOfALogWithoutEmittingAnyRecordTwice() throws Exception {
        RedoLogSourceReader first = reader(new TestingReaderContext(), Long.MAX_VALUE);
        first.start();
        first.addSplits(List.of(RedoLogSplit.fresh(LOG, ArchivedLogCatalog.ALL_RECORDS)));
        RecordingReaderOutput before = new RecordingReaderOutput();
        // the fetcher hands over whole fetches, so it has read past the records emitted when the checkpoint is taken
        pollRecords(first, before, EMITTED_BEFORE_CHECKPOINT);
        List<RedoLogSplit> checkpoint = first.snapshotState(1);
        assertThat(checkpoint).containsExactly(new RedoLogSplit(LOG, afterShared(EMITTED_BEFORE_CHECKPOINT), false));
        first.close();

        TestingReaderContext context = new TestingReaderContext();
        RedoLogSourceReader restored = reader(context, Long.MAX_VALUE);
        restored.addSplits(checkpoint);
        restored.start();
        assertThat(context.getSentEvents()).containsExactly(new ReaderReadyEvent(List.of(LogRef.of(LOG)), List.of()));
        RecordingReaderOutput after = new RecordingReaderOutput();
        readToEnd(restored, after);

        assertThat(before.records()).hasSize(EMITTED_BEFORE_CHECKPOINT);
        List<RedoRecord> all = new ArrayList<>(before.records());
        all.addAll(after.records());
        assertThat(all).containsExactlyElementsOf(written);
    }

    @Test
    void refusesToResumeMidLogUnderAnotherRecordSelection() throws Exception {
        RedoLogSplit checkpointed = new RedoLogSplit(LOG, ResumePoint.afterRecords(100), false,
                "LogMiner query v1, include OE.*");
        TestingReaderContext context = new TestingReaderContext();
        RedoLogSourceReader restored = reader(context, Long.MAX_VALUE);
        restored.addSplits(List.of(checkpointed));
        restored.start();
        assertThatThrownBy(() -> readToEnd(restored, new RecordingReaderOutput()))
                .isInstanceOf(SuppressRestartsException.class)
                .rootCause().hasMessageContaining("thread 1 sequence 10").hasMessageContaining("after the first 100 records")
                .hasMessageContaining("[LogMiner query v1, include OE.*]").hasMessageContaining("but this run selects []");
        // the enumerator is told too, and fails the job whatever becomes of this failure (BadInputEvent)
        assertThat(context.getSentEvents()).last().isInstanceOfSatisfying(BadInputEvent.class, event ->
                assertThat(event.message()).contains("thread 1 sequence 10").contains("but this run selects []"));

        RedoLogSourceReader fromStart = reader(new TestingReaderContext(), Long.MAX_VALUE);
        fromStart.addSplits(List.of(RedoLogSplit.fresh(LOG, "LogMiner query v1, include OE.*")));
        fromStart.start();
        RecordingReaderOutput output = new RecordingReaderOutput();
        readToEnd(fromStart, output);
        assertThat(output.records()).as("a log not started yet reads under the new selection")
                .containsExactlyElementsOf(written);
    }

    @Test
    void aCountCheckpointUnderTheSameSelectionResumesByCounting() throws Exception {
        RedoLogSourceReader restored = reader(new TestingReaderContext(), Long.MAX_VALUE);
        restored.addSplits(List.of(new RedoLogSplit(LOG, ResumePoint.afterRecords(100), false)));
        restored.start();
        RecordingReaderOutput output = new RecordingReaderOutput();
        readToEnd(restored, output);
        assertThat(output.records()).as("as version 1 and 2 checkpoints restored")
                .containsExactlyElementsOf(written.subList(100, 600));
    }

    @Test
    void restoresMidLogAfterTheSameRowChangeWhenTheLogIsReadWithAnExtraRowAndCsfRows() throws Exception {
        List<RedoRecord> records = insertsWithRsIds(11, 5001, 300);
        List<RedoRecord> firstRead = redo.addLog(LOG_11, records, 0, false);
        RedoLogSourceReader first = reader(new TestingReaderContext(), Long.MAX_VALUE);
        first.start();
        first.addSplits(List.of(RedoLogSplit.fresh(LOG_11, ArchivedLogCatalog.ALL_RECORDS)));
        RecordingReaderOutput before = new RecordingReaderOutput();
        int resumeAt = 256;
        pollRecords(first, before, resumeAt);
        List<RedoLogSplit> checkpoint = first.snapshotState(1);
        first.close();
        assertThat(checkpoint).containsExactly(new RedoLogSplit(LOG_11, new ResumePoint(resumeAt,
                firstRead.get(resumeAt - 1).rowChangeId(), 0), false));

        List<RedoRecord> reMined = new ArrayList<>(records);
        reMined.add(100, withRowChange(record(5200, 1, "0A000C003C020000", 0, null, null), " 0x00000b.00000064.0020 ", 0));
        redo.addLog(LOG_11, reMined, 12, false);
        RedoLogSourceReader restored = reader(new TestingReaderContext(), Long.MAX_VALUE);
        restored.addSplits(checkpoint);
        restored.start();
        RecordingReaderOutput after = new RecordingReaderOutput();
        readToEnd(restored, after);

        assertThat(after.records()).extracting(RedoRecord::sqlRedo).as("a count would repeat record 255")
                .containsExactlyElementsOf(firstRead.subList(resumeAt, 300).stream().map(RedoRecord::sqlRedo).toList());
        assertThat(after.records()).extracting(RedoRecord::index).as("numbered on from the checkpoint")
                .containsExactlyElementsOf(firstRead.subList(resumeAt, 300).stream().map(RedoRecord::index).toList());
        assertThat(restored.snapshotState(2)).extracting(RedoLogSplit::position)
                .containsExactly(new ResumePoint(300, firstRead.get(299).rowChangeId(), 0));
    }

    /**
     * The rows of a LOB statement in Oracle 23ai's shape (debezium/debezium pull request 7472): the INSERT and its
     * SEL_LOB_LOCATOR rows (OPERATION_CODE 9) share one RS_ID, the LOB_WRITE rows (10) between have their own. A
     * checkpoint after any record, the second locator included, resumes with the next record.
     */
    @Test
    void aCheckpointInsideALobStatementWhoseLocatorRowsShareTheInsertsRsIdResumesWithTheNextRecord()
            throws Exception {
        String insertRsId = " 0x00000b.0000004b.0120 ";
        List<RedoRecord> statement = List.of(
                withRowChange(record(5001, 1, "0A000C003C020000", 1, "insert 1", null), insertRsId, 2),
                withRowChange(record(5002, 1, "0A000C003C020000", 9, null, null), insertRsId, 2),
                withRowChange(record(5003, 1, "0A000C003C020000", 10, "write 1", null), " 0x00000b.0000004b.0188 ", 2),
                withRowChange(record(5004, 1, "0A000C003C020000", 10, "write 2", null), " 0x00000b.00000050.005c ", 2),
                withRowChange(record(5005, 1, "0A000C003C020000", 9, null, null), insertRsId, 2),
                withRowChange(record(5006, 1, "0A000C003C020000", 10, "write 3", null), " 0x00000b.00000051.0104 ", 2),
                withRowChange(record(5007, 1, "0A000C003C020000", 7, "commit", null), " 0x00000b.00000052.0010 ", 0));
        List<RedoRecord> written = redo.addLog(LOG_11, statement);
        for (int cut = 1; cut < written.size(); cut++) {
            RedoLogSourceReader first = reader(new TestingReaderContext(), Long.MAX_VALUE);
            first.start();
            first.addSplits(List.of(RedoLogSplit.fresh(LOG_11, ArchivedLogCatalog.ALL_RECORDS)));
            pollRecords(first, new RecordingReaderOutput(), cut);
            List<RedoLogSplit> checkpoint = first.snapshotState(1);
            first.close();

            RedoLogSourceReader restored = reader(new TestingReaderContext(), Long.MAX_VALUE);
            restored.addSplits(checkpoint);
            restored.start();
            RecordingReaderOutput after = new RecordingReaderOutput();
            readToEnd(restored, after);
            restored.close();
            assertThat(after.records()).as("restored after %d records", cut)
                    .containsExactlyElementsOf(written.subList(cut, written.size()));
        }
    }

    @Test
    void aRowChangeCheckpointResumesUnderAnotherRecordSelection() throws Exception {
        List<RedoRecord> written11 = redo.addLog(LOG_11, insertsWithRsIds(11, 5001, 10), 0, false);
        ResumePoint point = ResumePoint.START.after(written11.get(0)).after(written11.get(1));
        RedoLogSourceReader restored = reader(new TestingReaderContext(), Long.MAX_VALUE);
        restored.addSplits(List.of(new RedoLogSplit(LOG_11, point, false, "LogMiner query v1, include OE.*")));
        restored.start();
        RecordingReaderOutput output = new RecordingReaderOutput();
        readToEnd(restored, output);
        assertThat(output.records()).containsExactlyElementsOf(written11.subList(2, 10));
    }

    @Test
    void aCheckpointWhoseRowChangeIsNotInTheLogFailsTheJobNamingTheLogAndThePoint() throws Exception {
        List<RedoRecord> written11 = redo.addLog(LOG_11, insertsWithRsIds(11, 5001, 10), 0, false);
        ResumePoint point = ResumePoint.START.after(withRowChange(written11.get(0), " 0x00000b.00000fff.0010 ", 0));
        RedoLogSourceReader restored = reader(new TestingReaderContext(), Long.MAX_VALUE);
        restored.addSplits(List.of(new RedoLogSplit(LOG_11, point, false)));
        restored.start();
        assertThatThrownBy(() -> readToEnd(restored, new RecordingReaderOutput()))
                .isInstanceOf(SuppressRestartsException.class)
                .rootCause().isInstanceOf(RedoInputException.class)
                .hasMessageContaining("1_11_5.csv")
                .hasMessageContaining("cannot resume after record 0 (the first with RS_ID '0x00000b.00000fff.0010' SSN 0")
                .hasMessageContaining("the log ends after 10 records");
    }

    /** The fetcher goes from log to log without waiting for a split request to reach the enumerator and return. */
    @Test
    void asksForTheNextLogAsSoonAsItHasOneToReadAndReadsTheLogsInTheOrderGiven() throws Exception {
        List<RedoRecord> records11 = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            records11.add(record(5000 + i * 5L, 1, "0A000C003C020000", 1,
                    "insert into \"OE\".\"T\"(\"ID\") values ('" + (1000 + i) + "')", null));
        }
        List<RedoRecord> written11 = redo.addLog(LOG_11, records11, 20, false);
        TestingReaderContext context = new TestingReaderContext();
        RedoLogSourceReader reader = reader(context, Long.MAX_VALUE);
        reader.start();
        assertThat(context.getNumSplitRequests()).isEqualTo(1);
        reader.addSplits(List.of(RedoLogSplit.fresh(LOG, ArchivedLogCatalog.ALL_RECORDS)));
        assertThat(context.getNumSplitRequests()).as("the next, before a record is read").isEqualTo(2);
        reader.addSplits(List.of(RedoLogSplit.fresh(LOG_11, ArchivedLogCatalog.ALL_RECORDS)));
        assertThat(context.getNumSplitRequests()).as("two logs held: no more").isEqualTo(2);

        RecordingReaderOutput output = new RecordingReaderOutput();
        pollRecords(reader, output, written.size());
        readToEnd(reader, output);
        List<RedoRecord> both = new ArrayList<>(written);
        both.addAll(written11);
        assertThat(output.records()).containsExactlyElementsOf(both);
        assertThat(context.getSentEvents()).containsSubsequence(new LogFinishedEvent(LogRef.of(LOG)),
                new LogFinishedEvent(LogRef.of(LOG_11)));
        assertThat(context.getNumSplitRequests()).as("one more once a log was finished").isEqualTo(3);
    }

    @Test
    void keepsAFinishedLogInItsCheckpointUntilTheEnumeratorAcknowledgesIt() throws Exception {
        TestingReaderContext context = new TestingReaderContext();
        RedoLogSourceReader reader = reader(context, Long.MAX_VALUE);
        reader.start();
        reader.addSplits(List.of(RedoLogSplit.fresh(LOG, ArchivedLogCatalog.ALL_RECORDS)));
        readToEnd(reader, new RecordingReaderOutput());
        List<RedoLogSplit> checkpoint = reader.snapshotState(7);
        assertThat(checkpoint).containsExactly(new RedoLogSplit(LOG, afterShared(600), true));

        TestingReaderContext restoredContext = new TestingReaderContext();
        RedoLogSourceReader restored = reader(restoredContext, Long.MAX_VALUE);
        restored.addSplits(checkpoint);
        restored.start();
        assertThat(restoredContext.getSentEvents())
                .containsExactly(new ReaderReadyEvent(List.of(), List.of(LogRef.of(LOG))));
        RecordingReaderOutput output = new RecordingReaderOutput();
        assertThat(restored.pollNext(output)).isEqualTo(InputStatus.NOTHING_AVAILABLE);
        assertThat(output.records()).as("a finished log is not read again").isEmpty();
        assertThat(restored.snapshotState(8)).containsExactly(new RedoLogSplit(LOG, afterShared(600), true));

        restored.handleSourceEvents(new FinishedLogsAckEvent(List.of(LogRef.of(LOG))));
        assertThat(restored.snapshotState(9)).isEmpty();
    }

    @Test
    void dropsRecordsAboveTheMaximumScnButCountsThemAsHandedOn() throws Exception {
        RedoLogSourceReader reader = reader(new TestingReaderContext(), 1100);
        reader.start();
        reader.addSplits(List.of(RedoLogSplit.fresh(LOG, ArchivedLogCatalog.ALL_RECORDS)));
        RecordingReaderOutput output = new RecordingReaderOutput();
        readToEnd(reader, output);
        assertThat(output.records()).containsExactlyElementsOf(written.subList(0, 21));
        assertThat(reader.snapshotState(1)).containsExactly(new RedoLogSplit(LOG, afterShared(600), true));
    }

    @Test
    void recordsOfALogComeBeforeTheWatermarkOfTheFrontierItsFinishAdvanced() throws Exception {
        TestingReaderContext context = new TestingReaderContext();
        RedoLogSourceReader reader = reader(context, Long.MAX_VALUE);
        reader.start();
        reader.handleSourceEvents(new FrontierEvent(1000));
        reader.addSplits(List.of(RedoLogSplit.fresh(LOG, ArchivedLogCatalog.ALL_RECORDS)));
        RecordingReaderOutput output = new RecordingReaderOutput();
        readToEnd(reader, output);
        assertThat(context.getSentEvents()).endsWith(new LogFinishedEvent(LogRef.of(LOG)));
        reader.handleSourceEvents(new FrontierEvent(5000));
        reader.pollNext(output);

        List<RecordingReaderOutput.Emitted> emitted = output.emitted();
        assertThat(emitted).hasSize(602);
        assertThat(emitted.get(0)).isEqualTo(new RecordingReaderOutput.Emitted(null, 999));
        assertThat(emitted.subList(1, 601)).noneMatch(RecordingReaderOutput.Emitted::isWatermark);
        assertThat(emitted.get(601)).isEqualTo(new RecordingReaderOutput.Emitted(null, 4999));
    }

    /**
     * Issue 10, defect 6d. V$ARCHIVED_LOG.FIRST_CHANGE# is the "first change number in the archived log" (Oracle
     * Database Reference, V$ARCHIVED_LOG), so a row below it does not belong to the log: it would reach the
     * assembler behind the watermark. The job stops, without restarts, naming log, line, SCN and range.
     */
    @Test
    void aRecordBelowItsLogsFirstChangeStopsTheJobNamingLogLineScnAndRange() throws Exception {
        redo.addLog(LOG_11, List.of(record(5000, 1, "0A000C003C020000", 6, "set transaction read write", null),
                record(4990, 1, "0A000C003C020000", 7, "commit", null)));
        RedoLogSourceReader reader = reader(new TestingReaderContext(), Long.MAX_VALUE);
        reader.start();
        reader.addSplits(List.of(RedoLogSplit.fresh(LOG_11, ArchivedLogCatalog.ALL_RECORDS)));
        RecordingReaderOutput output = new RecordingReaderOutput();

        assertThatThrownBy(() -> readToEnd(reader, output))
                .isInstanceOf(SuppressRestartsException.class)
                .rootCause().isInstanceOf(RedoInputException.class)
                .hasMessageContaining("log " + LOG_11.id().fileStem() + " line 3")
                .hasMessageContaining("SCN 4990 is below the log's FIRST_CHANGE# 5000")
                .hasMessageContaining("[5000, 9000)");
        assertThat(output.records()).extracting(RedoRecord::scn).containsExactly(5000L);
    }

    /** Flink's SourceOperator creates an output and split metric group per split; the reader must release it. */
    @Test
    void releasesTheOutputOfEveryLogItFinishesOrRestoresFinished() throws Exception {
        RedoLogSourceReader reader = reader(new TestingReaderContext(), Long.MAX_VALUE);
        reader.start();
        reader.addSplits(List.of(RedoLogSplit.fresh(LOG, ArchivedLogCatalog.ALL_RECORDS)));
        RecordingReaderOutput output = new RecordingReaderOutput();
        pollRecords(reader, output, 1);
        assertThat(output.created()).containsExactly(RedoLogSplit.fresh(LOG, ArchivedLogCatalog.ALL_RECORDS).splitId());
        assertThat(output.released()).as("a log being read keeps its output").isEmpty();
        readToEnd(reader, output);
        assertThat(output.released()).containsExactly(RedoLogSplit.fresh(LOG, ArchivedLogCatalog.ALL_RECORDS).splitId());

        RedoLogSourceReader restored = reader(new TestingReaderContext(), Long.MAX_VALUE);
        restored.addSplits(reader.snapshotState(1));
        restored.start();
        RecordingReaderOutput afterRestore = new RecordingReaderOutput();
        restored.pollNext(afterRestore);
        assertThat(afterRestore.released()).as("a log restored as finished is never read again")
                .containsExactly(RedoLogSplit.fresh(LOG, ArchivedLogCatalog.ALL_RECORDS).splitId());
    }

    /**
     * Issue 11, item 2: logs are read on the reader's fetcher thread, so a read that blocks (a LogMiner session
     * starting, a slow disk) holds up neither the frontier's watermarks nor a checkpoint on the task thread.
     */
    @Test
    void aLogWhoseReadBlocksHoldsUpNeitherWatermarksNorCheckpoints() throws Exception {
        BlockingCatalog slow = new BlockingCatalog(new RedoDirectory(dir));
        RedoLogSourceReader reader = new RedoLogSourceReader(new TestingReaderContext(), slow, Long.MAX_VALUE);
        reader.start();
        RedoLogSplit split = RedoLogSplit.fresh(LOG, ArchivedLogCatalog.ALL_RECORDS);
        reader.addSplits(List.of(split));
        assertThat(slow.opening.await(10, TimeUnit.SECONDS)).as("the fetcher opens the log").isTrue();

        RecordingReaderOutput output = new RecordingReaderOutput();
        reader.handleSourceEvents(new FrontierEvent(1000));
        assertThat(reader.isAvailable()).isDone();
        assertThat(reader.pollNext(output)).isEqualTo(InputStatus.NOTHING_AVAILABLE);
        assertThat(output.watermarks()).containsExactly(999L);
        assertThat(reader.snapshotState(1)).containsExactly(split);

        slow.release.countDown();
        readToEnd(reader, output);
        assertThat(output.records()).containsExactlyElementsOf(written);
        assertThat(slow.openedBy.get()).isNotNull().isNotSameAs(Thread.currentThread());
        reader.close();
    }

    /** A redo directory whose logs open only once the test releases them. */
    private static final class BlockingCatalog implements ArchivedLogCatalog {
        private static final long serialVersionUID = 1L;
        private final transient RedoDirectory directory;
        private final transient CountDownLatch opening = new CountDownLatch(1);
        private final transient CountDownLatch release = new CountDownLatch(1);
        private final transient AtomicReference<Thread> openedBy = new AtomicReference<>();

        BlockingCatalog(RedoDirectory directory) {
            this.directory = directory;
        }

        @Override
        public List<ArchivedLog> listAvailableLogs() throws IOException {
            return directory.listAvailableLogs();
        }

        @Override
        public LogContentsReader openContents(ArchivedLog log) throws IOException {
            openedBy.set(Thread.currentThread());
            opening.countDown();
            try {
                if (!release.await(30, TimeUnit.SECONDS)) {
                    throw new IOException("the test never released " + log.id());
                }
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
                throw new IOException(interrupted);
            }
            return directory.openContents(log);
        }

        @Override
        public String description() {
            return directory.description();
        }
    }

    private static ResumePoint afterShared(long records) {
        return new ResumePoint(records, SHARED, records - 1);
    }

    private RedoLogSourceReader reader(TestingReaderContext context, long maxScn) {
        return new RedoLogSourceReader(context, new RedoDirectory(dir), maxScn);
    }

    /** Polls, waiting for the fetcher when nothing is fetched yet, until every log the reader holds is finished. */
    private static void readToEnd(RedoLogSourceReader reader, RecordingReaderOutput output) throws Exception {
        pollUntil(reader, output, () -> reader.snapshotState(0).stream().allMatch(RedoLogSplit::finished),
                "every log read to its end");
    }

    private static void pollRecords(RedoLogSourceReader reader, RecordingReaderOutput output, int records)
            throws Exception {
        pollUntil(reader, output, () -> output.records().size() >= records, records + " records");
        assertThat(output.records()).as("one record per pollNext").hasSize(records);
    }

    private static void pollUntil(RedoLogSourceReader reader, RecordingReaderOutput output, BooleanSupplier done,
            String what) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!done.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("the reader did not get to " + what + " within 30 s");
            }
            if (reader.pollNext(output) == InputStatus.NOTHING_AVAILABLE) {
                try {
                    reader.isAvailable().get(100, TimeUnit.MILLISECONDS);
                } catch (TimeoutException notYet) {
                    // poll again: a finished fetch is handled by pollNext, not signalled
                }
            }
        }
    }
}
