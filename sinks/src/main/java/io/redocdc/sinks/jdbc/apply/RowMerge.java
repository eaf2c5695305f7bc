package io.redocdc.sinks.jdbc.apply;

import io.redocdc.operators.lcr.ColumnValue;
import io.redocdc.operators.lcr.LcrCommand;
import io.redocdc.sinks.jdbc.target.MappedRow;
import io.redocdc.sinks.jdbc.target.MappedValue;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Merges an UPDATE into the statement of the same target row still pending before it, only where running the
 * merged statement provably leaves the row as running both would, and detects the same conflicts: the UPDATE's
 * before image must equal the pending statement's after image in every column, so its WHERE clause matches
 * what the pending statement writes by construction.
 * <ul>
 * <li>pending INSERT: the INSERT takes the UPDATE's after image (same column list, so the same statement).</li>
 * <li>pending UPDATE of the same statement shape (SET columns, null mask of the WHERE): it keeps its WHERE
 * (its before image) and sets the second UPDATE's new values.</li>
 * </ul>
 * Nothing else merges. The caller checks that both write the same target rows (keys) and that the table's
 * conflict policy is error.
 */
final class RowMerge {

    private RowMerge() {
    }

    /** The statement replacing {@code pending} and {@code update}, or null when they do not merge provably. */
    static RowStatement of(RowStatement pending, RowStatement update) {
        if (update.command() != LcrCommand.UPDATE || !pending.row().table().equals(update.row().table())
                || !sameImage(update.row().oldValues(), pending.row().newValues())) {
            return null;
        }
        return switch (pending.command()) {
            case INSERT -> intoInsert(pending, update);
            case UPDATE -> pending.sql().equals(update.sql()) ? intoUpdate(pending, update) : null;
            default -> null;
        };
    }

    private static RowStatement intoInsert(RowStatement insert, RowStatement update) {
        List<MappedValue> after = update.row().newValues();
        if (after.size() != insert.binds().size()) {
            return null;
        }
        Map<String, MappedValue> byName = byName(after);
        List<MappedValue> values = new ArrayList<>(after.size());
        for (MappedValue column : insert.binds()) {
            MappedValue value = byName.get(column.name());
            if (value == null) {
                return null; // another column list would be another statement
            }
            values.add(value);
        }
        MappedRow row = new MappedRow(insert.row().lcr(), insert.row().metadata(), List.of(), values);
        return new RowStatement(row, insert.sql(), values);
    }

    private static RowStatement intoUpdate(RowStatement first, RowStatement second) {
        // same SQL: the same SET columns in the same order, then as many WHERE values
        int setCount = first.binds().size() - RowStatement.whereBindCount(first.row());
        if (setCount <= 0 || second.binds().size() != first.binds().size()) {
            return null;
        }
        List<MappedValue> binds = new ArrayList<>(second.binds().subList(0, setCount));
        binds.addAll(first.binds().subList(setCount, first.binds().size()));
        MappedRow row = new MappedRow(first.row().lcr(), first.row().metadata(), first.row().oldValues(),
                second.row().newValues());
        return new RowStatement(row, first.sql(), binds);
    }

    /** Same columns, each with the same canonical value (kind and text; nulls equal nulls). */
    static boolean sameImage(List<MappedValue> a, List<MappedValue> b) {
        if (a.size() != b.size()) {
            return false;
        }
        Map<String, MappedValue> bByName = byName(b);
        if (bByName.size() != b.size()) {
            return false;
        }
        for (MappedValue value : a) {
            MappedValue other = bByName.get(value.name());
            if (other == null || !sameValue(value.value(), other.value())) {
                return false;
            }
        }
        return true;
    }

    private static boolean sameValue(ColumnValue a, ColumnValue b) {
        if (a.isNull() || b.isNull()) {
            return a.isNull() && b.isNull();
        }
        return a.kind() == b.kind() && Objects.equals(a.text(), b.text());
    }

    private static Map<String, MappedValue> byName(List<MappedValue> values) {
        Map<String, MappedValue> byName = new HashMap<>();
        values.forEach(value -> byName.put(value.name(), value));
        return byName;
    }
}
