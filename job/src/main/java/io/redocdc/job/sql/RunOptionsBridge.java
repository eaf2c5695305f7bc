package io.redocdc.job.sql;

import io.redocdc.job.RedoCdc;
import io.redocdc.job.cli.RunCommand;
import io.redocdc.job.pipeline.JobOptions;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.ConfigOptions;
import org.apache.flink.table.api.ValidationException;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParameterException;

/**
 * The one place where the oracle-redo table source meets {@code run}'s options: the WITH keys it takes are
 * {@code run}'s {@code source.*} and {@code capture.*} options, and their values go through {@code run}'s own parsing
 * and validation ({@link RunCommand#validatedOptions(List)}, the path {@code --config FILE} takes too), so a SQL
 * table and a {@code run} command accept the same values with the same messages. When the job's options become
 * Flink ConfigOptions, this class is what switches to them.
 */
public final class RunOptionsBridge {

    /** The captured table, OWNER.TABLE as Oracle spells it (upper case unless created quoted). */
    public static final ConfigOption<String> TABLE_NAME = ConfigOptions.key("table-name").stringType()
            .noDefaultValue().withDescription("The captured table whose changes this SQL table reads, OWNER.TABLE "
                    + "as Oracle spells it, e.g. OE.ORDERS.");

    /** {@code run} options that choose what is captured and how; sinks, state and checkpoints are the SQL job's. */
    private static final List<String> TAKEN_PREFIXES = List.of("--source.", "--capture.");

    /**
     * A file sink needs a directory to be valid {@link JobOptions}; the SQL source never attaches a sink (it reads
     * the sequenced stream), so the directory is never written.
     */
    private static final String UNUSED_SINK_DIR = "--sink.dir=oracle-redo-sql-has-no-sink";

    private RunOptionsBridge() {
    }

    /** The WITH keys of {@code run}'s source and capture options, with {@code run}'s descriptions. */
    public static Set<ConfigOption<?>> captureOptions() {
        Set<ConfigOption<?>> options = new LinkedHashSet<>();
        for (OptionSpec option : RedoCdc.commandLine(new RunCommand()).getCommandSpec().options()) {
            String name = option.longestName();
            if (TAKEN_PREFIXES.stream().anyMatch(name::startsWith)) {
                options.add(ConfigOptions.key(name.substring(2)).stringType().noDefaultValue()
                        .withDescription(String.join(" ", option.description())));
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
        List<String> args = new ArrayList<>();
        captureOptions.forEach((key, value) -> args.add("--" + key + "=" + value));
        args.add(UNUSED_SINK_DIR);
        try {
            return RunCommand.validatedOptions(args);
        } catch (ParameterException e) {
            throw new ValidationException("oracle-redo table " + table + ": " + e.getMessage(), e);
        }
    }
}
