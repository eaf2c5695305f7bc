package io.redocdc.benchmarks.parser;

import io.debezium.connector.oracle.logminer.parser.LogMinerDmlEntry;
import io.debezium.relational.Table;
import io.redocdc.operators.lcr.ColumnValue;
import io.redocdc.operators.parser.ParsedStatement;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Fails the trial when a parser does not read a shape right, so no benchmark times a parser that throws or
 * returns something else. Called from each benchmark's setup.
 */
final class ParseChecks {

    private ParseChecks() {
    }

    static void redoCdc(ParsedStatement parsed, Shape shape) {
        if (!shape.owner().equals(parsed.owner()) || !shape.table().equals(parsed.table())) {
            fail("redo-cdc", shape, "table " + parsed.owner() + "." + parsed.table());
        }
        same("redo-cdc", shape, "values", shape.values(), parsed.values());
        same("redo-cdc", shape, "where", shape.where(), parsed.where());
    }

    /** Debezium's arrays are by column position; an UPDATE's new values also carry the WHERE's other columns. */
    static void debezium(LogMinerDmlEntry parsed, Shape shape, Table table) {
        if (parsed == null) {
            fail("Debezium", shape, "no entry");
        }
        Object[] newValues = parsed.getNewValues();
        Object[] oldValues = parsed.getOldValues();
        boolean insert = shape.where().isEmpty();
        boolean delete = shape.values().isEmpty();
        at("Debezium", shape, "new values", shape.values(), newValues, table.columns().size(), !delete);
        at("Debezium", shape, "old values", shape.where(), oldValues, table.columns().size(), !insert);
    }

    private static void same(String who, Shape shape, String part, Map<String, String> expected,
                             List<ColumnValue> actual) {
        if (actual.size() != expected.size()) {
            fail(who, shape, part + ": " + actual.size() + " columns, expected " + expected.size());
        }
        int i = 0;
        for (Map.Entry<String, String> e : expected.entrySet()) {
            ColumnValue v = actual.get(i++);
            if (!v.name().equals(e.getKey()) || !e.getValue().equals(v.text())) {
                fail(who, shape, part + ": " + v.name() + " = " + abbreviate(v.text()) + ", expected " + e.getKey()
                        + " = " + abbreviate(e.getValue()));
            }
        }
    }

    private static void at(String who, Shape shape, String part, Map<String, String> expected, Object[] actual,
                           int columnCount, boolean present) {
        if (!present) {
            return;
        }
        if (actual == null || actual.length != columnCount) {
            fail(who, shape, part + ": " + (actual == null ? "none" : actual.length + " slots") + ", expected "
                    + columnCount);
        }
        for (Map.Entry<String, String> e : expected.entrySet()) {
            Object v = actual[shape.columns().indexOf(e.getKey())];
            if (!e.getValue().equals(v)) {
                fail(who, shape, part + ": " + e.getKey() + " = " + abbreviate(v) + ", expected "
                        + abbreviate(e.getValue()) + " (all: " + abbreviate(Arrays.toString(actual)) + ")");
            }
        }
    }

    private static String abbreviate(Object value) {
        String s = String.valueOf(value);
        return s.length() <= 80 ? s : s.substring(0, 77) + "...";
    }

    private static void fail(String who, Shape shape, String what) {
        throw new IllegalStateException(who + " misread the benchmark statement: " + what + "; SQL_REDO "
                + abbreviate(shape.sql()));
    }
}
