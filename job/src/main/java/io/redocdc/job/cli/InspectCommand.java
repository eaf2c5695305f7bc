package io.redocdc.job.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.redocdc.job.console.ConsoleLogging;
import io.redocdc.job.inspect.InspectionException;
import io.redocdc.job.inspect.InspectionText;
import io.redocdc.job.inspect.SavepointInspector;
import io.redocdc.job.inspect.StateInspection;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code redo-cdc inspect SAVEPOINT_OR_CHECKPOINT}: where a stopped or running job stands, in Oracle's terms, read
 * from a savepoint or retained checkpoint without restoring it.
 */
@Command(name = "inspect", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Show what a savepoint or retained checkpoint of the capture job holds: per redo thread the "
                + "next log sequence and half-read logs, the completed frontier, open transactions, the processed "
                + "low position, the required checkpoint SCN and which archived logs can be purged.")
public final class InspectCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "SAVEPOINT_OR_CHECKPOINT",
            description = "A savepoint directory (savepoint-...), a retained checkpoint directory (chk-N), or its "
                    + "_metadata file.")
    Path path;

    @Option(names = "--json", defaultValue = "false", description = "Print JSON instead of text.")
    boolean json;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        ConsoleLogging.toStandardError(); // Flink's warnings while reading state must not mix into the result
        StateInspection state;
        try {
            state = SavepointInspector.inspect(path);
        } catch (InspectionException e) {
            spec.commandLine().getErr().println("redo-cdc inspect: " + e.getMessage());
            spec.commandLine().getErr().flush();
            return 2;
        }
        if (json) {
            out.println(new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(state));
            out.flush();
        } else {
            InspectionText.print(state, out);
        }
        return 0;
    }
}
