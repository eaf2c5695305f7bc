package io.redocdc.job.inspect;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.flink.runtime.checkpoint.Checkpoints;
import org.apache.flink.runtime.checkpoint.OperatorState;
import org.apache.flink.runtime.checkpoint.metadata.CheckpointMetadata;
import org.apache.flink.runtime.state.IncrementalKeyedStateHandle;
import org.apache.flink.runtime.state.KeyedStateHandle;
import org.apache.flink.state.api.runtime.OperatorIDGenerator;

/**
 * The {@code _metadata} file of a savepoint or retained checkpoint, loaded with Flink's own loader: which
 * operators have state, and the operator coordinators' state, which only the metadata holds (the source
 * enumerator's checkpoint among them).
 */
final class CheckpointMetadataFile {

    static final String METADATA = "_metadata";

    private final Path directory;
    private final CheckpointMetadata metadata;

    private CheckpointMetadataFile(Path directory, CheckpointMetadata metadata) {
        this.directory = directory;
        this.metadata = metadata;
    }

    /**
     * @param path a savepoint or checkpoint directory ({@code savepoint-...}, {@code chk-N}) or its _metadata file
     * @throws InspectionException naming the path when it is neither
     */
    static CheckpointMetadataFile load(Path path) {
        Path absolute = path.toAbsolutePath().normalize();
        if (!Files.exists(absolute)) {
            throw new InspectionException("no such savepoint or checkpoint: " + absolute + " does not exist");
        }
        Path directory = Files.isDirectory(absolute) ? absolute : absolute.getParent();
        Path file = directory.resolve(METADATA);
        if (!Files.isRegularFile(file) || (!Files.isDirectory(absolute) && !absolute.equals(file))) {
            throw new InspectionException(absolute + " is not a Flink savepoint or checkpoint: expected a directory "
                    + "holding a " + METADATA + " file (a savepoint directory savepoint-..., a retained checkpoint "
                    + "directory chk-N) or that " + METADATA + " file itself");
        }
        try (InputStream in = Files.newInputStream(file)) {
            CheckpointMetadata metadata = Checkpoints.loadCheckpointMetadata(new DataInputStream(in),
                    CheckpointMetadataFile.class.getClassLoader(), directory.toUri().toString());
            return new CheckpointMetadataFile(directory, metadata);
        } catch (IOException | RuntimeException e) {
            throw new InspectionException(file + " is not readable as Flink checkpoint metadata (expected the "
                    + METADATA + " file of a Flink 2.x savepoint or checkpoint): " + e.getMessage(), e);
        }
    }

    Path directory() {
        return directory;
    }

    long checkpointId() {
        return metadata.getCheckpointId();
    }

    /** The state of the operator with this uid, if the savepoint has any. */
    Optional<OperatorState> operator(String uid) {
        var id = OperatorIDGenerator.fromUid(uid);
        return metadata.getOperatorStates().stream().filter(state -> state.getOperatorID().equals(id)).findFirst();
    }

    boolean hasOperator(String uid) {
        return operator(uid).isPresent();
    }

    /**
     * Whether the operator's keyed state was written by RocksDB's incremental checkpoints, which only a RocksDB
     * backend reads; savepoints (canonical format) and full checkpoints read with the heap backend.
     */
    boolean incrementalKeyedState(String uid) {
        return operator(uid).stream().flatMap(state -> state.getStates().stream())
                .flatMap(subtask -> subtask.getManagedKeyedState().stream())
                .anyMatch(CheckpointMetadataFile::incremental);
    }

    /** Names of the operator's operator (non-keyed) states, over all its subtasks. */
    Set<String> operatorStateNames(String uid) {
        return operator(uid).stream().flatMap(state -> state.getStates().stream())
                .flatMap(subtask -> subtask.getManagedOperatorState().stream())
                .flatMap(handle -> handle.getStateNameToPartitionOffsets().keySet().stream())
                .collect(Collectors.toSet());
    }

    private static boolean incremental(KeyedStateHandle handle) {
        return handle instanceof IncrementalKeyedStateHandle;
    }
}
