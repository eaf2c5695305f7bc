package io.redocdc.job.pipeline;

/**
 * The run options that correspond to a Flink cluster setting. On a cluster only those the user gave (on the
 * command line or in a --config file) override the cluster's configuration; the others leave it in force.
 */
public enum ClusterSetting {
    PARALLELISM("--parallelism"),
    STATE_BACKEND("--state.backend"),
    CHECKPOINT_INTERVAL("--checkpoint.interval"),
    CHECKPOINT_DIR("--checkpoint.dir");

    private final String option;

    ClusterSetting(String option) {
        this.option = option;
    }

    /** The run command's option, as the user writes it. */
    public String option() {
        return option;
    }
}
