package io.redocdc.job.pipeline;

import org.apache.flink.configuration.CheckpointingOptions;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.CoreOptions;
import org.apache.flink.configuration.ExternalizedCheckpointRetention;
import org.apache.flink.configuration.PipelineOptions;
import org.apache.flink.configuration.StateBackendOptions;
import org.apache.flink.configuration.StateRecoveryOptions;

/** Turns {@link JobOptions} into the Flink configuration the job runs with. */
public final class JobConfiguration {

    private JobConfiguration() {
    }

    public static Configuration of(JobOptions options) {
        Configuration conf = new Configuration();
        conf.set(CoreOptions.DEFAULT_PARALLELISM, options.parallelism());
        // Every stream and state type has a Flink serializer; Kryo would be a silent savepoint-compatibility risk.
        conf.set(PipelineOptions.GENERIC_TYPES, false);
        conf.set(StateBackendOptions.STATE_BACKEND, options.stateBackend().flinkName());
        conf.set(CheckpointingOptions.CHECKPOINTING_INTERVAL, options.checkpointInterval());
        // A crashed or cancelled run restarts from its latest checkpoint with --restore.
        conf.set(CheckpointingOptions.EXTERNALIZED_CHECKPOINT_RETENTION,
                ExternalizedCheckpointRetention.RETAIN_ON_CANCELLATION);
        if (options.checkpointDir() != null) {
            conf.set(CheckpointingOptions.CHECKPOINTS_DIRECTORY, options.checkpointDir().toUri().toString());
        }
        if (options.restorePath() != null) {
            conf.set(StateRecoveryOptions.SAVEPOINT_PATH, options.restorePath());
        }
        return conf;
    }
}
