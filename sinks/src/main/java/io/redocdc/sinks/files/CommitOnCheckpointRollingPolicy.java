package io.redocdc.sinks.files;

import org.apache.flink.streaming.api.functions.sink.filesystem.PartFileInfo;
import org.apache.flink.streaming.api.functions.sink.filesystem.rollingpolicies.CheckpointRollingPolicy;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;

/**
 * Rolls the in-progress part file on every checkpoint (so everything written before a checkpoint is committed,
 * i.e. made visible, when that checkpoint completes) and also when the part reaches the maximum size; never
 * on processing time. Flink's DefaultRollingPolicy would instead keep a small part in progress across
 * checkpoints until its rollover or inactivity interval, delaying visibility by up to a minute.
 *
 * <p>The size is looked at every {@value #SIZE_CHECK_EVENTS}th event of a bucket, not at every event: on the local
 * file system it is a {@code lseek} system call (a tenth of the sequencer + sink thread when asked per line). It
 * counts what the part's writer has written out ({@link EncodedLinesWriter} buffers up to 64 KiB), so a part ends
 * up to {@value #SIZE_CHECK_EVENTS} lines and that buffer past the maximum.
 */
final class CommitOnCheckpointRollingPolicy<T> extends CheckpointRollingPolicy<T, String> {

    private static final long serialVersionUID = 1L;

    static final int SIZE_CHECK_EVENTS = 64;

    private final long maxPartSizeBytes;
    /** Events per bucket since its size was last looked at. */
    private transient Map<String, int[]> eventsSinceSizeCheck;

    CommitOnCheckpointRollingPolicy(long maxPartSizeBytes) {
        if (maxPartSizeBytes <= 0) {
            throw new IllegalArgumentException("max part size must be positive; got " + maxPartSizeBytes);
        }
        this.maxPartSizeBytes = maxPartSizeBytes;
    }

    @Override
    public boolean shouldRollOnEvent(PartFileInfo<String> partFile, T element) throws IOException {
        if (eventsSinceSizeCheck == null) {
            eventsSinceSizeCheck = new HashMap<>();
        }
        int[] events = eventsSinceSizeCheck.computeIfAbsent(partFile.getBucketId(), bucket -> new int[1]);
        if (++events[0] < SIZE_CHECK_EVENTS) {
            return false;
        }
        events[0] = 0;
        return partFile.getSize() >= maxPartSizeBytes;
    }

    @Override
    public boolean shouldRollOnProcessingTime(PartFileInfo<String> partFile, long currentTime) {
        return false;
    }

    @Override
    public String toString() {
        return "CommitOnCheckpointRollingPolicy(maxPartSizeBytes=" + maxPartSizeBytes + ")";
    }
}
