package io.redocdc.operators.lcr;

import java.util.ArrayList;
import java.util.List;

/**
 * One logical change record of a committed transaction: a row change (INSERT, UPDATE, DELETE) with its old
 * and new column values, or a DDL statement. The stream after the transaction assembler carries single LCRs,
 * never whole transactions.
 *
 * <p>{@code ordinal} and {@code lastInTransaction} place the LCR in its transaction (GoldenGate's TransInd is
 * derived from them; a flag rather than a count, so a transaction streams out of state in one pass without
 * being counted first); {@code position} is hex of {@link Position}. Flink serializes this record as a POJO.
 *
 * @param container the PDB whose redo this is (V$LOGMNR_CONTENTS.SRC_CON_NAME of the row), null in a non-CDB or
 *                  when the redo does not say; savepoints written before this field existed restore with null
 * @param oldValues before image (UPDATE, DELETE), empty otherwise
 * @param newValues after image (INSERT, UPDATE; for UPDATE the old image with the SET columns applied)
 * @param sourceTime the redo record's TIMESTAMP as LogMiner printed it ({@code yyyy-MM-dd HH:mm:ss})
 * @param ddlText   the DDL statement, for {@link LcrCommand#DDL} only
 */
public record Lcr(
        String sourceDatabase,
        String container,
        String owner,
        String table,
        LcrCommand command,
        String xid,
        long scn,
        long commitScn,
        int thread,
        String rsId,
        long ssn,
        String sourceTime,
        ColumnValue[] oldValues,
        ColumnValue[] newValues,
        String ddlText,
        int ordinal,
        boolean lastInTransaction,
        String position) {

    public Position positionValue() {
        return Position.fromHex(position);
    }

    /**
     * Columns LogMiner printed as {@code Unsupported Type} in either image (BOOLEAN, JSON, VECTOR, ... columns):
     * their values are unknown, so sinks leave them out of what they write and apply.
     */
    public List<String> unsupportedColumns() {
        List<String> names = new ArrayList<>(0);
        for (ColumnValue[] image : new ColumnValue[][] {oldValues, newValues}) {
            for (ColumnValue value : image == null ? new ColumnValue[0] : image) {
                if (value.kind() == ValueKind.UNSUPPORTED && !names.contains(value.name())) {
                    names.add(value.name());
                }
            }
        }
        return names;
    }

    /** {@code OWNER.TABLE}. */
    public String qualifiedTable() {
        return owner + "." + table;
    }

    /** GoldenGate TransInd: 0 first, 1 middle, 2 last, 3 the only LCR of its transaction. */
    public int transInd() {
        if (ordinal == 0) {
            return lastInTransaction ? 3 : 0;
        }
        return lastInTransaction ? 2 : 1;
    }

    /** This LCR marked as the last of its transaction. */
    public Lcr asLast() {
        return new Lcr(sourceDatabase, container, owner, table, command, xid, scn, commitScn, thread, rsId, ssn, sourceTime,
                oldValues, newValues, ddlText, ordinal, true, position);
    }
}
