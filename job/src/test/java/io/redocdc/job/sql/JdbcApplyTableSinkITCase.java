package io.redocdc.job.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.fasterxml.jackson.databind.JsonNode;
import io.redocdc.job.CommandRun;
import io.redocdc.job.ReadmeSql;
import io.redocdc.operators.lcr.TimestampTzText;
import io.redocdc.sinks.files.ChangeFiles;
import io.redocdc.sinks.jdbc.testing.TestDatabase;
import io.redocdc.sinks.jdbc.testing.TestDatabaseKind;
import io.redocdc.tools.simulate.SimulationSettings;
import io.redocdc.tools.simulate.WorkloadSimulator;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.apache.flink.configuration.CheckpointingOptions;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.table.api.StatementSet;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * jdbc-apply SQL tables: the README's SQL file (a filter and an aggregation over a simulated 2-thread workload, into
 * the README's target tables) leaves both target tables as the simulator's final rows imply, on H2 and PostgreSQL,
 * through {@code run --sql} and through a table environment whose job fails once and restarts from a checkpoint;
 * what the sink cannot write is refused naming table, column or key.
 */
@Timeout(value = 8, unit = TimeUnit.MINUTES)
class JdbcApplyTableSinkITCase {

    @RegisterExtension
    static final MiniClusterExtension CLUSTER = new MiniClusterExtension(
            new MiniClusterResourceConfiguration.Builder().setNumberTaskManagers(1).setNumberSlotsPerTaskManager(4)
                    .build());

    private static final String TARGETS_MARKER = "<!-- JdbcApplyTableSinkITCase creates these tables";
    private static final String FILE_MARKER = "<!-- JdbcApplyTableSinkITCase runs this file";
    private static final String README_URL = "'jdbc:postgresql://localhost:5432/app'";
    private static final String README_USER = "'sink.user' = 'cdc'";
    private static final String README_PASSWORD = "  'sink.password-file' = '/etc/redo-cdc/pg-password',\n";

    @TempDir
    static Path tmp;

    private static List<JsonNode> ordersTruth;

    @BeforeAll
    static void simulate() throws Exception {
        WorkloadSimulator.write(tmp, SimulationSettings.defaults().withSeed(37).withThreads(2)
                .withTransactions(3000).withRowsPerLog(2000));
        ordersTruth = ChangeFiles.readJsonLines(tmp.resolve("expected/tables/OE.ORDERS.jsonl"));
    }

    @ParameterizedTest
    @EnumSource(TestDatabaseKind.class)
    void theReadmesSqlFileKeepsBothTargetTablesAsTheTruthImplies(TestDatabaseKind kind) throws Exception {
        try (TestDatabase target = kind.open()) {
            createReadmeTargets(target);
            Path file = Files.writeString(tmp.resolve("orders-to-" + kind + ".sql"), readmeSql(target));
            String printed = run("run", "--sql", file.toString(), "--parallelism", "2",
                    "--log-file", tmp.resolve("run-" + kind + ".log").toString());
            assertThat(printed).contains("redo-cdc: SQL job ");

            assertTargetsEqualTheTruth(target);
        }
    }

    /**
     * The README's statements in a table environment with checkpoints every 100 ms and a failure injected into the
     * aggregation once two checkpoints completed after its first row ({@link FailOnce}): the restarted job replays
     * its changes since the checkpoint into targets that already hold some of them.
     */
    @Test
    void aFailureAndRestartFromACheckpointLeaveTheSameTargetTables() throws Exception {
        try (TestDatabase target = TestDatabaseKind.H2.open()) {
            createReadmeTargets(target);
            Path checkpoints = tmp.resolve("checkpoints");
            TableEnvironment tables = SqlChangelogs.streamingTables(2);
            tables.getConfig().set(CheckpointingOptions.CHECKPOINTING_INTERVAL, Duration.ofMillis(100));
            tables.getConfig().set(CheckpointingOptions.CHECKPOINTS_DIRECTORY, checkpoints.toUri().toString());
            tables.createTemporarySystemFunction("FAIL_ONCE", FailOnce.class);
            FailOnce.reset(checkpoints);
            StatementSet inserts = tables.createStatementSet();
            for (String statement : ReadmeSql.statements(readmeSql(target))) {
                if (statement.startsWith("INSERT")) {
                    inserts.addInsertSql(statement.replace("FROM orders GROUP BY",
                            "FROM orders WHERE FAIL_ONCE(ORDER_ID) GROUP BY"));
                } else {
                    tables.executeSql(statement);
                }
            }
            inserts.execute().await(5, TimeUnit.MINUTES);

            assertThat(FailOnce.FAILED_AT.get()).as("rows the aggregation saw when the failure was injected")
                    .isPositive();
            assertThat(FailOnce.CALLS.get()).as("rows the aggregation saw, before and after the restart")
                    .isGreaterThan(FailOnce.FAILED_AT.get());
            assertTargetsEqualTheTruth(target);
        }
    }

    @Test
    void aTableWithoutPrimaryKeyOrWithATypeJdbcCannotBindIsRefusedWhenPlanned() throws Exception {
        try (TestDatabase target = TestDatabaseKind.H2.open()) {
            TableEnvironment tables = readmeTables(target);
            tables.executeSql("CREATE TABLE no_key (STATUS STRING) WITH (" + sinkOptions(target, "STATUS_TOTALS")
                    + ")");
            assertThat(messages(catchThrowable(() -> tables.executeSql("INSERT INTO no_key SELECT STATUS FROM orders"))))
                    .contains("jdbc-apply table default_catalog.default_database.no_key needs a "
                            + "PRIMARY KEY (...) NOT ENFORCED");

            tables.executeSql("CREATE TABLE arrays (STATUS STRING, IDS ARRAY<BIGINT>, PRIMARY KEY (STATUS) NOT "
                    + "ENFORCED) WITH (" + sinkOptions(target, "STATUS_TOTALS") + ")");
            assertThat(messages(catchThrowable(() -> tables.executeSql("INSERT INTO arrays SELECT STATUS, "
                    + "ARRAY[MAX(ORDER_ID)] FROM orders GROUP BY STATUS"))))
                    .contains("jdbc-apply table default_catalog.default_database.arrays, column IDS: type "
                            + "ARRAY<BIGINT> has no JDBC value");

            tables.executeSql("CREATE TABLE typo (STATUS STRING, PRIMARY KEY (STATUS) NOT ENFORCED) WITH ("
                    + sinkOptions(target, "STATUS_TOTALS") + ", 'sink.batch-sise' = '10')");
            assertThat(messages(catchThrowable(() -> tables.executeSql("INSERT INTO typo SELECT STATUS FROM orders"))))
                    .contains("Unsupported options", "sink.batch-sise");
        }
    }

    @Test
    void aTargetWithoutAColumnFailsTheJobNamingItAndTheTargetsColumns() throws Exception {
        try (TestDatabase target = TestDatabaseKind.H2.open()) {
            execute(target, "CREATE TABLE STATUS_TOTALS (STATUS VARCHAR(20) PRIMARY KEY, ORDERS BIGINT)");
            TableEnvironment tables = readmeTables(target);
            tables.executeSql("CREATE TABLE totals (STATUS STRING, ORDERS BIGINT, TOTAL DECIMAL(38, 2), PRIMARY KEY "
                    + "(STATUS) NOT ENFORCED) WITH (" + sinkOptions(target, "STATUS_TOTALS") + ")");
            Throwable failure = catchThrowable(() -> tables.executeSql("INSERT INTO totals SELECT STATUS, COUNT(*), "
                    + "SUM(ORDER_TOTAL) FROM orders GROUP BY STATUS").await(2, TimeUnit.MINUTES));
            assertThat(messages(failure)).contains("jdbc-apply table default_catalog.default_database.totals "
                    + "(target STATUS_TOTALS on " + target.url() + "): the target has no column TOTAL; its columns "
                    + "are [ORDERS, STATUS]");
        }
    }

    /** PostgreSQL's INSERT ... ON CONFLICT (key) needs a unique constraint on the key: checked at start. */
    @Test
    void aPostgresqlTargetWhosePrimaryKeyIsNotTheDeclaredOneIsRefused() throws Exception {
        try (TestDatabase target = TestDatabaseKind.POSTGRESQL.open()) {
            execute(target, "CREATE TABLE \"STATUS_TOTALS\" (\"STATUS\" VARCHAR(20), \"ORDERS\" BIGINT, "
                    + "\"TOTAL\" NUMERIC(38, 2))");
            TableEnvironment tables = readmeTables(target);
            tables.executeSql("CREATE TABLE totals (STATUS STRING, ORDERS BIGINT, TOTAL DECIMAL(38, 2), PRIMARY KEY "
                    + "(STATUS) NOT ENFORCED) WITH (" + sinkOptions(target, "STATUS_TOTALS") + ")");
            Throwable failure = catchThrowable(() -> tables.executeSql("INSERT INTO totals SELECT STATUS, COUNT(*), "
                    + "SUM(ORDER_TOTAL) FROM orders GROUP BY STATUS").await(2, TimeUnit.MINUTES));
            assertThat(messages(failure)).contains("PostgreSQL upserts with INSERT ... ON CONFLICT, which needs the "
                    + "target's primary key to be the SQL table's, [STATUS]; the target's primary key is []");
        }
    }

    private static void assertTargetsEqualTheTruth(TestDatabase target) throws SQLException {
        Map<Long, String> shipped = new TreeMap<>();
        Map<String, String> totals = new TreeMap<>();
        for (JsonNode order : ordersTruth) {
            BigDecimal total = money(order.get("ORDER_TOTAL").asText());
            String status = order.get("STATUS").asText();
            if (status.equals("SHIPPED")) {
                JsonNode shippedAt = order.get("SHIPPED_AT");
                shipped.put(order.get("ORDER_ID").asLong(), order.get("CUSTOMER_ID").asLong() + "|" + total + "|"
                        + (shippedAt == null || shippedAt.isNull() ? null
                        : TimestampTzText.parseLocal(shippedAt.asText())));
            }
            totals.merge(status, "1|" + total, (a, b) -> add(a, b));
        }
        assertThat(shipped).as("the truth's shipped orders").hasSizeGreaterThan(50);

        Map<Long, String> shippedRows = new TreeMap<>();
        Map<String, String> totalRows = new TreeMap<>();
        try (Connection connection = target.connect(); Statement statement = connection.createStatement()) {
            try (ResultSet rs = statement.executeQuery("SELECT \"ORDER_ID\", \"CUSTOMER_ID\", \"ORDER_TOTAL\", "
                    + "\"SHIPPED_AT\" FROM \"SHIPPED_ORDERS\"")) {
                while (rs.next()) {
                    shippedRows.put(rs.getLong(1), rs.getLong(2) + "|" + rs.getBigDecimal(3) + "|"
                            + rs.getObject(4, LocalDateTime.class));
                }
            }
            try (ResultSet rs = statement.executeQuery("SELECT \"STATUS\", \"ORDERS\", \"TOTAL\" FROM "
                    + "\"STATUS_TOTALS\"")) {
                while (rs.next()) {
                    totalRows.put(rs.getString(1), rs.getLong(2) + "|" + money(rs.getBigDecimal(3).toPlainString()));
                }
            }
        }
        assertThat(shippedRows).isEqualTo(shipped);
        assertThat(totalRows).isEqualTo(totals);
    }

    private static String add(String a, String b) {
        String[] x = a.split("\\|");
        String[] y = b.split("\\|");
        return (Long.parseLong(x[0]) + Long.parseLong(y[0])) + "|" + new BigDecimal(x[1]).add(new BigDecimal(y[1]));
    }

    /** The README's target tables, created in the test's database. */
    private static void createReadmeTargets(TestDatabase target) throws Exception {
        List<String> creates = ReadmeSql.statements(ReadmeSql.blockAfter(TARGETS_MARKER));
        assertThat(creates).hasSize(2);
        for (String create : creates) {
            execute(target, create);
        }
    }

    /** The README's SQL file, reading the simulated redo and writing into the test's database. */
    private static String readmeSql(TestDatabase target) throws Exception {
        String sql = ReadmeSql.blockAfter(FILE_MARKER);
        assertThat(sql).contains("'demo/redo'", README_URL, README_USER, README_PASSWORD, "WHERE STATUS = 'SHIPPED'",
                "FROM orders GROUP BY");
        return sql.replace("'demo/redo'", "'" + tmp.resolve("redo") + "'")
                .replace(README_URL, "'" + target.url() + "'")
                .replace(README_USER, "'sink.user' = '" + target.user() + "'")
                .replace(README_PASSWORD, passwordOption(target).map(option -> "  " + option + ",\n").orElse(""));
    }

    /** The password in a file, none for H2's empty one (a password file may not be empty). */
    private static Optional<String> passwordOption(TestDatabase target) throws IOException {
        if (target.password().isEmpty()) {
            return Optional.empty();
        }
        Path file = Files.writeString(tmp.resolve("password-" + target.kind()), target.password() + "\n");
        return Optional.of("'sink.password-file' = '" + file + "'");
    }

    /** A table environment holding the README's orders table. */
    private static TableEnvironment readmeTables(TestDatabase target) throws Exception {
        TableEnvironment tables = SqlChangelogs.streamingTables(2);
        tables.executeSql(ReadmeSql.statements(readmeSql(target)).get(0));
        return tables;
    }

    private static String sinkOptions(TestDatabase target, String table) throws IOException {
        return "'connector' = 'jdbc-apply', 'sink.jdbc-url' = '" + target.url() + "', 'sink.user' = '"
                + target.user() + "', " + passwordOption(target).map(option -> option + ", ").orElse("")
                + "'table-name' = '" + table + "'";
    }

    private static void execute(TestDatabase target, String sql) throws SQLException {
        try (Connection connection = target.connect(); Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }

    private static String run(String... args) {
        return CommandRun.succeeds(args);
    }

    private static String messages(Throwable failure) {
        StringBuilder messages = new StringBuilder();
        for (Throwable t = failure; t != null; t = t.getCause()) {
            messages.append(t.getMessage()).append('\n');
        }
        return messages.toString();
    }

    private static BigDecimal money(String amount) {
        return new BigDecimal(amount).setScale(2, RoundingMode.UNNECESSARY);
    }
}
