package io.redocdc.job.cli;

import static io.redocdc.job.cli.ErrorQueueFixture.INSERT;
import static io.redocdc.job.cli.ErrorQueueFixture.MISSING_DELETE;
import static io.redocdc.job.cli.ErrorQueueFixture.MISSING_UPDATE;
import static io.redocdc.job.cli.ErrorQueueFixture.position;
import static io.redocdc.job.cli.ErrorQueueFixture.xid;
import static org.assertj.core.api.Assertions.assertThat;

import io.redocdc.job.RedoCdc;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.PropertiesDefaultProvider;

class ErrorsCommandTest {

    @TempDir
    Path tmp;

    private ErrorQueueFixture target;
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @BeforeEach
    void queueTwoFailedTransactions() throws Exception {
        target = new ErrorQueueFixture();
    }

    @AfterEach
    void dropTarget() throws Exception {
        target.close();
    }

    @Test
    void listShowsOneLinePerFailedTransactionInPositionOrder() {
        assertThat(errors("list")).isZero();

        List<String> lines = out.toString().lines().toList();
        assertThat(lines).hasSize(4);
        assertThat(lines.get(0)).startsWith("POSITION  XID  COMMIT_SCN  ROWS");
        assertThat(lines.get(1)).startsWith(position(MISSING_UPDATE) + "  " + xid(MISSING_UPDATE) + "  100  1  OE.ITEMS")
                .contains("UPDATE matched no row");
        assertThat(lines.get(2)).startsWith(position(MISSING_DELETE) + "  " + xid(MISSING_DELETE) + "  300  1  OE.ITEMS")
                .contains("DELETE matched no row");
        assertThat(lines.get(3)).isEqualTo("2 failed transactions of sink redo-cdc");
    }

    @Test
    void aRetryThatFailsAgainChangesNothing() throws Exception {
        assertThat(errors("retry", "--position", position(MISSING_UPDATE))).isEqualTo(1);

        assertThat(out.toString()).contains("retry of transaction xid " + xid(MISSING_UPDATE)
                + " (commit SCN 100, 1 rows) at position " + position(MISSING_UPDATE) + " failed, nothing changed: ")
                .contains("0 retried, 1 failed");
        assertThat(queued()).containsExactly(position(MISSING_UPDATE), position(MISSING_DELETE));
    }

    @Test
    void aRetryAfterTheTargetWasFixedAppliesAndDequeues() throws Exception {
        target.execute("INSERT INTO \"OE\".\"ITEMS\" VALUES (1, 'a')");

        assertThat(errors("retry", "--position", position(MISSING_UPDATE))).isZero();

        assertThat(out.toString()).contains("retried transaction xid " + xid(MISSING_UPDATE)).contains("1 retried, 0 failed");
        assertThat(target.name(1)).isEqualTo("b");
        assertThat(queued()).containsExactly(position(MISSING_DELETE));
    }

    @Test
    void deleteAllEmptiesTheQueueWithoutApplying() throws Exception {
        assertThat(errors("delete", "--all")).isZero();

        assertThat(out.toString()).contains("deleted transaction xid " + xid(MISSING_UPDATE)).contains("2 deleted");
        assertThat(queued()).isEmpty();
        assertThat(target.name(2)).as("the applied insert stays").isEqualTo("x");
        assertThat(errors("list")).isZero();
        assertThat(out.toString()).contains("no failed transactions of sink redo-cdc in REDO_CDC_ERRORS");
    }

    @Test
    void anotherSinkNameSeesAnotherQueue() {
        assertThat(errors("list", "--sink.name", "other")).isZero();
        assertThat(out.toString()).contains("no failed transactions of sink other");
    }

    @Test
    void retryAndDeleteNeedPositionOrAllAndKnownPositions() {
        assertThat(errors("retry")).isEqualTo(2);
        assertThat(err.toString()).contains("Invalid value for option '--position': retry needs --position POS");
        assertThat(errors("delete", "--all", "--position", position(INSERT))).isEqualTo(2);
        assertThat(err.toString()).contains("'--position': and --all exclude each other");
        assertThat(errors("delete", "--position", position(INSERT))).isEqualTo(2);
        assertThat(err.toString()).contains("'--position': is not a failed transaction of sink redo-cdc in "
                + "REDO_CDC_ERRORS (see 'errors list') (got '" + position(INSERT) + "')");
        assertThat(errors("list", "--sink.jdbc-url", "jdbc:mysql://db/x")).isEqualTo(2);
        assertThat(err.toString()).contains("Invalid option --sink.jdbc-url: expected a URL starting with jdbc:oracle:");
    }

    @Test
    void theJobsConfigFileSuppliesTheTarget() throws IOException {
        Path config = Files.writeString(tmp.resolve("job.properties"), "source.dir=/data/redo\nsink.type=jdbc\n"
                + "sink.jdbc-url=" + target.url + "\nsink.user=sa\nsink.batch-size=50\n");
        CommandLine cmd = commandLine();
        cmd.getSubcommands().get("errors").setDefaultValueProvider(new PropertiesDefaultProvider(config.toFile()));

        assertThat(cmd.execute("errors", "list", "--config", config.toString())).isZero();
        assertThat(out.toString()).contains("2 failed transactions of sink redo-cdc");
    }

    private int errors(String... args) {
        out.getBuffer().setLength(0);
        err.getBuffer().setLength(0);
        List<String> all = new ArrayList<>(List.of("errors"));
        all.addAll(List.of(args));
        if (!all.contains("--sink.jdbc-url")) {
            all.addAll(List.of("--sink.jdbc-url", target.url, "--sink.user", "sa"));
        }
        return commandLine().execute(all.toArray(String[]::new));
    }

    private CommandLine commandLine() {
        CommandLine cmd = RedoCdc.commandLine();
        cmd.setOut(new PrintWriter(out, true));
        cmd.setErr(new PrintWriter(err, true));
        return cmd;
    }

    private List<String> queued() throws Exception {
        List<String> positions = new ArrayList<>();
        try (var connection = target.connect(); var statement = connection.createStatement();
             var rs = statement.executeQuery("SELECT DISTINCT \"POSITION\" FROM \"REDO_CDC_ERRORS\" ORDER BY 1")) {
            while (rs.next()) {
                positions.add(rs.getString(1));
            }
        }
        return positions;
    }
}
