package io.redocdc.source.testing;

import io.redocdc.source.model.RedoRecord;
import org.apache.flink.streaming.api.operators.AbstractStreamOperator;
import org.apache.flink.streaming.api.operators.OneInputStreamOperator;
import org.apache.flink.streaming.api.watermark.Watermark;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;

/** Turns every record and every watermark it receives into an {@link Observation}, in arrival order. */
public final class WatermarkRecorder extends AbstractStreamOperator<WatermarkRecorder.Observation>
        implements OneInputStreamOperator<RedoRecord, WatermarkRecorder.Observation> {

    /** A record (key = log file stem + "#" + index, value = SCN) or a watermark (key null) seen by a subtask. */
    public record Observation(int subtask, String key, long value) {
        public boolean isWatermark() {
            return key == null;
        }
    }

    @Override
    public void processElement(StreamRecord<RedoRecord> element) {
        RedoRecord record = element.getValue();
        if (element.getTimestamp() != record.scn()) {
            throw new IllegalStateException(record.origin() + ": timestamp " + element.getTimestamp() + " is not the SCN");
        }
        output.collect(new StreamRecord<>(new Observation(subtask(), key(record), record.scn())));
    }

    @Override
    public void processWatermark(Watermark mark) throws Exception {
        output.collect(new StreamRecord<>(new Observation(subtask(), null, mark.getTimestamp())));
        super.processWatermark(mark);
    }

    public static String key(RedoRecord record) {
        return record.log().fileStem() + "#" + record.index();
    }

    private int subtask() {
        return getRuntimeContext().getTaskInfo().getIndexOfThisSubtask();
    }
}
