package io.redocdc.benchmarks.parser;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * The statements of Debezium's own LogMiner parser benchmarks (debezium-microbenchmark-oracle), rebuilt so the
 * comparison is on Debezium's terms: table DEBEZIUM.TEST with an ID column and {@code columnCount} more, every
 * value a quoted string.
 */
final class DebeziumShapes {

    /** Where Debezium's large-value benchmark puts a quote into a value. */
    static final int QUOTE_INTERVAL = 64;
    private static final String ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 abcdefghijklmnopqrstuvwxyz";
    private static final long SEED = 42L;

    private DebeziumShapes() {
    }

    /** LogMinerDmlParserPerf: columns C0.., insert values V0.., SET values VAL0.., WHERE values V0... */
    static Shape dml(Dml kind, int columnCount) {
        List<String> columns = columns("C", columnCount);
        Map<String, String> values = new LinkedHashMap<>();
        Map<String, String> where = new LinkedHashMap<>();
        for (String column : columns) {
            String suffix = column.equals("ID") ? null : column.substring(1);
            switch (kind) {
                case INSERT -> values.put(column, suffix == null ? "1" : "V" + suffix);
                case UPDATE -> {
                    values.put(column, suffix == null ? "1" : "VAL" + suffix);
                    where.put(column, suffix == null ? "1" : "V" + suffix);
                }
                case DELETE -> where.put(column, suffix == null ? "1" : "V" + suffix);
            }
        }
        return new Shape(SqlRedoText.of(kind, "DEBEZIUM", "TEST", values, where, Quotes.ESCAPED),
                "DEBEZIUM", "TEST", columns, values, where);
    }

    /**
     * LogMinerDmlParserUpdatePerf: an UPDATE of COL0.. whose SET and WHERE values are {@code valueLength} random
     * characters (fixed seed, so every run parses the same text), with a quote every {@value #QUOTE_INTERVAL}.
     */
    static Shape largeValueUpdate(int columnCount, int valueLength, Quotes quotes) {
        Random random = new Random(SEED);
        List<String> columns = columns("COL", columnCount);
        Map<String, String> values = new LinkedHashMap<>();
        Map<String, String> where = new LinkedHashMap<>();
        values.put("ID", "1");
        for (String column : columns.subList(1, columns.size())) {
            values.put(column, randomValue(random, valueLength, quotes));
        }
        where.put("ID", "1");
        for (String column : columns.subList(1, columns.size())) {
            where.put(column, randomValue(random, valueLength, quotes));
        }
        return new Shape(SqlRedoText.of(Dml.UPDATE, "DEBEZIUM", "TEST", values, where, quotes),
                "DEBEZIUM", "TEST", columns, values, where);
    }

    private static List<String> columns(String prefix, int count) {
        List<String> columns = new ArrayList<>(count + 1);
        columns.add("ID");
        for (int i = 0; i < count; i++) {
            columns.add(prefix + i);
        }
        return columns;
    }

    /** The value as parsed (apostrophes single); SqlRedoText writes it as the shape's quotes say. */
    private static String randomValue(Random random, int length, Quotes quotes) {
        StringBuilder value = new StringBuilder(length + length / QUOTE_INTERVAL * 4);
        for (int i = 0; i < length; i++) {
            if (quotes != Quotes.PLAIN && i > 0 && i % QUOTE_INTERVAL == 0) {
                // " wx" makes a lone quote look like it may end the value without ever reading as " where "
                value.append(quotes == Quotes.LONE ? "' wx" : "'");
            } else {
                value.append(ALPHABET.charAt(random.nextInt(ALPHABET.length())));
            }
        }
        return value.toString();
    }
}
