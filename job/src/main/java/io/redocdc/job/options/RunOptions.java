package io.redocdc.job.options;

import io.redocdc.common.options.OptionDoc;
import io.redocdc.sinks.SinkConfigOptions;
import io.redocdc.sinks.jdbc.JdbcSinkConfigOptions;
import io.redocdc.source.SourceConfigOptions;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.apache.flink.configuration.ConfigOption;

/**
 * Every option of {@code redo-cdc run}, from the modules that define them: what a SQL table factory lists as its
 * options, what {@code run --help} shows, and the README's three option tables (in their order).
 */
public final class RunOptions {

    /** {@code --config FILE}, the one option of run that is no job option: it names where the others are. */
    public static final String CONFIG_OPTION = "--config";
    public static final String CONFIG_LABEL = "FILE";
    public static final String CONFIG_MEANING = "properties file with any of these options, keys without `--` "
            + "(`flink-conf/example-job.properties`); a list option takes `;` between its values";

    private static final Map<String, OptionDoc> BY_KEY = new LinkedHashMap<>();

    static {
        Stream.of(SourceConfigOptions.docs(), SinkConfigOptions.docs(), JdbcSinkConfigOptions.docs(),
                JobConfigOptions.docs()).flatMap(List::stream).forEach(doc -> {
                    if (BY_KEY.put(doc.key(), doc) != null) {
                        throw new IllegalStateException("option " + doc.key() + " is defined twice");
                    }
                });
    }

    private RunOptions() {
    }

    /** The README's "Options of run" table (followed by --config and the console options, see {@link #tail}). */
    public static List<OptionDoc> runTable() {
        return docs(SourceConfigOptions.TYPE, SourceConfigOptions.DIR, SourceConfigOptions.NLS,
                SourceConfigOptions.NLS_DATE_FORMAT, SourceConfigOptions.NLS_TIMESTAMP_FORMAT,
                SourceConfigOptions.NLS_TIMESTAMP_TZ_FORMAT, SourceConfigOptions.NLS_NUMERIC_CHARACTERS,
                SourceConfigOptions.NLS_TIME_ZONE, SinkConfigOptions.TYPE, SinkConfigOptions.DIR,
                SinkConfigOptions.FORMAT, SourceConfigOptions.BOUNDED, SourceConfigOptions.DATABASE,
                SourceConfigOptions.START_SCN, SourceConfigOptions.MAX_SCN, SourceConfigOptions.INCLUDE,
                SourceConfigOptions.EXCLUDE, SinkConfigOptions.PRIMARY_KEY, JobConfigOptions.DEAD_LETTER,
                JobConfigOptions.PARALLELISM, JobConfigOptions.STATE_BACKEND, JobConfigOptions.CHECKPOINT_INTERVAL,
                JobConfigOptions.CHECKPOINT_DIR, JobConfigOptions.RESTORE);
    }

    /** The run table's last rows, after --config: options of local runs only. */
    public static List<OptionDoc> tail() {
        return docs(JobConfigOptions.VERBOSE, JobConfigOptions.LOG_FILE);
    }

    /** The README's table of "Mining Oracle directly". */
    public static List<OptionDoc> oracleTable() {
        return docs(SourceConfigOptions.TYPE, SourceConfigOptions.JDBC_URL, SourceConfigOptions.USER,
                SourceConfigOptions.PASSWORD_FILE, SourceConfigOptions.PASSWORD_ENV, SourceConfigOptions.DICTIONARY,
                SourceConfigOptions.FETCH_SIZE, SourceConfigOptions.ARCHIVE_DEST_ID, SourceConfigOptions.PDB,
                SourceConfigOptions.START);
    }

    /** The README's table of the JDBC apply sink: its own options and the key columns. */
    public static List<OptionDoc> jdbcTable() {
        List<OptionDoc> docs = new ArrayList<>();
        for (OptionDoc doc : JdbcSinkConfigOptions.docs()) {
            docs.add(doc);
            if (doc.option().equals(JdbcSinkConfigOptions.CONFLICT)) {
                docs.add(doc(SinkConfigOptions.PRIMARY_KEY));
            }
        }
        return docs;
    }

    /** Every option of run, in the order of its help: the run table, then Oracle's, then the JDBC sink's. */
    public static List<OptionDoc> docs() {
        Set<OptionDoc> docs = new LinkedHashSet<>(runTable());
        docs.addAll(tail());
        docs.addAll(oracleTable());
        docs.addAll(jdbcTable());
        if (docs.size() != BY_KEY.size()) {
            // a new option must go into one of the tables, or the README and --help would miss it
            throw new IllegalStateException("options in no table: " + BY_KEY.keySet().stream()
                    .filter(key -> docs.stream().noneMatch(doc -> doc.key().equals(key))).toList());
        }
        return List.copyOf(docs);
    }

    /** Every option of run: what a SQL table factory declares (required ones depend on source and sink type). */
    public static Set<ConfigOption<?>> all() {
        Set<ConfigOption<?>> options = new LinkedHashSet<>();
        docs().forEach(doc -> options.add(doc.option()));
        return options;
    }

    /** The options of the {@code errors} command: the JDBC sink's and the key columns, as the job has them. */
    public static List<OptionDoc> errorsOptions() {
        return jdbcTable();
    }

    /** The option of a key, or null. */
    public static OptionDoc doc(String key) {
        return BY_KEY.get(key);
    }

    private static OptionDoc doc(ConfigOption<?> option) {
        return BY_KEY.get(option.key());
    }

    private static List<OptionDoc> docs(ConfigOption<?>... options) {
        return Stream.of(options).map(RunOptions::doc).toList();
    }
}
