package io.redocdc.sinks.jdbc.target;

import io.redocdc.operators.lcr.ColumnValue;
import io.redocdc.operators.lcr.Lcr;
import io.redocdc.operators.lcr.ValueKind;
import io.redocdc.sinks.jdbc.JdbcSinkOptions;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A row LCR in target terms: its table's metadata and its old and new values renamed to target columns.
 * Dropped columns ({@code sink.drop-columns}) and values LogMiner could not give (Unsupported Type) are left out.
 */
public record MappedRow(Lcr lcr, TableMetadata metadata, List<MappedValue> oldValues, List<MappedValue> newValues) {

    public static MappedRow of(Lcr lcr, Connection connection, TargetTableCatalog catalog, TableMapping mapping)
            throws SQLException {
        TableMetadata metadata = catalog.metadata(connection, lcr.owner(), lcr.table());
        return new MappedRow(lcr, metadata, map(lcr, lcr.oldValues(), metadata, mapping),
                map(lcr, lcr.newValues(), metadata, mapping));
    }

    public TargetTable table() {
        return metadata.table();
    }

    /** The new-image value of a target column, if the LCR has one. */
    public Optional<MappedValue> newValue(String targetColumn) {
        return newValues.stream().filter(v -> v.name().equals(targetColumn)).findFirst();
    }

    /** The old-image value of a target column, if the LCR has one. */
    public Optional<MappedValue> oldValue(String targetColumn) {
        return oldValues.stream().filter(v -> v.name().equals(targetColumn)).findFirst();
    }

    private static List<MappedValue> map(Lcr lcr, ColumnValue[] values, TableMetadata metadata, TableMapping mapping)
            throws SQLException {
        List<MappedValue> mapped = new ArrayList<>(values == null ? 0 : values.length);
        if (values == null) {
            return mapped;
        }
        for (ColumnValue value : values) {
            String target = mapping.targetColumn(lcr.owner(), lcr.table(), value.name());
            if (target == null || value.kind() == ValueKind.UNSUPPORTED) {
                continue;
            }
            TargetColumn column = metadata.column(target).orElseThrow(() -> new SQLException("target table "
                    + metadata.table() + " has no column " + target + " (source column " + lcr.qualifiedTable()
                    + "." + value.name() + "); rename it with " + JdbcSinkOptions.COLUMN_MAP + " or drop it with "
                    + JdbcSinkOptions.DROP_COLUMNS, "42S22"));
            mapped.add(new MappedValue(new ColumnValue(target, value.kind(), value.text()), column));
        }
        return mapped;
    }
}
