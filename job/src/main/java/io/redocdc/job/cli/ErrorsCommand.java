package io.redocdc.job.cli;

import io.redocdc.job.options.OptionCheck;
import io.redocdc.job.options.RunOptions;
import io.redocdc.job.options.SinkReader;
import io.redocdc.sinks.jdbc.JdbcSinkOptions;
import io.redocdc.sinks.jdbc.errors.ErrorQueue;
import io.redocdc.sinks.jdbc.errors.ErrorTable;
import io.redocdc.sinks.jdbc.errors.ErrorTransaction;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.apache.flink.configuration.Configuration;
import picocli.CommandLine.Command;
import picocli.CommandLine.IModelTransformer;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code redo-cdc errors list|retry|delete}: the JDBC apply sink's error queue (REDO_CDC_ERRORS), as Oracle
 * Streams' DBA_APPLY_ERROR with EXECUTE_ERROR and DELETE_ERROR. A retry re-executes the stored transaction with
 * the sink's mapping and conflict policies, so give the same target options as the job (a --config file works).
 */
@Command(name = "errors", mixinStandardHelpOptions = true, sortOptions = false,
        abbreviateSynopsis = true, modelTransformer = ErrorsCommand.Options.class,
        description = "List, retry or delete the transactions the JDBC apply sink could not apply "
                + "(table REDO_CDC_ERRORS of the target).")
public final class ErrorsCommand implements Callable<Integer> {

    static final String POSITION = "--position";
    static final String ALL = "--all";

    /** What to do with the queued transactions. */
    enum Action { LIST, RETRY, DELETE }

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "list|retry|delete",
            description = "list the failed transactions, retry (re-apply, then remove) or delete (remove) them.")
    Action action;

    @Option(names = POSITION, paramLabel = "POS",
            description = "The transaction: the position 'errors list' shows (repeatable).")
    List<String> positions = new ArrayList<>();

    @Option(names = ALL, defaultValue = "false", description = "Every failed transaction of the sink, in position order.")
    boolean all;

    @Option(names = "--config", paramLabel = "FILE", order = 1000,
            description = "Properties file, e.g. the job's: keys without the leading -- (other keys are ignored).")
    Path configFile;

    /** Adds the JDBC sink's options and --primary-key, as run defines them (see {@link RunOptions}). */
    public static final class Options implements IModelTransformer {
        @Override
        public CommandSpec transform(CommandSpec spec) {
            ConfigOptionsCli.addOptions(spec, RunOptions.errorsOptions());
            return spec;
        }
    }

    @Override
    public Integer call() throws SQLException {
        JdbcSinkOptions options = validatedOptions();
        PrintWriter out = spec.commandLine().getOut();
        try (ErrorQueue queue = ErrorQueue.open(options)) {
            List<ErrorTransaction> queued = queue.list();
            List<ErrorTransaction> chosen = chosen(queued, options.sinkName());
            return switch (action) {
                case LIST -> list(out, options, chosen);
                case RETRY -> retry(out, queue, chosen);
                case DELETE -> delete(out, queue, chosen);
            };
        } finally {
            out.flush();
        }
    }

    JdbcSinkOptions validatedOptions() {
        OptionCheck check = new OptionCheck(spec.commandLine());
        check.require(positions.isEmpty() || !all, POSITION, "and " + ALL + " exclude each other", positions);
        check.require(action == Action.LIST || all || !positions.isEmpty(), POSITION,
                action.name().toLowerCase(Locale.ROOT) + " needs " + POSITION + " POS (from 'errors list') or "
                        + ALL, null);
        Configuration given = ConfigOptionsCli.configuration(spec, RunOptions.errorsOptions());
        SinkReader target = new SinkReader(new OptionCheck(spec.commandLine(),
                ConfigOptionsCli.origin(spec, given, configFile)), given);
        return target.jdbc(target.primaryKeys());
    }

    private int list(PrintWriter out, JdbcSinkOptions options, List<ErrorTransaction> chosen) {
        if (chosen.isEmpty()) {
            out.println("no failed transactions of sink " + options.sinkName() + " in " + ErrorTable.TABLE);
            return 0;
        }
        out.println("POSITION  XID  COMMIT_SCN  ROWS  FIRST_TABLE  FAILED_AT  ERROR");
        for (ErrorTransaction error : chosen) {
            out.println(String.join("  ", error.position(), error.xid(), Long.toString(error.commitScn()),
                    Integer.toString(error.lcrCount()), String.valueOf(error.sourceTable()),
                    String.valueOf(error.createdAt()), oneLine(error.errorMessage())));
        }
        out.println(chosen.size() + (chosen.size() == 1 ? " failed transaction" : " failed transactions")
                + " of sink " + options.sinkName());
        return 0;
    }

    private int retry(PrintWriter out, ErrorQueue queue, List<ErrorTransaction> chosen) {
        int failed = 0;
        for (ErrorTransaction error : chosen) {
            try {
                queue.retry(error.position());
                out.println("retried " + describe(error) + ": applied and removed from " + ErrorTable.TABLE);
            } catch (SQLException | RuntimeException e) {
                failed++;
                out.println("retry of " + describe(error) + " failed, nothing changed: " + oneLine(e.getMessage()));
            }
        }
        out.println((chosen.size() - failed) + " retried, " + failed + " failed");
        return failed == 0 ? 0 : 1;
    }

    private int delete(PrintWriter out, ErrorQueue queue, List<ErrorTransaction> chosen) throws SQLException {
        for (ErrorTransaction error : chosen) {
            int rows = queue.delete(error.position());
            out.println("deleted " + describe(error) + " (" + rows + " rows) without applying it");
        }
        out.println(chosen.size() + " deleted");
        return 0;
    }

    /** The queued transactions named by --position (all of them must exist) or all with --all / for list. */
    private List<ErrorTransaction> chosen(List<ErrorTransaction> queued, String sinkName) {
        if (positions.isEmpty()) {
            return queued;
        }
        Map<String, ErrorTransaction> byPosition = new LinkedHashMap<>();
        queued.forEach(error -> byPosition.put(error.position(), error));
        List<ErrorTransaction> chosen = new ArrayList<>();
        OptionCheck check = new OptionCheck(spec.commandLine());
        for (String position : positions) {
            ErrorTransaction error = byPosition.get(position.trim().toLowerCase(Locale.ROOT));
            check.require(error != null, POSITION, "is not a failed transaction of sink " + sinkName
                    + " in " + ErrorTable.TABLE + " (see 'errors list')", position);
            chosen.add(error);
        }
        return chosen;
    }

    private static String describe(ErrorTransaction error) {
        return "transaction xid " + error.xid() + " (commit SCN " + error.commitScn() + ", " + error.lcrCount()
                + " rows) at position " + error.position();
    }

    private static String oneLine(String text) {
        return text == null ? "" : text.replaceAll("\\s*\\R\\s*", " ");
    }
}
