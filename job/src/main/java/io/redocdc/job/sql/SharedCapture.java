package io.redocdc.job.sql;

import io.redocdc.job.pipeline.CapturePipeline;
import io.redocdc.job.pipeline.JobOptions;
import io.redocdc.operators.lcr.Lcr;
import io.redocdc.source.logminer.OracleSource;
import java.util.HashMap;
import java.util.Map;
import java.util.WeakHashMap;
import org.apache.flink.api.dag.Transformation;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One capture (redo-log source, transaction assembler, commit sequencer: {@link CapturePipeline#sequenced}) per
 * Flink job, shared by every oracle-redo table the job reads: each table's scan filters the same committed,
 * commit-ordered LCR stream, so a job over several captured tables reads each log once.
 *
 * <p>Why a cache per execution environment rather than a catalog: the planner hands every table scan of a job the
 * same {@link StreamExecutionEnvironment}, so plain {@code CREATE TABLE} statements share the capture without any
 * extra object the user must create; a catalog could come later on top of this. Captures are kept per capture
 * options, because one environment runs the jobs of a whole SQL session, in which tables may be dropped and created
 * again with other options. Within one job, tables with different options would be two captures with the same
 * operator uids, which Flink refuses when it builds the job ("Hash collision on user-specified ID
 * redo-log-source"): the source uid stays fixed so that the job's savepoints keep restoring.
 *
 * <p>The cache holds the sequencer's {@link Transformation}, which does not refer to the environment, so the weak
 * key can still be collected when a SQL session ends.
 */
final class SharedCapture {

    private static final Logger LOG = LoggerFactory.getLogger(SharedCapture.class);

    private static final Map<StreamExecutionEnvironment, Map<Map<String, String>, Transformation<Lcr>>> CAPTURES =
            new WeakHashMap<>();

    private SharedCapture() {
    }

    /**
     * The committed LCRs in commit order of the capture these options describe, built on the first call for
     * {@code env} and these options, the same stream on later ones.
     */
    static synchronized DataStream<Lcr> sequenced(StreamExecutionEnvironment env, String table,
                                                  Map<String, String> captureOptions) {
        Map<Map<String, String>, Transformation<Lcr>> captures = CAPTURES.computeIfAbsent(env, e -> new HashMap<>());
        Transformation<Lcr> sequenced = captures.get(captureOptions);
        if (sequenced == null) {
            if (!captures.isEmpty()) {
                LOG.warn("oracle-redo table {} starts another capture of the redo ({}) in this SQL session: a job "
                        + "reading it together with tables of other capture options ({}) is refused; give the "
                        + "tables of one job the same options", table, captureOptions, captures.keySet());
            }
            JobOptions options = CapturePipeline.resolveStart(RunOptionsBridge.jobOptions(table, captureOptions),
                    OracleSource::resolveStart);
            sequenced = CapturePipeline.sequenced(env, options).getTransformation();
            captures.put(Map.copyOf(captureOptions), sequenced);
        }
        return new DataStream<>(env, sequenced);
    }
}
