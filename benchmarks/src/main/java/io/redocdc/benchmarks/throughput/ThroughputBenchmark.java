package io.redocdc.benchmarks.throughput;

import io.redocdc.job.pipeline.StateBackendKind;
import io.redocdc.tools.simulate.SimulationSettings;
import io.redocdc.tools.simulate.WorkloadSimulator;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.BiFunction;
import org.apache.flink.util.FileUtils;

/**
 * Read floor against the capture job, on one simulated redo directory, in one run: the contents files read and
 * split by each CSV library ({@link ReadFloor}), then the job ({@link JobRun}, each run in a JVM of its own) per
 * state backend and parallelism and per tree (this build, and optionally baseline builds given by classpath),
 * interleaved round by round so that every tree meets the same machine load. Prints start-up, steady-state rows/s,
 * the tail, peak heap, steady state over the floor, and each tree over the first.
 *
 * <p>Usage: see {@code benchmarks/run-throughput.sh}.
 */
public final class ThroughputBenchmark {

    private ThroughputBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length > 0 && args[0].equals("--job")) {
            JobRun.run(Path.of(args[1]), Path.of(args[2]), StateBackendKind.valueOf(args[3].toUpperCase()),
                    Integer.parseInt(args[4]), Long.parseLong(args[5]), Integer.parseInt(args[6]));
            return;
        }
        Map<String, String> opts = options(args);
        Path dir = Path.of(opts.getOrDefault("dir", "target/throughput-workload"));
        int rounds = Integer.parseInt(opts.getOrDefault("rounds", "1"));
        List<String> configs = List.of(opts.getOrDefault("configs", "hashmap:1,hashmap:2").split(","));
        String jvmOptions = opts.getOrDefault("job-jvm-options", "-Xmx2g");
        int warmUps = Integer.parseInt(opts.getOrDefault("warm-ups", "1"));
        Map<String, String> trees = trees(opts.getOrDefault("trees", ""));

        machine();
        if (!Files.isDirectory(dir.resolve("redo"))) {
            int transactions = Integer.parseInt(opts.getOrDefault("transactions", "200000"));
            System.out.println("simulating " + transactions + " transactions into " + dir + " (not timed)");
            System.out.println("workload: " + WorkloadSimulator.write(dir, SimulationSettings.defaults()
                    .withTransactions(transactions).withThreads(Integer.parseInt(opts.getOrDefault("threads", "1")))
                    .withSeed(Long.parseLong(opts.getOrDefault("seed", "7")))));
        }
        Path redo = dir.resolve("redo");

        int floorPasses = Integer.parseInt(opts.getOrDefault("floor-passes", "3"));
        if (floorPasses < 1) {
            throw new IllegalArgumentException("--floor-passes must be at least 1 (the ratios are over the read "
                    + "floor), got " + floorPasses);
        }
        Map<ReadFloor.Splitter, List<ReadFloor.Pass>> floor = readFloor(redo, floorPasses);
        ReadFloor.Pass base = best(floor.get(ReadFloor.Splitter.FASTCSV));
        Map<StageFloor.Stage, List<StageFloor.Pass>> stages = stageFloor(redo, base.rows(), floorPasses);

        Map<String, List<Map<String, Double>>> results = new LinkedHashMap<>();
        for (int round = 1; round <= rounds; round++) {
            for (String config : configs) {
                for (Map.Entry<String, String> tree : trees.entrySet()) {
                    String key = config + " " + tree.getKey();
                    Map<String, Double> run = runJob(tree.getValue(), jvmOptions, redo, dir, config, base.rows(),
                            warmUps);
                    results.computeIfAbsent(key, k -> new ArrayList<>()).add(run);
                    System.out.printf(Locale.ROOT, "round %d %-12s %-10s start-up %5.1f s, steady %,9.0f rows/s,"
                                    + " %,9.0f rows per CPU-second, tail %5.1f s, total %6.1f s, peak heap %,5.0f MiB,"
                                    + " load %s%n", round, config, tree.getKey(), run.get("startup_s"),
                            rowsPerSecond(run, base), rowsPerCpuSecond(run, base), run.get("tail_s"),
                            run.get("total_s"), run.get("peak_heap_mib"), load());
                    System.out.println("    steady-state CPU by thread group: " + cpuShares(run));
                }
            }
        }
        summary(floor, base, configs, trees, results);
        stageSummary(stages, base.rows());
    }

    private static Map<StageFloor.Stage, List<StageFloor.Pass>> stageFloor(Path redo, long rows, int passes)
            throws IOException {
        StageFloor floor = new StageFloor(redo);
        return interleaved(StageFloor.Stage.values(), passes, floor::pass, (stage, result) -> String.format(
                Locale.ROOT, "stage floor pass %%d %-28s %,d records in %.2f s = %,.0f rows/s, %.2f CPU-µs per row",
                stage.label, result.records(), result.seconds(), result.rowsPerSecond(rows),
                result.cpuMicrosPerRow(rows)));
    }

    /** The stage floors' medians, each stage's own share (the difference to the one before) and 2 cores' ceiling. */
    private static void stageSummary(Map<StageFloor.Stage, List<StageFloor.Pass>> stages, long rows) {
        System.out.println("Stage floors (one thread, medians; cumulative; 2 cores at this floor = 2 x 10^6 / µs):");
        double before = 0;
        for (Map.Entry<StageFloor.Stage, List<StageFloor.Pass>> entry : stages.entrySet()) {
            double micros = entry.getValue().stream().mapToDouble(p -> p.cpuMicrosPerRow(rows)).sorted()
                    .skip((entry.getValue().size() - 1) / 2).findFirst().orElseThrow();
            System.out.printf(Locale.ROOT, "  %-28s %5.2f CPU-µs per row (this stage %5.2f), 2 cores at most %,9.0f"
                    + " rows/s%n", entry.getKey().label, micros, micros - before, 2e6 / micros);
            before = micros;
        }
    }

    private static Map<ReadFloor.Splitter, List<ReadFloor.Pass>> readFloor(Path redo, int passes) throws IOException {
        ReadFloor floor = new ReadFloor(redo);
        return interleaved(ReadFloor.Splitter.values(), passes, floor::pass, (splitter, result) -> String.format(
                Locale.ROOT, "floor pass %%d %-12s %,d rows, %,d MiB in %.2f s = %,.0f rows/s, %,.0f rows per"
                        + " CPU-second", splitter.label(), result.rows(), result.bytes() >> 20, result.seconds(),
                result.rowsPerSecond(), result.rowsPerCpuSecond()));
    }

    /** One pass per kind, kind after kind, {@code passes} times after a warm-up pass; prints each, keeps all but 0. */
    private static <K, P> Map<K, List<P>> interleaved(K[] kinds, int passes, FloorPass<K, P> run,
                                                      BiFunction<K, P, String> line) throws IOException {
        Map<K, List<P>> all = new LinkedHashMap<>();
        for (int pass = 0; pass <= passes; pass++) {
            for (K kind : kinds) {
                P result = run.pass(kind);
                System.out.println(String.format(Locale.ROOT, line.apply(kind, result), pass)
                        + (pass == 0 ? " (warm-up, not counted)" : ""));
                if (pass > 0) {
                    all.computeIfAbsent(kind, k -> new ArrayList<>()).add(result);
                }
            }
        }
        return all;
    }

    @FunctionalInterface
    private interface FloorPass<K, P> {
        P pass(K kind) throws IOException;
    }

    private static Map<String, Double> runJob(String classpath, String jvmOptions, Path redo, Path dir, String config,
                                              long expectedRecords, int warmUps)
            throws IOException, InterruptedException {
        String[] backendAndParallelism = config.split(":");
        Path output = Files.createTempDirectory(dir, "output-");
        List<String> command = new ArrayList<>();
        command.add(ProcessHandle.current().info().command().orElse("java"));
        command.addAll(Arrays.asList(jvmOptions.trim().split("\\s+")));
        command.addAll(List.of("--add-opens=java.base/java.util=ALL-UNNAMED",
                "--add-opens=java.base/java.lang=ALL-UNNAMED", "-cp", classpath, ThroughputBenchmark.class.getName(),
                "--job", redo.toString(), output.resolve("sink").toString(), backendAndParallelism[0],
                backendAndParallelism[1], Long.toString(expectedRecords), Integer.toString(warmUps)));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        Map<String, Double> values = null;
        List<String> lines = new ArrayList<>();
        try (BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(),
                StandardCharsets.UTF_8))) {
            String line;
            while ((line = out.readLine()) != null) {
                lines.add(line);
                if (line.startsWith("JOB ")) {
                    values = values == null ? new LinkedHashMap<>() : values;
                    for (String pair : line.substring(4).split(" ")) {
                        String[] kv = pair.split("=");
                        values.put(kv[0], Double.parseDouble(kv[1]));
                    }
                } else if (line.startsWith("THREADS ")) {
                    values = values == null ? new LinkedHashMap<>() : values;
                    for (String pair : line.substring(8).split(" ")) {
                        String[] kv = pair.split("=");
                        values.put("cpu_" + kv[0], Double.parseDouble(kv[1]));
                    }
                }
            }
        }
        int status = process.waitFor();
        FileUtils.deleteDirectory(output.toFile());
        if (status != 0 || values == null || !values.containsKey("records")) {
            throw new IllegalStateException("job run " + config + " failed (status " + status + "):\n"
                    + String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size())));
        }
        return values;
    }

    private static double rowsPerCpuSecond(Map<String, Double> run, ReadFloor.Pass floor) {
        return run.get("steady_records_per_cpu_s") * floor.rows() / run.get("records");
    }

    /** Steady-state records/s in contents rows (a record joins its CSF rows; the floor counts rows). */
    private static double rowsPerSecond(Map<String, Double> run, ReadFloor.Pass floor) {
        return run.get("steady_records_per_s") * floor.rows() / run.get("records");
    }

    private static void summary(Map<ReadFloor.Splitter, List<ReadFloor.Pass>> floor, ReadFloor.Pass base,
                                List<String> configs, Map<String, String> trees,
                                Map<String, List<Map<String, Double>>> results) {
        System.out.println();
        System.out.println("SUMMARY (medians; rows = contents rows; CPU = all threads of the job's JVM during the"
                + " steady state, one thread for the floor)");
        double commonsWall = median(floor.get(ReadFloor.Splitter.COMMONS_CSV), ReadFloor.Pass::rowsPerSecond);
        double commonsCpu = median(floor.get(ReadFloor.Splitter.COMMONS_CSV), ReadFloor.Pass::rowsPerCpuSecond);
        for (Map.Entry<ReadFloor.Splitter, List<ReadFloor.Pass>> entry : floor.entrySet()) {
            double wall = median(entry.getValue(), ReadFloor.Pass::rowsPerSecond);
            double cpu = median(entry.getValue(), ReadFloor.Pass::rowsPerCpuSecond);
            System.out.printf(Locale.ROOT, "read floor %-12s %,10.0f rows/s, %,10.0f rows per CPU-second (%d passes,"
                    + " one thread); over commons-csv: %.2fx wall, %.2fx CPU%n", entry.getKey().label(), wall, cpu,
                    entry.getValue().size(), wall / commonsWall, cpu / commonsCpu);
        }
        // the job is compared with the floor of what its source uses
        double floorWall = median(floor.get(ReadFloor.Splitter.FASTCSV), ReadFloor.Pass::rowsPerSecond);
        double floorCpu = median(floor.get(ReadFloor.Splitter.FASTCSV), ReadFloor.Pass::rowsPerCpuSecond);
        System.out.println("| backend:parallelism | tree | start-up s | steady rows/s | rows per CPU-s | steady / floor"
                + " (wall) | floor CPU / job CPU per row | tail s | total s | peak heap MiB | rows/s over first tree |"
                + " rows per CPU-s over first tree |");
        System.out.println("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
        for (String config : configs) {
            double firstWall = Double.NaN;
            double firstCpu = Double.NaN;
            for (String tree : trees.keySet()) {
                List<Map<String, Double>> runs = results.get(config + " " + tree);
                double wall = median(runs.stream().mapToDouble(r -> rowsPerSecond(r, base)).toArray());
                double cpu = median(runs.stream().mapToDouble(r -> rowsPerCpuSecond(r, base)).toArray());
                if (Double.isNaN(firstWall)) {
                    firstWall = wall;
                    firstCpu = cpu;
                }
                System.out.printf(Locale.ROOT, "| %s | %s | %.1f | %,.0f | %,.0f | %.3f | %.3f | %.1f | %.1f | %,.0f |"
                                + " %.2fx | %.2fx |%n", config, tree, median(runs, "startup_s"), wall, cpu,
                        wall / floorWall, cpu / floorCpu, median(runs, "tail_s"), median(runs, "total_s"),
                        median(runs, "peak_heap_mib"), wall / firstWall, cpu / firstCpu);
            }
        }
        System.out.println("Steady-state CPU by thread group (last round):");
        for (String config : configs) {
            for (String tree : trees.keySet()) {
                List<Map<String, Double>> runs = results.get(config + " " + tree);
                System.out.printf("  %s %s: %s%n", config, tree, cpuShares(runs.get(runs.size() - 1)));
            }
        }
    }

    private static double median(List<ReadFloor.Pass> passes, java.util.function.ToDoubleFunction<ReadFloor.Pass> f) {
        return median(passes.stream().mapToDouble(f).toArray());
    }

    /** The steady state's CPU seconds per thread group and their shares (from {@link ThreadCpu}). */
    private static String cpuShares(Map<String, Double> run) {
        double total = run.entrySet().stream().filter(e -> e.getKey().startsWith("cpu_"))
                .mapToDouble(Map.Entry::getValue).sum();
        StringBuilder out = new StringBuilder();
        run.forEach((key, seconds) -> {
            if (key.startsWith("cpu_")) {
                out.append(String.format(Locale.ROOT, "%s %.1f s (%.0f %%), ", key.substring(4), seconds,
                        100 * seconds / total));
            }
        });
        return out.length() == 0 ? "n/a" : out.substring(0, out.length() - 2);
    }

    private static double median(List<Map<String, Double>> runs, String key) {
        return median(runs.stream().mapToDouble(r -> r.get(key)).toArray());
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    private static ReadFloor.Pass best(List<ReadFloor.Pass> passes) {
        return passes.stream().max((a, b) -> Double.compare(a.rowsPerSecond(), b.rowsPerSecond())).orElseThrow();
    }

    /**
     * The {@code name=classpath} pairs (separated by {@code ;}) first, so that ratios are over the baseline, then
     * "this" (this JVM's classpath).
     */
    private static Map<String, String> trees(String spec) {
        Map<String, String> trees = new LinkedHashMap<>();
        for (String pair : spec.split(";")) {
            if (!pair.isBlank()) {
                int eq = pair.indexOf('=');
                trees.put(pair.substring(0, eq), pair.substring(eq + 1));
            }
        }
        trees.put("this", System.getProperty("java.class.path"));
        return trees;
    }

    private static void machine() throws IOException {
        String cpu = Files.readAllLines(Path.of("/proc/cpuinfo")).stream().filter(l -> l.startsWith("model name"))
                .findFirst().map(l -> l.substring(l.indexOf(':') + 1).trim()).orElse("?");
        System.out.printf(Locale.ROOT, "machine: %d cores (%s), %s, java %s, load %s, %s%n",
                Runtime.getRuntime().availableProcessors(), cpu,
                ManagementFactory.getOperatingSystemMXBean().getName(), System.getProperty("java.version"), load(),
                java.time.Instant.now());
    }

    private static String load() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).split(" ")[0];
        } catch (IOException e) {
            return "?";
        }
    }

    private static Map<String, String> options(String[] args) {
        Map<String, String> map = new LinkedHashMap<>();
        for (int i = 0; i < args.length; i += 2) {
            if (!args[i].startsWith("--") || i + 1 == args.length) {
                throw new IllegalArgumentException("expected --option value pairs, got '" + args[i] + "'");
            }
            map.put(args[i].substring(2), args[i + 1]);
        }
        return map;
    }
}
