package io.redocdc.sinks.files;

import io.redocdc.operators.lcr.Lcr;
import org.apache.flink.api.common.serialization.Encoder;
import org.apache.flink.connector.file.sink.FileSink;
import org.apache.flink.core.fs.Path;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.functions.sink.filesystem.BucketAssigner;
import org.apache.flink.streaming.api.functions.sink.filesystem.OutputFileConfig;
import org.apache.flink.streaming.api.functions.sink.filesystem.bucketassigners.BasePathBucketAssigner;

import java.time.Clock;

/**
 * Writes committed LCRs to JSON line files with Flink's FileSink, exactly once:
 * <pre>
 * &lt;directory&gt;/data/&lt;OWNER.TABLE&gt;/part-&lt;uuid&gt;-&lt;n&gt;.json   row LCRs (ogg-json or debezium-json)
 * &lt;directory&gt;/ddl/part-&lt;uuid&gt;-&lt;n&gt;.json                DDL LCRs (never in data files: Flink's readers fail on them)
 * </pre>
 * A part file is written as a hidden in-progress file and renamed to its visible name only when the checkpoint
 * that covers it completes ({@link CommitOnCheckpointRollingPolicy} rolls every part on every checkpoint), so
 * readers never see uncommitted rows, and a restore truncates the in-progress file to the checkpointed length.
 * Checkpointing must therefore be enabled for files to appear before the end of a bounded input.
 *
 * <p>The input must already be in commit order (one ordered stream); the split and both sinks run with
 * parallelism 1 so each file keeps that order.
 */
public final class ChangeFileSink {

    public static final String DATA_FILTER_UID = "file-sink-data-filter";
    public static final String DDL_FILTER_UID = "file-sink-ddl-filter";
    public static final String DATA_SINK_UID = "file-sink-data";
    public static final String DDL_SINK_UID = "file-sink-ddl";
    public static final String DATA_DIRECTORY = "data";
    public static final String DDL_DIRECTORY = "ddl";
    public static final OutputFileConfig PART_FILES =
            OutputFileConfig.builder().withPartPrefix("part").withPartSuffix(".json").build();

    private ChangeFileSink() {
    }

    /** Adds the data and DDL file sinks to the job of {@code lcrs}. */
    public static void attach(DataStream<Lcr> lcrs, FileSinkOptions options) {
        Encoder<Lcr> rowEncoder = options.format().rowEncoder(options.primaryKeys(), Clock.systemUTC());
        Path base = options.directoryPath();

        lcrs.filter(lcr -> lcr.command().isRow())
                .name("File sink: row LCRs").uid(DATA_FILTER_UID).setParallelism(1)
                .sinkTo(fileSink(new Path(base, DATA_DIRECTORY), rowEncoder, new TableBucketAssigner(), options))
                .name("File sink: " + options.format() + " data").uid(DATA_SINK_UID).setParallelism(1);

        lcrs.filter(lcr -> !lcr.command().isRow())
                .name("File sink: DDL LCRs").uid(DDL_FILTER_UID).setParallelism(1)
                .sinkTo(fileSink(new Path(base, DDL_DIRECTORY), new DdlJsonEncoder(), new BasePathBucketAssigner<>(),
                        options))
                .name("File sink: DDL").uid(DDL_SINK_UID).setParallelism(1);
    }

    private static FileSink<Lcr> fileSink(Path path, Encoder<Lcr> encoder, BucketAssigner<Lcr, String> buckets,
                                          FileSinkOptions options) {
        return FileSink.forBulkFormat(path, EncodedLinesWriter.factory(encoder))
                .withBucketAssigner(buckets)
                .withRollingPolicy(new CommitOnCheckpointRollingPolicy<>(options.maxPartSizeBytes()))
                .withOutputFileConfig(PART_FILES)
                .build();
    }
}
