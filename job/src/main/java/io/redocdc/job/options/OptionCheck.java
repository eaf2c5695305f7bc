package io.redocdc.job.options;

import io.redocdc.common.options.InvalidOptionException;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;

/**
 * Option validation that names the option, the rule and the value. On a command line it fails with picocli's
 * ParameterException (usage and exit code 2); reading options from a map (a SQL table, a config) it fails with
 * {@link JobOptionException}: the same message either way.
 */
public final class OptionCheck {

    private final Function<String, RuntimeException> failure;
    private final UnaryOperator<String> originOfKey;

    public OptionCheck(CommandLine commandLine) {
        this(commandLine, key -> null);
    }

    /** On a command line whose options may come from a --config file: {@code originOfKey} names it. */
    public OptionCheck(CommandLine commandLine, UnaryOperator<String> originOfKey) {
        this(message -> new ParameterException(commandLine, message), originOfKey);
    }

    /**
     * Fails with {@link JobOptionException}; {@code originOfKey} tells where a key's value came from (e.g.
     * "key parallelism in job.properties"), null for the command line or a map, and messages name it.
     */
    public OptionCheck(UnaryOperator<String> originOfKey) {
        this(JobOptionException::new, originOfKey);
    }

    private OptionCheck(Function<String, RuntimeException> failure, UnaryOperator<String> originOfKey) {
        this.failure = failure;
        this.originOfKey = originOfKey;
    }

    public void require(boolean rule, String option, String ruleText, Object value) {
        if (!rule) {
            throw failure.apply("Invalid value for option '" + option + "': " + ruleText + " (got '" + value + "')"
                    + origin(option));
        }
    }

    /** Fails with a message of a validator that names the option itself (keys without the leading --). */
    public void invalid(String messageStartingWithOptionKey) {
        int space = messageStartingWithOptionKey.indexOf(' ');
        String key = space < 0 ? messageStartingWithOptionKey : messageStartingWithOptionKey.substring(0, space);
        throw failure.apply("Invalid option --" + messageStartingWithOptionKey + origin("--" + key.replace(":", "")));
    }

    /** Fails with a value an option does not allow, as the option's reader found it (a type, a rule). */
    public void invalid(InvalidOptionException e) {
        throw failure.apply("Invalid option --" + e.key() + ": " + e.problem() + origin("--" + e.key()));
    }

    /**
     * Fails with a message of a validator that starts with its option key (e.g. "source.fetch-size must be ..."),
     * naming the option as this command spells it ({@code optionOfKey} maps the key, without the leading --).
     */
    public void invalid(String messageStartingWithOptionKey, UnaryOperator<String> optionOfKey) {
        int space = messageStartingWithOptionKey.indexOf(' ');
        if (space < 0) {
            invalid(messageStartingWithOptionKey);
            return;
        }
        fail("--" + optionOfKey.apply(messageStartingWithOptionKey.substring(0, space)),
                messageStartingWithOptionKey.substring(space + 1));
    }

    /**
     * The specific problem of a start position that did not parse (e.g. "'2024-02-30 10:00:00' is not a time
     * YYYY-MM-DD HH:MM:SS"): the last parenthesised part of the parser's message, or the whole message.
     */
    public static String parseProblem(IllegalArgumentException e) {
        String message = String.valueOf(e.getMessage());
        int open = message.lastIndexOf(" (");
        return open >= 0 && message.endsWith(")") ? message.substring(open + 2, message.length() - 1) : message;
    }

    /** Fails naming the option, when the value itself is not worth showing (e.g. a password). */
    public void fail(String option, String problem) {
        throw failure.apply("Invalid value for option '" + option + "': " + problem + origin(option));
    }

    /** " (key K in FILE)" when the option's value came from a file, else nothing. */
    private String origin(String option) {
        String where = option.startsWith("--") ? originOfKey.apply(option.substring(2)) : null;
        return where == null ? "" : " (" + where + ")";
    }
}
