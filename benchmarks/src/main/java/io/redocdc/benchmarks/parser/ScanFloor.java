package io.redocdc.benchmarks.parser;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The least any SQL_REDO parser must do for Debezium's short Dml shapes, as a floor to measure the parsers
 * against: one pass over the characters finding the double-quoted names and single-quoted values (with
 * {@code String.indexOf}, which skips other characters in vector steps; a doubled quote is still noticed), a
 * string per owner, table, column name and value, and the arrays that hold them. No keyword is checked, nothing
 * is validated, no value object is built: it is not a parser, only the cost of reading the text and allocating
 * what a parser has to hand out. (A first version stepping through every character with charAt was slower
 * than our parser, so no floor.)
 */
final class ScanFloor {

    /** What the scan found: names and values in text order (an UPDATE's SET and WHERE names both). */
    record Scanned(String owner, String table, String[] names, int nameCount, String[] values, int valueCount) {
    }

    private ScanFloor() {
    }

    static Scanned scan(String sql) {
        String owner = null;
        String table = null;
        String[] names = new String[16];
        String[] values = new String[16];
        int nameCount = 0;
        int valueCount = 0;
        int length = sql.length();
        // the next " and the next ', each found with String.indexOf (vectorized), as the fastest parser would
        int name = sql.indexOf('"');
        int value = sql.indexOf('\'');
        while (name >= 0 || value >= 0) {
            if (name >= 0 && (value < 0 || name < value)) {
                int close = sql.indexOf('"', name + 1);
                String text = sql.substring(name + 1, close);
                if (owner == null) {
                    owner = text;
                } else if (table == null) {
                    table = text;
                } else {
                    if (nameCount == names.length) {
                        names = Arrays.copyOf(names, nameCount * 2);
                    }
                    names[nameCount++] = text;
                }
                name = sql.indexOf('"', close + 1);
                if (value >= 0 && value < close) {
                    value = sql.indexOf('\'', close + 1);
                }
            } else {
                int close = sql.indexOf('\'', value + 1);
                while (close + 1 < length && sql.charAt(close + 1) == '\'') {
                    close = sql.indexOf('\'', close + 2); // the Dml shapes hold no doubled quote: never taken
                }
                if (valueCount == values.length) {
                    values = Arrays.copyOf(values, valueCount * 2);
                }
                values[valueCount++] = sql.substring(value + 1, close);
                value = sql.indexOf('\'', close + 1);
                if (name >= 0 && name < close) {
                    name = sql.indexOf('"', close + 1);
                }
            }
        }
        return new Scanned(owner, table, names, nameCount, values, valueCount);
    }

    /** Fails unless the scan found the shape's table, names and values (so the floor is not timed reading less). */
    static void check(Scanned scanned, Shape shape) {
        List<String> names = new ArrayList<>(shape.values().keySet());
        names.addAll(shape.where().keySet());
        List<String> values = new ArrayList<>(shape.values().values());
        values.addAll(shape.where().values());
        if (!shape.owner().equals(scanned.owner()) || !shape.table().equals(scanned.table())
                || !names.equals(Arrays.asList(scanned.names()).subList(0, scanned.nameCount()))
                || !values.equals(Arrays.asList(scanned.values()).subList(0, scanned.valueCount()))) {
            throw new IllegalStateException("the scan floor misread " + shape.sql());
        }
    }
}
