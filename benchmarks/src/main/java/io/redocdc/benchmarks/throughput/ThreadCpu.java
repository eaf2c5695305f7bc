package io.redocdc.benchmarks.throughput;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * CPU time of this JVM's threads by group (the job's tasks, JIT compilers, garbage collector, the rest), read
 * from Linux's {@code /proc/self/task/<tid>/stat}, which also covers the JVM's own threads that profilers of Java
 * code leave out. Thread names there are cut to 15 characters, enough to tell the groups apart.
 */
final class ThreadCpu {

    private static final double TICKS_PER_SECOND = 100.0; // USER_HZ on Linux

    private ThreadCpu() {
    }

    /** Seconds of CPU (user + system) per group so far; empty where /proc is not there. */
    static Map<String, Double> snapshot() {
        Map<String, Double> groups = new TreeMap<>();
        try (Stream<Path> tasks = Files.list(Path.of("/proc/self/task"))) {
            tasks.forEach(task -> {
                try {
                    String stat = Files.readString(task.resolve("stat"));
                    int open = stat.indexOf('(');
                    int close = stat.lastIndexOf(')');
                    String[] fields = stat.substring(close + 2).split(" ");
                    // after "pid (comm) ": state is field 3 of stat(5), utime field 14, stime field 15
                    double seconds = (Long.parseLong(fields[11]) + Long.parseLong(fields[12])) / TICKS_PER_SECOND;
                    groups.merge(group(stat.substring(open + 1, close)), seconds, Double::sum);
                } catch (IOException | RuntimeException e) {
                    // the thread ended between the listing and the read
                }
            });
        } catch (IOException e) {
            return Map.of();
        }
        return groups;
    }

    static Map<String, Double> minus(Map<String, Double> later, Map<String, Double> earlier) {
        Map<String, Double> diff = new LinkedHashMap<>();
        later.forEach((group, seconds) -> diff.put(group, seconds - earlier.getOrDefault(group, 0.0)));
        return diff;
    }

    private static String group(String name) {
        if (name.startsWith("Source Data Fet")) { // the source reader's fetcher; comm keeps 15 characters
            return "fetcher";
        }
        if (name.startsWith("Source: ")) {
            return "source";
        }
        if (name.startsWith("transaction-ass")) {
            return "assembler";
        }
        if (name.startsWith("commit-sequence")) {
            return "sequencer+sink";
        }
        if (name.startsWith("C1 Compiler") || name.startsWith("C2 Compiler")) {
            return "jit";
        }
        if (name.startsWith("GC Thread") || name.startsWith("G1 ") || name.equals("VM Thread")) {
            return "gc+vm";
        }
        return "other";
    }
}
