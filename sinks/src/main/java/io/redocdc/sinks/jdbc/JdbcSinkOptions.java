package io.redocdc.sinks.jdbc;

import io.redocdc.common.jdbc.JdbcUrls;
import io.redocdc.common.jdbc.Secret;
import io.redocdc.sinks.jdbc.apply.ConflictPolicy;
import io.redocdc.sinks.jdbc.dialect.JdbcDialect;
import io.redocdc.sinks.jdbc.dialect.OracleDialect;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.flink.util.TimeUtils;

/**
 * Options of the JDBC apply sink. Build with {@link #builder()}; {@link Builder#build()} validates everything
 * and its errors name the option key. Source names ({@code OWNER.TABLE}, {@code OWNER.TABLE.COL}) are the
 * upper-case names of the redo; target names are kept exactly as written and always quoted.
 *
 * <p>Over 400 lines until the job's options become Flink ConfigOptions, which will replace the key parsing of
 * its builder.
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

    public static final String JDBC_URL = "sink.jdbc-url";
    public static final String USER = "sink.user";
    public static final String PASSWORD_FILE = "sink.password-file";
    public static final String BATCH_SIZE = "sink.batch-size";
    public static final String TABLE_MAP = "sink.table-map";
    public static final String COLUMN_MAP = "sink.column-map";
    public static final String DROP_COLUMNS = "sink.drop-columns";
    /** Prefix; the full key is {@code sink.conflict.OWNER.TABLE}. */
    public static final String CONFLICT_PREFIX = "sink.conflict.";
    /** Prefix; the full key is {@code sink.primary-key.OWNER.TABLE}, value a comma list of source columns. */
    public static final String PRIMARY_KEY_PREFIX = "sink.primary-key.";
    public static final String ON_ERROR = "sink.on-error";
    public static final String APPLY_PARALLELISM = "apply.parallelism";
    public static final String DDL = "sink.ddl";
    public static final String SINK_NAME = "sink.name";
    public static final String STATE_SCHEMA = "sink.state-schema";
    public static final String SPOOL_MEMORY_LCRS = "sink.spool-memory-lcrs";
    public static final String GROUP_MAX_ROWS = "sink.group-max-rows";
    public static final String GROUP_MAX_LATENCY = "sink.group-max-latency";
    public static final String BATCH_REORDER = "sink.batch-reorder";
    public static final String BATCH_MERGE = "sink.batch-merge";

    public static final int DEFAULT_BATCH_SIZE = 500;
    public static final String DEFAULT_SINK_NAME = "redo-cdc";
    public static final int DEFAULT_SPOOL_MEMORY_LCRS = 10_000;
    public static final int DEFAULT_GROUP_MAX_ROWS = 1000;
    public static final long DEFAULT_GROUP_MAX_LATENCY_MILLIS = 200;

    public static Builder builder() {
        return new Builder();
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
         * Sets one option by its key, the value as text (what the CLI and job files give). Map and list options
         * are comma separated, e.g. {@code sink.table-map=OE.ORDERS=APP.ORDERS,HR.*=HR2.*}.
         */
        public Builder option(String key, String value) {
            if (key.startsWith(CONFLICT_PREFIX)) {
                return conflict(key.substring(CONFLICT_PREFIX.length()), ConflictPolicy.parse(key, value));
            }
            if (key.startsWith(PRIMARY_KEY_PREFIX)) {
                return primaryKey(key.substring(PRIMARY_KEY_PREFIX.length()), splitList(value).toArray(String[]::new));
            }
            switch (key) {
                case JDBC_URL -> jdbcUrl(value);
                case USER -> user(value);
                case PASSWORD_FILE -> passwordFile(Path.of(value));
                case BATCH_SIZE -> batchSize(parseInt(key, value));
                case TABLE_MAP -> pairs(key, value).forEach(this::mapTable);
                case COLUMN_MAP -> pairs(key, value).forEach(this::mapColumn);
                case DROP_COLUMNS -> splitList(value).forEach(this::dropColumn);
                case ON_ERROR -> onError(parseEnum(OnError.class, key, value));
                case APPLY_PARALLELISM -> applyParallelism(parseInt(key, value));
                case DDL -> ddl(parseEnum(DdlHandling.class, key, value));
                case SINK_NAME -> sinkName(value);
                case STATE_SCHEMA -> stateSchema(value);
                case SPOOL_MEMORY_LCRS -> spoolMemoryLcrs(parseInt(key, value));
                case GROUP_MAX_ROWS -> groupMaxRows(parseInt(key, value));
                case GROUP_MAX_LATENCY -> groupMaxLatency(parseDuration(key, value));
                case BATCH_REORDER -> batchReorder(parseBoolean(key, value));
                case BATCH_MERGE -> batchMerge(parseBoolean(key, value));
                default -> throw new IllegalArgumentException("unknown JDBC sink option " + key + " (value '"
                        + value + "'); known: " + List.of(JDBC_URL, USER, PASSWORD_FILE, BATCH_SIZE, TABLE_MAP,
                        COLUMN_MAP, DROP_COLUMNS, CONFLICT_PREFIX + "OWNER.TABLE", PRIMARY_KEY_PREFIX + "OWNER.TABLE",
                        ON_ERROR, APPLY_PARALLELISM, DDL, SINK_NAME, STATE_SCHEMA, SPOOL_MEMORY_LCRS, GROUP_MAX_ROWS,
                        GROUP_MAX_LATENCY, BATCH_REORDER, BATCH_MERGE));
            }
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
                throw new IllegalArgumentException("option " + PASSWORD_FILE + ": " + e.getMessage(), e);
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
         * {@code sink.batch-reorder} (default true): within a group's target transaction the serial writer keeps
         * one pending JDBC batch per statement shape and runs them together, so statements of different rows may
         * execute in another order than in the source; statements on the same target row (by its key, before
         * and after image) keep their order, so the final state is the same. Rows without a usable key and
         * rows of tables with conflict policy discard are applied in order. On any error (and on a conflict
         * under policy error) the group is rolled back and applied again in the original order, so a foreign
         * key or other unique key that the reordering trips only costs that replay. Turn it off for targets
         * with triggers or cascading foreign keys (ON DELETE CASCADE/SET NULL), whose effects depend on the
         * order of statements on different rows; the serial writer only (parallel apply runs in order).
         */
        public Builder batchReorder(boolean batchReorder) {
            this.batchReorder = batchReorder;
            return this;
        }

        /**
         * {@code sink.batch-merge} (default true; only with {@code sink.batch-reorder}, only for tables with
         * conflict policy error): an UPDATE whose before image equals (every column) the after image of its row's
         * statement still pending in the group, an INSERT or an UPDATE of the same statement shape, is merged into
         * that statement instead of running after it (see {@code apply.RowMerge}). The result is the same; a failure
         * replays the group in order from the original LCRs.
         */
        public Builder batchMerge(boolean batchMerge) {
            this.batchMerge = batchMerge;
            return this;
        }

        public JdbcSinkOptions build() {
            if (jdbcUrl == null || jdbcUrl.isBlank()) {
                throw new IllegalArgumentException("option " + JDBC_URL + " is required; got " + JdbcUrls.mask(jdbcUrl));
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
                throw new IllegalArgumentException("option " + key + ": " + rule + "; got " + actual);
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

        private static List<String> splitList(String value) {
            List<String> items = new ArrayList<>();
            for (String item : value.split(",")) {
                if (!item.isBlank()) {
                    items.add(item.trim());
                }
            }
            return items;
        }

        private static Map<String, String> pairs(String key, String value) {
            Map<String, String> pairs = new LinkedHashMap<>();
            for (String item : splitList(value)) {
                int eq = item.indexOf('=');
                if (eq <= 0 || eq == item.length() - 1) {
                    throw new IllegalArgumentException("option " + key + ": expected FROM=TO pairs separated by "
                            + "commas; got '" + item + "'");
                }
                pairs.put(item.substring(0, eq).trim(), item.substring(eq + 1).trim());
            }
            return pairs;
        }

        private static Duration parseDuration(String key, String value) {
            try {
                return TimeUtils.parseDuration(value.trim());
            } catch (IllegalArgumentException | NullPointerException e) {
                throw new IllegalArgumentException("option " + key + ": expected a duration such as 200ms, 1s or "
                        + "200 (milliseconds); got '" + value + "'", e);
            }
        }

        private static boolean parseBoolean(String key, String value) {
            String text = value == null ? "" : value.trim().toLowerCase(Locale.ROOT);
            if (!text.equals("true") && !text.equals("false")) {
                throw new IllegalArgumentException("option " + key + ": expected true or false; got '" + value + "'");
            }
            return text.equals("true");
        }

        private static int parseInt(String key, String value) {
            try {
                return Integer.parseInt(value.trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("option " + key + ": expected an integer; got '" + value + "'", e);
            }
        }

        private static <E extends Enum<E>> E parseEnum(Class<E> type, String key, String value) {
            try {
                return Enum.valueOf(type, value.trim().toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("option " + key + ": expected one of "
                        + List.of(type.getEnumConstants()).toString().toLowerCase(Locale.ROOT) + "; got '" + value + "'", e);
            }
        }
    }
}
