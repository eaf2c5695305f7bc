package io.redocdc.sinks.jdbc;

import io.redocdc.common.jdbc.JdbcUrls;
import io.redocdc.common.jdbc.Secret;
import io.redocdc.common.options.InvalidOptionException;
import io.redocdc.common.options.OptionReading;
import io.redocdc.sinks.jdbc.apply.ConflictPolicy;
import io.redocdc.sinks.jdbc.dialect.JdbcDialect;
import io.redocdc.sinks.jdbc.dialect.OracleDialect;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.flink.configuration.ReadableConfig;

/**
 * Options of the JDBC apply sink. Build with {@link #builder()} (typed, or {@link Builder#configure} from the
 * options of {@link JdbcSinkConfigOptions}); {@link Builder#build()} validates everything and its errors name
 * the option key.
 *
 * <p>About 420 lines: a record of 19 options, its validating builder with one documented setter per option, and
 * {@link Builder#configure} reading them all from a configuration (the parsing itself is Flink's, through
 * {@code OptionReading}). Source names ({@code OWNER.TABLE}, {@code OWNER.TABLE.COL}) are the
 * upper-case names of the redo; target names are kept exactly as written and always quoted.
 *
 * @param tableMap         {@code OWNER.TABLE -> SCHEMA.TABLE} and {@code OWNER.* -> SCHEMA.*}; unmapped tables
 *                         keep their names
 * @param columnMap        {@code OWNER.TABLE.COL -> NEWCOL}
 * @param dropColumns      {@code OWNER.TABLE.COL} never written to the target
 * @param conflictPolicies by {@code OWNER.TABLE}; default {@link ConflictPolicy#ERROR}
 * @param primaryKeys      key columns (source names) by {@code OWNER.TABLE}, overriding the target's primary key
 * @param stateSchema      schema of REDO_CDC_APPLIED and REDO_CDC_ERRORS; null for the connection's schema
 * @param spoolMemoryLcrs  LCRs of the open transaction kept in memory before the spool spills to a temp file
 * @param groupMaxRows     group commit: the serial writer commits its target transaction once the source
 *                         transactions applied in it hold this many rows (1: one target transaction each)
 * @param groupMaxLatencyMillis group commit: a target transaction stays open at most this long (milliseconds)
 * @param batchReorder     the serial writer batches per statement shape across a group, reordering statements of
 *                         different rows (see {@link Builder#batchReorder(boolean)})
 * @param batchMerge       with batchReorder, an UPDATE of a row pending in the group is merged into its pending
 *                         statement where that provably gives the same result (see {@link Builder#batchMerge(boolean)})
 */
public record JdbcSinkOptions(
        String jdbcUrl,
        String user,
        Secret password,
        int batchSize,
        Map<String, String> tableMap,
        Map<String, String> columnMap,
        Set<String> dropColumns,
        Map<String, ConflictPolicy> conflictPolicies,
        Map<String, List<String>> primaryKeys,
        OnError onError,
        int applyParallelism,
        DdlHandling ddl,
        String sinkName,
        String stateSchema,
        int spoolMemoryLcrs,
        int groupMaxRows,
        long groupMaxLatencyMillis,
        boolean batchReorder,
        boolean batchMerge) implements Serializable {

    // the keys, as the messages name them (the options themselves: JdbcSinkConfigOptions)
    public static final String JDBC_URL = JdbcSinkConfigOptions.JDBC_URL.key();
    public static final String USER = JdbcSinkConfigOptions.USER.key();
    public static final String PASSWORD_FILE = JdbcSinkConfigOptions.PASSWORD_FILE.key();
    public static final String PASSWORD_ENV = JdbcSinkConfigOptions.PASSWORD_ENV.key();
    public static final String BATCH_SIZE = JdbcSinkConfigOptions.BATCH_SIZE.key();
    public static final String TABLE_MAP = JdbcSinkConfigOptions.TABLE_MAP.key();
    public static final String COLUMN_MAP = JdbcSinkConfigOptions.COLUMN_MAP.key();
    public static final String DROP_COLUMNS = JdbcSinkConfigOptions.DROP_COLUMNS.key();
    public static final String CONFLICT = JdbcSinkConfigOptions.CONFLICT.key();
    /** How messages name the policy of one table: {@code sink.conflict.OWNER.TABLE}. */
    public static final String CONFLICT_PREFIX = CONFLICT + ".";
    /** How messages name the key columns of one table: {@code sink.primary-key.OWNER.TABLE}. */
    public static final String PRIMARY_KEY_PREFIX = "sink.primary-key.";
    public static final String ON_ERROR = JdbcSinkConfigOptions.ON_ERROR.key();
    public static final String APPLY_PARALLELISM = JdbcSinkConfigOptions.APPLY_PARALLELISM.key();
    public static final String DDL = JdbcSinkConfigOptions.DDL.key();
    public static final String SINK_NAME = JdbcSinkConfigOptions.SINK_NAME.key();
    public static final String STATE_SCHEMA = JdbcSinkConfigOptions.STATE_SCHEMA.key();
    public static final String SPOOL_MEMORY_LCRS = JdbcSinkConfigOptions.SPOOL_MEMORY_LCRS.key();
    public static final String GROUP_MAX_ROWS = JdbcSinkConfigOptions.GROUP_MAX_ROWS.key();
    public static final String GROUP_MAX_LATENCY = JdbcSinkConfigOptions.GROUP_MAX_LATENCY.key();
    public static final String BATCH_REORDER = JdbcSinkConfigOptions.BATCH_REORDER.key();
    public static final String BATCH_MERGE = JdbcSinkConfigOptions.BATCH_MERGE.key();

    public static final int DEFAULT_BATCH_SIZE = 500;
    public static final String DEFAULT_SINK_NAME = "redo-cdc";
    public static final int DEFAULT_SPOOL_MEMORY_LCRS = 10_000;
    public static final int DEFAULT_GROUP_MAX_ROWS = 1000;
    public static final long DEFAULT_GROUP_MAX_LATENCY_MILLIS = 200;

    public static Builder builder() {
        return new Builder();
    }

    /**
     * The sink's options from text values (keys of {@link JdbcSinkConfigOptions}), validated. Unlike a job's
     * --config file, which holds other options too, a key that is not a JDBC sink option is an error here.
     */
    public static JdbcSinkOptions fromMap(Map<String, String> values) {
        Set<String> known = new LinkedHashSet<>();
        JdbcSinkConfigOptions.all().forEach(option -> known.add(option.key()));
        values.forEach((key, value) -> {
            if (!known.contains(key)) {
                throw new IllegalArgumentException("unknown JDBC sink option " + key + " (value '" + value
                        + "'); known: " + known);
            }
        });
        return builder().configure(OptionReading.configuration(values)).build();
    }

    /** {@link #jdbcUrl()} for logs and messages: a password written into the URL is masked. */
    public String displayUrl() {
        return JdbcUrls.mask(jdbcUrl);
    }

    /** The dialect of {@link #jdbcUrl()}. */
    public JdbcDialect dialect() {
        return JdbcDialect.forUrl(jdbcUrl);
    }

    /** The conflict policy of {@code OWNER.TABLE}. */
    public ConflictPolicy conflictPolicy(String ownerDotTable) {
        return conflictPolicies.getOrDefault(ownerDotTable, ConflictPolicy.ERROR);
    }

    @Override
    public String toString() {
        return "JdbcSinkOptions{" + JDBC_URL + "=" + displayUrl() + ", " + USER + "=" + user + ", password=" + password
                + ", " + BATCH_SIZE + "=" + batchSize + ", " + TABLE_MAP + "=" + tableMap + ", " + COLUMN_MAP + "="
                + columnMap + ", " + DROP_COLUMNS + "=" + dropColumns + ", conflicts=" + conflictPolicies
                + ", primary keys=" + primaryKeys + ", " + ON_ERROR + "=" + onError + ", " + APPLY_PARALLELISM + "="
                + applyParallelism + ", " + DDL + "=" + ddl + ", " + SINK_NAME + "=" + sinkName + ", "
                + STATE_SCHEMA + "=" + stateSchema + ", " + SPOOL_MEMORY_LCRS + "=" + spoolMemoryLcrs + ", "
                + GROUP_MAX_ROWS + "=" + groupMaxRows + ", " + GROUP_MAX_LATENCY + "=" + groupMaxLatencyMillis + "ms, "
                + BATCH_REORDER + "=" + batchReorder + ", " + BATCH_MERGE + "=" + batchMerge + "}";
    }

    /** Builder; {@link #build()} validates. */
    public static final class Builder {
        private String jdbcUrl;
        private String user;
        private Secret password;
        private int batchSize = DEFAULT_BATCH_SIZE;
        private final Map<String, String> tableMap = new LinkedHashMap<>();
        private final Map<String, String> columnMap = new LinkedHashMap<>();
        private final Set<String> dropColumns = new LinkedHashSet<>();
        private final Map<String, ConflictPolicy> conflictPolicies = new LinkedHashMap<>();
        private final Map<String, List<String>> primaryKeys = new LinkedHashMap<>();
        private OnError onError = OnError.CONTINUE;
        private int applyParallelism = 1;
        private DdlHandling ddl = DdlHandling.SKIP;
        private String sinkName = DEFAULT_SINK_NAME;
        private String stateSchema;
        private int spoolMemoryLcrs = DEFAULT_SPOOL_MEMORY_LCRS;
        private int groupMaxRows = DEFAULT_GROUP_MAX_ROWS;
        private long groupMaxLatencyMillis = DEFAULT_GROUP_MAX_LATENCY_MILLIS;
        private boolean batchReorder = true;
        private boolean batchMerge = true;

        private Builder() {
        }

        /**
         * Sets the options given in {@code config} (those not given keep their value); values as
         * {@link JdbcSinkConfigOptions} defines them. A value that does not convert fails naming the key.
         */
        public Builder configure(ReadableConfig config) {
            OptionReading.optional(config, JdbcSinkConfigOptions.JDBC_URL).ifPresent(this::jdbcUrl);
            OptionReading.optional(config, JdbcSinkConfigOptions.USER).ifPresent(this::user);
            OptionReading.optional(config, JdbcSinkConfigOptions.PASSWORD_FILE).ifPresent(f -> passwordFile(Path.of(f)));
            OptionReading.optional(config, JdbcSinkConfigOptions.PASSWORD_ENV).ifPresent(this::passwordEnv);
            OptionReading.optional(config, JdbcSinkConfigOptions.BATCH_SIZE).ifPresent(this::batchSize);
            pairs(TABLE_MAP, OptionReading.items(config, JdbcSinkConfigOptions.TABLE_MAP)).forEach(this::mapTable);
            pairs(COLUMN_MAP, OptionReading.items(config, JdbcSinkConfigOptions.COLUMN_MAP)).forEach(this::mapColumn);
            OptionReading.items(config, JdbcSinkConfigOptions.DROP_COLUMNS).forEach(this::dropColumn);
            pairs(CONFLICT, OptionReading.items(config, JdbcSinkConfigOptions.CONFLICT)).forEach((table, policy) ->
                    conflict(table, ConflictPolicy.parse(CONFLICT_PREFIX + table, policy)));
            OptionReading.optional(config, JdbcSinkConfigOptions.ON_ERROR).ifPresent(this::onError);
            OptionReading.optional(config, JdbcSinkConfigOptions.APPLY_PARALLELISM).ifPresent(this::applyParallelism);
            OptionReading.optional(config, JdbcSinkConfigOptions.DDL).ifPresent(this::ddl);
            OptionReading.optional(config, JdbcSinkConfigOptions.SINK_NAME).ifPresent(this::sinkName);
            OptionReading.optional(config, JdbcSinkConfigOptions.STATE_SCHEMA).ifPresent(this::stateSchema);
            OptionReading.optional(config, JdbcSinkConfigOptions.SPOOL_MEMORY_LCRS).ifPresent(this::spoolMemoryLcrs);
            OptionReading.optional(config, JdbcSinkConfigOptions.GROUP_MAX_ROWS).ifPresent(this::groupMaxRows);
            OptionReading.optional(config, JdbcSinkConfigOptions.GROUP_MAX_LATENCY).ifPresent(this::groupMaxLatency);
            OptionReading.optional(config, JdbcSinkConfigOptions.BATCH_REORDER).ifPresent(this::batchReorder);
            OptionReading.optional(config, JdbcSinkConfigOptions.BATCH_MERGE).ifPresent(this::batchMerge);
            return this;
        }

        /** {@code sink.jdbc-url}: {@code jdbc:oracle:}, {@code jdbc:postgresql:} or {@code jdbc:h2:}. */
        public Builder jdbcUrl(String jdbcUrl) {
            this.jdbcUrl = jdbcUrl;
            return this;
        }

        /** {@code sink.user}; optional (the URL may carry it). */
        public Builder user(String user) {
            this.user = user;
            return this;
        }

        public Builder password(Secret password) {
            this.password = password;
            return this;
        }

        /** {@code sink.password-file}: the password on the file's first line (trimmed, as for the source). */
        public Builder passwordFile(Path file) {
            try {
                return password(Secret.fromFile(file));
            } catch (IllegalArgumentException | UncheckedIOException e) {
                throw new InvalidOptionException(PASSWORD_FILE, e.getMessage(), e);
            }
        }

        /** {@code sink.password-env}: the password in this environment variable. */
        public Builder passwordEnv(String variable) {
            try {
                return password(Secret.fromEnv(variable));
            } catch (IllegalArgumentException e) {
                throw new InvalidOptionException(PASSWORD_ENV, e.getMessage(), e);
            }
        }

        /** {@code sink.batch-size}: statements of one shape per JDBC batch; default 500. */
        public Builder batchSize(int batchSize) {
            this.batchSize = batchSize;
            return this;
        }

        /** {@code sink.table-map}: {@code OWNER.TABLE -> SCHEMA.TABLE} or {@code OWNER.* -> SCHEMA.*}. */
        public Builder mapTable(String source, String target) {
            tableMap.put(source, target);
            return this;
        }

        /** {@code sink.column-map}: {@code OWNER.TABLE.COL -> NEWCOL}. */
        public Builder mapColumn(String sourceColumn, String targetColumn) {
            columnMap.put(sourceColumn, targetColumn);
            return this;
        }

        /** {@code sink.drop-columns}: {@code OWNER.TABLE.COL}. */
        public Builder dropColumn(String sourceColumn) {
            dropColumns.add(sourceColumn);
            return this;
        }

        /** {@code sink.conflict.OWNER.TABLE}. */
        public Builder conflict(String ownerDotTable, ConflictPolicy policy) {
            conflictPolicies.put(ownerDotTable, policy);
            return this;
        }

        /** {@code sink.primary-key.OWNER.TABLE}: key columns by source name, instead of the target's key. */
        public Builder primaryKey(String ownerDotTable, String... sourceColumns) {
            primaryKeys.put(ownerDotTable, List.of(sourceColumns));
            return this;
        }

        /** {@code sink.on-error}; default {@link OnError#CONTINUE}. */
        public Builder onError(OnError onError) {
            this.onError = onError;
            return this;
        }

        /** {@code apply.parallelism}: 1 applies serially (default); more uses the parallel applier. */
        public Builder applyParallelism(int applyParallelism) {
            this.applyParallelism = applyParallelism;
            return this;
        }

        /** {@code sink.ddl}; default {@link DdlHandling#SKIP}. */
        public Builder ddl(DdlHandling ddl) {
            this.ddl = ddl;
            return this;
        }

        /** {@code sink.name}: the row of REDO_CDC_APPLIED this job owns; default {@code redo-cdc}. */
        public Builder sinkName(String sinkName) {
            this.sinkName = sinkName;
            return this;
        }

        /** {@code sink.state-schema}: schema of REDO_CDC_APPLIED and REDO_CDC_ERRORS; default the connection's. */
        public Builder stateSchema(String stateSchema) {
            this.stateSchema = stateSchema;
            return this;
        }

        /** {@code sink.spool-memory-lcrs}: default 10000. */
        public Builder spoolMemoryLcrs(int spoolMemoryLcrs) {
            this.spoolMemoryLcrs = spoolMemoryLcrs;
            return this;
        }

        /**
         * {@code sink.group-max-rows}: the serial writer applies consecutive source transactions in one target
         * transaction until they hold this many rows (default 1000; a transaction is never split, so a group
         * may hold more); 1 commits each source transaction on its own.
         */
        public Builder groupMaxRows(int groupMaxRows) {
            this.groupMaxRows = groupMaxRows;
            return this;
        }

        /**
         * {@code sink.group-max-latency}: how long a group's target transaction may stay open waiting for more
         * source transactions (default 200 ms); as text e.g. {@code 200ms}, {@code 1s} or {@code 200} (ms).
         */
        public Builder groupMaxLatency(Duration groupMaxLatency) {
            this.groupMaxLatencyMillis = groupMaxLatency == null ? -1 : groupMaxLatency.toMillis();
            return this;
        }

        /**
         * {@code sink.batch-reorder} (default true): one pending JDBC batch per statement shape within a group's
         * target transaction; statements of one target row keep their order, any error replays the group in the
         * original order (see {@link JdbcSinkConfigOptions#BATCH_REORDER}); the serial writer only.
         */
        public Builder batchReorder(boolean batchReorder) {
            this.batchReorder = batchReorder;
            return this;
        }

        /**
         * {@code sink.batch-merge} (default true; only with {@code sink.batch-reorder}, only for tables with
         * conflict policy error): an UPDATE of a row pending in the group is merged into the pending statement
         * where that provably gives the same result (see {@code apply.RowMerge}).
         */
        public Builder batchMerge(boolean batchMerge) {
            this.batchMerge = batchMerge;
            return this;
        }

        public JdbcSinkOptions build() {
            if (jdbcUrl == null || jdbcUrl.isBlank()) {
                throw new InvalidOptionException(JDBC_URL, "is required; got " + JdbcUrls.mask(jdbcUrl));
            }
            JdbcDialect dialect = JdbcDialect.forUrl(jdbcUrl);
            require(batchSize >= 1, BATCH_SIZE, "must be at least 1", batchSize);
            require(applyParallelism >= 1, APPLY_PARALLELISM, "must be at least 1", applyParallelism);
            require(spoolMemoryLcrs >= 1, SPOOL_MEMORY_LCRS, "must be at least 1", spoolMemoryLcrs);
            require(groupMaxRows >= 1, GROUP_MAX_ROWS, "must be at least 1", groupMaxRows);
            require(groupMaxLatencyMillis >= 1, GROUP_MAX_LATENCY, "must be at least 1 ms",
                    groupMaxLatencyMillis + " ms");
            require(sinkName != null && !sinkName.isBlank() && sinkName.length() <= 128, SINK_NAME,
                    "must be 1 to 128 characters", sinkName);
            require(onError != null, ON_ERROR, "must be continue or stop", onError);
            require(ddl != null, DDL, "must be skip or execute", ddl);
            require(ddl != DdlHandling.EXECUTE || dialect instanceof OracleDialect, DDL,
                    "execute needs an Oracle target (" + JDBC_URL + " jdbc:oracle:...), the target is "
                            + dialect.name(), ddl);
            require(stateSchema == null || !stateSchema.isBlank(), STATE_SCHEMA, "must not be blank", stateSchema);
            tableMap.forEach((from, to) -> {
                boolean wildcard = from != null && from.endsWith(".*");
                require(isQualified(from, 2, true), TABLE_MAP, "keys must be OWNER.TABLE or OWNER.*", from);
                require(isQualified(to, 2, true) && wildcard == to.endsWith(".*"), TABLE_MAP,
                        "OWNER.TABLE maps to SCHEMA.TABLE and OWNER.* to SCHEMA.*; " + from + " maps to", to);
            });
            columnMap.forEach((from, to) -> {
                require(isQualified(from, 3, false), COLUMN_MAP, "keys must be OWNER.TABLE.COL", from);
                require(to != null && !to.isBlank(), COLUMN_MAP, "the new name of " + from + " must not be blank", to);
            });
            dropColumns.forEach(c -> require(isQualified(c, 3, false), DROP_COLUMNS, "entries must be OWNER.TABLE.COL", c));
            conflictPolicies.forEach((table, policy) -> {
                require(isQualified(table, 2, false), CONFLICT_PREFIX + table, "the key must end in OWNER.TABLE", table);
                require(policy != null, CONFLICT_PREFIX + table, "needs a policy", policy);
            });
            primaryKeys.forEach((table, columns) -> {
                require(isQualified(table, 2, false), PRIMARY_KEY_PREFIX + table, "the key must end in OWNER.TABLE", table);
                require(!columns.isEmpty() && columns.stream().noneMatch(c -> c == null || c.isBlank()),
                        PRIMARY_KEY_PREFIX + table, "must list key columns", columns);
            });
            return new JdbcSinkOptions(jdbcUrl, user, password, batchSize, Map.copyOf(tableMap),
                    Map.copyOf(columnMap), Set.copyOf(dropColumns), Map.copyOf(conflictPolicies),
                    Map.copyOf(primaryKeys), onError, applyParallelism, ddl, sinkName, stateSchema, spoolMemoryLcrs,
                    groupMaxRows, groupMaxLatencyMillis, batchReorder, batchMerge);
        }

        private static void require(boolean ok, String key, String rule, Object actual) {
            if (!ok) {
                throw new InvalidOptionException(key, rule + "; got " + actual);
            }
        }

        private static boolean isQualified(String name, int parts, boolean allowWildcard) {
            if (name == null) {
                return false;
            }
            String[] split = name.split("\\.", -1);
            if (split.length != parts) {
                return false;
            }
            for (int i = 0; i < split.length; i++) {
                if (split[i].isBlank() || (split[i].equals("*") && !(allowWildcard && i == split.length - 1))) {
                    return false;
                }
            }
            return true;
        }

        private static Map<String, String> pairs(String key, List<String> items) {
            Map<String, String> pairs = new LinkedHashMap<>();
            for (String item : items) {
                int eq = item.indexOf('=');
                if (eq <= 0 || eq == item.length() - 1) {
                    throw new InvalidOptionException(key, "expected FROM=TO pairs separated by commas; got '"
                            + item + "'");
                }
                pairs.put(item.substring(0, eq).trim(), item.substring(eq + 1).trim());
            }
            return pairs;
        }
    }
}
