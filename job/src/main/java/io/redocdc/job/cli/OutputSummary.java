package io.redocdc.job.cli;

import io.redocdc.operators.lcr.Position;
import io.redocdc.sinks.files.ChangeFiles;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/** What a run wrote: changes per table, transactions, DDL statements, files. */
public record OutputSummary(Path sinkDir, Map<String, Long> changesPerTable, long transactions, long ddl,
                            int files) {

    private static final int TRANSACTION_HEX = Position.TRANSACTION_PREFIX * 2;

    public static OutputSummary of(Path sinkDir) {
        Map<String, Long> perTable = new TreeMap<>();
        Set<String> transactions = new HashSet<>();
        int files = 0;
        for (Path file : ChangeFiles.committedFiles(sinkDir.resolve("data"))) {
            files++;
            String table = file.getParent().getFileName().toString();
            try (BufferedReader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
                String line;
                while ((line = reader.readLine()) != null) {
                    int at = line.indexOf("\"pos\":\"");
                    if (at >= 0) {
                        transactions.add(line.substring(at + 7, at + 7 + TRANSACTION_HEX));
                    }
                    perTable.merge(table, 1L, Long::sum);
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        long ddl = ChangeFiles.ddlChanges(sinkDir).size();
        files += ChangeFiles.committedFiles(sinkDir.resolve("ddl")).size();
        return new OutputSummary(sinkDir, perTable, transactions.size(), ddl, files);
    }

    public long changes() {
        return changesPerTable.values().stream().mapToLong(Long::longValue).sum();
    }

    public String describe(double seconds) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format("redo-cdc: wrote %,d changes of %,d transactions and %,d DDL statements in %.1f s"
                        + " (%,.0f changes/s) to %s%n", changes(), transactions, ddl, seconds,
                changes() / Math.max(seconds, 1e-3), sinkDir));
        changesPerTable.forEach((table, count) -> sb.append(String.format("  %-32s %,12d changes  (%s)%n", table,
                count, sinkDir.resolve("data").resolve(table))));
        if (ddl > 0) {
            sb.append(String.format("  %-32s %,12d statements (%s)%n", "DDL", ddl, sinkDir.resolve("ddl")));
        }
        return sb.toString();
    }
}
