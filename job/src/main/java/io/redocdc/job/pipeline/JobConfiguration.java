package io.redocdc.job.pipeline;

import org.apache.flink.api.common.RuntimeExecutionMode;
import org.apache.flink.configuration.CheckpointingOptions;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.CoreOptions;
import org.apache.flink.configuration.ExecutionOptions;
import org.apache.flink.configuration.ExternalizedCheckpointRetention;
import org.apache.flink.configuration.MemorySize;
import org.apache.flink.configuration.PipelineOptions;
import org.apache.flink.configuration.StateBackendOptions;
import org.apache.flink.configuration.StateRecoveryOptions;
import org.apache.flink.configuration.TaskManagerOptions;
import org.apache.flink.state.rocksdb.RocksDBConfigurableOptions;

/** Turns {@link JobOptions} into the Flink configuration the job runs with. */
public final class JobConfiguration {

    static final MemorySize LOCAL_MANAGED_MEMORY = MemorySize.ofMebiBytes(1024);

    private JobConfiguration() {
    }

    public static Configuration of(JobOptions options) {
        Configuration conf = new Configuration();
        conf.set(CoreOptions.DEFAULT_PARALLELISM, options.parallelism());
        // CapturePipeline pins it too, over whatever a cluster's configuration says (see pinStreaming)
        conf.set(ExecutionOptions.RUNTIME_MODE, RuntimeExecutionMode.STREAMING);
        // Every stream and state type has a Flink serializer; Kryo would be a silent savepoint-compatibility risk.
        conf.set(PipelineOptions.GENERIC_TYPES, false);
        conf.set(StateBackendOptions.STATE_BACKEND, options.stateBackend().flinkName());
        // Emitting a transaction reads every row back by point lookup; without bloom filters each lookup probes
        // every overlapping SST file, which made a 10^6-row transaction take many minutes on RocksDB.
        conf.set(RocksDBConfigurableOptions.USE_BLOOM_FILTER, true);
        // The embedded MiniCluster (bin/redo-cdc) otherwise gives RocksDB 128 MB for all its instances, and every
        // point lookup misses the block cache: 200k rows took 183 s instead of 13 s. A cluster takes the managed
        // memory from its own config.yaml and ignores this.
        conf.set(TaskManagerOptions.MANAGED_MEMORY_SIZE, LOCAL_MANAGED_MEMORY);
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
