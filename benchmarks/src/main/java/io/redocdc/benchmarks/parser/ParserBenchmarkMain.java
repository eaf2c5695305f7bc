package io.redocdc.benchmarks.parser;

import java.util.Collection;
import java.util.List;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.OptionsBuilder;

/**
 * Runs the SQL_REDO parser benchmarks through JMH and prints statements/s of both parsers per shape and the
 * ratio. Takes JMH's own options (a benchmark regex, -p, -wi, -i, -r, -prof, ...); with no regex it runs every
 * benchmark of this package. Usage: {@code benchmarks/run-parser.sh [JMH options]}.
 */
public final class ParserBenchmarkMain {

    private ParserBenchmarkMain() {
    }

    public static void main(String[] args) throws Exception {
        if (List.of(args).stream().anyMatch(a -> a.equals("-h") || a.equals("-l") || a.equals("-lp"))) {
            org.openjdk.jmh.Main.main(args); // listing and help are JMH's
            return;
        }
        CommandLineOptions cli = new CommandLineOptions(args);
        ChainedOptionsBuilder options = new OptionsBuilder().parent(cli);
        if (cli.getIncludes().isEmpty()) {
            options.include(ParserBenchmarkMain.class.getPackageName().replace(".", "\\.") + "\\..*Benchmark\\..*");
        }
        Collection<RunResult> results = new Runner(options.build()).run();
        System.out.println();
        ParserReport.print(results, System.out);
    }
}
