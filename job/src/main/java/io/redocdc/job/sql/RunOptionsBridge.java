package io.redocdc.job.sql;

import io.redocdc.job.options.JobOptionException;
import io.redocdc.job.options.JobOptionsReader;
import io.redocdc.job.options.RunOptions;
import io.redocdc.job.pipeline.JobOptions;
import io.redocdc.sinks.SinkConfigOptions;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.ConfigOptions;
import org.apache.flink.table.api.ValidationException;

/**
 * The one place where the oracle-redo table source meets {@code run}'s options: the WITH keys it takes are
 * {@code run}'s {@code source.*} and {@code capture.*} ConfigOptions ({@link RunOptions#all()}), and their values go
 * through the job's one reading path ({@link JobOptionsReader#fromMap}, the path {@code --config FILE} takes too), so
 * a SQL table and a {@code run} command accept the same values with the same messages.
 */
public final class RunOptionsBridge {

    /** The captured table, OWNER.TABLE as Oracle spells it (upper case unless created quoted). */
    public static final ConfigOption<String> TABLE_NAME = ConfigOptions.key("table-name").stringType()
            .noDefaultValue().withDescription("The captured table whose changes this SQL table reads, OWNER.TABLE "
                    + "as Oracle spells it, e.g. OE.ORDERS.");

    /** {@code run} options that choose what is captured and how; sinks, state and checkpoints are the SQL job's. */
    private static final List<String> TAKEN_PREFIXES = List.of("source.", "capture.");

    /**
     * A file sink needs a directory to be valid {@link JobOptions}; the SQL source never attaches a sink (it reads
     * the sequenced stream), so the directory is never written.
     */
    private static final String UNUSED_SINK_DIR = "oracle-redo-sql-has-no-sink";

    private RunOptionsBridge() {
    }

    /** The WITH keys: {@code run}'s source and capture options, as they are defined for the CLI. */
    public static Set<ConfigOption<?>> captureOptions() {
        Set<ConfigOption<?>> options = new LinkedHashSet<>();
        for (ConfigOption<?> option : RunOptions.all()) {
            if (TAKEN_PREFIXES.stream().anyMatch(option.key()::startsWith)) {
                options.add(option);
            }
        }
        return options;
    }

    /**
     * The capture's options of a table's WITH clause: everything but {@code connector} and the table's own keys,
     * sorted (tables with the same capture options share one capture, see {@link SharedCapture}).
     */
    public static Map<String, String> captureOptionsOf(Map<String, String> withOptions) {
        Map<String, String> capture = new TreeMap<>(withOptions);
        capture.remove("connector");
        capture.remove(TABLE_NAME.key());
        return capture;
    }

    /**
     * The job options {@code run} would build from these capture options.
     *
     * @throws ValidationException naming the table and, as {@code run} does, the option at fault
     */
    public static JobOptions jobOptions(String table, Map<String, String> captureOptions) {
        Map<String, String> values = new TreeMap<>(captureOptions);
        values.put(SinkConfigOptions.DIR.key(), UNUSED_SINK_DIR);
        try {
            return JobOptionsReader.fromMap(values);
        } catch (JobOptionException e) {
            throw new ValidationException("oracle-redo table " + table + ": " + e.getMessage(), e);
        }
    }
}
