package io.redocdc.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.redocdc.job.RedoCdc;
import io.redocdc.job.console.ConsoleOptions;
import io.redocdc.tools.simulate.SimulationResult;
import io.redocdc.tools.simulate.SimulationSettings;
import io.redocdc.tools.simulate.WorkloadSimulator;
import io.redocdc.tools.verify.TruthComparison;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.apache.flink.util.FileUtils;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code redo-cdc demo} (and {@code redo-cdc} with no command): simulate a small workload into ./demo, capture it
 * with a bounded run, check the output against the simulator's truth and say where everything is.
 */
@Command(name = "demo", mixinStandardHelpOptions = true,
        description = "Simulate a small 2-thread RAC workload into DIR, capture it, and compare with the truth.")
public final class DemoCommand implements Callable<Integer> {

    @Option(names = "--dir", defaultValue = "demo", paramLabel = "DIR", description = "Demo directory (default ./demo).")
    Path dir;

    @Mixin
    ConsoleOptions console = new ConsoleOptions();

    @Override
    public Integer call() throws Exception {
        Path demo = dir.toAbsolutePath().normalize();
        for (String child : List.of("redo", "expected", "output", "checkpoints")) {
            FileUtils.deleteDirectory(demo.resolve(child).toFile());
        }
        SimulationResult simulated = WorkloadSimulator.write(demo,
                SimulationSettings.defaults().withThreads(2).withTransactions(1000));
        System.out.println("redo-cdc demo: simulated " + simulated + " into " + demo.resolve("redo"));

        List<String> args = new ArrayList<>(List.of(
                "run",
                "--source.dir", demo.resolve("redo").toString(),
                "--sink.dir", demo.resolve("output").toString(),
                "--source.bounded",
                "--parallelism", "2",
                "--checkpoint.interval", "1s",
                "--checkpoint.dir", demo.resolve("checkpoints").toString()));
        args.addAll(primaryKeyOptions(demo.resolve("expected").resolve("tables.json")));
        if (console.verbose) {
            args.add("--verbose");
        }
        Path log = console.logFile(demo.resolve("checkpoints"));
        Files.deleteIfExists(log);
        args.addAll(List.of("--log-file", log.toString()));
        int exit = RedoCdc.commandLine().execute(args.toArray(String[]::new));
        if (exit != 0) {
            return exit;
        }
        Optional<String> difference = TruthComparison.firstDifference(demo.resolve("expected"), demo.resolve("output"));
        if (difference.isPresent()) {
            System.out.println("redo-cdc demo: OUTPUT DIFFERS from the simulator's truth: " + difference.get());
            return 1;
        }
        System.out.println("redo-cdc demo: the output equals the simulator's truth ("
                + demo.resolve("expected").resolve("transactions.jsonl") + ")");
        System.out.println("redo-cdc demo: to query " + demo.resolve("output/data/OE.ORDERS") + " with Flink SQL, "
                + "read it with 'format' = 'json' and keep each key's latest change by pos (README, \"Reading the "
                + "files with Flink SQL\"); read as an 'ogg-json' changelog, its part files apply out of commit "
                + "order and aggregates come out wrong");
        return 0;
    }

    /** --primary-key options from the simulator's expected/tables.json. */
    static List<String> primaryKeyOptions(Path tablesJson) throws IOException {
        List<String> options = new ArrayList<>();
        JsonNode tables = new ObjectMapper().readTree(tablesJson.toFile());
        for (Iterator<Map.Entry<String, JsonNode>> it = tables.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> table = it.next();
            List<String> keys = new ArrayList<>();
            table.getValue().path("primary_keys").forEach(k -> keys.add(k.asText()));
            if (!keys.isEmpty()) {
                options.add("--primary-key");
                options.add(table.getKey() + "=" + String.join(",", keys));
            }
        }
        return options;
    }
}
