package io.redocdc.cli;

import io.redocdc.job.RedoCdc;
import io.redocdc.job.cli.ErrorsCommand;
import io.redocdc.job.cli.InspectCommand;
import io.redocdc.job.cli.RunCommand;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * Entry point of {@code bin/redo-cdc}: the job's commands (run, errors, inspect) and the tools that are not part
 * of the Flink job (export, simulate, demo), which the job jar a cluster runs leaves out.
 */
@Command(name = "redo-cdc", mixinStandardHelpOptions = true, version = "redo-cdc 0.1.0",
        description = "Oracle redo change data capture on Apache Flink.%n"
                + "With no command, runs the demo: simulate a workload into ./demo and capture it.",
        subcommands = {RunCommand.class, ExportCommand.class, ErrorsCommand.class, InspectCommand.class,
                SimulateCommand.class, DemoCommand.class})
public final class RedoCdcCommand implements Runnable {

    @Override
    public void run() {
        new CommandLine(new DemoCommand()).execute();
    }

    public static void main(String[] args) {
        RedoCdc.main(commandLine(), args);
    }

    public static CommandLine commandLine() {
        return RedoCdc.commandLine(new RedoCdcCommand());
    }
}
