package io.redocdc.job;

import io.redocdc.job.cli.DemoCommand;
import io.redocdc.job.cli.ErrorsCommand;
import io.redocdc.job.cli.ExportCommand;
import io.redocdc.job.cli.RunCommand;
import io.redocdc.job.cli.SimulateCommand;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.PropertiesDefaultProvider;

/** Entry point of {@code bin/redo-cdc} and of the jar given to {@code flink run}. */
@Command(name = "redo-cdc", mixinStandardHelpOptions = true, version = "redo-cdc 0.1.0",
        description = "Oracle redo change data capture on Apache Flink.%n"
                + "With no command, runs the demo: simulate a workload into ./demo and capture it.",
        subcommands = {RunCommand.class, ExportCommand.class, ErrorsCommand.class, SimulateCommand.class,
                DemoCommand.class})
public final class RedoCdc implements Runnable {

    @Override
    public void run() {
        new CommandLine(new DemoCommand()).execute();
    }

    public static void main(String[] args) {
        CommandLine cmd = commandLine();
        Path config = configFile(args);
        if (config != null) {
            if (!Files.isRegularFile(config)) {
                System.err.println("Invalid value for option '--config': no such file '" + config + "'");
                System.exit(2);
            }
            // Options not given on the command line are read from the file (keys are option names without --).
            for (String command : new String[] {"run", "errors"}) {
                cmd.getSubcommands().get(command).setDefaultValueProvider(new PropertiesDefaultProvider(config.toFile()));
            }
        }
        System.exit(cmd.execute(args));
    }

    /** The value of --config FILE or --config=FILE, or null. */
    public static Path configFile(String[] args) {
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("--config") && i + 1 < args.length) {
                return Path.of(args[i + 1]);
            }
            if (args[i].startsWith("--config=")) {
                return Path.of(args[i].substring("--config=".length()));
            }
        }
        return null;
    }

    public static CommandLine commandLine() {
        CommandLine cmd = new CommandLine(new RedoCdc());
        cmd.setCaseInsensitiveEnumValuesAllowed(true);
        return cmd;
    }
}
