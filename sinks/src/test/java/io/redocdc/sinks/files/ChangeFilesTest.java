package io.redocdc.sinks.files;

import static io.redocdc.sinks.files.TestLcrs.insert;
import static io.redocdc.sinks.files.TestLcrs.position;
import static io.redocdc.sinks.files.TestLcrs.str;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class ChangeFilesTest {

    /** Each format names the position its own way; both sort in commit order across part files. */
    @ParameterizedTest
    @EnumSource(FileFormat.class)
    void dataChangesOfEitherFormatComeInPositionOrder(FileFormat format, @TempDir Path sinkDir) throws Exception {
        Path table = Files.createDirectories(sinkDir.resolve("data/OE.ORDERS"));
        var encoder = format.rowEncoder(Map.of(), Clock.systemUTC());
        Files.writeString(table.resolve("part-a-0.json"), EncodedLines.encode(encoder,
                insert(1300, 0, 2, 1290, str("ID", "3")), insert(1300, 1, 2, 1291, str("ID", "4"))),
                StandardCharsets.UTF_8);
        Files.writeString(table.resolve("part-b-0.json"), EncodedLines.encode(encoder,
                insert(1240, 0, 1, 1234, str("ID", "1")), insert(1250, 0, 1, 1245, str("ID", "2"))),
                StandardCharsets.UTF_8);

        List<JsonNode> changes = ChangeFiles.dataChanges(sinkDir);

        assertThat(changes).map(ChangeFiles::position).containsExactly(position(1240, 0, 1234),
                position(1250, 0, 1245), position(1300, 0, 1290), position(1300, 1, 1291));
        assertThat(changes).map(change -> change.get("after").get("ID").asText()).containsExactly("1", "2", "3", "4");
    }
}
