package io.redocdc.sinks.files;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.redocdc.operators.txn.DeadLetter;
import java.io.IOException;
import java.io.OutputStream;
import org.apache.flink.api.common.serialization.Encoder;
import org.apache.flink.connector.file.sink.FileSink;
import org.apache.flink.core.fs.Path;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.functions.sink.filesystem.bucketassigners.BasePathBucketAssigner;

/**
 * Writes rows whose SQL_REDO could not be turned into an LCR (dead-letter mode) to
 * {@code <directory>/dead-letter/part-*.json}, one JSON object per row: origin (log file and line), xid, scn,
 * statement and error. Committed on checkpoints like the change files, so nothing is lost or duplicated.
 */
public final class DeadLetterFileSink {

    public static final String UID = "file-sink-dead-letter";
    public static final String DIRECTORY = "dead-letter";

    private DeadLetterFileSink() {
    }

    public static void attach(DataStream<DeadLetter> deadLetters, String directory) {
        deadLetters.sinkTo(FileSink.forBulkFormat(new Path(new Path(directory), DIRECTORY),
                                EncodedLinesWriter.factory(new DeadLetterEncoder()))
                        .withBucketAssigner(new BasePathBucketAssigner<>())
                        .withRollingPolicy(new CommitOnCheckpointRollingPolicy<>(FileSinkOptions.DEFAULT_MAX_PART_SIZE_BYTES))
                        .withOutputFileConfig(ChangeFileSink.PART_FILES)
                        .build())
                .name("File sink: dead letters").uid(UID).setParallelism(1);
    }

    static final class DeadLetterEncoder implements Encoder<DeadLetter> {

        private static final long serialVersionUID = 1L;
        private static final JsonFactory JSON = new JsonFactory().disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);

        @Override
        public void encode(DeadLetter letter, OutputStream stream) throws IOException {
            try (JsonGenerator json = JSON.createGenerator(stream, JsonEncoding.UTF8)) {
                json.writeStartObject();
                json.writeStringField("origin", letter.origin());
                json.writeStringField("xid", letter.xid());
                json.writeNumberField("scn", letter.scn());
                json.writeStringField("statement", letter.statement());
                json.writeStringField("error", letter.error());
                json.writeEndObject();
            }
            stream.write('\n');
        }
    }
}
