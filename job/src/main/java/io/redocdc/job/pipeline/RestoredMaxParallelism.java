package io.redocdc.job.pipeline;

import java.io.DataInputStream;
import java.io.IOException;
import java.util.Set;
import java.util.TreeSet;
import org.apache.flink.runtime.checkpoint.Checkpoints;
import org.apache.flink.runtime.checkpoint.OperatorState;
import org.apache.flink.runtime.checkpoint.metadata.CheckpointMetadata;
import org.apache.flink.runtime.state.CompletedCheckpointStorageLocation;
import org.apache.flink.runtime.state.filesystem.AbstractFsCheckpointStorageAccess;

/**
 * The maximum parallelisms that the operators' state was written with in the savepoint or retained checkpoint a job
 * restores from (its {@code _metadata}, read with Flink's own runtime classes, which a cluster has). Operators that
 * share a task share one maximum parallelism, and Flink restores each operator's keyed state only under the maximum
 * it was written with, so state whose operators differ must not go into one task: the commit sequencer's, at 1 in
 * savepoints of builds before 2026-12-08, or an assembler's above parallelism 85 (Flink's default 256 against the
 * sequencer's 128).
 */
final class RestoredMaxParallelism {

    private RestoredMaxParallelism() {
    }

    /** The distinct maximum parallelisms of the operators in the metadata at {@code path}, in ascending order. */
    static Set<Integer> of(String path) throws IOException {
        CompletedCheckpointStorageLocation location = AbstractFsCheckpointStorageAccess.resolveCheckpointPointer(path);
        CheckpointMetadata metadata;
        try (DataInputStream in = new DataInputStream(location.getMetadataHandle().openInputStream())) {
            metadata = Checkpoints.loadCheckpointMetadata(in, RestoredMaxParallelism.class.getClassLoader(), path);
        }
        Set<Integer> maxima = new TreeSet<>();
        for (OperatorState operator : metadata.getOperatorStates()) {
            maxima.add(operator.getMaxParallelism());
        }
        return maxima;
    }
}
