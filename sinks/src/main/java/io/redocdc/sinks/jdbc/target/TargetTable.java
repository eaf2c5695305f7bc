package io.redocdc.sinks.jdbc.target;

import java.io.Serializable;

/**
 * A table in the target database, names exactly as they are stored (they are always quoted in SQL).
 *
 * @param schema null for the connection's current schema
 */
public record TargetTable(String schema, String table) implements Serializable {

    public TargetTable {
        if (table == null || table.isEmpty()) {
            throw new IllegalArgumentException("target table name is required");
        }
    }

    /** {@code SCHEMA.TABLE} (or just {@code TABLE}), for messages. */
    @Override
    public String toString() {
        return schema == null ? table : schema + "." + table;
    }
}
