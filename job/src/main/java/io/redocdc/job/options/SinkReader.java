package io.redocdc.job.options;

import static io.redocdc.job.options.JobOptionsReader.cli;

import io.redocdc.common.jdbc.Secret;
import io.redocdc.common.options.InvalidOptionException;
import io.redocdc.common.options.OptionReading;
import io.redocdc.sinks.SinkConfigOptions;
import io.redocdc.sinks.SinkType;
import io.redocdc.sinks.files.FileFormat;
import io.redocdc.sinks.jdbc.JdbcSinkConfigOptions;
import io.redocdc.sinks.jdbc.JdbcSinkOptions;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.flink.configuration.ReadableConfig;

/**
 * Reads and checks the sink options: change files ({@link SinkConfigOptions}), or the JDBC apply sink
 * ({@link JdbcSinkConfigOptions}, also read by the {@code errors} command, which must see the same target, sink
 * name, state schema, mapping and conflict policies).
 */
public final class SinkReader {

    static final String TYPE = cli(SinkConfigOptions.TYPE);
    static final String DIR = cli(SinkConfigOptions.DIR);
    static final String FORMAT = cli(SinkConfigOptions.FORMAT);
    static final String PRIMARY_KEY = cli(SinkConfigOptions.PRIMARY_KEY);
    private static final String JDBC_URL = cli(JdbcSinkConfigOptions.JDBC_URL);
    private static final String PASSWORD_FILE = cli(JdbcSinkConfigOptions.PASSWORD_FILE);
    private static final String PASSWORD_ENV = cli(JdbcSinkConfigOptions.PASSWORD_ENV);
    private static final String CONFLICT = cli(JdbcSinkConfigOptions.CONFLICT);

    /** What the options choose, checked; {@code jdbc} is null for the file sink, {@code dir} null without one. */
    record Choice(Path dir, FileFormat format, JdbcSinkOptions jdbc) {
    }

    private final OptionCheck check;
    private final ReadableConfig config;

    public SinkReader(OptionCheck check, ReadableConfig config) {
        this.check = check;
        this.config = config;
    }

    /**
     * Files need --sink.dir and take no JDBC option; the JDBC sink needs --sink.jdbc-url, takes no --sink.format,
     * and needs --sink.dir only to write dead letters.
     */
    Choice read(boolean deadLetter, Map<String, List<String>> primaryKeys) {
        String dir = config.get(SinkConfigOptions.DIR);
        Path absolute = dir == null ? null : Path.of(dir).toAbsolutePath().normalize();
        FileFormat format = OptionReading.parse(config, SinkConfigOptions.FORMAT, FileFormat::parse);
        if (OptionReading.get(config, SinkConfigOptions.TYPE) == SinkType.JDBC) {
            boolean formatGiven = OptionReading.given(config, SinkConfigOptions.FORMAT);
            check.require(!formatGiven, FORMAT, "is for --sink.type files; the JDBC sink writes no files", format);
            check.require(!deadLetter || dir != null, DIR, "is required with --dead-letter and --sink.type jdbc: "
                    + "dead letters are written to <sink.dir>/dead-letter", null);
            return new Choice(absolute, FileFormat.OGG_JSON, jdbc(primaryKeys));
        }
        check.require(dir != null, DIR, "is required for --sink.type files (or use --sink.type jdbc)", null);
        List<String> jdbcOnly = JdbcSinkConfigOptions.all().stream()
                .filter(option -> OptionReading.given(config, option)).map(JobOptionsReader::cli).toList();
        check.require(jdbcOnly.isEmpty(), jdbcOnly.isEmpty() ? TYPE : jdbcOnly.get(0),
                "is a JDBC sink option; add --sink.type jdbc, or drop it to write files", "files");
        return new Choice(absolute, format, null);
    }

    /**
     * The JDBC sink's options, checked: URL required, at most one password source.
     *
     * @param primaryKeys OWNER.TABLE to key columns (--primary-key), used instead of the target's primary key
     */
    public JdbcSinkOptions jdbc(Map<String, List<String>> primaryKeys) {
        String url = config.get(JdbcSinkConfigOptions.JDBC_URL);
        check.require(url != null && !url.isBlank(), JDBC_URL,
                "is required for the JDBC sink (jdbc:oracle:..., jdbc:postgresql:... or jdbc:h2:...)", url);
        String passwordFile = config.get(JdbcSinkConfigOptions.PASSWORD_FILE);
        String passwordEnv = config.get(JdbcSinkConfigOptions.PASSWORD_ENV);
        check.require(passwordFile == null || passwordEnv == null, PASSWORD_FILE, "and " + PASSWORD_ENV
                + " exclude each other", passwordFile);
        if (passwordEnv != null) {
            passwordFromEnvironment(passwordEnv);
        }
        for (String conflict : OptionReading.items(config, JdbcSinkConfigOptions.CONFLICT)) {
            int eq = conflict.indexOf('=');
            check.require(eq > 0 && eq < conflict.length() - 1, CONFLICT, "must look like OWNER.TABLE=POLICY",
                    conflict);
        }
        try {
            JdbcSinkOptions.Builder builder = JdbcSinkOptions.builder().configure(config);
            primaryKeys.forEach((table, columns) -> builder.primaryKey(table, columns.toArray(String[]::new)));
            return builder.build();
        } catch (InvalidOptionException e) {
            check.invalid(e);
            throw e;
        } catch (IllegalArgumentException e) {
            // the sink's messages start with "option <key>"; the key is the option name without "--"
            String message = e.getMessage() == null ? e.toString() : e.getMessage();
            check.invalid(message.startsWith("option ") ? message.substring("option ".length()) : message);
            throw e;
        }
    }

    /** --primary-key OWNER.TABLE=COL[,COL] (repeatable): OWNER.TABLE to key columns, upper case (the redo's). */
    public Map<String, List<String>> primaryKeys() {
        Map<String, List<String>> keys = new LinkedHashMap<>();
        List<String> given = OptionReading.get(config, SinkConfigOptions.PRIMARY_KEY);
        for (String spec : given == null ? List.<String>of() : given) {
            int eq = spec.indexOf('=');
            boolean wellFormed = eq > 0 && eq < spec.length() - 1 && spec.substring(0, eq).contains(".");
            check.require(wellFormed, PRIMARY_KEY, "must look like OWNER.TABLE=COL[,COL]", spec);
            keys.put(spec.substring(0, eq).trim().toUpperCase(Locale.ROOT),
                    List.of(spec.substring(eq + 1).toUpperCase(Locale.ROOT).trim().split("\\s*,\\s*")));
        }
        return keys;
    }

    private void passwordFromEnvironment(String variable) {
        try {
            Secret.fromEnv(variable);
        } catch (IllegalArgumentException e) {
            // names the variable, never a value
            check.fail(PASSWORD_ENV, e.getMessage());
        }
    }
}
