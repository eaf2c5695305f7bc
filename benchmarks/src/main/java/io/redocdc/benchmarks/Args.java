package io.redocdc.benchmarks;

import java.util.HashMap;
import java.util.Map;

/** The benchmarks' command line: {@code --key value} pairs. */
final class Args {

    private final Map<String, String> values;

    private Args(Map<String, String> values) {
        this.values = values;
    }

    static Args parse(String[] args) {
        Map<String, String> map = new HashMap<>();
        for (int i = 0; i < args.length; i += 2) {
            if (!args[i].startsWith("--") || i + 1 == args.length) {
                throw new IllegalArgumentException("expected --option value pairs, got '" + args[i] + "'"
                        + (i + 1 == args.length ? " without a value" : ""));
            }
            map.put(args[i].substring(2), args[i + 1]);
        }
        return new Args(map);
    }

    String get(String key, String defaultValue) {
        return values.getOrDefault(key, defaultValue);
    }

    int getInt(String key, int defaultValue) {
        String value = values.get(key);
        try {
            return value == null ? defaultValue : Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("option --" + key + ": expected an integer, got '" + value + "'", e);
        }
    }
}
