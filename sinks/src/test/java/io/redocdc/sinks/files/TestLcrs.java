package io.redocdc.sinks.files;

import io.redocdc.operators.lcr.ColumnValue;
import io.redocdc.operators.lcr.Lcr;
import io.redocdc.operators.lcr.LcrCommand;
import io.redocdc.operators.lcr.Position;

/** Builds LCRs for tests: one transaction per commit SCN, positions strictly increasing. */
final class TestLcrs {

    static final String DB = "ORCL";
    static final String OWNER = "OE";
    static final String TABLE = "ORDERS";

    private TestLcrs() {
    }

    static ColumnValue str(String name, String text) {
        return ColumnValue.ofString(name, text);
    }

    static ColumnValue nul(String name) {
        return ColumnValue.ofNull(name);
    }

    static ColumnValue[] image(ColumnValue... values) {
        return values;
    }

    static Lcr insert(long commitScn, int ordinal, int size, long scn, ColumnValue... after) {
        return row(LcrCommand.INSERT, commitScn, ordinal, size, scn, new ColumnValue[0], after);
    }

    static Lcr update(long commitScn, int ordinal, int size, long scn, ColumnValue[] before, ColumnValue[] after) {
        return row(LcrCommand.UPDATE, commitScn, ordinal, size, scn, before, after);
    }

    static Lcr delete(long commitScn, int ordinal, int size, long scn, ColumnValue... before) {
        return row(LcrCommand.DELETE, commitScn, ordinal, size, scn, before, new ColumnValue[0]);
    }

    static Lcr row(LcrCommand command, long commitScn, int ordinal, int size, long scn,
                   ColumnValue[] before, ColumnValue[] after) {
        return new Lcr(DB, null, OWNER, TABLE, command, xid(commitScn), scn, commitScn, 1,
                " 0x0002a7.000013f5.00e8 ", 0, "2026-01-01 10:00:00", before, after, null,
                ordinal, ordinal == size - 1, position(commitScn, ordinal, scn));
    }

    /** {@code lcr} from the redo of PDB {@code container}. */
    static Lcr inContainer(Lcr lcr, String container) {
        return new Lcr(lcr.sourceDatabase(), container, lcr.owner(), lcr.table(), lcr.command(), lcr.xid(), lcr.scn(),
                lcr.commitScn(), lcr.thread(), lcr.rsId(), lcr.ssn(), lcr.sourceTime(), lcr.oldValues(),
                lcr.newValues(), lcr.ddlText(), lcr.ordinal(), lcr.lastInTransaction(), lcr.position());
    }

    static Lcr ddl(long commitScn, long scn, String ddlText) {
        return new Lcr(DB, null, OWNER, TABLE, LcrCommand.DDL, xid(commitScn), scn, commitScn, 1,
                " 0x0002a8.00000010.0010 ", 0, "2026-01-01 10:05:00", new ColumnValue[0], new ColumnValue[0],
                ddlText, 0, true, position(commitScn, 0, scn));
    }

    static String position(long commitScn, int ordinal, long scn) {
        return Position.of(commitScn, 1, 42, commitScn, ordinal, scn).toHex();
    }

    /** A distinct XID per transaction, shaped like LogMiner's 16 hex digits. */
    static String xid(long commitScn) {
        return String.format("0A000C00%08X", commitScn);
    }
}
