package io.redocdc.job.sql;

import io.redocdc.job.pipeline.CapturePipeline;
import io.redocdc.job.pipeline.JobOptions;
import io.redocdc.operators.lcr.Lcr;
import io.redocdc.source.logminer.OracleSource;
import java.util.Map;
import java.util.WeakHashMap;
import org.apache.flink.api.dag.Transformation;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.ValidationException;

/**
 * One capture (redo-log source, transaction assembler, commit sequencer: {@link CapturePipeline#sequenced}) per
 * Flink job, shared by every oracle-redo table the job reads: each table's scan filters the same committed,
 * commit-ordered LCR stream, so a job over several captured tables reads each log once.
 *
 * <p>Why a cache per execution environment rather than a catalog: the planner hands every table scan of a job the
 * same {@link StreamExecutionEnvironment}, so plain {@code CREATE TABLE} statements share the capture without any
 * extra object the user must create; a catalog could come later on top of this. Tables of one job must name the
 * same capture options (they are one capture, with one source uid and one state); different ones are refused.
 *
 * <p>The cache holds the sequencer's {@link Transformation}, which does not refer to the environment, so the weak
 * key can still be collected when a SQL session ends.
 */
final class SharedCapture {

    private static final Map<StreamExecutionEnvironment, Capture> CAPTURES = new WeakHashMap<>();

    private record Capture(Map<String, String> options, String firstTable, Transformation<Lcr> sequenced) {
    }

    private SharedCapture() {
    }

    /**
     * The committed LCRs in commit order of the capture these options describe, built on the first call for
     * {@code env} and the same stream on later ones.
     *
     * @throws ValidationException when another table of the job named other capture options
     */
    static synchronized DataStream<Lcr> sequenced(StreamExecutionEnvironment env, String table,
                                                  Map<String, String> captureOptions) {
        Capture capture = CAPTURES.get(env);
        if (capture == null) {
            JobOptions options = CapturePipeline.resolveStart(RunOptionsBridge.jobOptions(table, captureOptions),
                    OracleSource::resolveStart);
            capture = new Capture(Map.copyOf(captureOptions), table,
                    CapturePipeline.sequenced(env, options).getTransformation());
            CAPTURES.put(env, capture);
        } else if (!capture.options().equals(captureOptions)) {
            throw new ValidationException("oracle-redo table " + table + " names other capture options than "
                    + capture.firstTable() + " in the same job (" + captureOptions + " against " + capture.options()
                    + "): the tables of one job share one capture, which reads each redo log once; give them the "
                    + "same options (capture.include can list several tables)");
        }
        return new DataStream<>(env, capture.sequenced());
    }
}
