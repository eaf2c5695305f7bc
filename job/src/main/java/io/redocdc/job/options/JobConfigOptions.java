package io.redocdc.job.options;

import static org.apache.flink.configuration.ConfigOptions.key;

import io.redocdc.common.options.OptionCatalog;
import io.redocdc.common.options.OptionDoc;
import io.redocdc.job.pipeline.StateBackendKind;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.apache.flink.configuration.ConfigOption;

/**
 * The job's own options: dead letters, and the settings that are Flink cluster settings too (on a cluster only
 * those the user gave override the cluster's configuration, see {@link JobOptionsReader#givenClusterSettings}).
 * Descriptions are README markdown.
 */
public final class JobConfigOptions {

    private static final OptionCatalog CATALOG = new OptionCatalog();

    public static final ConfigOption<Boolean> DEAD_LETTER = CATALOG.add(key("dead-letter").booleanType()
            .defaultValue(false)
            .withDescription("a row that cannot become a change (SQL_REDO that does not parse, a row change "
                    + "LogMiner could not name or decode, see [Rows LogMiner could not name]"
                    + "(#rows-logminer-could-not-name), a LOB value that cannot be rebuilt, an UNSUPPORTED row or "
                    + "one whose operation code this version does not know, a savepoint rollback that cannot be "
                    + "matched) goes to `<sink.dir>/dead-letter/` instead of failing the job (with `jdbc` too, "
                    + "which then needs `--sink.dir`)"));

    public static final ConfigOption<Integer> PARALLELISM = CATALOG.add(key("parallelism").intType()
            .defaultValue(2).withDescription("parallel log readers and transaction assemblers"), null,
            "2 (on a cluster: the cluster's)");

    public static final ConfigOption<StateBackendKind> STATE_BACKEND = CATALOG.add(key("state.backend")
            .enumType(StateBackendKind.class).defaultValue(StateBackendKind.HASHMAP)
            .withDescription("keyed state on the heap, or in RocksDB (spills large transactions to disk)"), null,
            "`hashmap` (on a cluster: the cluster's)");

    public static final ConfigOption<Duration> CHECKPOINT_INTERVAL = CATALOG.add(key("checkpoint.interval")
            .durationType().defaultValue(Duration.ofSeconds(10))
            .withDescription("files are committed on checkpoints (the JDBC sink commits its own groups of "
                    + "transactions, and at each checkpoint)"), null,
            "`10s` (on a cluster: the cluster's, 10s if it sets none)");

    public static final ConfigOption<String> CHECKPOINT_DIR = CATALOG.add(key("checkpoint.dir").stringType()
            .defaultValue("checkpoints").withDescription("checkpoints, retained on cancellation"), "DIR",
            "`./checkpoints` (on a cluster: the cluster's)");

    public static final ConfigOption<String> RESTORE = CATALOG.add(key("restore").stringType().noDefaultValue()
            .withDescription("start from a checkpoint or savepoint (after a crash: the latest `chk-N` under "
                    + "`--checkpoint.dir`)"), "PATH", null);

    public static final ConfigOption<Boolean> VERBOSE = CATALOG.add(key("verbose").booleanType()
            .defaultValue(false)
            .withDescription("local runs: the log on the console instead of the progress line and the log "
                    + "file (see Console below)"), null, "off");

    public static final ConfigOption<String> LOG_FILE = CATALOG.add(key("log-file").stringType().noDefaultValue()
            .withDescription("local runs: where the log goes"), "FILE", "`redo-cdc.log` beside `--checkpoint.dir`");

    private JobConfigOptions() {
    }

    public static Set<ConfigOption<?>> all() {
        return CATALOG.options();
    }

    public static List<OptionDoc> docs() {
        return CATALOG.docs();
    }
}
