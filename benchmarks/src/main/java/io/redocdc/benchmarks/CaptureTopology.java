package io.redocdc.benchmarks;

import io.redocdc.job.pipeline.CapturePipeline;
import io.redocdc.job.pipeline.JobConfiguration;
import io.redocdc.job.pipeline.JobOptions;
import io.redocdc.job.pipeline.StateBackendKind;
import io.redocdc.operators.lcr.Lcr;
import io.redocdc.sinks.files.FileFormat;
import io.redocdc.source.model.Scn;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.util.CloseableIterator;

/**
 * The capture job (CapturePipeline) over a simulated redo directory, bounded, with the job's own options and
 * Flink configuration, so that a variant only chooses where the LCRs go.
 */
final class CaptureTopology {

    private final Path workloadDir;
    private final int parallelism;
    private final StateBackendKind backend;

    CaptureTopology(Path workloadDir, int parallelism, StateBackendKind backend) {
        this.workloadDir = workloadDir;
        this.parallelism = parallelism;
        this.backend = backend;
    }

    /** The job's options (configuration of every variant; the sink directory is used by the ogg-json one). */
    JobOptions jobOptions(String variant) {
        return new JobOptions(workloadDir.resolve("redo"), workloadDir.resolve("output-" + variant),
                FileFormat.OGG_JSON, true, parallelism, backend, Duration.ofSeconds(10),
                workloadDir.resolve("checkpoints-" + variant), null, Scn.ZERO, null, List.of("*.*"), null, "ORCL", Map.of(),
                false);
    }

    StreamExecutionEnvironment environment(String variant) {
        return StreamExecutionEnvironment.getExecutionEnvironment(JobConfiguration.of(jobOptions(variant)));
    }

    /** Runs the topology and keeps its output in memory, in commit order (for the replays; not timed). */
    List<Lcr> collect() throws Exception {
        StreamExecutionEnvironment env = environment("collect");
        List<Lcr> lcrs = new ArrayList<>();
        try (CloseableIterator<Lcr> iterator = CapturePipeline.sequenced(env, jobOptions("collect"))
                .executeAndCollect("benchmark: collect LCRs")) {
            iterator.forEachRemaining(lcrs::add);
        }
        return lcrs;
    }
}
