package io.redocdc.job;

import io.redocdc.job.cli.DemoCommand;
import io.redocdc.job.cli.ErrorsCommand;
import io.redocdc.job.cli.ExportCommand;
import io.redocdc.job.cli.InspectCommand;
import io.redocdc.job.cli.RunCommand;
import io.redocdc.job.cli.SimulateCommand;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.flink.streaming.api.environment.LocalStreamEnvironment;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.PropertiesDefaultProvider;

/**
 * Entry point of {@code bin/redo-cdc} and of the job jar on a Flink cluster ({@code flink run}, the REST API's
 * {@code /jars/:id/run}, the web UI, application mode). Where Flink owns the JVM (the REST API and application mode
 * run this main inside the JobManager) it never calls System.exit, and lets Flink's own exceptions through: the
 * one that ends plan extraction after {@code execute}, and a job's failure.
 */
@Command(name = "redo-cdc", mixinStandardHelpOptions = true, version = "redo-cdc 0.1.0",
        description = "Oracle redo change data capture on Apache Flink.%n"
                + "With no command, runs the demo: simulate a workload into ./demo and capture it.",
        subcommands = {RunCommand.class, ExportCommand.class, ErrorsCommand.class, InspectCommand.class,
                SimulateCommand.class, DemoCommand.class})
public final class RedoCdc implements Runnable {

    @Override
    public void run() {
        new CommandLine(new DemoCommand()).execute();
    }

    public static void main(String[] args) {
        boolean flinkOwnsTheJvm = !(StreamExecutionEnvironment.getExecutionEnvironment()
                instanceof LocalStreamEnvironment);
        CommandLine cmd = commandLine();
        if (flinkOwnsTheJvm) {
            cmd.setExecutionExceptionHandler((e, commandLine, parseResult) -> {
                throw e;
            });
        }
        Path config = configFile(args);
        if (config != null) {
            if (!Files.isRegularFile(config)) {
                System.err.println("Invalid value for option '--config': no such file '" + config + "'");
                exit(2, flinkOwnsTheJvm);
                return;
            }
            // Options not given on the command line are read from the file (keys are option names without --).
            for (String command : new String[] {"run", "errors"}) {
                cmd.getSubcommands().get(command).setDefaultValueProvider(new PropertiesDefaultProvider(config.toFile()));
            }
        }
        exit(cmd.execute(args), flinkOwnsTheJvm);
    }

    /** Ends the program: the exit code as the process's, or, inside Flink, an exception when it is not 0. */
    private static void exit(int code, boolean flinkOwnsTheJvm) {
        if (!flinkOwnsTheJvm) {
            System.exit(code);
        }
        if (code != 0) {
            throw new IllegalArgumentException("redo-cdc ended with exit code " + code + " (the reason is printed "
                    + "above)");
        }
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
