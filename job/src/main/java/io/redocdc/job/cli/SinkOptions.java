package io.redocdc.job.cli;

import io.redocdc.sinks.files.FileFormat;
import io.redocdc.sinks.jdbc.JdbcSinkOptions;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Option;

/**
 * The {@code --sink.type}, {@code --sink.dir} and {@code --sink.format} options of {@code run}: change files, or
 * the JDBC apply sink (whose own options are in {@link JdbcTargetOptions}).
 */
public final class SinkOptions {

    static final String TYPE = "--sink.type";
    static final String DIR = "--sink.dir";
    static final String FORMAT = "--sink.format";

    @Option(names = TYPE, defaultValue = "FILES", paramLabel = "files|jdbc",
            description = "Write change files (default) or apply to a database through JDBC.")
    SinkType type;

    @Option(names = DIR, paramLabel = "DIR",
            description = "Output directory: data/OWNER.TABLE/, ddl/ and dead-letter/. Required for files; with "
                    + "jdbc only where --dead-letter writes.")
    Path dir;

    @Option(names = FORMAT, paramLabel = "FORMAT", converter = FileFormatConverter.class,
            description = "ogg-json (default) or debezium-json. For files.")
    FileFormat format;

    /** What the options choose, checked; {@code jdbc} is null for the file sink, {@code dir} null without one. */
    record Choice(Path dir, FileFormat format, JdbcSinkOptions jdbc) {
    }

    /**
     * Files need --sink.dir and take no JDBC option; the JDBC sink needs --sink.jdbc-url, takes no --sink.format,
     * and needs --sink.dir only to write dead letters.
     */
    Choice validate(OptionCheck check, JdbcTargetOptions jdbc, boolean deadLetter,
                    Map<String, List<String>> primaryKeys) {
        Path absolute = dir == null ? null : dir.toAbsolutePath().normalize();
        if (type == SinkType.JDBC) {
            check.require(format == null, FORMAT, "is for --sink.type files; the JDBC sink writes no files", format);
            check.require(!deadLetter || dir != null, DIR, "is required with --dead-letter and --sink.type jdbc: "
                    + "dead letters are written to <sink.dir>/dead-letter", null);
            return new Choice(absolute, FileFormat.OGG_JSON, jdbc.build(check, primaryKeys));
        }
        check.require(dir != null, DIR, "is required for --sink.type files (or use --sink.type jdbc)", null);
        List<String> jdbcOnly = jdbc.given();
        check.require(jdbcOnly.isEmpty(), jdbcOnly.isEmpty() ? TYPE : jdbcOnly.get(0),
                "is a JDBC sink option; add --sink.type jdbc, or drop it to write files", "files");
        return new Choice(absolute, format == null ? FileFormat.OGG_JSON : format, null);
    }
}
