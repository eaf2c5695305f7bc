package io.redocdc.job.inspect;

import io.redocdc.source.enumerator.EnumeratorState;
import io.redocdc.source.enumerator.EnumeratorStateSerializer;
import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.nio.file.Path;
import org.apache.flink.runtime.source.coordinator.SourceCoordinatorSerdeUtils;
import org.apache.flink.runtime.state.memory.ByteStreamStateHandle;

/**
 * The redo-log source enumerator's checkpoint, which Flink keeps as the source coordinator's state in the
 * checkpoint metadata, out of the State Processor API's reach. Flink's SourceCoordinator writes it as: its serde
 * version (int), the enumerator serializer's version (int), the length (int) and the bytes of
 * {@link EnumeratorStateSerializer}; this reads that frame and hands the bytes to the project's serializer.
 */
final class EnumeratorCheckpoint {

    private EnumeratorCheckpoint() {
    }

    static EnumeratorState read(ByteStreamStateHandle coordinatorState, Path savepoint) {
        if (coordinatorState == null) {
            throw new InspectionException(savepoint + " holds no state of the redo-log source's enumerator "
                    + "(expected the source coordinator's state in the metadata)");
        }
        byte[] bytes = coordinatorState.getData();
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes))) {
            int serdeVersion = in.readInt();
            if (serdeVersion < SourceCoordinatorSerdeUtils.VERSION_0
                    || serdeVersion > SourceCoordinatorSerdeUtils.VERSION_1) {
                throw new IOException("source coordinator state version " + serdeVersion + ", expected "
                        + SourceCoordinatorSerdeUtils.VERSION_0 + " to " + SourceCoordinatorSerdeUtils.VERSION_1);
            }
            int enumeratorVersion = in.readInt();
            byte[] enumerator = new byte[in.readInt()];
            in.readFully(enumerator);
            if (in.available() != 0) {
                throw new IOException(in.available() + " unexpected bytes after the enumerator checkpoint");
            }
            return EnumeratorStateSerializer.INSTANCE.deserialize(enumeratorVersion, enumerator);
        } catch (IOException e) {
            throw new InspectionException(savepoint + ": the redo-log source enumerator's checkpoint does not read ("
                    + e.getMessage() + ")", e);
        }
    }
}
