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
}
