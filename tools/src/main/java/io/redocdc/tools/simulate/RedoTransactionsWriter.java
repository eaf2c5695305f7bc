package io.redocdc.tools.simulate;

import io.redocdc.source.model.OperationCode;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * expected/redo_transactions.jsonl: where every transaction sits in the redo, one line per transaction in the
 * order they ended: {"xid":"...","thread":T,"start_scn":N,"start_sequence":S,"end":"COMMIT","end_scn":M,
 * "end_sequence":E,"rows_per_sequence":{"S":n,...}}. Rows are the transaction's contents rows of the captured schema
 * (OE) between its START and its end, INTERNAL rows aside and CSF pieces counted once, by the log sequence of its
 * thread that holds them; the sequence cache's SYS.SEQ$ updates are not counted. So a test can say which transactions
 * are open, and with how many rows, once a given prefix of the logs is read.
 */
final class RedoTransactionsWriter implements AutoCloseable {

    static final String FILE_NAME = "redo_transactions.jsonl";

    private final Writer out;

    RedoTransactionsWriter(Path expectedDir) throws IOException {
        out = new BufferedWriter(Files.newBufferedWriter(expectedDir.resolve(FILE_NAME), StandardCharsets.UTF_8),
                1 << 16);
    }

    void ended(OpenTransaction tx, OperationCode end, long endScn, long endSequence) throws IOException {
        StringBuilder line = new StringBuilder(160);
        line.append("{\"xid\":\"").append(tx.xidRaw).append("\",\"thread\":").append(tx.thread)
                .append(",\"start_scn\":").append(tx.startScn).append(",\"start_sequence\":").append(tx.startSequence)
                .append(",\"end\":\"").append(end.name()).append("\",\"end_scn\":").append(endScn)
                .append(",\"end_sequence\":").append(endSequence).append(",\"rows_per_sequence\":{");
        String separator = "";
        for (Map.Entry<Long, Long> rows : tx.rowsPerSequence.entrySet()) {
            line.append(separator).append('"').append(rows.getKey()).append("\":").append(rows.getValue());
            separator = ",";
        }
        out.write(line.append("}}\n").toString());
    }

    @Override
    public void close() throws IOException {
        out.close();
    }
}
