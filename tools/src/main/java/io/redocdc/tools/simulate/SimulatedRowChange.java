package io.redocdc.tools.simulate;

/**
 * One row change of a transaction: the table, the row's ROWID, I/U/D, full before and after images (null for an
 * insert's before and a delete's after), the columns an update sets, and the SSN of its redo row.
 */
record SimulatedRowChange(TableDef table, String rowId, OpType op, String[] before, String[] after, int[] setColumns,
        long ssn) {

    enum OpType {
        I, U, D
    }

    static SimulatedRowChange insert(TableDef table, String rowId, String[] values, long ssn) {
        return new SimulatedRowChange(table, rowId, OpType.I, null, values, null, ssn);
    }

    static SimulatedRowChange update(TableDef table, String rowId, String[] before, String[] after, int[] setColumns,
            long ssn) {
        return new SimulatedRowChange(table, rowId, OpType.U, before, after, setColumns, ssn);
    }

    static SimulatedRowChange delete(TableDef table, String rowId, String[] values, long ssn) {
        return new SimulatedRowChange(table, rowId, OpType.D, values, null, null, ssn);
    }
}
