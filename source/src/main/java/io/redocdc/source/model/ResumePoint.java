package io.redocdc.source.model;

/**
 * How far a reader got in one log: a place in the log named by Oracle's row-change ids rather than by a row count,
 * so that a re-read which returns more or fewer rows before that place (mined under another dictionary state or
 * filter, CSF rows split differently) still resumes right after the last record handed on.
 *
 * <p>The rule. {@code last} is the (RS_ID, SSN) of the last handed-on record that had an RS_ID, and {@code lastRun}
 * how many handed-on records in a row carried it: one redo record can yield several records with the same RS_ID and
 * SSN, one after the other (an array DELETE does: every row gets the same RS_ID and SSN 0, as observed on Oracle
 * Free in redpanda-data/connect pull request 4826, which also saw rows without RS_ID for LOB-only changes). Records without an RS_ID neither count in nor break a run;
 * {@code sinceLast} counts those handed on after {@code last}. To resume, read the log from its start up to the
 * {@code lastRun}-th record of the first run of {@code last}, then pass {@code sinceLast} more records, each of which
 * must lack an RS_ID. A record without an RS_ID can only be placed by counting, so when no handed-on record had one
 * ({@code last} null) the point is the count {@code handedOn} alone; positions of split serializer versions 1 and 2
 * are such counts and restore as they did then.
 *
 * <p>{@code handedOn} is also the index of the next record handed on: numbering continues from the checkpoint, so
 * the records before and after a resume are numbered as one sequence whatever the re-read holds before the point.
 *
 * @param handedOn  records handed on so far (emitted, or dropped above the maximum SCN)
 * @param last      (RS_ID, SSN) of the last handed-on record that had an RS_ID, or null for a count
 * @param lastRun   handed-on records in a row carrying {@code last}; 0 for a count
 * @param sinceLast records without RS_ID handed on after {@code last}; 0 for a count
 */
public record ResumePoint(long handedOn, RowChangeId last, long lastRun, long sinceLast) {

    /** Nothing read yet. */
    public static final ResumePoint START = afterRecords(0);

    public ResumePoint {
        boolean valid = last == null
                ? handedOn >= 0 && lastRun == 0 && sinceLast == 0
                : lastRun >= 1 && sinceLast >= 0 && lastRun + sinceLast <= handedOn;
        if (!valid) {
            throw new IllegalArgumentException("inconsistent resume point: " + handedOn + " handed on, last " + last
                    + ", run " + lastRun + ", " + sinceLast + " since");
        }
    }

    /** The point after the first {@code count} records, placed by counting. */
    public static ResumePoint afterRecords(long count) {
        return new ResumePoint(count, null, 0, 0);
    }

    /** True before the first record. */
    public boolean isStart() {
        return handedOn == 0;
    }

    /** True when the point is a count of records (see the class comment). */
    public boolean isCount() {
        return last == null;
    }

    /** The point after {@code record} too. */
    public ResumePoint after(RedoRecord record) {
        RowChangeId id = record.rowChangeId();
        if (id == null) {
            return new ResumePoint(handedOn + 1, last, lastRun, last == null ? 0 : sinceLast + 1);
        }
        return new ResumePoint(handedOn + 1, id, id.equals(last) ? lastRun + 1 : 1, 0);
    }

    /** "after record 17 (RS_ID '0x0002a7.000013f5.00e8' SSN 0, 2nd in a row, then 1 without RS_ID)". */
    @Override
    public String toString() {
        if (last == null) {
            return "after the first " + handedOn + " records (counted)";
        }
        return "after record " + (handedOn - 1) + " (" + last + ", number " + lastRun + " in a row with that id, then "
                + sinceLast + " without RS_ID)";
    }
}
