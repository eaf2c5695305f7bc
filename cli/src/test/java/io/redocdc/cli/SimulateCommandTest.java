package io.redocdc.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.redocdc.tools.simulate.SimulationSettings;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.ParameterException;

/** The simulate command's options become simulation settings; bad values name the option. */
class SimulateCommandTest {

    @Test
    void lobRatioDefaultsToTheSettingsAndCanBeTurnedOff() {
        assertThat(settings("--out", "x").lobRatio()).isEqualTo(SimulationSettings.defaults().lobRatio()).isPositive();
        assertThat(settings("--out", "x", "--lob-ratio", "0").lobRatio()).isZero();
        assertThat(settings("--out", "x", "--lob-ratio", "0.25").lobRatio()).isEqualTo(0.25);
        assertThatThrownBy(() -> settings("--out", "x", "--lob-ratio", "1.5"))
                .isInstanceOf(ParameterException.class)
                .hasMessage("Invalid value for option '--lob-ratio': must be between 0 and 1 (got '1.5')");
    }

    private static SimulationSettings settings(String... args) {
        String[] all = new String[args.length + 1];
        all[0] = "simulate";
        System.arraycopy(args, 0, all, 1, args.length);
        SimulateCommand simulate = (SimulateCommand) RedoCdcCommand.commandLine().parseArgs(all).subcommand()
                .commandSpec().userObject();
        return simulate.settings();
    }
}
