package io.redocdc.tools.simulate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The same settings write byte-identical files; another seed writes another workload. */
class DeterminismTest {

    private static final SimulationSettings SMALL = SimulationSettings.defaults().withTransactions(250)
            .withThreads(2).withRowsPerLog(200).withSavepointRatio(0.2).withLargeTransactionRows(500)
            .withGzip(true);

    @TempDir
    Path tmp;

    @Test
    void sameSeedWritesByteIdenticalFiles() throws IOException {
        SimulationResult first = WorkloadSimulator.write(tmp.resolve("a"), SMALL);
        SimulationResult second = WorkloadSimulator.write(tmp.resolve("b"), SMALL);

        assertThat(second).isEqualTo(first);
        Map<String, byte[]> a = files(tmp.resolve("a"));
        Map<String, byte[]> b = files(tmp.resolve("b"));
        assertThat(a.keySet()).containsExactlyElementsOf(b.keySet()).contains("redo/archived_logs.csv",
                "expected/transactions.jsonl", "expected/tables.json", "expected/tables/OE.ORDERS.jsonl",
                "expected/tables/OE.DOCUMENTS.jsonl");
        assertThat(a.get("expected/tables/OE.DOCUMENTS.jsonl")).as("documents written").isNotEmpty();
        assertThat(a.keySet()).anyMatch(name -> name.matches("redo/contents/2_\\d+_\\d+\\.csv\\.gz"));
        a.forEach((name, bytes) -> assertThat(b.get(name)).as(name).isEqualTo(bytes));
    }

    @Test
    void anotherSeedWritesAnotherWorkload() throws IOException {
        WorkloadSimulator.write(tmp.resolve("a"), SMALL);
        WorkloadSimulator.write(tmp.resolve("b"), SMALL.withSeed(SMALL.seed() + 1));

        assertThat(Files.readAllBytes(tmp.resolve("b/expected/transactions.jsonl")))
                .isNotEqualTo(Files.readAllBytes(tmp.resolve("a/expected/transactions.jsonl")));
    }

    @Test
    void refusesToWriteOverAnEarlierRun() throws IOException {
        WorkloadSimulator.write(tmp, SMALL.withTransactions(5).withLargeTransactionRows(0));

        assertThatThrownBy(() -> WorkloadSimulator.write(tmp, SMALL))
                .isInstanceOf(IOException.class).hasMessageContaining(tmp.resolve("redo").toString())
                .hasMessageContaining("not empty");
    }

    @Test
    void settingsNameTheFieldAndRuleTheyBreak() {
        assertThatThrownBy(() -> SimulationSettings.defaults().withThreads(0))
                .hasMessage("simulation setting threads must be between 1 and 64, got 0");
        assertThatThrownBy(() -> SimulationSettings.defaults().withRollbackRatio(1.5))
                .hasMessageContaining("rollbackRatio");
        assertThatThrownBy(() -> SimulationSettings.defaults().withLobRatio(-0.1))
                .hasMessage("simulation setting lobRatio must be between 0 and 1, got -0.1");
    }

    private static Map<String, byte[]> files(Path root) throws IOException {
        Map<String, byte[]> files = new TreeMap<>();
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path file : walk.filter(Files::isRegularFile).toList()) {
                files.put(root.relativize(file).toString().replace('\\', '/'), Files.readAllBytes(file));
            }
        }
        return files;
    }
}
