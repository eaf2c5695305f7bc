package io.redocdc.job.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import io.redocdc.sinks.files.FileFormat;
import io.redocdc.source.files.MiningOptions;
import io.redocdc.source.model.Scn;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A redo directory's rows keep the INTERNAL rows that end LOB statements only when it declares so. */
class UndoMarkersKeptTest {

    @TempDir
    Path redo;

    @Test
    void aRedoDirectoryKeepsTheMarkersOnlyWhenItDeclaresThem() throws Exception {
        JobOptions options = new JobOptions(redo, redo.resolve("out"), FileFormat.OGG_JSON, true, 1,
                StateBackendKind.HASHMAP, Duration.ofSeconds(1), null, null, Scn.ZERO, null, List.of("*.*"), null,
                "ORCL", Map.of(), false);
        assertThat(CapturePipeline.undoMarkersKept(options)).as("mined by another tool").isFalse();
        MiningOptions.declareUndoMarkers(redo);
        assertThat(CapturePipeline.undoMarkersKept(options)).as("exported by this version").isTrue();
    }
}
