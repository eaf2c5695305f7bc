package io.redocdc.source.files;

import io.redocdc.source.catalog.RedoInputException;
import io.redocdc.source.model.ThreadSequence;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The {@code contents/<THREAD#>_<SEQUENCE#>_<RESETLOGS_ID>.csv[.gz]} files of a redo directory. Other names
 * (temporary files of a writer that renames atomically, for example) are ignored.
 */
final class ContentsFiles {

    private static final Pattern NAME = Pattern.compile("(\\d+)_(\\d+)_(\\d+)\\.csv(\\.gz)?");

    private ContentsFiles() {
    }

    /** Contents file per log; empty when the directory does not exist yet. */
    static Map<ThreadSequence, Path> scan(Path contentsDir) throws IOException {
        Map<ThreadSequence, Path> files = new HashMap<>();
        try (Stream<Path> entries = Files.list(contentsDir)) {
            for (Path file : (Iterable<Path>) entries::iterator) {
                Matcher m = NAME.matcher(file.getFileName().toString());
                if (!m.matches() || !Files.isRegularFile(file)) {
                    continue;
                }
                ThreadSequence id = logOf(file, m);
                Path other = files.putIfAbsent(id, file);
                if (other != null) {
                    throw new RedoInputException("both " + other + " and " + file + " hold the contents of " + id
                            + "; expected exactly one contents file per log");
                }
            }
        } catch (NoSuchFileException e) {
            return Map.of();
        }
        return files;
    }

    private static ThreadSequence logOf(Path file, Matcher name) {
        try {
            return ThreadSequence.parseFileStem(name.group(1) + "_" + name.group(2) + "_" + name.group(3));
        } catch (IllegalArgumentException e) {
            throw new RedoInputException(file + ": expected a contents file name <THREAD#>_<SEQUENCE#>_<RESETLOGS_ID>"
                    + " with THREAD# and SEQUENCE# >= 1: " + e.getMessage());
        }
    }

    /** The contents file of one log, or null when there is none. */
    static Path find(Path contentsDir, ThreadSequence id) {
        Path plain = contentsDir.resolve(id.fileStem() + ".csv");
        Path gzip = contentsDir.resolve(id.fileStem() + ".csv.gz");
        boolean hasPlain = Files.isRegularFile(plain);
        boolean hasGzip = Files.isRegularFile(gzip);
        if (hasPlain && hasGzip) {
            throw new RedoInputException("both " + plain + " and " + gzip + " hold the contents of " + id
                    + "; expected exactly one contents file per log");
        }
        return hasPlain ? plain : hasGzip ? gzip : null;
    }
}
