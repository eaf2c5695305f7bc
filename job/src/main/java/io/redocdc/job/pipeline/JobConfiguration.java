package io.redocdc.job.pipeline;

import java.util.Set;
import org.apache.flink.api.common.RuntimeExecutionMode;
import org.apache.flink.configuration.CheckpointingOptions;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.CoreOptions;
import org.apache.flink.configuration.ExecutionOptions;
import org.apache.flink.configuration.ExternalizedCheckpointRetention;
import org.apache.flink.configuration.MemorySize;
import org.apache.flink.configuration.PipelineOptions;
import org.apache.flink.configuration.ReadableConfig;
import org.apache.flink.configuration.StateBackendOptions;
import org.apache.flink.configuration.StateRecoveryOptions;
import org.apache.flink.configuration.TaskManagerOptions;
import org.apache.flink.state.rocksdb.RocksDBConfigurableOptions;

/**
 * Turns {@link JobOptions} into the Flink configuration the job runs with: every setting on the embedded
 * MiniCluster ({@link #of}), and on a cluster only what the user gave or correctness needs ({@link #forCluster}).
 */
public final class JobConfiguration {

    static final MemorySize LOCAL_MANAGED_MEMORY = MemorySize.ofMebiBytes(1024);

    private JobConfiguration() {
    }

    /** The embedded run (bin/redo-cdc): no cluster configuration exists, so the job's defaults are all there is. */
    public static Configuration of(JobOptions options) {
        return of(options.execution());
    }

    /** The embedded run of a capture or a SQL job ({@code run --sql}). */
    public static Configuration of(ExecutionSettings options) {
        Configuration conf = pinned();
        conf.set(CoreOptions.DEFAULT_PARALLELISM, options.parallelism());
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

    /**
     * A job submitted to a cluster: the cluster's config.yaml (and {@code flink run -p/-s/-D}) stays in force for
     * every setting the user did not give; given ones win. One exception: a cluster that configures no
     * checkpoint interval gets the job's, because without checkpoints the sinks never commit anything.
     *
     * @param given    the options the user gave, on the command line or in a --config file
     * @param cluster  the configuration the job is submitted with (the cluster's)
     */
    public static Configuration forCluster(JobOptions options, Set<ClusterSetting> given, ReadableConfig cluster) {
        return forCluster(options.execution(), given, cluster);
    }

    /** A capture or a SQL job ({@code run --sql}) submitted to a cluster, as {@link #forCluster(JobOptions, Set,
     * ReadableConfig)}. */
    public static Configuration forCluster(ExecutionSettings options, Set<ClusterSetting> given,
                                           ReadableConfig cluster) {
        Configuration conf = pinned();
        if (given.contains(ClusterSetting.PARALLELISM)) {
            conf.set(CoreOptions.DEFAULT_PARALLELISM, options.parallelism());
        }
        if (given.contains(ClusterSetting.STATE_BACKEND)) {
            conf.set(StateBackendOptions.STATE_BACKEND, options.stateBackend().flinkName());
        }
        if (given.contains(ClusterSetting.CHECKPOINT_INTERVAL)
                || cluster.getOptional(CheckpointingOptions.CHECKPOINTING_INTERVAL).isEmpty()) {
            conf.set(CheckpointingOptions.CHECKPOINTING_INTERVAL, options.checkpointInterval());
        }
        if (given.contains(ClusterSetting.CHECKPOINT_DIR)) {
            conf.set(CheckpointingOptions.CHECKPOINTS_DIRECTORY, options.checkpointDir().toUri().toString());
        }
        if (options.restorePath() != null) {
            conf.set(StateRecoveryOptions.SAVEPOINT_PATH, options.restorePath());
        }
        return conf;
    }

    /** What correctness needs wherever the job runs; CapturePipeline also pins the runtime mode and alignment. */
    private static Configuration pinned() {
        Configuration conf = new Configuration();
        // In BATCH the assembler would get key-sorted input and no watermarks (see CapturePipeline.pinStreaming).
        conf.set(ExecutionOptions.RUNTIME_MODE, RuntimeExecutionMode.STREAMING);
        // Every stream and state type has a Flink serializer; Kryo would be a silent savepoint-compatibility risk.
        conf.set(PipelineOptions.GENERIC_TYPES, false);
        return conf;
    }
}
