package io.redocdc.job.cli;

import io.redocdc.common.jdbc.Secret;
import io.redocdc.sinks.jdbc.JdbcSinkOptions;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Option;

/**
 * The options of the JDBC apply sink ({@code run --sink.type jdbc}, and {@code errors}, which must see the same
 * target, sink name, state schema, mapping and conflict policies). Values go through
 * {@link JdbcSinkOptions.Builder#option} as text, so a bad value is reported by the sink's own validation, which
 * names the option.
 */
public final class JdbcTargetOptions {

    static final String JDBC_URL = "--" + JdbcSinkOptions.JDBC_URL;
    static final String USER = "--" + JdbcSinkOptions.USER;
    static final String PASSWORD_FILE = "--" + JdbcSinkOptions.PASSWORD_FILE;
    static final String PASSWORD_ENV = "--sink.password-env";
    static final String BATCH_SIZE = "--" + JdbcSinkOptions.BATCH_SIZE;
    static final String TABLE_MAP = "--" + JdbcSinkOptions.TABLE_MAP;
    static final String COLUMN_MAP = "--" + JdbcSinkOptions.COLUMN_MAP;
    static final String DROP_COLUMNS = "--" + JdbcSinkOptions.DROP_COLUMNS;
    static final String CONFLICT = "--sink.conflict";
    static final String ON_ERROR = "--" + JdbcSinkOptions.ON_ERROR;
    static final String APPLY_PARALLELISM = "--" + JdbcSinkOptions.APPLY_PARALLELISM;
    static final String DDL = "--" + JdbcSinkOptions.DDL;
    static final String SINK_NAME = "--" + JdbcSinkOptions.SINK_NAME;
    static final String STATE_SCHEMA = "--" + JdbcSinkOptions.STATE_SCHEMA;
    static final String SPOOL_MEMORY_LCRS = "--" + JdbcSinkOptions.SPOOL_MEMORY_LCRS;
    static final String GROUP_MAX_ROWS = "--" + JdbcSinkOptions.GROUP_MAX_ROWS;
    static final String GROUP_MAX_LATENCY = "--" + JdbcSinkOptions.GROUP_MAX_LATENCY;
    static final String BATCH_REORDER = "--" + JdbcSinkOptions.BATCH_REORDER;
    static final String BATCH_MERGE = "--" + JdbcSinkOptions.BATCH_MERGE;

    @Option(names = JDBC_URL, paramLabel = "URL",
            description = "Target database: jdbc:oracle:..., jdbc:postgresql:... or jdbc:h2:...")
    String jdbcUrl;

    @Option(names = USER, paramLabel = "USER", description = "Target user (optional when the URL names it).")
    String user;

    @Option(names = PASSWORD_FILE, paramLabel = "FILE", description = "File whose first line is the target password.")
    Path passwordFile;

    @Option(names = PASSWORD_ENV, paramLabel = "VARIABLE",
            description = "Environment variable holding the target password.")
    String passwordEnv;

    @Option(names = BATCH_SIZE, paramLabel = "N",
            description = "Statements of one shape per JDBC batch (default " + JdbcSinkOptions.DEFAULT_BATCH_SIZE
                    + ").")
    Integer batchSize;

    @Option(names = TABLE_MAP, split = ",", paramLabel = "OWNER.TABLE=SCHEMA.TABLE",
            description = "Target tables: OE.ORDERS=APP.ORDERS or OE.*=APP.* (default: same names).")
    List<String> tableMap = new ArrayList<>();

    @Option(names = COLUMN_MAP, split = ",", paramLabel = "OWNER.TABLE.COL=NEWCOL",
            description = "Target column names (default: same names).")
    List<String> columnMap = new ArrayList<>();

    @Option(names = DROP_COLUMNS, split = ",", paramLabel = "OWNER.TABLE.COL",
            description = "Columns never written to the target.")
    List<String> dropColumns = new ArrayList<>();

    @Option(names = CONFLICT, split = ",", paramLabel = "OWNER.TABLE=POLICY",
            description = "Conflict policy of a table: error (default), overwrite, discard, maximum:COL or "
                    + "minimum:COL (repeatable).")
    List<String> conflicts = new ArrayList<>();

    @Option(names = ON_ERROR, paramLabel = "continue|stop",
            description = "A transaction the target rejects goes to REDO_CDC_ERRORS (continue, default) or stops "
                    + "the job (stop).")
    String onError;

    @Option(names = APPLY_PARALLELISM, paramLabel = "N",
            description = "Target connections applying independent transactions at once (default 1).")
    Integer applyParallelism;

    @Option(names = DDL, paramLabel = "skip|execute",
            description = "DDL is logged and skipped (default) or executed (Oracle targets only).")
    String ddl;

    @Option(names = SINK_NAME, paramLabel = "NAME",
            description = "This sink's row in REDO_CDC_APPLIED and REDO_CDC_ERRORS (default "
                    + JdbcSinkOptions.DEFAULT_SINK_NAME + ").")
    String sinkName;

    @Option(names = STATE_SCHEMA, paramLabel = "SCHEMA",
            description = "Schema of REDO_CDC_APPLIED and REDO_CDC_ERRORS (default: the connection's).")
    String stateSchema;

    @Option(names = SPOOL_MEMORY_LCRS, paramLabel = "N",
            description = "Changes of the open transaction kept in memory before spilling to a temp file "
                    + "(default " + JdbcSinkOptions.DEFAULT_SPOOL_MEMORY_LCRS + ").")
    Integer spoolMemoryLcrs;

    @Option(names = GROUP_MAX_ROWS, paramLabel = "N",
            description = "Consecutive source transactions share one target transaction until it holds this many "
                    + "rows (default " + JdbcSinkOptions.DEFAULT_GROUP_MAX_ROWS + "; 1: one target transaction per "
                    + "source transaction).")
    Integer groupMaxRows;

    @Option(names = GROUP_MAX_LATENCY, paramLabel = "DURATION",
            description = "Longest time a group waits for more transactions before it commits (default "
                    + JdbcSinkOptions.DEFAULT_GROUP_MAX_LATENCY_MILLIS + "ms).")
    String groupMaxLatency;

    @Option(names = BATCH_REORDER, paramLabel = "BOOL", arity = "0..1",
            description = "One JDBC batch per statement shape within a group; statements of different rows may run "
                    + "out of order (same final state; an error replays the group in order). Default true; turn it "
                    + "off for targets with order-dependent triggers or cascading foreign keys.")
    Boolean batchReorder;

    @Option(names = BATCH_MERGE, paramLabel = "BOOL", arity = "0..1",
            description = "With reordered batches, an UPDATE whose before image equals the row's pending INSERT or "
                    + "same-shape UPDATE is merged into it (tables with conflict policy error only). Default true.")
    Boolean batchMerge;

    /**
     * The sink's options, checked: URL required, at most one password source.
     *
     * @param primaryKeys OWNER.TABLE to key columns (--primary-key), used instead of the target's primary key
     */
    JdbcSinkOptions build(OptionCheck check, Map<String, List<String>> primaryKeys) {
        check.require(jdbcUrl != null && !jdbcUrl.isBlank(), JDBC_URL,
                "is required for the JDBC sink (jdbc:oracle:..., jdbc:postgresql:... or jdbc:h2:...)", jdbcUrl);
        check.require(passwordFile == null || passwordEnv == null, PASSWORD_FILE, "and " + PASSWORD_ENV
                + " exclude each other", passwordFile);
        try {
            JdbcSinkOptions.Builder builder = JdbcSinkOptions.builder().option(JdbcSinkOptions.JDBC_URL, jdbcUrl.trim());
            optional(builder, JdbcSinkOptions.USER, user);
            optional(builder, JdbcSinkOptions.PASSWORD_FILE, passwordFile);
            if (passwordEnv != null) {
                builder.password(passwordFromEnvironment(check));
            }
            optional(builder, JdbcSinkOptions.BATCH_SIZE, batchSize);
            optional(builder, JdbcSinkOptions.TABLE_MAP, tableMap.isEmpty() ? null : String.join(",", tableMap));
            optional(builder, JdbcSinkOptions.COLUMN_MAP, columnMap.isEmpty() ? null : String.join(",", columnMap));
            optional(builder, JdbcSinkOptions.DROP_COLUMNS, dropColumns.isEmpty() ? null : String.join(",", dropColumns));
            for (String conflict : conflicts) {
                int eq = conflict.indexOf('=');
                check.require(eq > 0 && eq < conflict.length() - 1, CONFLICT, "must look like OWNER.TABLE=POLICY",
                        conflict);
                builder.option(JdbcSinkOptions.CONFLICT_PREFIX + conflict.substring(0, eq).trim(),
                        conflict.substring(eq + 1));
            }
            primaryKeys.forEach((table, columns) ->
                    builder.option(JdbcSinkOptions.PRIMARY_KEY_PREFIX + table, String.join(",", columns)));
            optional(builder, JdbcSinkOptions.ON_ERROR, onError);
            optional(builder, JdbcSinkOptions.APPLY_PARALLELISM, applyParallelism);
            optional(builder, JdbcSinkOptions.DDL, ddl);
            optional(builder, JdbcSinkOptions.SINK_NAME, sinkName);
            optional(builder, JdbcSinkOptions.STATE_SCHEMA, stateSchema);
            optional(builder, JdbcSinkOptions.SPOOL_MEMORY_LCRS, spoolMemoryLcrs);
            optional(builder, JdbcSinkOptions.GROUP_MAX_ROWS, groupMaxRows);
            optional(builder, JdbcSinkOptions.GROUP_MAX_LATENCY, groupMaxLatency);
            optional(builder, JdbcSinkOptions.BATCH_REORDER, batchReorder);
            optional(builder, JdbcSinkOptions.BATCH_MERGE, batchMerge);
            return builder.build();
        } catch (IllegalArgumentException e) {
            // the sink's messages start with "option <key>"; the key is the option name without "--"
            String message = e.getMessage() == null ? e.toString() : e.getMessage();
            check.invalid(message.startsWith("option ") ? message.substring("option ".length()) : message);
            throw e;
        }
    }

    /** The JDBC options given on the command line (or config file), for rejecting them with --sink.type files. */
    List<String> given() {
        List<String> given = new ArrayList<>();
        addIf(given, jdbcUrl != null, JDBC_URL);
        addIf(given, user != null, USER);
        addIf(given, passwordFile != null, PASSWORD_FILE);
        addIf(given, passwordEnv != null, PASSWORD_ENV);
        addIf(given, batchSize != null, BATCH_SIZE);
        addIf(given, !tableMap.isEmpty(), TABLE_MAP);
        addIf(given, !columnMap.isEmpty(), COLUMN_MAP);
        addIf(given, !dropColumns.isEmpty(), DROP_COLUMNS);
        addIf(given, !conflicts.isEmpty(), CONFLICT);
        addIf(given, onError != null, ON_ERROR);
        addIf(given, applyParallelism != null, APPLY_PARALLELISM);
        addIf(given, ddl != null, DDL);
        addIf(given, sinkName != null, SINK_NAME);
        addIf(given, stateSchema != null, STATE_SCHEMA);
        addIf(given, spoolMemoryLcrs != null, SPOOL_MEMORY_LCRS);
        addIf(given, groupMaxRows != null, GROUP_MAX_ROWS);
        addIf(given, groupMaxLatency != null, GROUP_MAX_LATENCY);
        addIf(given, batchReorder != null, BATCH_REORDER);
        addIf(given, batchMerge != null, BATCH_MERGE);
        return given;
    }

    private Secret passwordFromEnvironment(OptionCheck check) {
        try {
            return Secret.fromEnv(passwordEnv);
        } catch (IllegalArgumentException e) {
            // names the variable, never a value
            check.fail(PASSWORD_ENV, e.getMessage());
            throw e;
        }
    }

    private static void optional(JdbcSinkOptions.Builder builder, String key, Object value) {
        if (value != null) {
            builder.option(key, value.toString());
        }
    }

    private static void addIf(List<String> list, boolean condition, String option) {
        if (condition) {
            list.add(option);
        }
    }
}
