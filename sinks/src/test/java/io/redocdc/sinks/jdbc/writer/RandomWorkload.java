package io.redocdc.sinks.jdbc.writer;

import static io.redocdc.sinks.jdbc.testing.Transactions.nul;
import static io.redocdc.sinks.jdbc.testing.Transactions.v;

import io.redocdc.operators.lcr.ColumnValue;
import io.redocdc.operators.lcr.Lcr;
import io.redocdc.sinks.jdbc.dialect.JdbcDialect;
import io.redocdc.sinks.jdbc.testing.Transactions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

/**
 * Random transactions on three tables, with the rows and error-queue entries that applying them in order must
 * give: A (key ID, conflict policy error), B (key ID, policy overwrite) and C (no key; IDs kept unique). They
 * insert, update values and keys, delete and re-insert the same keys; a few carry a conflicting statement,
 * which sends a transaction on A or C to the error table whole and is resolved in place on B. With follow-ups,
 * a row just written is often updated again right away (before image equal to its after image) or with a stale
 * before image (a conflict), so that groups hold insert-then-update and update-then-update of one row.
 */
final class RandomWorkload {

    static final List<String> TABLES = List.of("A", "B", "C");
    private static final int KEYS = 12;
    private static final String[] VALUES = {"x1", "x2", "x3", null};

    final List<List<Lcr>> transactions = new ArrayList<>();
    /** Expected rows by table, each "ID|V" (A, C) or "ID|V|W" (B), ordered by ID. */
    final Map<String, List<String>> expectedRows = new TreeMap<>();
    /** Expected REDO_CDC_ERRORS rows, "POSITION|ORDINAL|COMMAND" in order. */
    final List<String> expectedErrors = new ArrayList<>();

    private final Random random;
    private Map<String, TreeMap<Integer, String[]>> state = new TreeMap<>();
    private Map<String, TreeMap<Integer, String[]>> working;
    private boolean failing;
    private boolean followUps;

    private RandomWorkload(long seed) {
        this.random = new Random(seed);
        TABLES.forEach(table -> state.put(table, new TreeMap<>()));
    }

    static RandomWorkload generate(long seed, int transactionCount) {
        return generate(seed, transactionCount, false);
    }

    /** With {@code sameRowFollowUps}, a third of the statements are followed by an UPDATE of the same row. */
    static RandomWorkload generate(long seed, int transactionCount, boolean sameRowFollowUps) {
        RandomWorkload workload = new RandomWorkload(seed);
        workload.followUps = sameRowFollowUps;
        for (int t = 1; t <= transactionCount; t++) {
            workload.transaction(t * 100L);
        }
        workload.state.forEach((table, rows) -> workload.expectedRows.put(table,
                rows.entrySet().stream().map(e -> e.getKey() + "|" + String.join("|",
                        Arrays.stream(e.getValue()).map(String::valueOf).toList())).toList()));
        return workload;
    }

    static String ddl(String table, JdbcDialect dialect) {
        String key = table.equals("C") ? "" : " PRIMARY KEY";
        String extra = table.equals("B") ? ", \"W\" " + dialect.varcharType(20) : "";
        return "CREATE TABLE \"" + table + "\" (\"ID\" " + dialect.numberType() + "(10)" + key + ", \"V\" "
                + dialect.varcharType(20) + extra + ")";
    }

    private void transaction(long commitScn) {
        working = new TreeMap<>();
        state.forEach((table, rows) -> working.put(table, copy(rows)));
        failing = false;
        Transactions txn = Transactions.txn(commitScn);
        int operations = 1 + random.nextInt(5);
        int conflictAt = random.nextInt(100) < 8 ? random.nextInt(operations) : -1;
        for (int i = 0; i < operations; i++) {
            String table = TABLES.get(random.nextInt(TABLES.size()));
            if (i == conflictAt) {
                conflict(txn, table);
            } else {
                Integer written = operation(txn, table);
                if (followUps && written != null && random.nextInt(3) == 0) {
                    followUp(txn, table, written);
                }
            }
        }
        List<Lcr> built = txn.build();
        transactions.add(built);
        if (failing) {
            String position = built.get(built.size() - 1).position();
            built.forEach(lcr -> expectedErrors.add(position + "|" + lcr.ordinal() + "|" + lcr.command()));
        } else {
            state = working;
        }
    }

    /** Another UPDATE of the row just written: mostly from its current image, sometimes from a stale one. */
    private void followUp(Transactions txn, String table, int key) {
        TreeMap<Integer, String[]> rows = working.get(table);
        String[] current = rows.get(key);
        String[] values = newValues(table);
        if (random.nextInt(4) > 0) {
            update(txn, table, key, current, key, values);
            return;
        }
        String[] stale = current.clone();
        stale[stale.length - 1] = "stale";
        txn.update(table, image(key, stale), image(key, values));
        if (table.equals("B")) {
            rows.put(key, values); // overwrite: the new image is upserted
        } else {
            failing = true;
        }
    }

    /** One random statement; returns the key of the row it leaves written (null: it deleted one). */
    private Integer operation(Transactions txn, String table) {
        TreeMap<Integer, String[]> rows = working.get(table);
        int choice = rows.isEmpty() ? 0 : random.nextInt(4);
        Integer existing = rows.isEmpty() ? null : pick(rows);
        Integer free = freeKey(rows);
        if (free == null && choice < 2) {
            choice = 2; // every key taken: delete one
        }
        switch (choice) {
            case 0 -> {
                insert(txn, table, free, newValues(table));
                return free;
            }
            case 1 -> { // key update, with or without a value change
                String[] values = random.nextBoolean() ? newValues(table) : rows.get(existing);
                update(txn, table, existing, rows.get(existing), free, values);
                return free;
            }
            case 2 -> {
                txn.delete(table, image(existing, rows.get(existing)));
                rows.remove(existing);
                return null;
            }
            default -> {
                update(txn, table, existing, rows.get(existing), existing, newValues(table));
                return existing;
            }
        }
    }

    /** A statement that conflicts in order: the table's policy decides what happens to it. */
    private void conflict(Transactions txn, String table) {
        TreeMap<Integer, String[]> rows = working.get(table);
        Integer free = freeKey(rows);
        if (!rows.isEmpty() && (free == null || random.nextBoolean())) {
            Integer existing = pick(rows);
            String[] stale = rows.get(existing).clone();
            stale[0] = "stale";
            String[] values = newValues(table);
            txn.update(table, image(existing, stale), image(existing, values));
            if (table.equals("B")) {
                rows.put(existing, values); // overwrite: the new image is upserted
            } else {
                failing = true;
            }
            return;
        }
        if (table.equals("B")) {
            txn.delete(table, image(free, newValues(table))); // overwrite: deleting nothing by key is fine
        } else {
            txn.update(table, image(free, newValues(table)), image(free, newValues(table)));
            failing = true;
        }
    }

    private void insert(Transactions txn, String table, int key, String[] values) {
        txn.insert(table, image(key, values));
        working.get(table).put(key, values);
    }

    private void update(Transactions txn, String table, int oldKey, String[] oldValues, int newKey,
                        String[] newValues) {
        txn.update(table, image(oldKey, oldValues), image(newKey, newValues));
        working.get(table).remove(oldKey);
        working.get(table).put(newKey, newValues);
    }

    private Integer pick(TreeMap<Integer, String[]> rows) {
        List<Integer> keys = new ArrayList<>(rows.keySet());
        return keys.get(random.nextInt(keys.size()));
    }

    private Integer freeKey(TreeMap<Integer, String[]> rows) {
        List<Integer> free = new ArrayList<>();
        for (int key = 1; key <= KEYS; key++) {
            if (!rows.containsKey(key)) {
                free.add(key);
            }
        }
        return free.isEmpty() ? null : free.get(random.nextInt(free.size()));
    }

    private String[] newValues(String table) {
        String[] values = new String[table.equals("B") ? 2 : 1];
        for (int i = 0; i < values.length; i++) {
            values[i] = VALUES[random.nextInt(VALUES.length)];
        }
        return values;
    }

    private static ColumnValue[] image(int key, String[] values) {
        String[] names = {"V", "W"};
        ColumnValue[] image = new ColumnValue[values.length + 1];
        image[0] = v("ID", String.valueOf(key));
        for (int i = 0; i < values.length; i++) {
            image[i + 1] = values[i] == null ? nul(names[i]) : v(names[i], values[i]);
        }
        return image;
    }

    private static TreeMap<Integer, String[]> copy(TreeMap<Integer, String[]> rows) {
        TreeMap<Integer, String[]> copy = new TreeMap<>();
        rows.forEach((key, values) -> copy.put(key, values.clone()));
        return copy;
    }
}
