package io.redocdc.job.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.redocdc.job.RedoCdc;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.PropertiesDefaultProvider;

/** {@code run --sql FILE}: what it refuses before a job is submitted, and how it names the file and line at fault. */
class RunSqlCommandTest {

    private static final String ORDERS = "CREATE TABLE orders (ORDER_ID BIGINT, STATUS STRING) WITH (\n"
            + "  'connector' = 'oracle-redo', 'source.dir' = 'redo', 'table-name' = 'OE.ORDERS');\n";
    private static final String PRINTED = "CREATE TABLE printed (ORDER_ID BIGINT) WITH ('connector' = 'print');\n";

    @TempDir
    Path tmp;

    private final StringWriter err = new StringWriter();

    @Test
    void aStatementFlinkRefusesNamesTheFileAndTheLineItStartsOn() throws IOException {
        Path sql = file(ORDERS + PRINTED + "\n-- the table name is misspelt\nINSERT INTO printed\n"
                + "SELECT ORDER_ID FROM ordrs;\n");
        assertThat(run("--sql", sql.toString())).isOne();
        assertThat(err.toString()).startsWith("redo-cdc: " + sql + ":6: ").contains("ordrs");
    }

    @Test
    void anOracleRedoOptionFlinkRefusesNamesTheStatementsLine() throws IOException {
        Path sql = file(PRINTED + ORDERS.replace("'source.dir'", "'sink.dir'")
                + "INSERT INTO printed SELECT ORDER_ID FROM orders;");
        assertThat(run("--sql", sql.toString())).isOne();
        assertThat(err.toString()).startsWith("redo-cdc: " + sql + ":4: ").contains("sink.dir");
    }

    @Test
    void aQueryWithoutInsertIsRefused() throws IOException {
        Path sql = file(ORDERS + "\nSELECT * FROM orders;\n");
        assertThat(run("--sql", sql.toString())).isOne();
        assertThat(err.toString()).startsWith("redo-cdc: " + sql + ":4: run --sql writes with INSERT INTO");
    }

    @Test
    void aFileWithoutInsertOrWithAnUnclosedQuoteIsRefused() throws IOException {
        Path nothing = file(ORDERS);
        assertThat(run("--sql", nothing.toString())).isOne();
        assertThat(err.toString()).contains(nothing + ": no INSERT INTO statement");

        Path unclosed = file(ORDERS + "INSERT INTO printed SELECT 'x FROM orders;\n");
        assertThat(run("--sql", unclosed.toString())).isOne();
        assertThat(err.toString()).contains(unclosed + ":3: the quote ' is not closed");

        Path missing = tmp.resolve("missing.sql");
        assertThat(run("--sql", missing.toString())).isOne();
        assertThat(err.toString()).contains(missing + ": cannot read the SQL file");
    }

    @Test
    void captureAndSinkOptionsAreRefusedByName() throws IOException {
        Path sql = file(ORDERS + PRINTED + "INSERT INTO printed SELECT ORDER_ID FROM orders;");
        assertThat(run("--sql", sql.toString(), "--source.dir", "redo", "--sink.dir", "out", "--parallelism", "2"))
                .isEqualTo(CommandLine.ExitCode.USAGE);
        assertThat(err.toString()).startsWith("--sink.dir: run --sql takes what to capture from the SQL file's "
                + "oracle-redo tables").contains("(also given: source.dir)");

        Path config = Files.writeString(tmp.resolve("job.properties"), "capture.include=OE.*\n");
        assertThat(run("--sql", sql.toString(), "--config", config.toString())).as(err.toString())
                .isEqualTo(CommandLine.ExitCode.USAGE);
        assertThat(err.toString()).contains("key capture.include in " + config + ": run --sql takes");
    }

    @Test
    void executionOptionsAreCheckedAsRunChecksThem() throws IOException {
        Path sql = file(ORDERS + PRINTED + "INSERT INTO printed SELECT ORDER_ID FROM orders;");
        assertThat(run("--sql", sql.toString(), "--parallelism", "0")).isEqualTo(CommandLine.ExitCode.USAGE);
        assertThat(err.toString()).contains("--parallelism");
    }

    private Path file(String sql) throws IOException {
        return Files.writeString(Files.createTempFile(tmp, "job", ".sql"), sql);
    }

    private int run(String... args) {
        CommandLine cmd = RedoCdc.commandLine();
        cmd.setErr(new PrintWriter(err, true));
        Path config = RedoCdc.configFile(args);
        if (config != null) {
            // as RedoCdc.main installs it
            cmd.getSubcommands().get("run").setDefaultValueProvider(new PropertiesDefaultProvider(config.toFile()));
        }
        List<String> all = new ArrayList<>(List.of("run"));
        all.addAll(List.of(args));
        return cmd.execute(all.toArray(String[]::new));
    }
}
