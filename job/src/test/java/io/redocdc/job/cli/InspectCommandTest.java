package io.redocdc.job.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.redocdc.job.RedoCdc;
import io.redocdc.job.pipeline.SavepointFiles;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code inspect} on the savepoint fixture of build 43f4961 (SavepointCompatibilityITCase: the first half of a
 * 2-thread workload read, long transactions open), as text and JSON, and on paths that are no savepoint.
 */
class InspectCommandTest {

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @TempDir
    Path tmp;

    @Test
    void printsTheFixturesStateAsAlignedText() throws Exception {
        Path savepoint = fixtureSavepoint();
        assertThat(run(savepoint.toString())).as("%s", err).isZero();
        List<String> lines = out.toString().lines().toList();

        assertThat(lines.get(0)).isEqualTo("Savepoint/checkpoint " + savepoint + " (checkpoint 5)");
        assertThat(lines).contains(
                "  start SCN:                0",
                "  completed frontier:       73690670873",
                "  processed low position:   00000011284e670f00010000022b000001210000000100000011284e66e2 (commit SCN "
                        + "73690670863)",
                "  required checkpoint SCN:  73690669486 (start SCN of the oldest open transaction 0A0028000F280000)",
                "  THREAD#  NEXT SEQUENCE#  COMPLETED TO SCN  LOGS IN READERS  FINISHED AHEAD",
                "  1        556             73690670873       -                -",
                "  2        612             73690671452       -                -",
                "Open transactions: 39",
                "  XID               START SCN    THREAD#  START SEQUENCE#  ROWS  END READ",
                "  0A0028000F280000  73690669486  1        553              186   -",
                "  14001800E1410000  73690670804  2        611              1     COMMIT at SCN 73690670893, waits for "
                        + "the frontier",
                "  archived logs of thread 1 before sequence 553 can be purged (an open transaction started in "
                        + "sequence 553)",
                "  archived logs of thread 2 before sequence 611 can be purged (an open transaction started in "
                        + "sequence 611)");
        int header = lines.indexOf("  XID               START SCN    THREAD#  START SEQUENCE#  ROWS  END READ");
        assertThat(lines.subList(header + 1, header + 40)).as("one aligned row per open transaction")
                .allMatch(line -> line.matches("  [0-9A-F]{16}  \\d{11}  [12]        \\d{3}              \\S.*"));
    }

    @Test
    void printsTheSameStateAsJson() throws Exception {
        assertThat(run("--json", fixtureSavepoint().toString())).as("%s", err).isZero();
        JsonNode state = new ObjectMapper().readTree(out.toString());

        assertThat(state.get("completedFrontier").asLong()).isEqualTo(73690670873L);
        assertThat(state.get("openTransactions")).hasSize(39);
        JsonNode oldest = state.get("openTransactions").get(0);
        assertThat(oldest.get("xid").asText()).isEqualTo("0A0028000F280000");
        assertThat(oldest.get("startScn").asLong()).isEqualTo(73690669486L);
        assertThat(oldest.get("thread").asInt()).isEqualTo(1);
        assertThat(oldest.get("startSequence").asLong()).isEqualTo(553);
        assertThat(oldest.get("rows").asLong()).isEqualTo(186);
        assertThat(oldest.get("end").isNull()).isTrue();
        assertThat(state.get("requiredCheckpointScn").asLong()).isEqualTo(73690669486L);
        assertThat(state.get("purgeAdvice").toString()).isEqualTo(
                "[{\"thread\":1,\"purgeBeforeSequence\":553,\"oldestOpenStart\":553},"
                        + "{\"thread\":2,\"purgeBeforeSequence\":611,\"oldestOpenStart\":611}]");
        assertThat(state.get("sinks").get(0).get("uid").asText()).isEqualTo("file-sink-data");
    }

    @Test
    void aMissingPathIsNamed() {
        Path missing = tmp.resolve("savepoint-none");
        assertThat(run(missing.toString())).isEqualTo(2);
        assertThat(err.toString()).contains(missing.toString()).contains("does not exist");
    }

    @Test
    void aDirectoryWithoutMetadataIsNotASavepoint() throws Exception {
        Files.writeString(tmp.resolve("archived_logs.csv"), "THREAD#\n");
        assertThat(run(tmp.toString())).isEqualTo(2);
        assertThat(err.toString()).contains(tmp + " is not a Flink savepoint or checkpoint")
                .contains("expected a directory holding a _metadata file");
    }

    @Test
    void aFileOtherThanMetadataIsNotASavepoint() throws Exception {
        Path file = Files.writeString(tmp.resolve("notes.txt"), "x");
        Files.writeString(tmp.resolve("_metadata"), "x");
        assertThat(run(file.toString())).isEqualTo(2);
        assertThat(err.toString()).contains(file + " is not a Flink savepoint or checkpoint");
    }

    @Test
    void unreadableMetadataIsNamed() throws Exception {
        Path metadata = Files.writeString(tmp.resolve("_metadata"), "not a checkpoint");
        assertThat(run(metadata.toString())).isEqualTo(2);
        assertThat(err.toString()).contains(metadata + " is not readable as Flink checkpoint metadata");
    }

    private int run(String... args) {
        CommandLine cmd = RedoCdc.commandLine();
        cmd.setOut(new PrintWriter(out, true));
        cmd.setErr(new PrintWriter(err, true));
        String[] all = new String[args.length + 1];
        all[0] = "inspect";
        System.arraycopy(args, 0, all, 1, args.length);
        return cmd.execute(all);
    }

    private static Path fixtureSavepoint() throws Exception {
        return SavepointFiles.savepointIn(Path.of(InspectCommandTest.class.getResource("/savepoints/43f4961/savepoint")
                .toURI()));
    }
}
