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
