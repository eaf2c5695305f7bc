package io.redocdc.sinks.jdbc;

import io.redocdc.operators.lcr.ColumnValue;
import io.redocdc.operators.lcr.Lcr;
import io.redocdc.operators.lcr.LcrCommand;
import io.redocdc.sinks.jdbc.parallel.RowKey;
import io.redocdc.sinks.jdbc.parallel.TransactionFootprint;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * Adds the target rows an LCR writes to its transaction's footprint: the target table (after {@code sink.table-map})
 * and the values of its key columns (the target's primary key or {@code sink.primary-key}, after
 * {@code sink.column-map}) in the before and the after image. Keys are of target rows, so two source tables mapped
 * to one target table still order their transactions. Whatever cannot be keyed makes the transaction a barrier.
 */
final class RowKeyExtractor {

    private final Connection metadataConnection;
    private final ApplyContext context;

    /** @param metadataConnection reads target table metadata (into the catalog the appliers share) */
    RowKeyExtractor(Connection metadataConnection, ApplyContext context) {
        this.metadataConnection = metadataConnection;
        this.context = context;
    }

    void addTo(TransactionFootprint footprint, Lcr lcr) {
        if (footprint.isBarrier()) {
            return;
        }
        if (lcr.command() == LcrCommand.DDL) {
            footprint.markBarrier();
            return;
        }
        TableMetadata metadata;
        try {
            metadata = context.catalog().metadata(metadataConnection, lcr.owner(), lcr.table());
        } catch (SQLException e) {
            // The worker meets the same problem and handles it as serial apply would; order it against everything.
            footprint.markBarrier();
            return;
        }
        List<String> key = metadata.keyColumns();
        if (key.isEmpty()) {
            footprint.markBarrier();
            return;
        }
        String table = context.dialect().qualified(metadata.table());
        if (lcr.command() != LcrCommand.INSERT) {
            addKey(footprint, table, lcr, lcr.oldValues(), key);
        }
        if (lcr.command() != LcrCommand.DELETE) {
            addKey(footprint, table, lcr, lcr.newValues(), key);
        }
    }

    /**
     * The target rows one mapped row statement writes: its key in the before image (UPDATE, DELETE) and in the
     * after image (INSERT, UPDATE; once when equal). Null when it cannot be keyed: the target table has no key,
     * or a key column is missing from an image (dropped, or an Unsupported Type value).
     */
    static List<RowKey> rowKeys(MappedRow row, JdbcDialect dialect) {
        List<String> key = row.metadata().keyColumns();
        if (key.isEmpty()) {
            return null;
        }
        String table = dialect.qualified(row.table());
        LcrCommand command = row.lcr().command();
        List<RowKey> keys = new ArrayList<>(2);
        if (command != LcrCommand.INSERT) {
            RowKey before = keyOf(table, row.oldValues(), key);
            if (before == null) {
                return null;
            }
            keys.add(before);
        }
        if (command != LcrCommand.DELETE) {
            RowKey after = keyOf(table, row.newValues(), key);
            if (after == null) {
                return null;
            }
            if (!keys.contains(after)) {
                keys.add(after);
            }
        }
        return keys;
    }

    private static RowKey keyOf(String table, List<MappedValue> image, List<String> key) {
        List<String> values = new ArrayList<>(key.size());
        for (String column : key) {
            MappedValue value = null;
            for (MappedValue candidate : image) {
                if (candidate.name().equals(column)) {
                    value = candidate;
                    break;
                }
            }
            if (value == null) {
                return null;
            }
            values.add(value.value().text());
        }
        return new RowKey(table, values);
    }

    private void addKey(TransactionFootprint footprint, String table, Lcr lcr, ColumnValue[] image, List<String> key) {
        List<String> values = new ArrayList<>(key.size());
        for (String column : key) {
            ColumnValue value = find(lcr, image, column);
            if (value == null) {
                footprint.markBarrier();
                return;
            }
            values.add(value.text());
        }
        footprint.addRowKey(new RowKey(table, values));
    }

    /** The image's value of a target column, found by mapping each source column name. */
    private ColumnValue find(Lcr lcr, ColumnValue[] image, String targetColumn) {
        if (image != null) {
            for (ColumnValue value : image) {
                if (targetColumn.equals(context.mapping().targetColumn(lcr.owner(), lcr.table(), value.name()))) {
                    return value;
                }
            }
        }
        return null;
    }
}
