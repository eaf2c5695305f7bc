package io.redocdc.tools.simulate;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The current rows of one simulated table, including uncommitted changes (rows an open transaction changed stay
 * locked by it, so no other transaction touches them until it ends). Rows are kept in a list so a random row
 * can be drawn deterministically.
 */
final class TableModel {

    private static final int PICK_ATTEMPTS = 6;

    private final TableDef def;
    private final List<ModelRow> rows = new ArrayList<>();
    private long nextId = 1;
    private long storedRows;

    TableModel(TableDef def) {
        this.def = def;
    }

    TableDef def() {
        return def;
    }

    /** The next value of the table's sequence (rolled-back inserts use up values, as sequences do). */
    long nextId() {
        return nextId++;
    }

    /** Stores a new row at a fresh ROWID. */
    ModelRow insert(String[] values) {
        ModelRow row = new ModelRow(RowIds.nth(def, storedRows++), values);
        add(row);
        return row;
    }

    /** Puts back a row a rollback un-deletes. */
    void add(ModelRow row) {
        row.index = rows.size();
        rows.add(row);
    }

    void remove(ModelRow row) {
        ModelRow last = rows.remove(rows.size() - 1);
        if (last != row) {
            rows.set(row.index, last);
            last.index = row.index;
        }
        row.index = -1;
    }

    /** A random row that no other transaction holds, or null when none was found quickly. */
    ModelRow pickUnlocked(SplittableRandom random, OpenTransaction tx) {
        for (int attempt = 0; attempt < PICK_ATTEMPTS && !rows.isEmpty(); attempt++) {
            ModelRow row = rows.get(random.nextInt(rows.size()));
            if (row.lockedBy == null || row.lockedBy == tx) {
                return row;
            }
        }
        return null;
    }

    /** A random row no transaction holds, or null when none was found quickly. */
    ModelRow pickFree(SplittableRandom random) {
        return pickUnlocked(random, null);
    }

    /** A random row's values (possibly uncommitted: only used to make plausible references), or null. */
    String[] peek(SplittableRandom random) {
        return rows.isEmpty() ? null : rows.get(random.nextInt(rows.size())).values;
    }

    /** The rows ordered by primary key (all simulated keys are numbers). */
    List<String[]> rowsByKey() {
        int[] keys = def.keyIndexes();
        Comparator<String[]> byKey = (a, b) -> {
            for (int k : keys) {
                int c = new BigDecimal(a[k]).compareTo(new BigDecimal(b[k]));
                if (c != 0) {
                    return c;
                }
            }
            return 0;
        };
        return rows.stream().map(r -> r.values).sorted(byKey).toList();
    }
}
