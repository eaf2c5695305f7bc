package io.redocdc.sinks.jdbc.target;

import io.redocdc.operators.lcr.ColumnValue;

/** An LCR value renamed to its target column, with that column's type. */
public record MappedValue(ColumnValue value, TargetColumn column) {

    public String name() {
        return column.name();
    }
}
