package io.redocdc.source.reader;

import static io.redocdc.source.testing.TestRedoDirectory.log;
import static io.redocdc.source.testing.TestRedoDirectory.record;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.redocdc.source.catalog.ArchivedLogCatalog;
import io.redocdc.source.event.FinishedLogsAckEvent;
import io.redocdc.source.event.FrontierEvent;
import io.redocdc.source.event.LogFinishedEvent;
import io.redocdc.source.event.LogRef;
import io.redocdc.source.event.ReaderReadyEvent;
import io.redocdc.source.files.RedoDirectory;
import io.redocdc.source.model.ArchivedLog;
import io.redocdc.source.model.RedoRecord;
import io.redocdc.source.split.RedoLogSplit;
import io.redocdc.source.testing.RecordingReaderOutput;
import io.redocdc.source.testing.TestRedoDirectory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.connector.testutils.source.reader.TestingReaderContext;
import org.apache.flink.core.io.InputStatus;
import org.apache.flink.runtime.execution.SuppressRestartsException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RedoLogSourceReaderTest {

    private static final ArchivedLog LOG = log(1, 10, 5, 1000, 5000);

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
        pollUntilIdle(reader, output);

        assertThat(output.records()).containsExactlyElementsOf(written);
        assertThat(output.emitted()).allSatisfy(e -> assertThat(e.timestamp()).isEqualTo(e.record().scn()));
        assertThat(context.getSentEvents()).endsWith(new LogFinishedEvent(LogRef.of(LOG)));
        assertThat(context.getNumSplitRequests()).isEqualTo(2);
        assertThat(reader.snapshotState(1)).containsExactly(new RedoLogSplit(LOG, 600, true));
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

        assertThat(output.watermarks()).containsExactly(999L, Long.MAX_VALUE);
    }

    @Test
    void resumesInTheMiddleOfALogWithoutEmittingAnyRecordTwice() throws Exception {
        RedoLogSourceReader first = reader(new TestingReaderContext(), Long.MAX_VALUE);
        first.start();
        first.addSplits(List.of(RedoLogSplit.fresh(LOG, ArchivedLogCatalog.ALL_RECORDS)));
        RecordingReaderOutput before = new RecordingReaderOutput();
        assertThat(first.pollNext(before)).isEqualTo(InputStatus.MORE_AVAILABLE);
        List<RedoLogSplit> checkpoint = first.snapshotState(1);
        assertThat(checkpoint).containsExactly(new RedoLogSplit(LOG, RedoLogSourceReader.BATCH_SIZE, false));
        first.close();

        TestingReaderContext context = new TestingReaderContext();
        RedoLogSourceReader restored = reader(context, Long.MAX_VALUE);
        restored.addSplits(checkpoint);
        restored.start();
        assertThat(context.getSentEvents()).containsExactly(new ReaderReadyEvent(List.of(LogRef.of(LOG)), List.of()));
        RecordingReaderOutput after = new RecordingReaderOutput();
        pollUntilIdle(restored, after);

        assertThat(before.records()).hasSize(RedoLogSourceReader.BATCH_SIZE);
        List<RedoRecord> all = new ArrayList<>(before.records());
        all.addAll(after.records());
        assertThat(all).containsExactlyElementsOf(written);
    }

    @Test
    void refusesToResumeMidLogUnderAnotherRecordSelection() throws Exception {
        RedoLogSplit checkpointed = new RedoLogSplit(LOG, 100, false, "LogMiner query v1, include OE.*");
        RedoLogSourceReader restored = reader(new TestingReaderContext(), Long.MAX_VALUE);
        restored.addSplits(List.of(checkpointed));
        restored.start();
        assertThatThrownBy(() -> pollUntilIdle(restored, new RecordingReaderOutput()))
                .isInstanceOf(SuppressRestartsException.class)
                .rootCause().hasMessageContaining("thread 1 sequence 10").hasMessageContaining("record 100")
                .hasMessageContaining("[LogMiner query v1, include OE.*]").hasMessageContaining("but this run selects []");

        RedoLogSourceReader fromStart = reader(new TestingReaderContext(), Long.MAX_VALUE);
        fromStart.addSplits(List.of(new RedoLogSplit(LOG, 0, false, "LogMiner query v1, include OE.*")));
        fromStart.start();
        RecordingReaderOutput output = new RecordingReaderOutput();
        pollUntilIdle(fromStart, output);
        assertThat(output.records()).as("a log not started yet reads under the new selection")
                .containsExactlyElementsOf(written);
    }

    @Test
    void keepsAFinishedLogInItsCheckpointUntilTheEnumeratorAcknowledgesIt() throws Exception {
        TestingReaderContext context = new TestingReaderContext();
        RedoLogSourceReader reader = reader(context, Long.MAX_VALUE);
        reader.start();
        reader.addSplits(List.of(RedoLogSplit.fresh(LOG, ArchivedLogCatalog.ALL_RECORDS)));
        pollUntilIdle(reader, new RecordingReaderOutput());
        List<RedoLogSplit> checkpoint = reader.snapshotState(7);
        assertThat(checkpoint).containsExactly(new RedoLogSplit(LOG, 600, true));

        TestingReaderContext restoredContext = new TestingReaderContext();
        RedoLogSourceReader restored = reader(restoredContext, Long.MAX_VALUE);
        restored.addSplits(checkpoint);
        restored.start();
        assertThat(restoredContext.getSentEvents())
                .containsExactly(new ReaderReadyEvent(List.of(), List.of(LogRef.of(LOG))));
        RecordingReaderOutput output = new RecordingReaderOutput();
        assertThat(restored.pollNext(output)).isEqualTo(InputStatus.NOTHING_AVAILABLE);
        assertThat(output.records()).as("a finished log is not read again").isEmpty();
        assertThat(restored.snapshotState(8)).containsExactly(new RedoLogSplit(LOG, 600, true));

        restored.handleSourceEvents(new FinishedLogsAckEvent(List.of(LogRef.of(LOG))));
        assertThat(restored.snapshotState(9)).isEmpty();
    }

    @Test
    void dropsRecordsAboveTheMaximumScnButCountsThemAsHandedOn() throws Exception {
        RedoLogSourceReader reader = reader(new TestingReaderContext(), 1100);
        reader.start();
        reader.addSplits(List.of(RedoLogSplit.fresh(LOG, ArchivedLogCatalog.ALL_RECORDS)));
        RecordingReaderOutput output = new RecordingReaderOutput();
        pollUntilIdle(reader, output);
        assertThat(output.records()).containsExactlyElementsOf(written.subList(0, 21));
        assertThat(reader.snapshotState(1)).containsExactly(new RedoLogSplit(LOG, 600, true));
    }

    @Test
    void recordsOfALogComeBeforeTheWatermarkOfTheFrontierItsFinishAdvanced() throws Exception {
        TestingReaderContext context = new TestingReaderContext();
        RedoLogSourceReader reader = reader(context, Long.MAX_VALUE);
        reader.start();
        reader.handleSourceEvents(new FrontierEvent(1000));
        reader.addSplits(List.of(RedoLogSplit.fresh(LOG, ArchivedLogCatalog.ALL_RECORDS)));
        RecordingReaderOutput output = new RecordingReaderOutput();
        pollUntilIdle(reader, output);
        assertThat(context.getSentEvents()).endsWith(new LogFinishedEvent(LogRef.of(LOG)));
        reader.handleSourceEvents(new FrontierEvent(5000));
        reader.pollNext(output);

        List<RecordingReaderOutput.Emitted> emitted = output.emitted();
        assertThat(emitted).hasSize(602);
        assertThat(emitted.get(0)).isEqualTo(new RecordingReaderOutput.Emitted(null, 999));
        assertThat(emitted.subList(1, 601)).noneMatch(RecordingReaderOutput.Emitted::isWatermark);
        assertThat(emitted.get(601)).isEqualTo(new RecordingReaderOutput.Emitted(null, 4999));
    }

    private RedoLogSourceReader reader(TestingReaderContext context, long maxScn) {
        return new RedoLogSourceReader(context, new RedoDirectory(dir), maxScn);
    }

    private static void pollUntilIdle(RedoLogSourceReader reader, RecordingReaderOutput output) throws Exception {
        for (int calls = 0; calls < 10_000; calls++) {
            if (reader.pollNext(output) != InputStatus.MORE_AVAILABLE) {
                return;
            }
        }
        throw new AssertionError("reader never ran out of records");
    }
}
