package io.redocdc.sinks.jdbc;

import static org.apache.flink.configuration.ConfigOptions.key;

import io.redocdc.common.options.OptionCatalog;
import io.redocdc.common.options.OptionDoc;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.apache.flink.configuration.ConfigOption;

/**
 * The JDBC apply sink's options, read into {@link JdbcSinkOptions} by {@link JdbcSinkOptions.Builder#configure}.
 * Descriptions are README markdown (the README's table of them is generated from here).
 */
public final class JdbcSinkConfigOptions {

    private static final OptionCatalog CATALOG = new OptionCatalog();

    public static final ConfigOption<String> JDBC_URL = CATALOG.add(key("sink.jdbc-url").stringType()
            .noDefaultValue().withDescription("`jdbc:oracle:...`, `jdbc:postgresql:...` or `jdbc:h2:...`; the "
                    + "dialect follows the URL"), "URL", "required");

    public static final ConfigOption<String> USER = CATALOG.add(key("sink.user").stringType().noDefaultValue()
            .withDescription("target user (the URL may carry it)"), "USER", null);

    public static final ConfigOption<String> PASSWORD_FILE = CATALOG.add(key("sink.password-file").stringType()
            .noDefaultValue().withDescription("file whose first line is the target password; never printed: the "
                    + "banner shows the URL with any password in it masked"), "FILE", null);

    public static final ConfigOption<String> PASSWORD_ENV = CATALOG.add(key("sink.password-env").stringType()
            .noDefaultValue().withDescription("environment variable holding the target password (instead of "
                    + "`--sink.password-file`)"), "VAR", null);

    public static final ConfigOption<Integer> BATCH_SIZE = CATALOG.add(key("sink.batch-size").intType()
            .defaultValue(JdbcSinkOptions.DEFAULT_BATCH_SIZE)
            .withDescription("statements of one shape (table, command, columns) per JDBC batch"));

    public static final ConfigOption<List<String>> TABLE_MAP = CATALOG.add(key("sink.table-map").stringType()
            .asList().noDefaultValue().withDescription("target tables (names quoted exactly as written)"),
            "OWNER.TABLE=SCHEMA.TABLE,OWNER.*=SCHEMA.*", "same names");

    public static final ConfigOption<List<String>> COLUMN_MAP = CATALOG.add(key("sink.column-map").stringType()
            .asList().noDefaultValue().withDescription("target column names"), "OWNER.TABLE.COL=NEWCOL,...",
            "same names");

    public static final ConfigOption<List<String>> DROP_COLUMNS = CATALOG.add(key("sink.drop-columns")
            .stringType().asList().noDefaultValue().withDescription("columns never written"),
            "OWNER.TABLE.COL,...", null);

    public static final ConfigOption<List<String>> CONFLICT = CATALOG.add(key("sink.conflict").stringType()
            .asList().noDefaultValue().withDescription("`error`, `overwrite`, `discard`, `maximum:COL`, "
                    + "`minimum:COL` (repeatable, or comma separated)"), "OWNER.TABLE=POLICY", "`error`");

    public static final ConfigOption<OnError> ON_ERROR = CATALOG.add(key("sink.on-error").enumType(OnError.class)
            .defaultValue(OnError.CONTINUE)
            .withDescription("a rejected transaction goes to the error queue, or stops the job"));

    public static final ConfigOption<Integer> APPLY_PARALLELISM = CATALOG.add(key("apply.parallelism").intType()
            .defaultValue(1).withDescription("target connections applying independent transactions at once"));

    public static final ConfigOption<DdlHandling> DDL = CATALOG.add(key("sink.ddl").enumType(DdlHandling.class)
            .defaultValue(DdlHandling.SKIP)
            .withDescription("DDL is logged and skipped, or executed (Oracle targets only)"));

    public static final ConfigOption<String> SINK_NAME = CATALOG.add(key("sink.name").stringType()
            .defaultValue(JdbcSinkOptions.DEFAULT_SINK_NAME)
            .withDescription("this job's row in the bookkeeping tables: jobs sharing a target need different "
                    + "names"), "NAME", null);

    public static final ConfigOption<String> STATE_SCHEMA = CATALOG.add(key("sink.state-schema").stringType()
            .noDefaultValue().withDescription("where `REDO_CDC_APPLIED` and `REDO_CDC_ERRORS` live"), "SCHEMA",
            "the connection's schema");

    public static final ConfigOption<Integer> SPOOL_MEMORY_LCRS = CATALOG.add(key("sink.spool-memory-lcrs")
            .intType().defaultValue(JdbcSinkOptions.DEFAULT_SPOOL_MEMORY_LCRS)
            .withDescription("changes of the open transaction kept in memory before spilling to a temp file"));

    public static final ConfigOption<Integer> GROUP_MAX_ROWS = CATALOG.add(key("sink.group-max-rows").intType()
            .defaultValue(JdbcSinkOptions.DEFAULT_GROUP_MAX_ROWS)
            .withDescription("consecutive source transactions share one target transaction until it holds this "
                    + "many rows (with `apply.parallelism` > 1, the transactions ready for one worker); `1` gives "
                    + "one target transaction per source transaction"));

    public static final ConfigOption<Duration> GROUP_MAX_LATENCY = CATALOG.add(key("sink.group-max-latency")
            .durationType().defaultValue(Duration.ofMillis(JdbcSinkOptions.DEFAULT_GROUP_MAX_LATENCY_MILLIS))
            .withDescription("longest a group waits for more transactions before it commits (also committed at "
                    + "every checkpoint and at the end)"));

    public static final ConfigOption<Boolean> BATCH_REORDER = CATALOG.add(key("sink.batch-reorder").booleanType()
            .defaultValue(true)
            .withDescription("one JDBC batch per statement shape within a group: statements of different rows "
                    + "may run in another order (statements of one row never), but a child row after its parent's "
                    + "insert and a parent's delete after its children's (the target's foreign and unique keys, "
                    + "read from its metadata); the final state is the same, and any error rolls the group back "
                    + "and replays it in the original order. Turn it off for targets whose triggers depend on "
                    + "statement order or with cascading foreign keys"));

    public static final ConfigOption<Boolean> BATCH_MERGE = CATALOG.add(key("sink.batch-merge").booleanType()
            .defaultValue(true)
            .withDescription("with reordered batches, an `UPDATE` whose old values equal the row's pending "
                    + "`INSERT` or same-shape `UPDATE` in the group is merged into it (tables with policy `error` "
                    + "only), saving a round trip; the replay after an error uses the original changes"));

    private JdbcSinkConfigOptions() {
    }

    public static Set<ConfigOption<?>> all() {
        return CATALOG.options();
    }

    public static List<OptionDoc> docs() {
        return CATALOG.docs();
    }
}
