package io.redocdc.source.reader;

import io.redocdc.source.catalog.ArchivedLogCatalog;
import io.redocdc.source.catalog.LogContentsReader;
import io.redocdc.source.catalog.RedoInputException;
import io.redocdc.source.model.RedoRecord;
import io.redocdc.source.model.ResumePoint;
import io.redocdc.source.split.RedoLogSplit;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.flink.connector.base.source.reader.RecordsBySplits;
import org.apache.flink.connector.base.source.reader.RecordsWithSplitIds;
import org.apache.flink.connector.base.source.reader.splitreader.SplitReader;
import org.apache.flink.connector.base.source.reader.splitreader.SplitsAddition;
import org.apache.flink.connector.base.source.reader.splitreader.SplitsChange;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads the contents of the logs assigned to one reader, one log after another in the order they came, on the
 * reader's fetcher thread: file and LogMiner reads (and a LogMiner session's start) no longer hold up the task
 * thread, so checkpoints, watermarks and source events go on while a log is read. Each fetch hands on at most
 * {@link #FETCH_SIZE} records of one log; the last fetch of a log names it finished. A fetch is bounded by that
 * count, so {@link #wakeUp()} has nothing to interrupt.
 *
 * <p>The fetcher may be ahead of what the task thread has emitted; the checkpointed position is only ever advanced
 * by the task thread ({@link LogRecordEmitter}), and records fetched but not emitted are read again after a
 * restore.
 */
final class LogContentsSplitReader implements SplitReader<RedoRecord, RedoLogSplit> {

    private static final Logger LOG = LoggerFactory.getLogger(LogContentsSplitReader.class);

    /** Records per fetch: enough to make the hand-over between threads cheap, few enough to bound the memory. */
    static final int FETCH_SIZE = 512;

    private final ArchivedLogCatalog catalog;
    private final ArrayDeque<RedoLogSplit> assigned = new ArrayDeque<>();
    private RedoLogSplit current;
    private LogContentsReader contents;

    LogContentsSplitReader(ArchivedLogCatalog catalog) {
        this.catalog = catalog;
    }

    @Override
    public RecordsWithSplitIds<RedoRecord> fetch() throws IOException {
        if (current == null && !openNext()) {
            return new RecordsBySplits<>(Map.of(), Set.of());
        }
        List<RedoRecord> records = new ArrayList<>(FETCH_SIZE);
        while (records.size() < FETCH_SIZE) {
            RedoRecord record = contents.next();
            if (record == null) {
                String finished = current.splitId();
                closeCurrent();
                return new RecordsBySplits<>(records.isEmpty() ? Map.of() : Map.of(finished, records),
                        Set.of(finished));
            }
            records.add(record);
        }
        return new RecordsBySplits<>(Map.of(current.splitId(), records), Set.of());
    }

    private boolean openNext() throws IOException {
        current = assigned.poll();
        if (current == null) {
            return false;
        }
        ResumePoint resumeAt = current.position();
        if (resumeAt.isCount() && resumeAt.handedOn() > 0
                && !current.recordSelection().equals(catalog.recordSelection())) {
            throw new RedoInputException(current.log().id() + " was checkpointed " + resumeAt + " selected by ["
                    + current.recordSelection() + "], but this run selects ["
                    + catalog.recordSelection() + "] from " + catalog.description() + ", so that count no longer "
                    + "names the same record (none of them had an RS_ID to resume by). Restore with the settings of "
                    + "the checkpointed run (capture include/exclude, dictionary mode), or start a new job from a "
                    + "start SCN instead of the checkpoint");
        }
        contents = catalog.openContents(current.log());
        if (!resumeAt.isStart()) {
            contents.skipTo(resumeAt);
        }
        LOG.info("Reading {} [{}, {}) {}", current.log().id(), current.log().firstChange(),
                current.log().nextChange(), resumeAt.isStart() ? "from its start" : resumeAt);
        return true;
    }

    private void closeCurrent() throws IOException {
        LogContentsReader open = contents;
        contents = null;
        current = null;
        open.close();
    }

    @Override
    public void handleSplitsChanges(SplitsChange<RedoLogSplit> change) {
        if (!(change instanceof SplitsAddition)) {
            throw new UnsupportedOperationException("archived logs are only ever added to a reader, got " + change);
        }
        assigned.addAll(change.splits());
    }

    @Override
    public void wakeUp() {
    }

    @Override
    public void close() throws IOException {
        if (contents != null) {
            closeCurrent();
        }
    }
}
