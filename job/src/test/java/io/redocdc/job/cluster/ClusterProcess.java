package io.redocdc.job.cluster;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One child JVM of the test cluster (JobManager, TaskManager or the flink CLI), started as Flink's scripts start
 * them: the main class with {@code --configDir}, log4j writing {@code log.file}, the JVM options the
 * distribution's config.yaml passes (env.java.default-opts.all). Its console goes to a file next to its log.
 */
final class ClusterProcess {

    /** Flink's RPC and serializers reflect into these JDK packages; the distribution opens them the same way. */
    static final List<String> JDK_OPENS = List.of(
            "--add-exports=java.base/sun.net.util=ALL-UNNAMED",
            "--add-opens=java.base/java.lang=ALL-UNNAMED",
            "--add-opens=java.base/java.lang.reflect=ALL-UNNAMED",
            "--add-opens=java.base/java.net=ALL-UNNAMED",
            "--add-opens=java.base/java.io=ALL-UNNAMED",
            "--add-opens=java.base/java.nio=ALL-UNNAMED",
            "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED",
            "--add-opens=java.base/java.text=ALL-UNNAMED",
            "--add-opens=java.base/java.time=ALL-UNNAMED",
            "--add-opens=java.base/java.util=ALL-UNNAMED",
            "--add-opens=java.base/java.util.concurrent=ALL-UNNAMED",
            "--add-opens=java.base/java.util.concurrent.atomic=ALL-UNNAMED",
            "--add-opens=java.base/java.util.concurrent.locks=ALL-UNNAMED");

    private final String name;
    private final Process process;
    private final Path log;
    private final Path console;

    private ClusterProcess(String name, Process process, Path log, Path console) {
        this.name = name;
        this.process = process;
        this.log = log;
        this.console = console;
    }

    /**
     * @param jvmOptions heap and other options of this process
     * @param environment added to the test JVM's own (which the child inherits, e.g. a target's password)
     */
    static ClusterProcess start(String name, Path logDir, String classpath, Path log4jConfig, List<String> jvmOptions,
                                String mainClass, List<String> arguments, Map<String, String> environment)
            throws IOException {
        Path log = logDir.resolve(name + ".log");
        Path console = logDir.resolve(name + ".out");
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmOptions);
        command.addAll(JDK_OPENS);
        command.add("-Dlog.file=" + log);
        command.add("-Dlog4j.configurationFile=" + log4jConfig.toUri());
        command.addAll(List.of("-cp", classpath, mainClass));
        command.addAll(arguments);
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(console.toFile());
        builder.environment().putAll(environment);
        return new ClusterProcess(name, builder.start(), log, console);
    }

    String name() {
        return name;
    }

    boolean isAlive() {
        return process.isAlive();
    }

    /** SIGKILL on Linux: no shutdown hook runs, as when a machine or container dies. */
    void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor();
    }

    /** SIGTERM, then SIGKILL if it has not ended after a few seconds. */
    void stop() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(5, TimeUnit.SECONDS)) {
            kill();
        }
    }

    /** Waits for a process that ends by itself (the CLI); false on timeout. */
    boolean waitFor(long seconds) throws InterruptedException {
        return process.waitFor(seconds, TimeUnit.SECONDS);
    }

    int exitValue() {
        return process.exitValue();
    }

    String log() throws IOException {
        return Files.exists(log) ? Files.readString(log, StandardCharsets.UTF_8) : "";
    }

    String console() throws IOException {
        return Files.exists(console) ? Files.readString(console, StandardCharsets.UTF_8) : "";
    }

    /** The last lines of its log and console, for a failure message. */
    String tail(int lines) {
        StringBuilder out = new StringBuilder("---- " + name + (process.isAlive() ? " (running)" : " (ended)"));
        for (Path file : List.of(log, console)) {
            out.append("\n-- ").append(file).append('\n');
            try {
                List<String> all = Files.exists(file) ? Files.readAllLines(file, StandardCharsets.UTF_8) : List.of();
                out.append(String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size())));
            } catch (IOException | RuntimeException e) {
                out.append("(unreadable: ").append(e).append(')');
            }
        }
        return out.toString();
    }
}
