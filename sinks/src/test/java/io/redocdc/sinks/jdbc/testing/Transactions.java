package io.redocdc.sinks.jdbc.testing;

import io.redocdc.operators.lcr.ColumnValue;
import io.redocdc.operators.lcr.Lcr;
import io.redocdc.operators.lcr.LcrCommand;
import io.redocdc.operators.lcr.Position;
import io.redocdc.operators.lcr.ValueKind;
import java.util.ArrayList;
import java.util.List;

/** Builds committed transactions of LCRs for tests: ordinals, last flags and increasing positions. */
public final class Transactions {

    public static final String OWNER = "OE";

    private final long commitScn;
    private final List<Lcr> lcrs = new ArrayList<>();

    private Transactions(long commitScn) {
        this.commitScn = commitScn;
    }

    /** A transaction committed at {@code commitScn}; its XID is derived from it. */
    public static Transactions txn(long commitScn) {
        return new Transactions(commitScn);
    }

    public static ColumnValue v(String name, String text) {
        return ColumnValue.ofString(name, text);
    }

    public static ColumnValue nul(String name) {
        return ColumnValue.ofNull(name);
    }

    public static ColumnValue typed(String name, ValueKind kind, String text) {
        return new ColumnValue(name, kind, text);
    }

    public static ColumnValue[] image(ColumnValue... values) {
        return values;
    }

    public static String xid(long commitScn) {
        return String.format("0A000C00%08X", commitScn);
    }

    public Transactions insert(String table, ColumnValue... after) {
        return row(LcrCommand.INSERT, table, new ColumnValue[0], after, null);
    }

    public Transactions update(String table, ColumnValue[] before, ColumnValue[] after) {
        return row(LcrCommand.UPDATE, table, before, after, null);
    }

    public Transactions delete(String table, ColumnValue... before) {
        return row(LcrCommand.DELETE, table, before, new ColumnValue[0], null);
    }

    public Transactions ddl(String table, String text) {
        return row(LcrCommand.DDL, table, new ColumnValue[0], new ColumnValue[0], text);
    }

    public List<Lcr> build() {
        List<Lcr> built = new ArrayList<>(lcrs);
        built.set(built.size() - 1, built.get(built.size() - 1).asLast());
        return built;
    }

    private Transactions row(LcrCommand command, String table, ColumnValue[] before, ColumnValue[] after, String ddl) {
        int ordinal = lcrs.size();
        long scn = commitScn - 10 + ordinal;
        lcrs.add(new Lcr("ORCL", null, OWNER, table, command, xid(commitScn), scn, commitScn, 1, " 0x0002a7.000013f5.00e8 ",
                0, "2026-01-01 10:00:00", before, after, ddl, ordinal, false,
                Position.of(commitScn, 1, 42, commitScn, ordinal, scn).toHex()));
        return this;
    }
}
