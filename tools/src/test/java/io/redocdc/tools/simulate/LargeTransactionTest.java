package io.redocdc.tools.simulate;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A large transaction is streamed: simulated in a child JVM whose heap (32 MB) could not hold its redo, truth
 * or rows (together several hundred MB).
 */
class LargeTransactionTest {

    static final int ROWS = 150_000;
    static final String HEAP = "-Xmx32m";

    @TempDir
    Path tmp;

    @Test
    void largeTransactionIsWrittenInABoundedHeap() throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process child = new ProcessBuilder(java, HEAP, "-XX:+UseSerialGC", "-cp",
                System.getProperty("java.class.path"), Child.class.getName(), tmp.toString())
                .redirectErrorStream(true).start();
        String output = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(child.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(child.exitValue()).as(output).isZero();
        assertThat(output).contains("largest transaction " + ROWS + " changes");

        long written;
        try (Stream<Path> files = Files.walk(tmp)) {
            written = files.filter(Files::isRegularFile).mapToLong(f -> f.toFile().length()).sum();
        }
        assertThat(written).as("bytes written, far more than the child's heap").isGreaterThan(100L << 20);
        long historyRows;
        try (Stream<String> lines = Files.lines(tmp.resolve("expected/tables/OE.ORDER_HISTORY.jsonl"))) {
            historyRows = lines.count();
        }
        assertThat(historyRows).isEqualTo(ROWS - ROWS / LargeTransaction.UPDATE_EVERY);
        try (Stream<Path> spills = Files.list(tmp.resolve("expected"))) {
            assertThat(spills.map(p -> p.getFileName().toString())).as("no spill file left")
                    .containsExactlyInAnyOrder("transactions.jsonl", "redo_transactions.jsonl", "tables.json",
                            "schema.sql", "tables");
        }
        assertThat(List.of(output.split("\n"))).anyMatch(l -> l.startsWith("simulated in "));
    }

    /** The child JVM's main. */
    public static final class Child {
        public static void main(String[] args) throws IOException {
            long start = System.nanoTime();
            SimulationResult result = WorkloadSimulator.write(Path.of(args[0]), SimulationSettings.defaults()
                    .withTransactions(300).withLargeTransactionRows(ROWS).withRowsPerLog(20_000));
            System.out.println(result);
            System.out.println("simulated in " + (System.nanoTime() - start) / 1_000_000 + " ms");
        }
    }
}
