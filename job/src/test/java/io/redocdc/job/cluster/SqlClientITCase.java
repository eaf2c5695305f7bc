package io.redocdc.job.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.redocdc.job.ReadmeSql;
import io.redocdc.sinks.files.ChangeFiles;
import io.redocdc.tools.simulate.SimulationSettings;
import io.redocdc.tools.simulate.WorkloadSimulator;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's SQL client script, run by Flink 2.3's SQL client (its main class, in a child JVM, on the classpath
 * bin/sql-client.sh builds) against a standalone session cluster, the job jar given only by {@code -j}: the
 * changelog it prints, applied, gives the orders per status that the simulator's final rows imply.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class SqlClientITCase {

    private static final String README_MARKER = "<!-- SqlClientITCase runs this script";
    private static final String README_REDO = "'source.dir' = 'demo/redo'";
    private static final String QUERY =
            "SELECT STATUS, COUNT(*) AS orders, SUM(ORDER_TOTAL) AS total FROM orders GROUP BY STATUS;";
    /** A row of the tableau result: | op | STATUS | orders | total | */
    private static final Pattern ROW = Pattern.compile("^\\| ([+-][IUD]) \\|(.*)\\|$", Pattern.MULTILINE);
    private static final Pattern RECEIVED = Pattern.compile("Received a total of (\\d+) rows?");
    private static final Duration CLIENT_TIMEOUT = Duration.ofMinutes(3);

    @TempDir
    Path tmp;

    @Test
    void theReadmeScriptPrintsTheTruthsTotalsPerStatus() throws Exception {
        Path simulated = tmp.resolve("simulated");
        WorkloadSimulator.write(simulated, SimulationSettings.defaults().withSeed(31).withThreads(2)
                .withTransactions(1000));
        String script = readmeScript();
        assertThat(script).contains(QUERY);
        Path file = tmp.resolve("orders.sql");
        Files.writeString(file, script.replace(README_REDO, "'source.dir' = '" + simulated.resolve("redo") + "'"),
                StandardCharsets.UTF_8);

        String console;
        try (StandaloneCluster cluster = StandaloneCluster.start(tmp.resolve("cluster"), 1)) {
            ClusterProcess client = cluster.sqlClient(List.of("-j", ClusterITCase.jobJar().toString(),
                    "-f", file.toString(), "--history", tmp.resolve("sql-history").toString()), CLIENT_TIMEOUT);
            console = client.console();
            // the client exits with 0 after a failed statement too: its [ERROR] line is the failure
            assertThat(client.exitValue() == 0 && !console.contains("[ERROR]") && RECEIVED.matcher(console).find())
                    .as("the SQL client ran the script and received a result (exit code %d); it printed:\n%s\n%s",
                            client.exitValue(), console, cluster.logTails())
                    .isTrue();
            assertThat(finishedJobs(cluster)).as("jobs the client ran on the cluster").isEqualTo(1);
        }

        assertThat(totals(console)).isEqualTo(truthTotals(simulated));
    }

    /** The sql block after the README's marker that names this test. */
    private static String readmeScript() {
        String script = ReadmeSql.blockAfter(README_MARKER);
        assertThat(script.split(Pattern.quote(README_REDO), -1)).as("%s in the script", README_REDO).hasSize(2);
        return script;
    }

    /** The jobs on the cluster once none is running any more (the client may have its result first); all ended. */
    private static long finishedJobs(StandaloneCluster cluster) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        JsonNode jobs = cluster.rest().get("/jobs/overview").path("jobs");
        while (jobs.findValuesAsText("state").stream().anyMatch(state -> !state.equals("FINISHED"))
                && System.nanoTime() < deadline) {
            Thread.sleep(200);
            jobs = cluster.rest().get("/jobs/overview").path("jobs");
        }
        assertThat(jobs.findValuesAsText("state")).as("the cluster's jobs: %s", jobs).containsOnly("FINISHED");
        return jobs.size();
    }

    /** The printed changelog applied: the final row of each status, as count and total. */
    private static Map<String, Totals> totals(String console) {
        Map<List<String>, Integer> rows = new HashMap<>();
        Matcher row = ROW.matcher(console);
        int printed = 0;
        while (row.find()) {
            printed++;
            List<String> fields = Arrays.stream(row.group(2).split("\\|")).map(String::strip).toList();
            boolean retraction = row.group(1).equals("-U") || row.group(1).equals("-D");
            rows.merge(fields, retraction ? -1 : 1, (a, b) -> a + b == 0 ? null : a + b);
        }
        Matcher received = RECEIVED.matcher(console);
        assertThat(received.find()).isTrue();
        assertThat(printed).as("changelog rows read from the output\n%s", console)
                .isEqualTo(Integer.parseInt(received.group(1)));

        Map<String, Totals> totals = new TreeMap<>();
        rows.forEach((fields, count) -> {
            assertThat(count).as("multiplicity of %s", fields).isOne();
            assertThat(fields).as("STATUS, orders, total").hasSize(3);
            Totals previous = totals.put(fields.get(0), new Totals(Long.parseLong(fields.get(1)),
                    money(fields.get(2))));
            assertThat(previous).as("another final row of %s", fields.get(0)).isNull();
        });
        return totals;
    }

    private static Map<String, Totals> truthTotals(Path simulated) {
        List<JsonNode> orders = ChangeFiles.readJsonLines(simulated.resolve("expected/tables/OE.ORDERS.jsonl"));
        assertThat(orders).as("orders in the truth").hasSizeGreaterThan(100);
        Map<String, Totals> totals = new TreeMap<>();
        for (JsonNode order : orders) {
            totals.merge(order.get("STATUS").asText(), new Totals(1, money(order.get("ORDER_TOTAL").asText())),
                    Totals::plus);
        }
        assertThat(totals).as("statuses in the truth").hasSizeGreaterThan(1);
        return totals;
    }

    private static BigDecimal money(String amount) {
        return new BigDecimal(amount).setScale(2, RoundingMode.UNNECESSARY);
    }

    private record Totals(long count, BigDecimal total) {
        Totals plus(Totals other) {
            return new Totals(count + other.count, total.add(other.total));
        }
    }
}
