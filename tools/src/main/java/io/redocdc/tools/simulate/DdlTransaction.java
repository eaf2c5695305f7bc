package io.redocdc.tools.simulate;

import java.io.IOException;
import java.util.SplittableRandom;

/**
 * A DDL transaction of the captured schema (START, DDL row with code 5, COMMIT): creates audit tables
 * {@code "OE"."AUDIT_n"} and adds columns to them. No DML touches these tables, so the captured tables' shapes
 * never change under the workload.
 */
final class DdlTransaction implements TransactionDriver {

    /** What the DDL transactions created so far, shared by all of them. */
    static final class AuditTables {
        private int created;
        private int addedColumns;
    }

    private static final long FIRST_AUDIT_OBJ = 73700;

    private final Simulation sim;
    private final int thread;
    private final AuditTables audit;

    DdlTransaction(Simulation sim, int thread, AuditTables audit) {
        this.sim = sim;
        this.thread = thread;
        this.audit = audit;
    }

    @Override
    public double step(double now) throws IOException {
        SplittableRandom random = sim.random();
        int table;
        String text;
        if (audit.created == 0 || random.nextBoolean()) {
            table = ++audit.created;
            text = "create table \"OE\".\"AUDIT_" + table + "\" (\"AUDIT_ID\" NUMBER(12) not null, \"EVENT\" "
                    + "VARCHAR2(100), \"CREATED_AT\" TIMESTAMP(6), constraint \"AUDIT_" + table
                    + "_PK\" primary key (\"AUDIT_ID\"))";
        } else {
            table = 1 + random.nextInt(audit.created);
            text = "alter table \"OE\".\"AUDIT_" + table + "\" add (\"NOTE_" + ++audit.addedColumns
                    + "\" VARCHAR2(200))";
        }
        String name = "AUDIT_" + table;
        OpenTransaction tx = sim.open(thread);
        sim.redo().ddl(tx, OrderEntrySchema.OWNER, name, FIRST_AUDIT_OBJ + 2L * table, text);
        tx.changes.add(ChangeJson.ddl(OrderEntrySchema.OWNER + "." + name, text));
        sim.rows().commit(tx);
        return DONE;
    }
}
