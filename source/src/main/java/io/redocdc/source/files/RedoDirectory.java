package io.redocdc.source.files;

import io.redocdc.source.catalog.ArchivedLogCatalog;
import io.redocdc.source.catalog.LogContentsReader;
import io.redocdc.source.catalog.RedoInputException;
import io.redocdc.source.model.ArchivedLog;
import io.redocdc.source.model.ThreadSequence;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The redo directory of DESIGN.md: {@code archived_logs.csv} (one row per archived log, rewritten atomically)
 * and {@code contents/<THREAD#>_<SEQUENCE#>_<RESETLOGS_ID>.csv[.gz]}. A log is available once both its row and
 * its contents file exist.
 */
public final class RedoDirectory implements ArchivedLogCatalog {

    private static final long serialVersionUID = 1L;

    public static final String CATALOG_FILE = "archived_logs.csv";
    public static final String CONTENTS_DIR = "contents";

    /** A String because Path is not serializable. */
    private final String directory;

    public RedoDirectory(Path directory) {
        this.directory = directory.toAbsolutePath().normalize().toString();
    }

    /**
     * Why {@code directory} cannot be read as a redo directory, the rule it breaks ("must ..."), or empty when it
     * can; the one check of the command line and the source.
     */
    public static Optional<String> problem(Path directory) {
        if (!Files.isDirectory(directory)) {
            return Optional.of("must be an existing directory");
        }
        Path catalog = directory.resolve(CATALOG_FILE);
        if (!Files.isRegularFile(catalog)) {
            return Optional.of("must contain " + CATALOG_FILE + " (the archived log catalog of the redo directory "
                    + "contract)");
        }
        if (!Files.isReadable(catalog)) {
            return Optional.of("must have a readable " + CATALOG_FILE);
        }
        return Optional.empty();
    }

    public Path path() {
        return Path.of(directory);
    }

    public Path catalogFile() {
        return path().resolve(CATALOG_FILE);
    }

    public Path contentsDirectory() {
        return path().resolve(CONTENTS_DIR);
    }

    @Override
    public List<ArchivedLog> listAvailableLogs() throws IOException {
        Map<ThreadSequence, Path> contents = ContentsFiles.scan(contentsDirectory());
        List<ArchivedLog> available = new ArrayList<>();
        for (ArchivedLog log : ArchivedLogsCsv.read(catalogFile())) {
            if (contents.containsKey(log.id())) {
                available.add(log);
            }
        }
        return available;
    }

    @Override
    public LogContentsReader openContents(ArchivedLog log) throws IOException {
        Path file = ContentsFiles.find(contentsDirectory(), log.id());
        if (file == null) {
            throw new RedoInputException("contents file " + contentsDirectory().resolve(log.id().fileStem() + ".csv")
                    + "[.gz] of " + log.id() + " is missing in " + description());
        }
        return ContentsCsvReader.open(file, log);
    }

    @Override
    public String description() {
        return "redo directory " + directory;
    }

    @Override
    public String toString() {
        return description();
    }
}
