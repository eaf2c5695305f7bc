package io.redocdc.source.model;

/**
 * How far a reader got in one log: a place in the log named by Oracle's row-change ids rather than by a row count,
 * so that a re-read which returns more or fewer rows before that place (mined under another dictionary state or
 * filter, CSF rows split differently) still resumes right after the last record handed on.
 *
 * <p>The rule. {@code newest} is the greatest (RS_ID, SSN) among the handed-on records ({@link RowChangeId} order),
 * and {@code sinceNewest} how many records were handed on after the first record that carried it. To resume, read the
 * log from its start up to the first record carrying {@code newest}, then pass {@code sinceNewest} more, none of
 * which may carry a greater id. The greatest id, not the last: one redo record can yield several records with one
 * (RS_ID, SSN), and not only one after the other. An array DELETE gives every row the same RS_ID and SSN 0 (observed
 * on Oracle Free in redpanda-data/connect pull request 4826, which also saw rows without RS_ID for LOB-only changes);
 * in a LOB statement of Oracle 23ai the SEL_LOB_LOCATOR rows share the RS_ID of the statement's INSERT or UPDATE with
 * LOB_WRITE rows of their own in between (debezium/debezium pull request 7472), so the last id handed on may have
 * been handed on before, further back. The greatest id's first record is one place whatever the order: when it was
 * handed on, its id was greater than every id before it. RS_ID is the redo record's address in fixed-width hex, so
 * the greatest id is, in practice, that of the newest redo record, and the point stays a few records from the end.
 *
 * <p>A record without an RS_ID can only be placed by counting, so when no handed-on record had one ({@code newest}
 * null) the point is the count {@code handedOn} alone; positions of split serializer versions 1 and 2 are such
 * counts and restore as they did then.
 *
 * <p>{@code handedOn} is also the index of the next record handed on: numbering continues from the checkpoint, so
 * the records before and after a resume are numbered as one sequence whatever the re-read holds before the point.
 *
 * @param handedOn    records handed on so far (emitted, or dropped above the maximum SCN)
 * @param newest      the greatest (RS_ID, SSN) among them, or null for a count
 * @param sinceNewest records handed on after the first that carried {@code newest}; 0 for a count
 */
public record ResumePoint(long handedOn, RowChangeId newest, long sinceNewest) {

    /** Nothing read yet. */
    public static final ResumePoint START = afterRecords(0);

    public ResumePoint {
        boolean valid = newest == null
                ? handedOn >= 0 && sinceNewest == 0
                : sinceNewest >= 0 && sinceNewest < handedOn;
        if (!valid) {
            throw new IllegalArgumentException("inconsistent resume point: " + handedOn + " handed on, newest "
                    + newest + ", " + sinceNewest + " since its first record");
        }
    }

    /** The point after the first {@code count} records, placed by counting. */
    public static ResumePoint afterRecords(long count) {
        return new ResumePoint(count, null, 0);
    }

    /** True before the first record. */
    public boolean isStart() {
        return handedOn == 0;
    }

    /** True when the point is a count of records (see the class comment). */
    public boolean isCount() {
        return newest == null;
    }

    /** The point after {@code record} too. */
    public ResumePoint after(RedoRecord record) {
        RowChangeId id = record.rowChangeId();
        if (id != null && (newest == null || id.compareTo(newest) > 0)) {
            return new ResumePoint(handedOn + 1, id, 0);
        }
        return new ResumePoint(handedOn + 1, newest, newest == null ? 0 : sinceNewest + 1);
    }

    /** "after record 17 (the first with RS_ID '0x0002a7.000013f5.00e8' SSN 0, the greatest id, then 2 more)". */
    @Override
    public String toString() {
        if (newest == null) {
            return "after the first " + handedOn + " records (counted)";
        }
        return "after record " + (handedOn - 1) + " (the first with " + newest + ", the greatest id handed on, then "
                + sinceNewest + " more)";
    }
}
