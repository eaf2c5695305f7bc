package io.redocdc.job.faults;

import static org.assertj.core.api.Assertions.assertThat;

import io.redocdc.job.RedoCdc;
import io.redocdc.tools.simulate.SimulationSettings;
import io.redocdc.tools.simulate.WorkloadSimulator;
import io.redocdc.tools.verify.TargetTables;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A JDBC target that is not ready ({@code --sink.on-error stop}, H2): a captured table missing, or missing a
 * column. The job stops naming the table (and column); once the target is fixed, a restore from the newest
 * checkpoint applies everything, and the target equals the simulator's final rows: nothing lost or doubled.
 */
class BadTargetITCase {

    @TempDir
    Path tmp;
    private String url;
    private TargetTables tables;
    private Connection keepAlive;

    @BeforeEach
    void simulate() throws Exception {
        WorkloadSimulator.write(tmp, SimulationSettings.defaults().withSeed(37).withTransactions(300));
        url = "jdbc:h2:mem:redocdc_bad_target_" + ProcessHandle.current().pid() + "_" + System.nanoTime()
                + ";MODE=Oracle;DB_CLOSE_DELAY=-1";
        tables = TargetTables.of(tmp.resolve("expected"));
        keepAlive = DriverManager.getConnection(url, "cdc", "pw");
        tables.create(keepAlive);
        Files.writeString(tmp.resolve("password"), "pw\n");
    }

    @AfterEach
    void shutdown() throws Exception {
        try (Statement statement = keepAlive.createStatement()) {
            statement.execute("SHUTDOWN");
        }
    }

    @Test
    void aMissingTargetTableStopsTheJobNamingItAndARestoreAfterTheFixAppliesEverything() throws Exception {
        execute("ALTER TABLE \"OE\".\"ORDER_ITEMS\" RENAME TO \"ORDER_ITEMS_AWAY\"");
        String failed = run(false);
        assertThat(failed).contains("ORDER_ITEMS").contains("does not exist");

        execute("ALTER TABLE \"OE\".\"ORDER_ITEMS_AWAY\" RENAME TO \"ORDER_ITEMS\"");
        assertThat(run(true)).contains("applied up to commit SCN");
        assertThat(tables.firstDifference(keepAlive)).isEmpty();
    }

    @Test
    void aTargetTableWithoutAColumnStopsTheJobNamingItAndARestoreAfterTheFixAppliesEverything() throws Exception {
        execute("ALTER TABLE \"OE\".\"CUSTOMERS\" DROP COLUMN \"EMAIL\"");
        String failed = run(false);
        assertThat(failed).contains("CUSTOMERS").contains("has no column EMAIL");

        execute("ALTER TABLE \"OE\".\"CUSTOMERS\" ADD \"EMAIL\" VARCHAR2(200)");
        assertThat(run(true)).contains("applied up to commit SCN");
        assertThat(tables.firstDifference(keepAlive)).isEmpty();
    }

    /** Runs the job (from the newest checkpoint when {@code restore}); returns what it printed. */
    private String run(boolean restore) throws IOException {
        List<String> args = new ArrayList<>(List.of("run", "--source.dir", tmp.resolve("redo").toString(),
                "--source.bounded", "--sink.type", "jdbc", "--sink.jdbc-url", url, "--sink.user", "cdc",
                "--sink.password-file", tmp.resolve("password").toString(), "--sink.on-error", "stop",
                "--checkpoint.interval", "200ms", "--checkpoint.dir", tmp.resolve("checkpoints").toString()));
        if (restore) {
            RetainedCheckpoints.newest(tmp.resolve("checkpoints")).ifPresent(chk -> args.addAll(List.of("--restore", chk.toString())));
        }
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        PrintStream out = System.out;
        PrintStream err = System.err;
        int exit;
        try {
            PrintStream both = new PrintStream(printed, true, StandardCharsets.UTF_8);
            System.setOut(both);
            System.setErr(both);
            exit = RedoCdc.commandLine().execute(args.toArray(String[]::new));
        } finally {
            System.setOut(out);
            System.setErr(err);
        }
        String text = printed.toString(StandardCharsets.UTF_8);
        assertThat(exit).as(text).isEqualTo(restore ? 0 : 1);
        return text;
    }

    private void execute(String sql) throws Exception {
        try (Statement statement = keepAlive.createStatement()) {
            statement.execute(sql);
        }
    }
}
