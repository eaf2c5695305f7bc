package io.redocdc.benchmarks.parser;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Not JMH: a cross-check of the JMH ratios that holds up on a shared, loaded machine. On each Dml shape it runs
 * redo-cdc, Debezium and the scan floor in interleaved rounds (order rotated each round) and counts statements
 * per second of the thread's own CPU time, so time spent descheduled by other processes does not count and all
 * three meet the same load; it prints the median of the rounds. Cache and frequency effects of other processes
 * remain. Usage: {@code benchmarks/run-parser.sh --cpu-race [columnCount,...]}.
 */
public final class ParserCpuRace {

    private static final int ROUNDS = 41;
    private static final long ROUND_CPU_NANOS = 10_000_000L;
    private static final long WARMUP_CPU_NANOS = 3_000_000_000L;
    private static final int BATCH = 200;
    private static final String[] NAMES = {"redo-cdc", "Debezium", "scan floor"};

    private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    private final Blackhole sink = new Blackhole(
            "Today's password is swordfish. I understand instantiating Blackholes directly is dangerous.");

    private ParserCpuRace() {
    }

    public static void main(String[] args) {
        int[] columnCounts = args.length > 0
                ? Arrays.stream(args[0].split(",")).mapToInt(Integer::parseInt).toArray()
                : new int[] {1, 2, 5, 10, 20, 50};
        ParserCpuRace race = new ParserCpuRace();
        System.out.println("| shape | redo-cdc statements/cpu-s | Debezium statements/cpu-s | ours/Debezium "
                + "| scan floor statements/cpu-s | ours/floor | floor/Debezium |");
        System.out.println("| --- | ---: | ---: | ---: | ---: | ---: | ---: |");
        for (int columnCount : columnCounts) {
            for (Dml statement : Dml.values()) {
                double[] rates = race.run(DebeziumShapes.dml(statement, columnCount));
                System.out.printf(Locale.ROOT, "| Dml %s, columnCount=%d | %,.0f | %,.0f | %.2fx | %,.0f | %.2fx | %.2fx |%n",
                        statement, columnCount, rates[0], rates[1], rates[0] / rates[1], rates[2],
                        rates[0] / rates[2], rates[2] / rates[1]);
            }
        }
    }

    /** Median statements per CPU-second of each contender over the rounds. */
    private double[] run(Shape shape) {
        ParserTrial trial = new ParserTrial(shape, Parsers.redoCdc(), Parsers.debezium());
        String sql = shape.sql();
        ScanFloor.check(ScanFloor.scan(sql), shape);
        long warmupEnd = cpu() + WARMUP_CPU_NANOS;
        while (cpu() < warmupEnd) {
            for (int c = 0; c < NAMES.length; c++) {
                batch(c, trial, sql);
            }
        }
        List<double[]> rounds = new ArrayList<>();
        for (int round = 0; round < ROUNDS; round++) {
            double[] rate = new double[NAMES.length];
            for (int k = 0; k < NAMES.length; k++) {
                int c = (round + k) % NAMES.length;
                long start = cpu();
                long ops = 0;
                long elapsed;
                do {
                    batch(c, trial, sql);
                    ops += BATCH;
                    elapsed = cpu() - start;
                } while (elapsed < ROUND_CPU_NANOS);
                rate[c] = ops * 1e9 / elapsed;
            }
            rounds.add(rate);
        }
        double[] medians = new double[NAMES.length];
        for (int c = 0; c < NAMES.length; c++) {
            int contender = c;
            double[] sorted = rounds.stream().mapToDouble(r -> r[contender]).sorted().toArray();
            medians[c] = sorted[sorted.length / 2];
        }
        return medians;
    }

    /** One batch of one contender, each in its own loop so no call site is shared between them. */
    private void batch(int contender, ParserTrial trial, String sql) {
        switch (contender) {
            case 0 -> {
                for (int i = 0; i < BATCH; i++) {
                    sink.consume(trial.redoCdc());
                }
            }
            case 1 -> {
                for (int i = 0; i < BATCH; i++) {
                    sink.consume(trial.debezium());
                }
            }
            default -> {
                for (int i = 0; i < BATCH; i++) {
                    sink.consume(ScanFloor.scan(sql));
                }
            }
        }
    }

    private long cpu() {
        return threads.getCurrentThreadCpuTime();
    }
}
