package io.redocdc.tools.simulate;

/** A row of the simulated database: its ROWID (never changes), current values and the transaction locking it. */
final class ModelRow {

    final String rowId;
    String[] values;
    /** The open transaction holding the row lock, or null. */
    OpenTransaction lockedBy;
    /** Position in the table's row list while the row exists, else -1. */
    int index = -1;

    ModelRow(String rowId, String[] values) {
        this.rowId = rowId;
        this.values = values;
    }

    boolean exists() {
        return index >= 0;
    }
}
