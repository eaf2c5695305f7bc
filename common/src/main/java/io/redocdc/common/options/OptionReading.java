package io.redocdc.common.options;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.MemorySize;
import org.apache.flink.configuration.ReadableConfig;

/**
 * Typed reading of options given as text (command line, {@code --config} files, SQL WITH clauses): Flink's
 * conversion, with errors ({@link InvalidOptionException}) that name the key, the value and what was expected
 * instead of Flink's "Could not parse value".
 */
public final class OptionReading {

    private OptionReading() {
    }

    /** A configuration of text values, trimmed (properties files keep trailing blanks). */
    public static Configuration configuration(Map<String, String> values) {
        Map<String, String> trimmed = new LinkedHashMap<>();
        values.forEach((key, value) -> trimmed.put(key.trim(), value == null ? null : value.trim()));
        return Configuration.fromMap(trimmed);
    }

    /** Whether the option was given (a default does not count). */
    public static boolean given(ReadableConfig config, ConfigOption<?> option) {
        return config.toMap().containsKey(option.key());
    }

    /** The value, or the option's default (null without one). */
    public static <T> T get(ReadableConfig config, ConfigOption<T> option) {
        try {
            return config.get(option);
        } catch (IllegalArgumentException e) {
            throw conversionError(config, option, e);
        }
    }

    /** The value when given, else empty (also for options with a default). */
    public static <T> Optional<T> optional(ReadableConfig config, ConfigOption<T> option) {
        try {
            return config.getOptional(option);
        } catch (IllegalArgumentException e) {
            throw conversionError(config, option, e);
        }
    }

    /**
     * A text option read by a domain parser (an SCN, a start position); null when not given. The parser's
     * IllegalArgumentException message becomes the problem.
     */
    public static <T> T parse(ReadableConfig config, ConfigOption<String> option, Function<String, T> parser) {
        String text = get(config, option);
        if (text == null) {
            return null;
        }
        try {
            return parser.apply(text);
        } catch (InvalidOptionException e) {
            throw e;
        } catch (IllegalArgumentException e) {
            throw new InvalidOptionException(option.key(), e.getMessage(), e);
        }
    }

    /**
     * The items of a list option whose items may each be a comma list too ({@code OE.*,HR.*}, as the command
     * line's repeated or comma separated values): trimmed, blanks dropped; the default when not given.
     */
    public static List<String> items(ReadableConfig config, ConfigOption<List<String>> option) {
        List<String> values = get(config, option);
        List<String> items = new ArrayList<>();
        if (values != null) {
            for (String value : values) {
                for (String item : value.split(",")) {
                    if (!item.isBlank()) {
                        items.add(item.trim());
                    }
                }
            }
        }
        return items;
    }

    private static InvalidOptionException conversionError(ReadableConfig config, ConfigOption<?> option,
                                                          IllegalArgumentException e) {
        String value = config.toMap().get(option.key());
        return new InvalidOptionException(option.key(), expected(OptionTypes.valueClass(option), value), e);
    }

    /** What a value of this type looks like, and the value given. */
    static String expected(Class<?> type, String value) {
        if (type == Integer.class || type == Long.class) {
            return "'" + value + "' is not an integer";
        }
        if (type == Boolean.class) {
            return "expected true or false; got '" + value + "'";
        }
        if (type == Duration.class) {
            return "'" + value + "' is not a duration (examples: 500ms, 10s, 2min, 1h)";
        }
        if (type == MemorySize.class) {
            return "'" + value + "' is not a memory size (examples: 64mb, 1gb)";
        }
        if (type != null && type.isEnum()) {
            return "expected one of " + Stream.of(type.getEnumConstants()).map(OptionDoc::valueText)
                    .collect(Collectors.joining(", ", "[", "]")) + "; got '" + value + "'";
        }
        return "'" + value + "' is not a valid value";
    }
}
