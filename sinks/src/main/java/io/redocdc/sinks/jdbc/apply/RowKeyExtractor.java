package io.redocdc.sinks.jdbc.apply;

import io.redocdc.operators.lcr.ColumnValue;
import io.redocdc.operators.lcr.Lcr;
import io.redocdc.operators.lcr.LcrCommand;
import io.redocdc.operators.lcr.ValueKind;
import io.redocdc.sinks.jdbc.dialect.JdbcDialect;
import io.redocdc.sinks.jdbc.parallel.RowKey;
import io.redocdc.sinks.jdbc.parallel.TransactionFootprint;
import io.redocdc.sinks.jdbc.target.MappedRow;
import io.redocdc.sinks.jdbc.target.MappedValue;
import io.redocdc.sinks.jdbc.target.TableConstraints;
import io.redocdc.sinks.jdbc.target.TableMetadata;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Adds what an LCR touches in the target to its transaction's footprint, after {@code sink.table-map} and
 * {@code sink.column-map}: as written keys, the values of the sink's key (the target's primary key or
 * {@code sink.primary-key}) and of every other unique key of the target table in the before and the after image;
 * as referenced keys, the parent key values its foreign keys name in both images. So a child row waits for the
 * transaction writing its parent, a parent delete for the transactions deleting or moving its children, and a row
 * taking a unique value for the one freeing it; then the target sees them in commit order, as at the source. An
 * UPDATE touches a unique or foreign key only when it sets one of its columns (the before image must then show
 * the old values). Unique values that are all null and foreign keys with a null never collide (as in Oracle and
 * PostgreSQL). Keys are of target rows, so two source tables mapped to one target table still order their
 * transactions. Whatever cannot be keyed makes the transaction a barrier.
 */
public final class RowKeyExtractor {

    private final Connection metadataConnection;
    private final ApplyContext context;

    /** @param metadataConnection reads target table metadata (into the catalog the appliers share) */
    public RowKeyExtractor(Connection metadataConnection, ApplyContext context) {
        this.metadataConnection = metadataConnection;
        this.context = context;
    }

    public void addTo(TransactionFootprint footprint, Lcr lcr) {
        if (footprint.isBarrier()) {
            return;
        }
        if (lcr.command() == LcrCommand.DDL) {
            footprint.markBarrier();
            return;
        }
        TableMetadata metadata;
        TableConstraints constraints;
        try {
            metadata = context.catalog().metadata(metadataConnection, lcr.owner(), lcr.table());
            constraints = context.catalog().constraints(metadataConnection, lcr.owner(), lcr.table());
        } catch (SQLException e) {
            // The worker meets the same problem and handles it as serial apply would; order it against everything.
            footprint.markBarrier();
            return;
        }
        if (metadata.keyColumns().isEmpty() || constraints.opaque()) {
            footprint.markBarrier();
            return;
        }
        RowImages images = new RowImages(lcr, mappedImage(lcr, lcr.oldValues()), mappedImage(lcr, lcr.newValues()));
        String table = context.dialect().qualified(constraints.table());
        List<String> rowKey = metadata.keyColumns().stream().sorted().toList();
        if (!images.addRowKey(footprint, table, rowKey)) {
            footprint.markBarrier();
            return;
        }
        for (List<String> unique : constraints.uniqueKeys()) {
            if (!unique.equals(rowKey) && !images.addUniqueKey(footprint, table, unique)) {
                footprint.markBarrier();
                return;
            }
        }
        for (TableConstraints.ForeignKey foreignKey : constraints.foreignKeys()) {
            if (!images.addReference(footprint, context.dialect().qualified(foreignKey.referencedTable()),
                    foreignKey)) {
                footprint.markBarrier();
                return;
            }
        }
    }

    /** An image's values by target column; dropped columns and Unsupported Type values are left out. */
    private Map<String, ColumnValue> mappedImage(Lcr lcr, ColumnValue[] image) {
        Map<String, ColumnValue> values = new HashMap<>();
        if (image != null) {
            for (ColumnValue value : image) {
                String target = context.mapping().targetColumn(lcr.owner(), lcr.table(), value.name());
                if (target != null && value.kind() != ValueKind.UNSUPPORTED) {
                    values.put(target, value);
                }
            }
        }
        return values;
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
        return new RowKey(table, List.of(), values);
    }
}
