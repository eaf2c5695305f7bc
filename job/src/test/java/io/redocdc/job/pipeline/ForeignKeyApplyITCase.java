package io.redocdc.job.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import io.redocdc.job.CommandRun;
import io.redocdc.tools.simulate.SimulationSettings;
import io.redocdc.tools.simulate.WorkloadSimulator;
import io.redocdc.tools.verify.TargetDatabase;
import io.redocdc.tools.verify.TargetDatabase.Kind;
import io.redocdc.tools.verify.TargetTables;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code bin/redo-cdc run --sink.type jdbc} into target tables that have the simulated schema's foreign keys
 * (orders name customers, order lines orders and products), serially and with {@code --apply.parallelism 4}: a
 * workload with rollbacks, savepoints and deletes of parents applies without a single failed transaction, and the
 * target equals the simulator's final rows. A transaction applied before one it depends on would fail its foreign
 * key and land in REDO_CDC_ERRORS.
 */
@Timeout(value = 4, unit = TimeUnit.MINUTES)
class ForeignKeyApplyITCase {

    private static final SimulationSettings WORKLOAD = SimulationSettings.defaults().withSeed(11)
            .withTransactions(600).withThreads(2).withRowsPerLog(400).withRollbackRatio(0.1)
            .withSavepointRatio(0.2).withLongTransactions(1).withLargeTransactionRows(500);

    @TempDir
    Path tmp;

    private TargetDatabase target;

    @AfterEach
    void dropTarget() throws SQLException {
        if (target != null) {
            target.close();
        }
    }

    @ParameterizedTest(name = "{0}, apply parallelism {1}")
    @CsvSource({"H2, 1", "H2, 4", "POSTGRESQL, 1", "POSTGRESQL, 4"})
    void theWorkloadAppliesUnderTheSchemasForeignKeys(Kind kind, int applyParallelism) throws Exception {
        WorkloadSimulator.write(tmp, WORKLOAD);
        TargetTables tables = TargetTables.of(tmp.resolve("expected"));
        target = TargetDatabase.open(kind, List.of("OE"));
        try (Connection connection = target.connect()) {
            tables.create(connection);
            assertThat(foreignKeys(connection, "ORDER_ITEMS")).containsExactlyInAnyOrder("ORDERS", "PRODUCTS");
            assertThat(foreignKeys(connection, "ORDERS")).containsExactly("CUSTOMERS");
        }
        List<String> args = new ArrayList<>(List.of("run", "--source.dir", tmp.resolve("redo").toString(),
                "--source.bounded", "--sink.type", "jdbc", "--sink.jdbc-url", target.url(), "--sink.user",
                target.user(), "--apply.parallelism", Integer.toString(applyParallelism), "--checkpoint.interval",
                "1s", "--checkpoint.dir", tmp.resolve("checkpoints").toString()));
        if (!target.password().isEmpty()) { // H2's user has none, and an empty password file is refused
            Path password = Files.writeString(tmp.resolve("password"), target.password() + "\n");
            args.addAll(List.of("--sink.password-file", password.toString()));
        }

        String output = run(args.toArray(String[]::new));

        assertThat(output).contains("0 failed transactions in REDO_CDC_ERRORS");
        try (Connection connection = target.connect()) {
            assertThat(TargetDatabase.countRows(connection, List.of("OE.ORDER_ITEMS"))).as("order lines applied")
                    .isPositive();
            assertThat(tables.firstDifference(connection)).as("first difference from the simulator's final rows")
                    .isEmpty();
        }
    }

    /** The tables that OE.{table}'s foreign keys reference, as the target's metadata reports them. */
    private static List<String> foreignKeys(Connection connection, String table) throws SQLException {
        List<String> parents = new ArrayList<>();
        try (ResultSet rs = connection.getMetaData().getImportedKeys(null, "OE", table)) {
            while (rs.next()) {
                parents.add(rs.getString("PKTABLE_NAME"));
            }
        }
        return parents;
    }

    private static String run(String... args) {
        return CommandRun.succeeds(args);
    }
}
