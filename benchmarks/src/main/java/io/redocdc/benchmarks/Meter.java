package io.redocdc.benchmarks;

import java.lang.management.ManagementFactory;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/** Wall time, this JVM's and this thread's CPU time, and a database server's (when on this host) over one variant. */
final class Meter {

    private final long startNanos = System.nanoTime();
    private final long startJvmCpuNanos = jvmCpuNanos();
    private final long startThreadCpuNanos = threadCpuNanos();
    private final ServerCpu server;
    private final OptionalLong startServerTicks;

    private Meter(ServerCpu server) {
        this.server = server;
        this.startServerTicks = server == null ? OptionalLong.empty() : server.ticks();
    }

    /** @param server the database server, or null when its CPU cannot be read here */
    static Meter start(ServerCpu server) {
        return new Meter(server);
    }

    Reading read() throws InterruptedException {
        double seconds = (System.nanoTime() - startNanos) / 1e9;
        double jvm = (jvmCpuNanos() - startJvmCpuNanos) / 1e9;
        double thread = (threadCpuNanos() - startThreadCpuNanos) / 1e9;
        OptionalLong ticks = server == null ? OptionalLong.empty() : server.settledTicks();
        OptionalDouble serverSeconds = ticks.isPresent() && startServerTicks.isPresent()
                ? OptionalDouble.of(ServerCpu.toSeconds(ticks.getAsLong() - startServerTicks.getAsLong()))
                : OptionalDouble.empty();
        return new Reading(seconds, jvm, thread, serverSeconds);
    }

    /**
     * @param jvmCpuSeconds    every thread of this JVM (JIT compilers and GC included)
     * @param threadCpuSeconds the thread that read it (the replays' applying thread)
     */
    record Reading(double seconds, double jvmCpuSeconds, double threadCpuSeconds, OptionalDouble serverCpuSeconds) {
    }

    private static long threadCpuNanos() {
        return ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
    }

    private static long jvmCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }
}
