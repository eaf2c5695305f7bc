package io.redocdc.job.cli;

import picocli.CommandLine;
import picocli.CommandLine.ParameterException;

/** Option validation that names the option, the rule and the value. */
final class OptionCheck {

    private final CommandLine commandLine;

    OptionCheck(CommandLine commandLine) {
        this.commandLine = commandLine;
    }

    void require(boolean rule, String option, String ruleText, Object value) {
        if (!rule) {
            throw new ParameterException(commandLine,
                    "Invalid value for option '" + option + "': " + ruleText + " (got '" + value + "')");
        }
    }

    /** Fails with a message of a validator that names the option itself (keys without the leading --). */
    void invalid(String messageStartingWithOptionKey) {
        throw new ParameterException(commandLine, "Invalid option --" + messageStartingWithOptionKey);
    }

    /** Fails naming the option, when the value itself is not worth showing (e.g. a password). */
    void fail(String option, String problem) {
        throw new ParameterException(commandLine, "Invalid value for option '" + option + "': " + problem);
    }
}
