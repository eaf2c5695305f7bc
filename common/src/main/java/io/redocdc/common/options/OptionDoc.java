package io.redocdc.common.options;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.description.BlockElement;
import org.apache.flink.configuration.description.TextElement;

/**
 * A {@link ConfigOption} with what the CLI's help and the README's option tables show beside its key: the value's
 * placeholder and the default as a reader wants it described ("required for oracle", "2 (on a cluster: the
 * cluster's)"). The description is the option's own, in README markdown; {@link #plainMeaning()} drops the markup
 * for the terminal.
 *
 * @param label       the value placeholder ({@code DIR}, {@code N}); null derives it from the value type
 * @param defaultText the default as described; null derives it from the option's default value
 */
public record OptionDoc(ConfigOption<?> option, String label, String defaultText) {

    /** The option key. */
    public String key() {
        return option.key();
    }

    /** The option as it is typed on the command line. */
    public String cliName() {
        return "--" + option.key();
    }

    /** The value placeholder: given, else by value type (N, BOOL, D, or an enum's values). */
    public String valueLabel() {
        if (label != null) {
            return label;
        }
        Class<?> type = OptionTypes.valueClass(option);
        if (type == Integer.class || type == Long.class) {
            return "N";
        }
        if (type == Boolean.class) {
            return "BOOL";
        }
        if (type == Duration.class) {
            return "D";
        }
        if (type != null && type.isEnum()) {
            return Stream.of(type.getEnumConstants()).map(OptionDoc::enumText).collect(Collectors.joining("|"));
        }
        return "VALUE";
    }

    /** True for boolean options, which the CLI also takes without a value (meaning true). */
    public boolean isFlag() {
        return OptionTypes.valueClass(option) == Boolean.class;
    }

    /** True for options that take several values (repeated on the command line, {@code ;} in files). */
    public boolean isList() {
        return OptionTypes.isList(option);
    }

    /** The description, README markdown. */
    public String meaning() {
        StringBuilder text = new StringBuilder();
        for (BlockElement block : option.description().getBlocks()) {
            if (block instanceof TextElement element) {
                text.append(element.getFormat());
            }
        }
        return text.toString();
    }

    /** The description for a terminal: no backticks, links reduced to their text. */
    public String plainMeaning() {
        return plain(meaning());
    }

    /** The default as the README describes it (markdown). */
    public String defaultDescription() {
        if (defaultText != null) {
            return defaultText;
        }
        if (!option.hasDefaultValue()) {
            return "none";
        }
        Object value = option.defaultValue();
        if (value instanceof Number) {
            return value.toString();
        }
        if (value instanceof List<?> list) {
            return "`" + list.stream().map(String::valueOf).collect(Collectors.joining(",")) + "`";
        }
        return "`" + valueText(value) + "`";
    }

    /** A value as users write it: enums in lower case with dashes, durations as 200ms, 10s, 5min. */
    public static String valueText(Object value) {
        if (value instanceof Enum<?> e) {
            return enumText(e);
        }
        if (value instanceof Duration d) {
            if (d.toMillis() % 1000 != 0) {
                return d.toMillis() + "ms";
            }
            return d.getSeconds() % 60 != 0 ? d.getSeconds() + "s" : d.toMinutes() + "min";
        }
        return String.valueOf(value);
    }

    /** Markdown to plain text: {@code [text](#anchor)} to text, backticks and escaped pipes removed. */
    public static String plain(String markdown) {
        return markdown.replaceAll("\\[([^\\]]*)]\\([^)]*\\)", "$1").replace("`", "").replace("\\|", "|");
    }

    private static String enumText(Object constant) {
        return ((Enum<?>) constant).name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
