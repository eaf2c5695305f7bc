package io.redocdc.job.sql;

import io.redocdc.job.sql.SqlStatements.Statement;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.function.Consumer;
import java.util.regex.Pattern;
import org.apache.flink.api.common.JobID;
import org.apache.flink.configuration.DeploymentOptions;
import org.apache.flink.configuration.PipelineOptions;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.ResultKind;
import org.apache.flink.table.api.StatementSet;
import org.apache.flink.table.api.TableResult;
import org.apache.flink.table.api.bridge.java.StreamTableEnvironment;

/**
 * {@code run --sql FILE}: the Flink SQL statements of a file as one job on the run's environment. Its oracle-redo
 * tables are the capture (sharing one, {@link SharedCapture}), its {@code INSERT INTO} statements the outputs: all of
 * them go into one statement set, so the redo is read once and the job's checkpoints and savepoints cover every
 * output. Other statements (CREATE, SET, USE, EXPLAIN, ...) run in file order as they come. A query's rows would
 * have nowhere to go, so a plain SELECT is refused; {@code BEGIN STATEMENT SET} and {@code END} are accepted and
 * change nothing, every INSERT being in the one set anyway.
 *
 * <p>Only {@link io.redocdc.job.cli.RunCommand} refers to this class, and only for {@code --sql}: its signatures
 * hold no table API types, so {@code run} without {@code --sql} works where Flink's table jars are absent.
 */
public final class SqlJob {

    private static final Pattern INSERT = Pattern.compile("(?is)(EXECUTE\\s+)?INSERT\\s.*");
    private static final Pattern QUERY = Pattern.compile("(?is)(EXECUTE\\s+)?(SELECT|WITH|VALUES)\\b.*");
    private static final Pattern SET_BEGINS = Pattern.compile("(?is)(EXECUTE\\s+)?(STATEMENT\\s+SET\\s+)?BEGIN"
            + "(\\s+STATEMENT\\s+SET)?");
    private static final Pattern SET_ENDS = Pattern.compile("(?i)END");

    /** The submitted job, for tests that stop it with a savepoint; run's own use needs none. */
    static volatile Consumer<JobClient> submitted = client -> {
    };

    /** What ran: the job, and whether it still runs on (a detached submission) or has finished. */
    public record Outcome(JobID jobId, boolean detached) {
    }

    private final Path file;
    private final List<Statement> statements;

    private SqlJob(Path file, List<Statement> statements) {
        this.file = file;
        this.statements = statements;
    }

    /**
     * The statements of a SQL file.
     *
     * @throws SqlFileException when it cannot be read, a quote or comment is not closed, or it has no INSERT INTO
     */
    public static SqlJob read(Path file) {
        String sql;
        try {
            sql = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new SqlFileException(file + ": cannot read the SQL file: " + e.getMessage(), e);
        }
        List<Statement> statements;
        try {
            statements = SqlStatements.split(sql);
        } catch (SqlStatements.UnclosedException e) {
            throw new SqlFileException(file + ":" + e.line() + ": " + e.reason(), e);
        }
        for (Statement statement : statements) {
            if (QUERY.matcher(statement.text()).matches()) {
                throw new SqlFileException(at(file, statement) + "run --sql writes with INSERT INTO; the rows of "
                        + "a query have nowhere to go (INSERT INTO a sink table, e.g. 'connector' = 'print')");
            }
        }
        if (statements.stream().noneMatch(SqlJob::isInsert)) {
            throw new SqlFileException(file + ": no INSERT INTO statement, so the job would write nothing");
        }
        return new SqlJob(file, statements);
    }

    /** How many INSERT INTO statements the job runs. */
    public long inserts() {
        return statements.stream().filter(SqlJob::isInsert).count();
    }

    /**
     * Runs the statements on {@code env} and, unless the submission is detached, waits until the job ends.
     *
     * @throws SqlFileException naming file and line of the statement Flink refused, or the job's failure
     */
    public Outcome run(StreamExecutionEnvironment env) throws Exception {
        StreamTableEnvironment tables = StreamTableEnvironment.create(env);
        tables.getConfig().set(PipelineOptions.NAME, "redo-cdc sql " + file.getFileName());
        StatementSet outputs = tables.createStatementSet();
        for (Statement statement : statements) {
            String text = statement.text();
            if (SET_BEGINS.matcher(text).matches() || SET_ENDS.matcher(text).matches()) {
                continue;
            }
            try {
                if (isInsert(statement)) {
                    outputs.addInsertSql(text.replaceFirst("(?i)^EXECUTE\\s+", ""));
                } else {
                    TableResult result = tables.executeSql(text);
                    if (result.getResultKind() == ResultKind.SUCCESS_WITH_CONTENT) {
                        result.print();
                    }
                }
            } catch (RuntimeException e) {
                throw new SqlFileException(at(file, statement) + e.getMessage(), e);
            }
        }
        TableResult result = outputs.execute();
        JobClient job = result.getJobClient().orElseThrow();
        submitted.accept(job);
        if (!env.getConfiguration().get(DeploymentOptions.ATTACHED)) {
            return new Outcome(job.getJobID(), true);
        }
        try {
            job.getJobExecutionResult().get();
        } catch (ExecutionException e) {
            throw new SqlFileException(file + ": the SQL job " + job.getJobID() + " failed: "
                    + rootMessage(e.getCause()), e.getCause());
        }
        return new Outcome(job.getJobID(), false);
    }

    private static boolean isInsert(Statement statement) {
        return INSERT.matcher(statement.text()).matches();
    }

    private static String at(Path file, Statement statement) {
        return file + ":" + statement.line() + ": ";
    }

    private static String rootMessage(Throwable failure) {
        Throwable root = failure;
        while (root.getCause() != null) {
            root = root.getCause();
        }
        return root == failure ? String.valueOf(failure.getMessage())
                : failure.getMessage() + " (cause: " + root.getClass().getSimpleName() + ": " + root.getMessage()
                        + ")";
    }

    /** A SQL file that cannot run: the message names the file and, where it applies, the statement's line. */
    public static final class SqlFileException extends RuntimeException {
        SqlFileException(String message, Throwable cause) {
            super(message, cause);
        }

        SqlFileException(String message) {
            super(message);
        }
    }
}
