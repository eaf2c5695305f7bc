package io.redocdc.source.testing;

import io.redocdc.source.model.RedoRecord;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.api.common.eventtime.Watermark;
import org.apache.flink.api.connector.source.ReaderOutput;
import org.apache.flink.api.connector.source.SourceOutput;

/** Records what a reader emits, records and watermarks in one ordered list. */
public final class RecordingReaderOutput implements ReaderOutput<RedoRecord> {

    /** One emitted element: a record with its timestamp, or a watermark (record null). */
    public record Emitted(RedoRecord record, long timestamp) {
        public boolean isWatermark() {
            return record == null;
        }
    }

    private final List<Emitted> emitted = new ArrayList<>();
    private final List<String> created = new ArrayList<>();
    private final List<String> released = new ArrayList<>();

    /** Split ids whose per-split output the reader asked for, in order. */
    public List<String> created() {
        return created;
    }

    /** Split ids whose per-split output the reader released, in order. */
    public List<String> released() {
        return released;
    }

    public List<Emitted> emitted() {
        return emitted;
    }

    public List<RedoRecord> records() {
        return emitted.stream().filter(e -> !e.isWatermark()).map(Emitted::record).toList();
    }

    public List<Long> watermarks() {
        return emitted.stream().filter(Emitted::isWatermark).map(Emitted::timestamp).toList();
    }

    @Override
    public void collect(RedoRecord record) {
        throw new AssertionError("records must carry their SCN as timestamp");
    }

    @Override
    public void collect(RedoRecord record, long timestamp) {
        emitted.add(new Emitted(record, timestamp));
    }

    @Override
    public void emitWatermark(Watermark watermark) {
        emitted.add(new Emitted(null, watermark.getTimestamp()));
    }

    @Override
    public void markIdle() {
        throw new AssertionError("the reader must not mark itself idle");
    }

    @Override
    public void markActive() {
    }

    @Override
    public SourceOutput<RedoRecord> createOutputForSplit(String splitId) {
        created.add(splitId);
        return this;
    }

    @Override
    public void releaseOutputForSplit(String splitId) {
        released.add(splitId);
    }
}
