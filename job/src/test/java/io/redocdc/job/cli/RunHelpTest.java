package io.redocdc.job.cli;

import static org.apache.flink.configuration.ConfigOptions.key;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.redocdc.common.options.OptionDoc;
import io.redocdc.job.RedoCdc;
import io.redocdc.job.options.RunOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.PropertiesDefaultProvider;

/** run's options come from the ConfigOption definitions: names, placeholders, help text, and a --config file. */
class RunHelpTest {

    @TempDir
    Path tmp;

    @Test
    void everyOptionsHelpIsItsDefinition() {
        String help = usage(RedoCdc.commandLine().getSubcommands().get("run"));
        for (OptionDoc doc : RunOptions.docs()) {
            assertThat(help).contains(doc.cliName()).contains(doc.valueLabel()).contains(ConfigOptionsCli.help(doc));
        }
        assertThat(help).contains("Parallel log readers and transaction assemblers. Default: 2 (on a cluster: "
                + "the cluster's).");
    }

    @Test
    void aChangedDescriptionShowsInTheHelp() {
        OptionDoc doc = new OptionDoc(key("example.size").intType().defaultValue(3)
                .withDescription("rows per `example` (see [Example](#example)); 100% of them"), null, null);
        CommandSpec spec = CommandSpec.create();
        ConfigOptionsCli.addOptions(spec, List.of(doc));

        assertThat(usage(new CommandLine(spec))).contains("--example.size=N")
                .contains("Rows per example (see Example); 100% of them. Default: 3.");
    }

    @Test
    void aValueOfTheWrongTypeInAConfigFileNamesKeyAndFile() throws IOException {
        Path redo = Files.createDirectories(tmp.resolve("redo"));
        Files.writeString(redo.resolve("archived_logs.csv"), "THREAD#,SEQUENCE#\n");
        Path config = Files.writeString(tmp.resolve("job.properties"), "source.dir=" + redo + "\nsink.dir=o\n"
                + "parallelism=two\nsink.batch-size=many\n");
        CommandLine cmd = RedoCdc.commandLine();
        cmd.getSubcommands().get("run").setDefaultValueProvider(new PropertiesDefaultProvider(config.toFile()));
        RunCommand run = (RunCommand) cmd.parseArgs("run", "--config", config.toString())
                .subcommand().commandSpec().userObject();

        assertThatThrownBy(run::validatedOptions).isInstanceOf(CommandLine.ParameterException.class)
                .hasMessage("Invalid option --parallelism: 'two' is not an integer (key parallelism in " + config
                        + ")");
        RunCommand fixedOnTheCommandLine = (RunCommand) cmd.parseArgs("run", "--config", config.toString(),
                "--parallelism", "zwei").subcommand().commandSpec().userObject();
        assertThatThrownBy(fixedOnTheCommandLine::validatedOptions)
                .as("a value given on the command line is not blamed on the file")
                .hasMessage("Invalid option --parallelism: 'zwei' is not an integer");
    }

    private static String usage(CommandLine cmd) {
        cmd.setUsageHelpWidth(5000);
        cmd.setUsageHelpLongOptionsMaxWidth(200);
        return cmd.getUsageMessage();
    }
}
