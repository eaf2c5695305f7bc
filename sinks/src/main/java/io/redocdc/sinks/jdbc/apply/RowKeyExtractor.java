package io.redocdc.sinks.jdbc.apply;

import io.redocdc.operators.lcr.ColumnValue;
import io.redocdc.operators.lcr.Lcr;
import io.redocdc.operators.lcr.LcrCommand;
import io.redocdc.operators.lcr.ValueKind;
import io.redocdc.sinks.jdbc.parallel.TransactionFootprint;
import io.redocdc.sinks.jdbc.target.TableConstraints;
import io.redocdc.sinks.jdbc.target.TableMetadata;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;

/**
 * Adds what an LCR touches in the target to its transaction's footprint, after {@code sink.table-map} and
 * {@code sink.column-map}: as written keys, the values of the sink's key (the target's primary key or
 * {@code sink.primary-key}) and of every other unique key of the target table in the before and the after image;
 * as referenced keys, the parent key values its foreign keys name in both images. So a child row waits for the
 * transaction writing its parent, a parent delete for the transactions deleting or moving its children, and a row
 * taking a unique value for the one freeing it; then the target sees them in commit order, as at the source. An
 * UPDATE touches a unique key only when it sets one of its columns, and a foreign key only when it changes one
 * (the before image must then show the old values; see {@link StatementKeys}). Unique values that are all null and foreign keys with a null never collide (as in Oracle and
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
        StatementKeys keys = StatementKeys.of(new RowImages(lcr.command(), mappedImage(lcr, lcr.oldValues()),
                mappedImage(lcr, lcr.newValues())), metadata.keyColumns(), constraints, context.dialect());
        if (keys == null) {
            footprint.markBarrier();
            return;
        }
        keys.written().forEach(footprint::addRowKey);
        keys.references().forEach(footprint::addReferencedKey);
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
}
