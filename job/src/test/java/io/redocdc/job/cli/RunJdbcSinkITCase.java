package io.redocdc.job.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.redocdc.job.RedoCdc;
import io.redocdc.tools.simulate.SimulationSettings;
import io.redocdc.tools.simulate.WorkloadSimulator;
import io.redocdc.tools.verify.TargetTables;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code bin/redo-cdc run --sink.type jdbc} end to end on the embedded MiniCluster, into H2. */
class RunJdbcSinkITCase {

    @TempDir
    Path tmp;

    @Test
    void runAppliesTheWorkloadAndSummarisesWithoutShowingThePassword() throws Exception {
        WorkloadSimulator.write(tmp, SimulationSettings.defaults().withSeed(9).withTransactions(60));
        String url = "jdbc:h2:mem:redocdc_run_" + ProcessHandle.current().pid() + ";MODE=Oracle;DB_CLOSE_DELAY=-1";
        Path password = Files.writeString(tmp.resolve("password"), "pw-h2-9\n");
        TargetTables tables = TargetTables.of(tmp.resolve("expected"));
        try (Connection connection = DriverManager.getConnection(url, "cdc", "pw-h2-9")) {
            tables.create(connection);

            ByteArrayOutputStream printed = new ByteArrayOutputStream();
            PrintStream stdout = System.out;
            int exit;
            try {
                System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
                exit = RedoCdc.commandLine().execute("run", "--source.dir", tmp.resolve("redo").toString(),
                        "--source.bounded", "--sink.type", "jdbc", "--sink.jdbc-url", url, "--sink.user", "cdc",
                        "--sink.password-file", password.toString(), "--checkpoint.interval", "1s",
                        "--checkpoint.dir", tmp.resolve("checkpoints").toString());
            } finally {
                System.setOut(stdout);
            }

            String output = printed.toString(StandardCharsets.UTF_8);
            assertThat(exit).as(output).isZero();
            assertThat(output).contains("-> JDBC apply sink redo-cdc on " + url)
                    .contains("redo-cdc: JDBC sink redo-cdc applied up to commit SCN ")
                    .contains("(before this run: nothing); 0 failed transactions in REDO_CDC_ERRORS")
                    .doesNotContain("pw-h2-9");
            assertThat(tables.firstDifference(connection)).isEmpty();
            try (Statement statement = connection.createStatement()) {
                statement.execute("SHUTDOWN");
            }
        }
    }
}
