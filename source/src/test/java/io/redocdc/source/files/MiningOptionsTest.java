package io.redocdc.source.files;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.redocdc.source.catalog.RedoInputException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MiningOptionsTest {

    @TempDir
    Path dir;

    @Test
    void aDirectoryWithoutTheDeclarationDoesNotKeepTheMarkers() {
        assertThat(MiningOptions.keepsUndoMarkers(dir)).isFalse();
    }

    @Test
    void theDeclarationReadsBackAndOtherRowsAreIgnored() throws Exception {
        MiningOptions.declareUndoMarkers(dir);
        assertThat(Files.readAllLines(dir.resolve(MiningOptions.FILE)))
                .containsExactly("\"OPTION\",\"VALUE\"", "\"INTERNAL_ROWS\",\"UNDO_MARKERS\"");
        assertThat(MiningOptions.keepsUndoMarkers(dir)).isTrue();
        Files.writeString(dir.resolve(MiningOptions.FILE), "OPTION,VALUE\nSOMETHING_LATER,1\ninternal_rows,none\n");
        assertThat(MiningOptions.keepsUndoMarkers(dir)).isFalse();
    }

    @Test
    void aBadFileNamesTheFileTheLineAndWhatWasExpected() throws Exception {
        Path file = dir.resolve(MiningOptions.FILE);
        Files.writeString(file, "NAME,VALUE\nINTERNAL_ROWS,UNDO_MARKERS\n");
        assertThatThrownBy(() -> MiningOptions.keepsUndoMarkers(dir)).isInstanceOf(RedoInputException.class)
                .hasMessage(file + " line 1: expected the header OPTION,VALUE but found [NAME, VALUE]");
        Files.writeString(file, "OPTION,VALUE\nINTERNAL_ROWS,SOME\n");
        assertThatThrownBy(() -> MiningOptions.keepsUndoMarkers(dir)).isInstanceOf(RedoInputException.class)
                .hasMessage(file + " line 2: INTERNAL_ROWS must be UNDO_MARKERS or NONE, got 'SOME'");
    }

    @Test
    void aWriterDeclaresOnlyForADirectoryWhoseLogsAllKeepTheMarkers() throws Exception {
        try (RedoDirectoryWriter writer = RedoDirectoryWriter.open(dir.resolve("new"), false)) {
            assertThat(writer.declareUndoMarkers()).isTrue();
            assertThat(writer.declareUndoMarkers()).as("declared already").isTrue();
        }
        assertThat(MiningOptions.keepsUndoMarkers(dir.resolve("new"))).isTrue();
    }
}
