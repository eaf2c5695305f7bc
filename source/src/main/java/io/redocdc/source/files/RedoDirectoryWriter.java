package io.redocdc.source.files;

import io.redocdc.source.catalog.LogContentsReader;
import io.redocdc.source.model.ArchivedLog;
import io.redocdc.source.model.NlsFormats;
import io.redocdc.source.model.RedoRecord;
import io.redocdc.source.model.ThreadSequence;
import java.io.Closeable;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Writes a redo directory (DESIGN.md contract 1) one log at a time, so that a job may read the directory while
 * it grows: each contents file is written under a hidden temporary name and renamed, and only then is
 * {@code archived_logs.csv} rewritten (temporary file + atomic rename) with the log's row. A reader therefore
 * never sees a partial file nor a catalog row without its contents.
 *
 * <p>Opening takes an exclusive lock on {@code .writer.lock} in the directory, so two writers (two exports)
 * cannot interleave catalog rewrites; a log already in the catalog is never added twice.
 */
public final class RedoDirectoryWriter implements Closeable {

    public static final String LOCK_FILE = ".writer.lock";
    private static final String TEMP_SUFFIX = ".tmp";

    private final RedoDirectory directory;
    private final boolean gzip;
    private final FileChannel lockChannel;
    private final FileLock lock;
    /** Catalog rows in the order they were written, by log. */
    private final Map<ThreadSequence, ArchivedLog> catalog = new LinkedHashMap<>();

    private RedoDirectoryWriter(RedoDirectory directory, boolean gzip, FileChannel lockChannel, FileLock lock) {
        this.directory = directory;
        this.gzip = gzip;
        this.lockChannel = lockChannel;
        this.lock = lock;
    }

    /**
     * Opens (creating it if needed) a redo directory for appending logs, reads its existing catalog and deletes
     * temporary files an interrupted writer left behind.
     *
     * @param gzip write new contents files as {@code .csv.gz}
     * @throws IOException when another writer holds the directory's lock, or the existing catalog cannot be read
     */
    public static RedoDirectoryWriter open(Path path, boolean gzip) throws IOException {
        RedoDirectory directory = new RedoDirectory(path);
        Files.createDirectories(directory.contentsDirectory());
        Path lockFile = directory.path().resolve(LOCK_FILE);
        FileChannel channel = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        try {
            FileLock lock = tryLock(channel);
            if (lock == null) {
                throw new IOException("another writer (an export?) is writing " + directory.description()
                        + ": it holds " + lockFile + "; stop it first, one writer per directory");
            }
            RedoDirectoryWriter writer = new RedoDirectoryWriter(directory, gzip, channel, lock);
            writer.load();
            return writer;
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
    }

    private static FileLock tryLock(FileChannel channel) throws IOException {
        try {
            return channel.tryLock();
        } catch (OverlappingFileLockException e) {
            return null; // held by this JVM
        }
    }

    private void load() throws IOException {
        deleteTemporaryFiles(directory.path());
        deleteTemporaryFiles(directory.contentsDirectory());
        if (Files.exists(directory.catalogFile())) {
            for (ArchivedLog log : ArchivedLogsCsv.read(directory.catalogFile())) {
                catalog.put(log.id(), log);
            }
        } else {
            writeCatalog();
        }
    }

    private static void deleteTemporaryFiles(Path dir) throws IOException {
        try (Stream<Path> entries = Files.list(dir)) {
            for (Path file : (Iterable<Path>) entries::iterator) {
                String name = file.getFileName().toString();
                if (name.startsWith(".") && name.endsWith(TEMP_SUFFIX)) {
                    Files.deleteIfExists(file);
                }
            }
        }
    }

    public RedoDirectory directory() {
        return directory;
    }

    /** The logs of the catalog, in the order their rows were written. */
    public synchronized List<ArchivedLog> logs() {
        return new ArrayList<>(catalog.values());
    }

    /** True when the log has both its catalog row and its contents file, i.e. nothing is left to write. */
    public synchronized boolean contains(ThreadSequence id) {
        return catalog.containsKey(id) && ContentsFiles.find(directory.contentsDirectory(), id) != null;
    }

    /** Starts the contents file of {@code log}; commit it to publish the log, close it to discard it. */
    public PendingContentsFile begin(ArchivedLog log) throws IOException {
        if (contains(log.id())) {
            throw new IllegalStateException(log.id() + " is already in " + directory.description());
        }
        Path temp = directory.contentsDirectory().resolve("." + fileName(log.id()) + TEMP_SUFFIX);
        return new PendingContentsFile(this, log, temp, gzip);
    }

    /** Writes every record of {@code contents} as the contents of {@code log} and publishes it; returns the rows. */
    public long write(ArchivedLog log, LogContentsReader contents) throws IOException {
        try (PendingContentsFile file = begin(log)) {
            RedoRecord record;
            while ((record = contents.next()) != null) {
                file.append(record);
            }
            file.commit();
            return file.rows();
        }
    }

    private String fileName(ThreadSequence id) {
        return id.fileStem() + (gzip ? ".csv.gz" : ".csv");
    }

    /** Renames a complete contents file into place, then adds the log's catalog row (unless it has one). */
    synchronized void publish(ArchivedLog log, Path temp) throws IOException {
        Path target = directory.contentsDirectory().resolve(fileName(log.id()));
        // A contents file under the other extension can only be left by an earlier run that stopped between
        // renaming it and writing the catalog: the log is not in the catalog yet, so no reader uses it.
        Path other = directory.contentsDirectory().resolve(log.id().fileStem() + (gzip ? ".csv" : ".csv.gz"));
        Files.deleteIfExists(other);
        Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        if (catalog.putIfAbsent(log.id(), log) == null) {
            try {
                writeCatalog();
            } catch (IOException | RuntimeException e) {
                catalog.remove(log.id());
                throw e;
            }
        }
    }

    private void writeCatalog() throws IOException {
        RedoCsvFormat.writeAtomically(directory.catalogFile(), printer -> {
            printer.printRecord(RedoCsvFormat.CATALOG_HEADER);
            for (ArchivedLog log : catalog.values()) {
                RedoCsvFormat.printCatalogRow(printer, log);
            }
        });
    }

    /**
     * Declares the NLS settings the directory's literals are printed under ({@link NlsSessionParameters}). A
     * directory that already declares other settings is refused: its logs would read differently.
     */
    public synchronized void declareNls(NlsFormats formats) throws IOException {
        Optional<NlsFormats> declared = NlsSessionParameters.read(directory.path());
        if (declared.isPresent() && !declared.get().equals(formats)) {
            throw new IOException(directory.description() + " declares other NLS settings in "
                    + NlsSessionParameters.FILE + " (" + declared.get() + ") than this writer prints (" + formats
                    + "): write into a new directory");
        }
        if (declared.isEmpty()) {
            NlsSessionParameters.write(directory.path(), formats);
        }
    }

    /**
     * Declares that every log of the directory keeps the INTERNAL rows that end LOB statements ({@link
     * MiningOptions}). Only a directory without logs yet, or one that declares it already, can say so of all its
     * logs: false when logs written without the declaration are there.
     */
    public synchronized boolean declareUndoMarkers() throws IOException {
        if (MiningOptions.keepsUndoMarkers(directory.path())) {
            return true;
        }
        if (!catalog.isEmpty()) {
            return false;
        }
        MiningOptions.declareUndoMarkers(directory.path());
        return true;
    }

    /** Releases the directory's lock. */
    @Override
    public void close() throws IOException {
        try {
            lock.release();
        } finally {
            lockChannel.close();
        }
    }
}
