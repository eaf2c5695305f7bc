package io.redocdc.tools.simulate;

import io.redocdc.source.model.Xid;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * expected/transactions.jsonl: one line per committed transaction of the captured schema, in commit order:
 * {"xid":"...","commit_scn":N,"thread":T,"changes":[...]}.
 */
final class TruthWriter implements AutoCloseable {

    static final String FILE_NAME = "transactions.jsonl";

    private final Writer out;
    private long transactions;
    private long changes;
    private long largest;

    TruthWriter(Path expectedDir) throws IOException {
        out = new BufferedWriter(Files.newBufferedWriter(expectedDir.resolve(FILE_NAME), StandardCharsets.UTF_8),
                1 << 16);
    }

    void committed(Xid xid, long commitScn, int thread, ChangeBuffer buffer) throws IOException {
        if (buffer.size() == 0) {
            return;
        }
        out.write("{\"xid\":\"" + xid.toRaw() + "\",\"commit_scn\":" + commitScn + ",\"thread\":" + thread
                + ",\"changes\":[");
        buffer.writeJoined(out);
        out.write("]}\n");
        transactions++;
        changes += buffer.size();
        largest = Math.max(largest, buffer.size());
    }

    long transactions() {
        return transactions;
    }

    long changes() {
        return changes;
    }

    long largestTransaction() {
        return largest;
    }

    @Override
    public void close() throws IOException {
        out.close();
    }
}
