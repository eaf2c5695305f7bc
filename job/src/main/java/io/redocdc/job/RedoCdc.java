package io.redocdc.job;

import io.redocdc.job.cli.ErrorsCommand;
import io.redocdc.job.cli.InspectCommand;
import io.redocdc.job.cli.RunCommand;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.flink.streaming.api.environment.LocalStreamEnvironment;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.PropertiesDefaultProvider;
import picocli.CommandLine.Spec;

/**
 * Entry point of the job jar on a Flink cluster ({@code flink run}, the REST API's {@code /jars/:id/run}, the web
 * UI, application mode), with the commands a cluster runs; {@code bin/redo-cdc} adds the tools to them
 * (io.redocdc.cli.RedoCdcCommand, through {@link #main(CommandLine, String[])}). Where Flink owns the JVM (the REST
 * API and application mode run this main inside the JobManager) it never calls System.exit, and lets Flink's own
 * exceptions through: the one that ends plan extraction after {@code execute}, and a job's failure.
 */
@Command(name = "redo-cdc", mixinStandardHelpOptions = true, version = "redo-cdc 0.1.0",
        description = "Oracle redo change data capture on Apache Flink.",
        subcommands = {RunCommand.class, ErrorsCommand.class, InspectCommand.class})
public final class RedoCdc implements Runnable {

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        throw new ParameterException(spec.commandLine(), "Missing required command (run, errors or inspect)");
    }

    public static void main(String[] args) {
        main(commandLine(), args);
    }

    /** Runs a command line whose root has this one's commands (run and errors read --config FILE). */
    public static void main(CommandLine cmd, String[] args) {
        boolean flinkOwnsTheJvm = !(StreamExecutionEnvironment.getExecutionEnvironment()
                instanceof LocalStreamEnvironment);
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
        return commandLine(new RedoCdc());
    }

    /** A command line of a root command object, enum values case-insensitive. */
    public static CommandLine commandLine(Object root) {
        CommandLine cmd = new CommandLine(root);
        cmd.setCaseInsensitiveEnumValuesAllowed(true);
        return cmd;
    }
}
