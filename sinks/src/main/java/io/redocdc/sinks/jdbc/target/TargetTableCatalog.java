package io.redocdc.sinks.jdbc.target;

import io.redocdc.common.jdbc.SqlErrors;
import io.redocdc.sinks.jdbc.JdbcSinkOptions;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Column types and primary keys of target tables, read once per table from DatabaseMetaData and cached.
 * Thread-safe, so appliers on several connections can share one catalog.
 */
public final class TargetTableCatalog {

    private static final Logger LOG = LoggerFactory.getLogger(TargetTableCatalog.class);

    private final TableMapping mapping;
    private final Map<TargetTable, TableMetadata> cache = new ConcurrentHashMap<>();
    private final Map<TargetTable, TableConstraints> constraints = new ConcurrentHashMap<>();

    public TargetTableCatalog(TableMapping mapping) {
        this.mapping = mapping;
    }

    /**
     * The metadata of the target of {@code OWNER.TABLE}; key columns from {@code sink.primary-key} if set, else
     * the target's primary key. Fails naming the table when the target does not exist.
     */
    public TableMetadata metadata(Connection connection, String owner, String sourceTable) throws SQLException {
        TargetTable target = mapping.target(owner, sourceTable);
        TableMetadata cached = cache.get(target);
        if (cached != null) {
            return cached;
        }
        TableMetadata read = read(connection, target, mapping.configuredKey(owner, sourceTable),
                "create it with quoted names exactly as the redo names them, or map it with "
                        + JdbcSinkOptions.TABLE_MAP);
        cache.put(target, read);
        return read;
    }

    /**
     * The unique and foreign keys of the target of {@code OWNER.TABLE}, which parallel apply orders transactions
     * by and reordered batching orders statements by. Read only when asked. When the database will not tell them
     * (the metadata calls fail), the table counts as opaque, so its rows keep their order, and that is cached
     * with a warning: apply never fails on these calls, nor repeats them per row.
     */
    public TableConstraints constraints(Connection connection, String owner, String sourceTable) throws SQLException {
        TargetTable target = mapping.target(owner, sourceTable);
        TableConstraints cached = constraints.get(target);
        if (cached != null) {
            return cached;
        }
        TableMetadata metadata = metadata(connection, owner, sourceTable);
        TableConstraints read;
        try {
            read = TableConstraintsReader.read(connection, target, metadata.columns().keySet());
        } catch (SQLException e) {
            if (SqlErrors.isConnectionLoss(e)) {
                throw e;
            }
            LOG.warn("cannot read the unique and foreign keys of target table {} ({}): its rows are applied in their "
                    + "original order and, with apply.parallelism > 1, its transactions alone", target,
                    SqlErrors.describe(e));
            read = new TableConstraints(metadata.table(), List.of(), List.of(), true);
        }
        constraints.put(target, read);
        return read;
    }

    /** Forgets what was read, e.g. after DDL changed a table. */
    public void invalidate() {
        cache.clear();
        constraints.clear();
    }

    /**
     * What the database says about {@code target}: its columns, and {@code configuredKey} or else its primary key.
     *
     * @param missingTableHint what to do when the table is missing, for the message
     */
    public static TableMetadata read(Connection connection, TargetTable target, List<String> configuredKey,
                                     String missingTableHint) throws SQLException {
        DatabaseMetaData meta = connection.getMetaData();
        String schema = target.schema() == null ? connection.getSchema() : target.schema();
        String escape = meta.getSearchStringEscape();
        String schemaPattern = likeEscaped(schema, escape);
        String tablePattern = likeEscaped(target.table(), escape);
        Map<String, TargetColumn> columns = new LinkedHashMap<>();
        try (ResultSet rs = meta.getColumns(null, schemaPattern, tablePattern, null)) {
            while (rs.next()) {
                if (target.table().equals(rs.getString("TABLE_NAME")) && equalOrNull(schema, rs.getString("TABLE_SCHEM"))) {
                    String name = rs.getString("COLUMN_NAME");
                    columns.put(name, new TargetColumn(name, rs.getInt("DATA_TYPE"), rs.getString("TYPE_NAME")));
                }
            }
        }
        if (columns.isEmpty()) {
            throw new SQLException("target table " + target + " (schema " + schema + ") does not exist or has no "
                    + "columns visible to this user; " + missingTableHint, "42S02");
        }
        List<String> primaryKey = primaryKey(meta, target, schema);
        List<String> key = configuredKey.isEmpty() ? primaryKey : configuredKey;
        for (String column : key) {
            if (!columns.containsKey(column)) {
                throw new SQLException("target table " + target + " has no key column " + column + "; it has "
                        + columns.keySet(), "42S22");
            }
        }
        boolean keyIsPrimaryKey = !key.isEmpty() && new HashSet<>(key).equals(new HashSet<>(primaryKey));
        return new TableMetadata(target, columns, key, keyIsPrimaryKey);
    }

    private static List<String> primaryKey(DatabaseMetaData meta, TargetTable target, String schema) throws SQLException {
        // getPrimaryKeys takes names, not patterns; some drivers still treat them as patterns, so filter exactly
        TreeMap<Integer, String> bySequence = new TreeMap<>();
        try (ResultSet rs = meta.getPrimaryKeys(null, schema, target.table())) {
            while (rs.next()) {
                if (target.table().equals(rs.getString("TABLE_NAME")) && equalOrNull(schema, rs.getString("TABLE_SCHEM"))) {
                    bySequence.put(rs.getInt("KEY_SEQ"), rs.getString("COLUMN_NAME"));
                }
            }
        }
        return new ArrayList<>(bySequence.values());
    }

    private static boolean equalOrNull(String expected, String actual) {
        return expected == null || actual == null || expected.equals(actual);
    }

    private static String likeEscaped(String name, String escape) {
        if (name == null || escape == null || escape.isEmpty()) {
            return name;
        }
        return name.replace(escape, escape + escape).replace("_", escape + "_").replace("%", escape + "%");
    }
}
