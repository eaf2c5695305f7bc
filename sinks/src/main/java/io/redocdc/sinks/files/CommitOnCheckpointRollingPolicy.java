package io.redocdc.sinks.files;

import org.apache.flink.streaming.api.functions.sink.filesystem.PartFileInfo;
import org.apache.flink.streaming.api.functions.sink.filesystem.rollingpolicies.CheckpointRollingPolicy;

import java.io.IOException;

/**
 * Rolls the in-progress part file on every checkpoint (so everything written before a checkpoint is committed,
 * i.e. made visible, when that checkpoint completes) and also when the part reaches the maximum size; never
 * on processing time. Flink's DefaultRollingPolicy would instead keep a small part in progress across
 * checkpoints until its rollover or inactivity interval, delaying visibility by up to a minute.
 */
final class CommitOnCheckpointRollingPolicy<T> extends CheckpointRollingPolicy<T, String> {

    private static final long serialVersionUID = 1L;

    private final long maxPartSizeBytes;

    CommitOnCheckpointRollingPolicy(long maxPartSizeBytes) {
        if (maxPartSizeBytes <= 0) {
            throw new IllegalArgumentException("max part size must be positive; got " + maxPartSizeBytes);
        }
        this.maxPartSizeBytes = maxPartSizeBytes;
    }

    @Override
    public boolean shouldRollOnEvent(PartFileInfo<String> partFile, T element) throws IOException {
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
