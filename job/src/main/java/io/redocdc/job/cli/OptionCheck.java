package io.redocdc.job.cli;

import java.util.function.UnaryOperator;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;

/** Option validation that names the option, the rule and the value. */
public final class OptionCheck {

    private final CommandLine commandLine;

    public OptionCheck(CommandLine commandLine) {
        this.commandLine = commandLine;
    }

    public void require(boolean rule, String option, String ruleText, Object value) {
        if (!rule) {
            throw new ParameterException(commandLine,
                    "Invalid value for option '" + option + "': " + ruleText + " (got '" + value + "')");
        }
    }

    /** Fails with a message of a validator that names the option itself (keys without the leading --). */
    public void invalid(String messageStartingWithOptionKey) {
        throw new ParameterException(commandLine, "Invalid option --" + messageStartingWithOptionKey);
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
        throw new ParameterException(commandLine, "Invalid value for option '" + option + "': " + problem);
    }
}
