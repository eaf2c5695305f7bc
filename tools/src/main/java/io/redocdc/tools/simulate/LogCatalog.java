package io.redocdc.tools.simulate;

import io.redocdc.source.files.RedoCsvFormat;
import io.redocdc.source.files.RedoDirectory;
import io.redocdc.source.model.ArchivedLog;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

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
        RedoCsvFormat.writeAtomically(redoDir.resolve(FILE_NAME), csv -> {
            csv.printRecord(RedoCsvFormat.CATALOG_HEADER);
            for (ArchivedLog log : logs) {
                RedoCsvFormat.printCatalogRow(csv, log);
            }
        });
    }
}
