package io.redocdc.tools.simulate;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * Writes a redo directory (contract 1 of DESIGN.md) from a seeded order-entry workload, and beside it the truth
 * the job's output must equal, computed from the simulator's own model of the tables:
 * <pre>
 * OUT/redo/archived_logs.csv                      written last, atomically
 * OUT/redo/contents/T_S_R.csv[.gz]                V$LOGMNR_CONTENTS rows of each log
 * OUT/expected/transactions.jsonl                 committed transactions of schema OE, in commit order
 * OUT/expected/redo_transactions.jsonl            every transaction's START, end and rows per log, in end order
 * OUT/expected/tables/OWNER.TABLE.jsonl           final rows of each captured table, by primary key
 * OUT/expected/tables.json                        primary keys, foreign keys and column types of the captured tables
 * OUT/expected/schema.sql                         the captured tables as Oracle DDL, with those keys
 * </pre>
 * The same settings always write byte-identical files. Memory stays bounded whatever the size of the large
 * transaction: redo and truth are streamed; only the (ordinary) tables' rows are kept.
 */
public final class WorkloadSimulator {

    private WorkloadSimulator() {
    }

    public static SimulationResult write(Path outDir, SimulationSettings settings) throws IOException {
        requireEmptyOrMissing(outDir.resolve("redo"));
        requireEmptyOrMissing(outDir.resolve("expected"));
        return new Simulation(outDir, settings).run();
    }

    private static void requireEmptyOrMissing(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        boolean empty;
        try (Stream<Path> entries = Files.list(dir)) {
            empty = entries.findAny().isEmpty();
        }
        if (!empty) {
            throw new IOException("simulation output directory " + dir + " is not empty; remove it or choose "
                    + "another --out (the simulator never mixes its files with older ones)");
        }
    }
}
