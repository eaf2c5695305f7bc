package io.redocdc.tools.simulate;

import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * Which rows name each parent row through a foreign key, committed or not, so that the workload keeps the
 * schema's foreign keys in commit order as Oracle enforces them. A child row is listed from its INSERT until its
 * DELETE commits or its INSERT is rolled back: while another transaction's uncommitted DELETE of it could still
 * roll back, it still names its parent. Foreign key columns are never updated, so a row names the same parents
 * all its life. Sets keep insertion order: the simulation stays deterministic.
 */
final class References {

    /** A row naming a parent, and its table. */
    record Child(TableModel table, ModelRow row) {
    }

    private final Map<String, Set<Child>> byParent = new HashMap<>();

    /** A row was inserted (by a transaction still open). */
    void inserted(TableModel table, ModelRow row) {
        for (TableDef.ForeignKey fk : table.def().foreignKeys()) {
            byParent.computeIfAbsent(parentKey(fk.parent(), row.values[table.def().indexOf(fk.column())]),
                    key -> new LinkedHashSet<>()).add(new Child(table, row));
        }
    }

    /** A row's DELETE committed, or its INSERT was rolled back: it names nothing any more. */
    void gone(TableModel table, ModelRow row) {
        for (TableDef.ForeignKey fk : table.def().foreignKeys()) {
            String key = parentKey(fk.parent(), row.values[table.def().indexOf(fk.column())]);
            Set<Child> children = byParent.get(key);
            if (children != null && children.remove(new Child(table, row)) && children.isEmpty()) {
                byParent.remove(key);
            }
        }
    }

    /** The rows naming the parent row with primary key {@code id} (possibly deleted by an open transaction). */
    Set<Child> children(TableDef parent, String id) {
        return byParent.getOrDefault(parentKey(parent, id), Set.of());
    }

    private static String parentKey(TableDef parent, String id) {
        return parent.qualifiedName() + '#' + id;
    }
}
