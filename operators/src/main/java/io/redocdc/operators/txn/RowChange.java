package io.redocdc.operators.txn;

import io.redocdc.operators.lcr.ColumnValue;
import io.redocdc.operators.lcr.LcrCommand;
import java.util.List;

/**
 * What one redo row changed, before it is placed in its committed transaction (no ordinal or position yet).
 *
 * @param setColumns UPDATE: the columns its SET clause assigns; empty otherwise
 */
record RowChange(String owner, String table, LcrCommand command, ColumnValue[] oldValues, ColumnValue[] newValues,
                 String ddlText, List<String> setColumns) {

    RowChange(String owner, String table, LcrCommand command, ColumnValue[] oldValues, ColumnValue[] newValues,
              String ddlText) {
        this(owner, table, command, oldValues, newValues, ddlText, List.of());
    }
}
