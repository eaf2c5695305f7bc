package io.redocdc.source.model;

import java.util.Objects;

/**
 * Oracle's name for one logical row change in V$LOGMNR_CONTENTS: (RS_ID, SSN). RS_ID is the address of the redo
 * record that produced the row, which LogMiner prints blank-padded ({@code " 0x0002a7.000013f5.00e8 "}); it is kept
 * without the padding so that a tool that trims it still names the same change. Ordered by RS_ID as text, then
 * SSN: a total order, which is all {@link ResumePoint} needs; for RS_IDs of one width it is redo address order.
 *
 * @param rsId RS_ID without surrounding blanks; never blank
 * @param ssn  SSN
 */
public record RowChangeId(String rsId, long ssn) implements Comparable<RowChangeId> {

    public RowChangeId {
        Objects.requireNonNull(rsId, "rsId");
        if (rsId.isBlank() || !rsId.equals(rsId.strip())) {
            throw new IllegalArgumentException("RS_ID must be non-blank and unpadded: '" + rsId + "'");
        }
    }

    /** The id of a row with this RS_ID column value and SSN, or null when the RS_ID is NULL or blank. */
    public static RowChangeId of(String rsIdColumn, long ssn) {
        return rsIdColumn == null || rsIdColumn.isBlank() ? null : new RowChangeId(rsIdColumn.strip(), ssn);
    }

    /** "RS_ID '0x0002a7.000013f5.00e8' SSN 0". */
    @Override
    public String toString() {
        return "RS_ID '" + rsId + "' SSN " + ssn;
    }

    @Override
    public int compareTo(RowChangeId other) {
        int byRsId = rsId.compareTo(other.rsId);
        return byRsId != 0 ? byRsId : Long.compare(ssn, other.ssn);
    }
}
