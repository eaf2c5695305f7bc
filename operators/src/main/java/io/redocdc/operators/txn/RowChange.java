package io.redocdc.operators.txn;

import io.redocdc.operators.lcr.ColumnValue;
import io.redocdc.operators.lcr.LcrCommand;

/** What one redo row changed, before it is placed in its committed transaction (no ordinal or position yet). */
record RowChange(String owner, String table, LcrCommand command, ColumnValue[] oldValues, ColumnValue[] newValues,
                 String ddlText) {
}
