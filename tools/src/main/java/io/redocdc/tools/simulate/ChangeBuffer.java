package io.redocdc.tools.simulate;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The truth's changes of one open transaction, as JSON texts: in memory while few, spilled to a temporary file
 * beyond {@value #SPILL_AT} so a transaction of millions of rows needs no more memory than a small one.
 * Rolling back to a savepoint drops the changes made after it (only while still in memory).
 */
final class ChangeBuffer implements AutoCloseable {

    static final int SPILL_AT = 10_000;

    private final Path spillDir;
    private final List<String> memory = new ArrayList<>();
    private Path spillFile;
    private BufferedWriter spill;
    private long size;

    ChangeBuffer(Path spillDir) {
        this.spillDir = spillDir;
    }

    long size() {
        return size;
    }

    void add(String json) throws IOException {
        if (spill == null && memory.size() >= SPILL_AT) {
            spillFile = Files.createTempFile(spillDir, ".changes-", ".jsonl");
            spill = Files.newBufferedWriter(spillFile, StandardCharsets.UTF_8);
            for (String change : memory) {
                spill.write(change);
                spill.write('\n');
            }
            memory.clear();
        }
        if (spill != null) {
            spill.write(json);
            spill.write('\n');
        } else {
            memory.add(json);
        }
        size++;
    }

    /** Drops the changes after the first {@code keep} (rollback to savepoint). */
    void truncate(long keep) {
        if (spill != null) {
            throw new IllegalStateException("cannot roll back changes of a transaction spilled to " + spillFile);
        }
        memory.subList((int) keep, memory.size()).clear();
        size = keep;
    }

    /** Writes the changes separated by commas. */
    void writeJoined(Writer out) throws IOException {
        if (spill == null) {
            for (int i = 0; i < memory.size(); i++) {
                if (i > 0) {
                    out.write(',');
                }
                out.write(memory.get(i));
            }
            return;
        }
        spill.flush();
        // One change per line: each newline followed by more text becomes a comma, the last one is dropped.
        try (Reader in = Files.newBufferedReader(spillFile, StandardCharsets.UTF_8)) {
            char[] buffer = new char[1 << 16];
            boolean afterNewline = false;
            int n;
            while ((n = in.read(buffer)) > 0) {
                int from = 0;
                for (int i = 0; i < n; i++) {
                    if (buffer[i] == '\n') {
                        out.write(buffer, from, i - from);
                        from = i + 1;
                        afterNewline = true;
                    } else if (afterNewline) {
                        out.write(',');
                        afterNewline = false;
                    }
                }
                out.write(buffer, from, n - from);
            }
        }
    }

    @Override
    public void close() throws IOException {
        memory.clear();
        if (spill != null) {
            spill.close();
            Files.deleteIfExists(spillFile);
            spill = null;
        }
    }
}
