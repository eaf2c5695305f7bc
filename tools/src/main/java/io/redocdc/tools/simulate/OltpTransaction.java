package io.redocdc.tools.simulate;

import io.redocdc.tools.simulate.OpenTransaction.Savepoint;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.SplittableRandom;

/**
 * An order-entry transaction: a short script of actions (new order with its lines, ship, customer and product
 * maintenance, clean-up, or a random mix; long transactions are a long mix) executed one step at a time against
 * the live model, so it interleaves with the other open transactions. It may roll back to a savepoint and go
 * on, and ends with COMMIT or (now and then) ROLLBACK. A share of them also write documents (LOB statements, see
 * {@link DocumentStatements}, in one LOB row shape per transaction); those never roll back fully, and roll back to
 * a savepoint in the 23ai shape only.
 */
final class OltpTransaction implements TransactionDriver {

    private enum Kind {
        INSERT, UPDATE, DELETE, NEW_ORDER, ORDER_LINE, ORDER_TOTAL, SAVEPOINT, ROLLBACK_TO_SAVEPOINT, DOCUMENT
    }

    private record Action(Kind kind, TableModel table) {
    }

    private final Simulation sim;
    private final SplittableRandom random;
    private final Database db;
    private final OpenTransaction tx;
    private final Deque<Action> script;
    private final boolean rollsBack;
    private final DocumentStatements.Shape lobShape;
    private final double meanGap;
    private Savepoint savepoint;
    private ModelRow ownOrder;
    private int lines;
    private BigDecimal orderTotal = BigDecimal.ZERO;

    private OltpTransaction(Simulation sim, int thread, List<Action> script, boolean rollsBack, double duration) {
        this.sim = sim;
        this.random = sim.random();
        this.db = sim.db();
        this.tx = sim.open(thread);
        this.script = new ArrayDeque<>(script);
        this.rollsBack = rollsBack;
        this.lobShape = script.stream().anyMatch(a -> a.kind() == Kind.DOCUMENT) ? lobShape(script) : null;
        this.meanGap = duration / (script.size() + 1);
    }

    /** An ordinary short transaction. */
    static OltpTransaction ordinary(Simulation sim, int thread, double duration) {
        SplittableRandom random = sim.random();
        Database db = sim.db();
        List<Action> script = new ArrayList<>();
        int template = random.nextInt(100);
        if (template < 40) {
            script.add(new Action(Kind.NEW_ORDER, db.orders));
            for (int i = 1 + random.nextInt(4); i > 0; i--) {
                script.add(new Action(Kind.ORDER_LINE, db.orderItems));
            }
            script.add(new Action(Kind.ORDER_TOTAL, db.orders));
        } else if (template < 60) {
            repeat(script, 1 + random.nextInt(2), Kind.UPDATE, db.orders);
            if (random.nextBoolean()) {
                script.add(new Action(Kind.UPDATE, db.orderItems));
            }
        } else if (template < 75) {
            script.add(new Action(random.nextBoolean() ? Kind.INSERT : Kind.UPDATE, db.customers));
            if (random.nextBoolean()) {
                script.add(new Action(Kind.UPDATE, db.customers));
            }
        } else if (template < 85) {
            if (random.nextInt(10) < 4) {
                script.add(new Action(Kind.INSERT, db.products));
            } else {
                repeat(script, 1 + random.nextInt(3), Kind.UPDATE, db.products);
            }
        } else if (template < 93) {
            repeat(script, 1 + random.nextInt(3), Kind.DELETE, db.orderItems);
            if (random.nextInt(10) < 3) {
                script.add(new Action(Kind.DELETE, db.orders));
            }
            if (random.nextInt(10) == 0) {
                script.add(new Action(Kind.DELETE, db.customers));
            }
        } else {
            for (int i = 3 + random.nextInt(8); i > 0; i--) {
                script.add(randomAction(random, db));
            }
        }
        double lobRatio = sim.settings().lobRatio();
        // no random draw when disabled, so a run without LOBs is the workload it was before they existed
        boolean documents = lobRatio > 0 && random.nextDouble() < lobRatio;
        if (documents) {
            addDocuments(script, random, 1 + random.nextInt(3));
            if (random.nextDouble() < sim.settings().savepointRatio()) {
                addSavepoint(script, random, db);
            }
            return new OltpTransaction(sim, thread, script, false, duration);
        }
        if (random.nextDouble() < sim.settings().savepointRatio()) {
            addSavepoint(script, random, db);
        }
        boolean rollsBack = random.nextDouble() < sim.settings().rollbackRatio();
        return new OltpTransaction(sim, thread, script, rollsBack, duration);
    }

    /** A transaction of many changes that stays open for a long time and commits. */
    static OltpTransaction longRunning(Simulation sim, int thread, int changes, double duration) {
        SplittableRandom random = sim.random();
        List<Action> script = new ArrayList<>();
        for (int i = 0; i < changes; i++) {
            script.add(randomAction(random, sim.db()));
        }
        if (sim.settings().lobRatio() > 0) {
            // long LOB-writing transactions, open across many logs (and checkpoints)
            addDocuments(script, random, (int) Math.ceil(changes * sim.settings().lobRatio()));
        } else if (random.nextDouble() < sim.settings().savepointRatio()) {
            addSavepoint(script, random, sim.db());
        }
        return new OltpTransaction(sim, thread, script, false, duration);
    }

    /** One LOB row shape per transaction; 23ai where it rolls back to a savepoint (no 19c sequences known). */
    private DocumentStatements.Shape lobShape(List<Action> script) {
        DocumentStatements.Shape drawn = DocumentStatements.Shape.values()[random.nextInt(2)];
        return script.stream().anyMatch(a -> a.kind() == Kind.ROLLBACK_TO_SAVEPOINT)
                ? DocumentStatements.Shape.ORACLE_23AI : drawn;
    }

    private static void repeat(List<Action> script, int times, Kind kind, TableModel table) {
        for (int i = 0; i < times; i++) {
            script.add(new Action(kind, table));
        }
    }

    private static Action randomAction(SplittableRandom random, Database db) {
        TableModel table = switch (random.nextInt(4)) {
            case 0 -> db.customers;
            case 1 -> db.products;
            case 2 -> db.orders;
            default -> db.orderItems;
        };
        int kind = random.nextInt(100);
        if (kind < 40) {
            return new Action(table == db.orderItems ? Kind.ORDER_LINE : Kind.INSERT, table);
        }
        return new Action(kind < 85 ? Kind.UPDATE : Kind.DELETE, table);
    }

    /** Statements on documents at random places of the script. */
    private static void addDocuments(List<Action> script, SplittableRandom random, int count) {
        for (int i = 0; i < count; i++) {
            script.add(random.nextInt(script.size() + 1), new Action(Kind.DOCUMENT, null));
        }
    }

    /** SAVEPOINT somewhere, ROLLBACK TO SAVEPOINT at least one action later, then one more change. */
    private static void addSavepoint(List<Action> script, SplittableRandom random, Database db) {
        int at = random.nextInt(script.size());
        script.add(at, new Action(Kind.SAVEPOINT, null));
        int rollbackAt = at + 2 + random.nextInt(script.size() - at - 1);
        script.add(rollbackAt, new Action(Kind.ROLLBACK_TO_SAVEPOINT, null));
        script.add(rollbackAt + 1, new Action(Kind.INSERT, random.nextBoolean() ? db.customers : db.products));
    }

    @Override
    public double step(double now) throws IOException {
        Action action = script.poll();
        if (action == null) {
            if (rollsBack) {
                sim.rows().rollback(tx);
            } else {
                sim.rows().commit(tx);
            }
            return DONE;
        }
        execute(action);
        return now + meanGap * (0.5 + random.nextDouble());
    }

    private void execute(Action action) throws IOException {
        switch (action.kind()) {
            case INSERT -> insert(action.table());
            case UPDATE -> update(action.table());
            case DELETE -> delete(action.table());
            case NEW_ORDER -> newOrder();
            case ORDER_LINE -> orderLine();
            case ORDER_TOTAL -> orderTotal();
            case SAVEPOINT -> savepoint = tx.savepoint();
            case ROLLBACK_TO_SAVEPOINT -> sim.rows().rollbackTo(tx, savepoint);
            case DOCUMENT -> sim.documents().execute(tx, lobShape);
        }
    }

    /** A new row of the table (for ORDER_ITEMS a line of this transaction's order), naming parents it may. */
    private ModelRow insert(TableModel table) throws IOException {
        if (table == db.orderItems) {
            return orderLine();
        }
        long id = table.nextId();
        sim.sequences().nextVal(tx.thread, table.def(), id);
        return sim.rows().insert(tx, table, withParents(table.def(), sim.values().newRow(table.def(), id)));
    }

    /** Sets each foreign key column of a new row to a parent this transaction may name (see {@link #parent}). */
    private String[] withParents(TableDef def, String[] values) throws IOException {
        for (TableDef.ForeignKey fk : def.foreignKeys()) {
            values[def.indexOf(fk.column())] = parent(db.model(fk.parent())).values[fk.parent().keyIndexes()[0]];
        }
        return values;
    }

    /**
     * A parent row a new child may name so that the key holds in commit order: one that is committed and that
     * no other transaction holds, or one of this transaction's own; else a new one inserted by this transaction.
     */
    private ModelRow parent(TableModel table) throws IOException {
        ModelRow row = table.pickUnlocked(random, tx);
        return row != null ? row : insert(table);
    }

    private void update(TableModel table) throws IOException {
        ModelRow row = table.pickUnlocked(random, tx);
        if (row == null) {
            insert(table);
            return;
        }
        TableDef def = table.def();
        int[] set = settableColumns(def, 1 + random.nextInt(3));
        String[] after = row.values.clone();
        for (int c : set) {
            after[c] = sim.values().value(def.column(c));
        }
        sim.rows().update(tx, table, row, set, after);
    }

    /** Deletes a row no other row still needs (an order with its lines, deleted first); else inserts one. */
    private void delete(TableModel table) throws IOException {
        ModelRow row = table.pickUnlocked(random, tx);
        List<References.Child> children = row == null ? null : childrenToDeleteFirst(table, row);
        if (children == null) {
            insert(table);
            return;
        }
        for (References.Child child : children) {
            sim.rows().delete(tx, child.table(), child.row());
        }
        sim.rows().delete(tx, table, row);
    }

    /**
     * The rows to delete before {@code row} so that no row names it when this transaction commits: an order's
     * lines; nothing when no row names it or this transaction deleted them. Null when it must stay: a customer
     * or product that rows name, or a row naming it that another transaction holds (its uncommitted delete
     * could roll back).
     */
    private List<References.Child> childrenToDeleteFirst(TableModel table, ModelRow row) {
        List<References.Child> first = new ArrayList<>();
        for (References.Child child : db.references.children(table.def(), row.values[table.def().keyIndexes()[0]])) {
            if (child.row().lockedBy != null && child.row().lockedBy != tx) {
                return null;
            }
            if (child.row().exists()) {
                if (table != db.orders) {
                    return null;
                }
                first.add(child);
            }
        }
        return first;
    }

    private void newOrder() throws IOException {
        TableDef def = db.orders.def();
        long id = db.orders.nextId();
        sim.sequences().nextVal(tx.thread, def, id);
        String[] values = withParents(def, sim.values().newRow(def, id));
        values[def.indexOf("STATUS")] = "NEW";
        values[def.indexOf("ORDER_TOTAL")] = "0";
        values[def.indexOf("ORDER_DATE")] = sim.values().today();
        values[def.indexOf("SHIPPED_AT")] = null;
        ownOrder = sim.rows().insert(tx, db.orders, values);
        lines = 0;
        orderTotal = BigDecimal.ZERO;
    }

    private ModelRow orderLine() throws IOException {
        if (ownOrder == null || !ownOrder.exists()) {
            newOrder();
            return ownOrder;
        }
        TableDef def = db.orderItems.def();
        String[] product = parent(db.products).values;
        String productId = product[db.products.def().keyIndexes()[0]];
        String price = product[db.products.def().indexOf("PRICE")];
        int quantity = 1 + random.nextInt(9);
        String[] values = new String[def.columnCount()];
        values[def.indexOf("ORDER_ID")] = ownOrder.values[0];
        values[def.indexOf("LINE_NO")] = Integer.toString(++lines);
        values[def.indexOf("PRODUCT_ID")] = productId;
        values[def.indexOf("QUANTITY")] = Integer.toString(quantity);
        values[def.indexOf("UNIT_PRICE")] = price;
        ModelRow line = sim.rows().insert(tx, db.orderItems, values);
        orderTotal = orderTotal.add(new BigDecimal(price).multiply(BigDecimal.valueOf(quantity)));
        return line;
    }

    private void orderTotal() throws IOException {
        if (ownOrder == null || !ownOrder.exists() || ownOrder.lockedBy != tx) {
            update(db.orders);
            return;
        }
        TableDef def = db.orders.def();
        int[] set = {def.indexOf("STATUS"), def.indexOf("ORDER_TOTAL")};
        String[] after = ownOrder.values.clone();
        after[set[0]] = "PAID";
        after[set[1]] = ValueGenerator.canonical(orderTotal);
        sim.rows().update(tx, db.orders, ownOrder, set, after);
    }

    /**
     * {@code count} distinct columns an UPDATE may set (fewer if the table has fewer), in column order: neither
     * key nor foreign key columns (a row names the same parents all its life, see {@link References}).
     */
    private int[] settableColumns(TableDef def, int count) {
        List<Integer> candidates = new ArrayList<>();
        for (int i = 0; i < def.columnCount(); i++) {
            if (!def.isKey(i) && !def.isReference(i)) {
                candidates.add(i);
            }
        }
        List<Integer> chosen = new ArrayList<>();
        while (chosen.size() < count && !candidates.isEmpty()) {
            chosen.add(candidates.remove(random.nextInt(candidates.size())));
        }
        return chosen.stream().mapToInt(Integer::intValue).sorted().toArray();
    }
}
