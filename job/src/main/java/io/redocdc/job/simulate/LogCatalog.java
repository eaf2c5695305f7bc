package io.redocdc.job.simulate;

import io.redocdc.source.files.RedoCsvFormat;
import io.redocdc.source.files.RedoDirectory;
import io.redocdc.source.model.ArchivedLog;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.csv.CSVPrinter;

/** The archived logs in the order they were archived, written as the redo directory's archived_logs.csv. */
final class LogCatalog {

    static final String FILE_NAME = RedoDirectory.CATALOG_FILE;

    private final List<ArchivedLog> logs = new ArrayList<>();

    void add(ArchivedLog log) {
        logs.add(log);
    }

    List<ArchivedLog> logs() {
        return List.copyOf(logs);
    }

    /** Archive destination file name, log_archive_format %t_%s_%r.dbf. */
    static String archiveName(int thread, long sequence, long resetlogsId) {
        return "/u01/arch/" + thread + "_" + sequence + "_" + resetlogsId + ".dbf";
    }

    /** Writes a temporary file and renames it, so a reader never sees half a catalog. */
    void writeAtomically(Path redoDir) throws IOException {
        Path target = redoDir.resolve(FILE_NAME);
        Path temp = redoDir.resolve("." + FILE_NAME + ".tmp");
        try (Writer out = Files.newBufferedWriter(temp, StandardCharsets.UTF_8);
                CSVPrinter csv = new CSVPrinter(out, RedoCsvFormat.CSV)) {
            csv.printRecord(RedoCsvFormat.CATALOG_HEADER);
            for (ArchivedLog log : logs) {
                RedoCsvFormat.printCatalogRow(csv, log);
            }
        }
        Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }
}
