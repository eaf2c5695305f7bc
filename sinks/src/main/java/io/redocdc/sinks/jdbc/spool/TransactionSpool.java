package io.redocdc.sinks.jdbc.spool;

import io.redocdc.operators.lcr.Lcr;
import io.redocdc.operators.lcr.LcrSerializer;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.core.memory.DataInputViewStreamWrapper;
import org.apache.flink.core.memory.DataOutputViewStreamWrapper;

/**
 * The LCRs of the open transaction received so far: the first {@code memoryLimit} in memory, the rest
 * spilled to a temp file ({@link LcrSerializer}). It lets a failed transaction go to the error
 * table whole and a checkpoint taken mid-transaction carry the transaction's start.
 */
public final class TransactionSpool implements AutoCloseable {

    private final int memoryLimit;
    private final Path directory;
    private final List<Lcr> inMemory = new ArrayList<>();
    private Path spillFile;
    private OutputStream spillStream;
    private DataOutputViewStreamWrapper spillOut;
    private int spilled;

    /** @param directory where spill files go (e.g. the task manager's temp directory) */
    public TransactionSpool(int memoryLimit, Path directory) {
        this.memoryLimit = memoryLimit;
        this.directory = directory;
    }

    public void add(Lcr lcr) throws IOException {
        if (inMemory.size() < memoryLimit) {
            inMemory.add(lcr);
            return;
        }
        if (spillOut == null) {
            // created on the first spill only: parallel apply makes a spool per transaction, most never spill
            spillFile = Files.createTempFile(directory, "redo-cdc-spool-", ".bin");
            spillStream = new BufferedOutputStream(Files.newOutputStream(spillFile));
            spillOut = new DataOutputViewStreamWrapper(spillStream);
        }
        LcrSerializer.INSTANCE.serialize(lcr, spillOut);
        spilled++;
    }

    /** LCRs kept in memory before spilling. */
    public int memoryLimit() {
        return memoryLimit;
    }

    public int size() {
        return inMemory.size() + spilled;
    }

    public boolean isEmpty() {
        return size() == 0;
    }

    /** True when some LCRs are on disk. */
    public boolean hasSpilled() {
        return spilled > 0;
    }

    /** Hands every spooled LCR, in order, to {@code consumer}; may run again (and on another thread, after a handover). */
    public void forEach(SpoolConsumer consumer) throws IOException, SQLException {
        for (Lcr lcr : inMemory) {
            consumer.accept(lcr);
        }
        if (spilled == 0) {
            return;
        }
        spillOut.flush();
        try (InputStream in = new BufferedInputStream(Files.newInputStream(spillFile))) {
            DataInputViewStreamWrapper view = new DataInputViewStreamWrapper(in);
            for (int i = 0; i < spilled; i++) {
                consumer.accept(LcrSerializer.INSTANCE.deserialize(view));
            }
        }
    }

    /** Forgets everything (the transaction ended) and deletes the spill file. */
    public void clear() throws IOException {
        inMemory.clear();
        spilled = 0;
        if (spillStream != null) {
            spillStream.close();
            spillStream = null;
            spillOut = null;
        }
        if (spillFile != null) {
            Files.deleteIfExists(spillFile);
            spillFile = null;
        }
    }

    @Override
    public void close() throws IOException {
        clear();
    }

    /** Receives spooled LCRs. */
    @FunctionalInterface
    public interface SpoolConsumer {
        void accept(Lcr lcr) throws IOException, SQLException;
    }
}
