package io.redocdc.job.cluster;

import io.redocdc.source.files.RedoCsvFormat;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/**
 * Makes a simulated redo directory's archived logs arrive over time, as ARCH writes them on a live database: the
 * catalog first lists none of them, then ever more in the order the logs were completed (NEXT_CHANGE#, across RAC
 * threads), each time rewritten atomically (temp file and rename) as the redo directory contract says.
 */
final class CatalogFeed {

    private final Path catalog;
    private final String header;
    private final List<String> rows;
    private final List<Long> nextChanges;
    private int released;

    private CatalogFeed(Path catalog, String header, List<String> rows, List<Long> nextChanges) {
        this.catalog = catalog;
        this.header = header;
        this.rows = rows;
        this.nextChanges = nextChanges;
    }

    /** Holds back every log of the redo directory {@code redo}. */
    static CatalogFeed holdBack(Path redo) throws IOException {
        Path catalog = redo.resolve("archived_logs.csv");
        List<String> lines = Files.readAllLines(catalog, StandardCharsets.UTF_8);
        List<String> rows = new ArrayList<>();
        List<Long> nextChanges = new ArrayList<>();
        try (CSVParser parser = CSVParser.parse(catalog, StandardCharsets.UTF_8,
                RedoCsvFormat.CSV.builder().setHeader().setSkipHeaderRecord(true).build())) {
            for (CSVRecord record : parser) {
                // one catalog row is one line (no value holds a line break)
                rows.add(lines.get((int) record.getRecordNumber()));
                nextChanges.add(Long.parseLong(record.get("NEXT_CHANGE#")));
            }
        }
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            order.add(i);
        }
        order.sort(Comparator.comparing(nextChanges::get));
        CatalogFeed feed = new CatalogFeed(catalog, lines.get(0), order.stream().map(rows::get).toList(),
                order.stream().map(nextChanges::get).toList());
        feed.write();
        return feed;
    }

    /** Catalogs the logs completed first, up to this share of all of them (never fewer than already listed). */
    void releaseUpTo(double share) throws IOException {
        released = Math.max(released, (int) Math.ceil(rows.size() * share));
        write();
    }

    int released() {
        return released;
    }

    int total() {
        return rows.size();
    }

    /** The highest NEXT_CHANGE# of the logs catalogued so far. */
    long releasedUpToScn() {
        return released == 0 ? 0 : nextChanges.get(released - 1);
    }

    private void write() throws IOException {
        List<String> lines = new ArrayList<>();
        lines.add(header);
        lines.addAll(rows.subList(0, released));
        Path temp = catalog.resolveSibling(catalog.getFileName() + ".tmp");
        Files.write(temp, lines, StandardCharsets.UTF_8);
        Files.move(temp, catalog, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }
}
