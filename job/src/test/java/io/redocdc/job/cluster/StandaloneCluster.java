package io.redocdc.job.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.File;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.flink.configuration.BlobServerOptions;
import org.apache.flink.configuration.CheckpointingOptions;
import org.apache.flink.configuration.ConfigConstants;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.CoreOptions;
import org.apache.flink.configuration.GlobalConfiguration;
import org.apache.flink.configuration.HeartbeatManagerOptions;
import org.apache.flink.configuration.JobManagerOptions;
import org.apache.flink.configuration.MemorySize;
import org.apache.flink.configuration.MetricOptions;
import org.apache.flink.configuration.RestOptions;
import org.apache.flink.configuration.RpcOptions;
import org.apache.flink.configuration.TaskManagerOptions;
import org.apache.flink.configuration.WebOptions;
import org.apache.flink.runtime.clusterframework.BootstrapTools;

/**
 * A standalone Flink session cluster on 127.0.0.1 of child JVMs, as {@code bin/start-cluster.sh} of a Flink
 * distribution starts it, from the Maven Central jars on the test classpath: one JobManager (web UI and REST)
 * and TaskManagers that can be killed and replaced. Its config.yaml is the project's flink-conf/config.yaml
 * with free ports, this test's directories and small memory. Every process it started is stopped by
 * {@link #close}, and by a shutdown hook if the test JVM ends first.
 */
final class StandaloneCluster implements AutoCloseable {

    static final String HOST = "127.0.0.1";
    static final int SLOTS_PER_TASK_MANAGER = 2;
    private static final Duration START_TIMEOUT = Duration.ofSeconds(90);
    private static final Pattern SUBMITTED = Pattern.compile("submitted job ([0-9a-f]{32})");
    /** Maven repository paths of the job's own dependencies and of test libraries, which no Flink lib/ holds. */
    private static final List<String> NOT_ON_A_CLUSTER = Stream.of("info/picocli", "org/apache/commons/commons-csv",
                    "com/oracle/database", "org/postgresql", "com/h2database", "org/junit", "org/assertj",
                    "org/opentest4j", "org/testcontainers", "org/apiguardian")
            .map(StandaloneCluster::repositoryPath).toList();
    /**
     * What a distribution keeps in opt/ and bin/sql-client.sh adds to the SQL client's classpath (the client, the
     * gateway it runs embedded, flink-python, whose option parser the client calls): not on a cluster's.
     */
    private static final List<String> SQL_CLIENT_OPT = Stream.of("org/apache/flink/flink-sql-client",
            "org/apache/flink/flink-sql-gateway", "org/apache/flink/flink-python")
            .map(StandaloneCluster::repositoryPath).toList();

    private final Path work;
    private final Path confDir;
    private final Path logs;
    private final Path log4j;
    private final String classpath;
    private final Configuration conf;
    private final ClusterRest rest;
    private final List<ClusterProcess> processes = new CopyOnWriteArrayList<>();
    private final List<ClusterProcess> taskManagers = new ArrayList<>();
    private final Set<String> killed = new HashSet<>();
    private final Thread shutdownHook = new Thread(this::stopAll, "stop-test-cluster");
    private int started;

    private StandaloneCluster(Path work, Configuration conf) throws IOException {
        this.work = work;
        this.confDir = Files.createDirectories(work.resolve("conf"));
        this.logs = Files.createDirectories(work.resolve("log"));
        this.log4j = ClusterConfigFileTest.CONF_DIR.resolve("log4j.properties").toAbsolutePath();
        this.classpath = flinkClasspath(SQL_CLIENT_OPT);
        this.conf = conf;
        this.rest = new ClusterRest(HOST, conf.get(RestOptions.PORT));
        BootstrapTools.writeConfiguration(conf, confDir.resolve(GlobalConfiguration.FLINK_CONF_FILENAME).toFile());
        Runtime.getRuntime().addShutdownHook(shutdownHook);
    }

    /** Starts the JobManager and {@code taskManagers} TaskManagers and waits until all have registered. */
    static StandaloneCluster start(Path work, int taskManagers) throws Exception {
        StandaloneCluster cluster = new StandaloneCluster(work, configuration(work));
        try {
            cluster.startProcess("jobmanager", List.of("-Xmx512m"),
                    "org.apache.flink.runtime.entrypoint.StandaloneSessionClusterEntrypoint", List.of());
            cluster.startTaskManagers(taskManagers);
            cluster.awaitTaskManagers(taskManagers);
            String index = cluster.rest.page("/");
            if (!index.contains("Apache Flink Web Dashboard")) {
                throw new AssertionError("no web UI at / of the JobManager (flink-runtime-web missing?): " + index);
            }
            return cluster;
        } catch (Exception | Error e) {
            cluster.close();
            throw e;
        }
    }

    /**
     * An application cluster, as {@code standalone-job.sh start --job-classname} of a distribution starts it: the
     * JobManager runs {@code mainClass} of {@code jar} with {@code programArguments} and ends when the job has.
     * Does not wait: a bounded job may be over before a test could see it running.
     */
    static StandaloneCluster startApplication(Path work, int taskManagers, Path jar, String mainClass,
                                              List<String> programArguments) throws Exception {
        StandaloneCluster cluster = new StandaloneCluster(work, configuration(work));
        try {
            // --jars takes several values: it goes first, so that it cannot swallow the program's arguments
            List<String> arguments = new ArrayList<>(List.of("--jars", jar.toUri().toString(),
                    "--job-classname", mainClass));
            arguments.addAll(programArguments);
            cluster.startProcess("jobmanager", List.of("-Xmx512m"),
                    "org.apache.flink.container.entrypoint.StandaloneApplicationClusterEntryPoint", arguments);
            cluster.startTaskManagers(taskManagers);
            return cluster;
        } catch (Exception | Error e) {
            cluster.close();
            throw e;
        }
    }

    private void startTaskManagers(int count) throws IOException {
        for (int i = 0; i < count; i++) {
            startTaskManager();
        }
    }

    /** Waits for the JobManager to end by itself; its exit code. */
    int awaitJobManagerEnd(Duration timeout) throws InterruptedException {
        ClusterProcess jobManager = processes.get(0);
        if (!jobManager.waitFor(timeout.toSeconds())) {
            throw new AssertionError("the JobManager did not end within " + timeout + "\n" + logTails());
        }
        return jobManager.exitValue();
    }

    /** The JobManager's log file as it stands. */
    String jobManagerLog() throws IOException {
        return processes.get(0).log();
    }

    /** What the JobManager printed (in application mode, the job's main method runs there). */
    String jobManagerConsole() throws IOException {
        return processes.get(0).console();
    }

    /** The project's cluster configuration, bound to loopback with free ports and this test's directories. */
    private static Configuration configuration(Path work) throws IOException {
        Configuration conf = GlobalConfiguration.loadConfiguration(
                ClusterConfigFileTest.CONF_DIR.toAbsolutePath().toString());
        conf.set(JobManagerOptions.ADDRESS, HOST);
        conf.set(JobManagerOptions.PORT, freePort());
        conf.set(JobManagerOptions.BIND_HOST, HOST);
        conf.set(RestOptions.ADDRESS, HOST);
        conf.set(RestOptions.BIND_ADDRESS, HOST);
        conf.set(RestOptions.PORT, freePort());
        conf.set(TaskManagerOptions.HOST, HOST);
        conf.set(TaskManagerOptions.BIND_HOST, HOST);
        conf.set(TaskManagerOptions.NUM_TASK_SLOTS, SLOTS_PER_TASK_MANAGER);
        // Without Flink's scripts nothing derives the memory components from a process size: give them directly.
        conf.removeConfig(TaskManagerOptions.TOTAL_PROCESS_MEMORY);
        conf.removeConfig(JobManagerOptions.TOTAL_PROCESS_MEMORY);
        conf.set(TaskManagerOptions.CPU_CORES, (double) SLOTS_PER_TASK_MANAGER);
        conf.set(TaskManagerOptions.FRAMEWORK_HEAP_MEMORY, MemorySize.parse("96m"));
        conf.set(TaskManagerOptions.TASK_HEAP_MEMORY, MemorySize.parse("256m"));
        conf.set(TaskManagerOptions.FRAMEWORK_OFF_HEAP_MEMORY, MemorySize.parse("64m"));
        conf.set(TaskManagerOptions.TASK_OFF_HEAP_MEMORY, MemorySize.ZERO);
        conf.set(TaskManagerOptions.NETWORK_MEMORY_MIN, MemorySize.parse("64m"));
        conf.set(TaskManagerOptions.NETWORK_MEMORY_MAX, MemorySize.parse("64m"));
        conf.set(TaskManagerOptions.MANAGED_MEMORY_SIZE, MemorySize.parse("128m"));
        conf.set(TaskManagerOptions.JVM_METASPACE, MemorySize.parse("256m"));
        conf.set(TaskManagerOptions.JVM_OVERHEAD_MIN, MemorySize.parse("192m"));
        conf.set(TaskManagerOptions.JVM_OVERHEAD_MAX, MemorySize.parse("192m"));
        String root = work.toUri().toString();
        conf.set(CheckpointingOptions.CHECKPOINTS_DIRECTORY, root + "checkpoints");
        conf.set(CheckpointingOptions.SAVEPOINT_DIRECTORY, root + "savepoints");
        // Short enough for a test's changes to be committed quickly; the job takes the cluster's interval.
        conf.set(CheckpointingOptions.CHECKPOINTING_INTERVAL, Duration.ofSeconds(1));
        // A killed TaskManager is noticed within seconds instead of the default 50 s.
        conf.set(HeartbeatManagerOptions.HEARTBEAT_INTERVAL, Duration.ofSeconds(1));
        conf.set(HeartbeatManagerOptions.HEARTBEAT_TIMEOUT, Duration.ofSeconds(8));
        // RPCs answer late on a loaded machine (CI shares 2 cores); the default 10 s made checkpoints decline.
        conf.set(RpcOptions.ASK_TIMEOUT_DURATION, Duration.ofSeconds(30));
        // REST metric values are at most this old (default 10 s).
        conf.set(MetricOptions.METRIC_FETCHER_UPDATE_INTERVAL, Duration.ofSeconds(1));
        conf.set(CoreOptions.TMP_DIRS, Files.createDirectories(work.resolve("tmp")).toString());
        conf.set(BlobServerOptions.STORAGE_DIRECTORY, Files.createDirectories(work.resolve("blobs")).toString());
        conf.set(WebOptions.UPLOAD_DIR, Files.createDirectories(work.resolve("uploads")).toString());
        return conf;
    }

    ClusterRest rest() {
        return rest;
    }

    Configuration configuration() {
        return conf;
    }

    /** Starts one more TaskManager, with a resource id that {@link #killTaskManager} can find. */
    void startTaskManager() throws IOException {
        String id = "taskmanager-" + (++started);
        long heap = conf.get(TaskManagerOptions.FRAMEWORK_HEAP_MEMORY).getMebiBytes()
                + conf.get(TaskManagerOptions.TASK_HEAP_MEMORY).getMebiBytes();
        long direct = conf.get(TaskManagerOptions.FRAMEWORK_OFF_HEAP_MEMORY).getMebiBytes()
                + conf.get(TaskManagerOptions.NETWORK_MEMORY_MAX).getMebiBytes();
        taskManagers.add(startProcess(id, List.of("-Xmx" + heap + "m", "-Xms" + heap + "m",
                        "-XX:MaxDirectMemorySize=" + direct + "m"),
                "org.apache.flink.runtime.taskexecutor.TaskManagerRunner",
                List.of("-D", TaskManagerOptions.TASK_MANAGER_RESOURCE_ID.key() + "=" + id)));
    }

    /** Kills the TaskManager of this resource id with SIGKILL. */
    void killTaskManager(String resourceId) throws InterruptedException {
        for (ClusterProcess tm : taskManagers) {
            if (tm.name().equals(resourceId)) {
                killed.add(resourceId);
                tm.kill();
                return;
            }
        }
        throw new IllegalArgumentException("no TaskManager " + resourceId + " was started by this test");
    }

    /** Waits until this many TaskManagers are registered with the JobManager. */
    void awaitTaskManagers(int count) throws Exception {
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        String last = "REST not up";
        while (System.nanoTime() < deadline) {
            requireAlive();
            try {
                JsonNode overview = rest.get("/overview");
                last = overview.toString();
                if (overview.path("taskmanagers").asInt() == count) {
                    return;
                }
            } catch (IOException notUpYet) {
                last = notUpYet.toString();
            }
            Thread.sleep(500);
        }
        throw new AssertionError("the cluster did not have " + count + " TaskManagers within " + START_TIMEOUT
                + " (last answer: " + last + ")\n" + logTails());
    }

    /**
     * {@code flink run -d [arguments]} with this cluster's configuration directory (FLINK_CONF_DIR), as a user runs
     * it; returns the job id it submitted.
     */
    String flinkRun(List<String> arguments) throws Exception {
        List<String> cli = new ArrayList<>(List.of("run", "-d"));
        cli.addAll(arguments);
        ClusterProcess client = startClient("flink-cli-" + processes.size(), "-Xmx256m",
                "org.apache.flink.client.cli.CliFrontend", cli, classpath);
        if (!client.waitFor(120)) {
            client.stop();
            throw new AssertionError("flink run did not return within 120 s\n" + client.tail(60));
        }
        String console = client.console();
        Matcher submitted = SUBMITTED.matcher(console);
        if (client.exitValue() != 0 || !submitted.find()) {
            throw new AssertionError("flink run " + String.join(" ", arguments) + " exited with "
                    + client.exitValue() + " without submitting a job\n" + client.tail(80));
        }
        return submitted.group(1);
    }

    /**
     * {@code bin/sql-client.sh [arguments]} (embedded mode) with this cluster's configuration directory, on the
     * classpath that script builds: lib/ and the SQL client's jars from opt/. Waits for it to end; its console holds
     * what it printed.
     */
    ClusterProcess sqlClient(List<String> arguments, Duration timeout) throws Exception {
        ClusterProcess client = startClient("sql-client-" + processes.size(), "-Xmx512m",
                "org.apache.flink.table.client.SqlClient", arguments, flinkClasspath(List.of()));
        if (!client.waitFor(timeout.toSeconds())) {
            client.stop();
            throw new AssertionError("the SQL client did not end within " + timeout + "\n" + client.tail(100)
                    + "\n" + logTails());
        }
        return client;
    }

    /** A client process as Flink's scripts start one: FLINK_CONF_DIR instead of --configDir. */
    private ClusterProcess startClient(String name, String heap, String mainClass, List<String> arguments,
                                       String clientClasspath) throws IOException {
        ClusterProcess client = ClusterProcess.start(name, logs, clientClasspath, log4j, List.of(heap), mainClass,
                arguments, Map.of(ConfigConstants.ENV_FLINK_CONF_DIR, confDir.toString()));
        processes.add(client);
        return client;
    }

    /** The last lines of every process's log and console output. */
    String logTails() {
        return processes.stream().map(p -> p.tail(60)).collect(Collectors.joining("\n"));
    }

    /** Fails at once, with its log, when a process ended that should run (instead of at a timeout). */
    private void requireAlive() {
        ClusterProcess jobManager = processes.get(0);
        if (!jobManager.isAlive()) {
            throw new AssertionError("the JobManager ended\n" + jobManager.tail(100));
        }
        for (ClusterProcess tm : taskManagers) {
            if (!killed.contains(tm.name()) && !tm.isAlive()) {
                throw new AssertionError(tm.name() + " ended\n" + tm.tail(100));
            }
        }
    }

    private ClusterProcess startProcess(String name, List<String> jvmOptions, String mainClass,
                                        List<String> arguments) throws IOException {
        List<String> withConf = new ArrayList<>(arguments);
        withConf.addAll(0, List.of("--configDir", confDir.toString()));
        ClusterProcess process = ClusterProcess.start(name, logs, classpath, log4j, jvmOptions, mainClass, withConf,
                Map.of());
        processes.add(process);
        return process;
    }

    /**
     * The test JVM's classpath without this project's own classes and jars, the libraries the job jar must bring
     * itself and the test libraries: Flink, its RocksDB backend, REST and web UI, the client and logging, as a
     * distribution's lib/ has them. The job's classes and dependencies come only from the submitted jar, as on a
     * real cluster, so a dependency missing from the jar fails here.
     *
     * @param alsoLeftOut further Maven repository paths to leave out
     */
    private static String flinkClasspath(List<String> alsoLeftOut) {
        Path project = Path.of("").toAbsolutePath().getParent();
        return Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(entry -> !Path.of(entry).toAbsolutePath().startsWith(project))
                .filter(entry -> NOT_ON_A_CLUSTER.stream().noneMatch(entry::contains))
                .filter(entry -> alsoLeftOut.stream().noneMatch(entry::contains))
                .collect(Collectors.joining(File.pathSeparator));
    }

    private static String repositoryPath(String path) {
        return File.separator + path.replace('/', File.separatorChar) + File.separator;
    }


    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    /** TaskManagers and clients first, the JobManager last, so none of them waits for a JobManager gone. */
    private void stopAll() {
        List<ClusterProcess> newestFirst = new ArrayList<>(processes);
        Collections.reverse(newestFirst);
        for (ClusterProcess process : newestFirst) {
            try {
                process.stop();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    @Override
    public void close() {
        stopAll();
        try {
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
        } catch (IllegalStateException shuttingDown) {
            // the hook runs or has run
        }
    }

    Path work() {
        return work;
    }
}
