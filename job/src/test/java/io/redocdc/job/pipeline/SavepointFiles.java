package io.redocdc.job.pipeline;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.stream.Stream;

/** Savepoint directories and fixture trees, for the tests that take, keep and read savepoints. */
public final class SavepointFiles {

    private SavepointFiles() {
    }

    /** The savepoint directory (the one holding _metadata) under {@code dir}. */
    public static Path savepointIn(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(file -> file.getFileName().toString().equals("_metadata")).findFirst()
                    .orElseThrow(() -> new AssertionError("no _metadata under " + dir)).getParent();
        }
    }

    /** Copies the tree {@code from} into {@code to}, files only (committed part files, not Flink's hidden ones). */
    public static void copy(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                if (file.getFileName().toString().startsWith(".")) {
                    continue; // in-progress part files and checksums
                }
                Path target = to.resolve(from.relativize(file).toString());
                Files.createDirectories(target.getParent());
                try (InputStream in = Files.newInputStream(file)) {
                    Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }
}
