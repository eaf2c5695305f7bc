package io.redocdc.benchmarks.parser;

import java.io.PrintStream;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;

/** Pairs each shape's redo-cdc and Debezium runs into one Markdown table row with the ratio ours/Debezium. */
final class ParserReport {

    private ParserReport() {
    }

    static void print(Collection<RunResult> results, PrintStream out) {
        Map<String, Row> rows = new LinkedHashMap<>();
        for (RunResult run : results) {
            BenchmarkParams params = run.getParams();
            String benchmark = params.getBenchmark();
            String method = benchmark.substring(benchmark.lastIndexOf('.') + 1);
            String type = benchmark.substring(0, benchmark.lastIndexOf('.'));
            String shape = type.substring(type.lastIndexOf('.') + 1).replace("Benchmark", "") + " "
                    + params.getParamsKeys().stream().map(k -> k + "=" + params.getParam(k))
                    .collect(Collectors.joining(" "));
            Row row = rows.computeIfAbsent(shape.trim(), s -> new Row());
            if (method.equals("redoCdc")) {
                row.ours = run.getPrimaryResult();
            } else if (method.equals("scanFloor")) {
                row.floor = run.getPrimaryResult();
            } else {
                row.theirs = run.getPrimaryResult();
                row.theirsName = method;
            }
        }
        boolean floors = rows.values().stream().anyMatch(row -> row.floor != null);
        out.println("| shape | redo-cdc statements/s | Debezium statements/s | ours/Debezium |"
                + (floors ? " scan floor statements/s | ours/floor | floor/Debezium |" : ""));
        out.println("| --- | ---: | ---: | ---: |" + (floors ? " ---: | ---: | ---: |" : ""));
        rows.forEach((shape, row) -> out.printf(Locale.ROOT, "| %s | %s | %s | %s |%s%n", shape, score(row.ours),
                row.theirs == null ? "n/a" : score(row.theirs) + (row.theirsName.equals("debezium") ? "" : " (relaxed)"),
                ratio(row.ours, row.theirs), !floors ? "" : " " + score(row.floor) + " | " + ratio(row.ours, row.floor)
                        + " | " + ratio(row.floor, row.theirs) + " |"));
    }

    private static String ratio(Result<?> a, Result<?> b) {
        return a == null || b == null ? "n/a" : String.format(Locale.ROOT, "%.2fx", a.getScore() / b.getScore());
    }

    private static String score(Result<?> result) {
        if (result == null) {
            return "n/a";
        }
        return String.format(Locale.ROOT, "%,.0f ± %,.0f", result.getScore(), result.getScoreError());
    }

    private static final class Row {
        Result<?> ours;
        Result<?> floor;
        Result<?> theirs;
        String theirsName;
    }
}
