package io.redocdc.cli;

import io.redocdc.job.cli.DictionaryConverter;
import io.redocdc.job.cli.DurationConverter;
import io.redocdc.job.options.LogMinerOptions;
import io.redocdc.job.options.OptionCheck;
import io.redocdc.job.options.OracleLogin;
import io.redocdc.source.catalog.ArchivedLogCatalog;
import io.redocdc.source.files.MiningOptions;
import io.redocdc.source.files.RedoDirectoryWriter;
import io.redocdc.source.logminer.DictionaryMode;
import io.redocdc.source.logminer.LogMinerSettings;
import io.redocdc.source.logminer.OracleSetupException;
import io.redocdc.source.logminer.OracleSource;
import io.redocdc.source.logminer.StartPosition;
import io.redocdc.source.logminer.UnsupportedTypeCheck;
import io.redocdc.source.model.NlsFormats;
import io.redocdc.source.model.Scn;
import io.redocdc.tools.export.ExportException;
import io.redocdc.tools.export.ExportSettings;
import io.redocdc.tools.export.ExportStart;
import io.redocdc.tools.export.ExportSummary;
import io.redocdc.tools.export.LogExporter;
import io.redocdc.tools.export.StopSignal;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code redo-cdc export}: mine archived logs with LogMiner into a redo directory, one contents file per log, so
 * that {@code run --source.dir} can process them on another host. Re-runs resume; {@code --follow} keeps going
 * until Ctrl-C (or SIGTERM), which discards the unfinished log and leaves only complete files visible.
 */
@Command(name = "export", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Mine archived logs of an Oracle database into a redo directory (one contents file per log).")
public final class ExportCommand implements Callable<Integer> {

    /** How long a stop signal waits for the export to discard its unfinished log. */
    private static final Duration STOP_GRACE = Duration.ofSeconds(30);

    /** The Oracle side of an export; tests give a redo directory instead. */
    interface Oracle {
        ArchivedLogCatalog catalog(LogMinerSettings settings);

        Scn resolveStart(LogMinerSettings settings, StartPosition start);
    }

    @Spec
    CommandSpec spec;

    @Option(names = "--jdbc-url", required = true, paramLabel = "URL",
            description = "Oracle JDBC URL, e.g. jdbc:oracle:thin:@//db:1521/ORCLPDB1.")
    String jdbcUrl;

    @Option(names = "--user", required = true, paramLabel = "USER", description = "LogMiner user.")
    String user;

    @Option(names = "--password-file", paramLabel = "FILE", description = "File whose first line is the password.")
    Path passwordFile;

    @Option(names = "--password-env", paramLabel = "VARIABLE", description = "Environment variable with the password.")
    String passwordEnv;

    @Option(names = "--out", required = true, paramLabel = "DIR",
            description = "Redo directory to write (created if missing; an existing one is resumed).")
    Path out;

    @Option(names = "--from-scn", paramLabel = "SCN", description = "Start with the logs holding this SCN.")
    Long fromScn;

    @Option(names = "--from-sequence", paramLabel = "THREAD:SEQUENCE",
            description = "Start with this log (and, on other threads, the logs holding its first SCN).")
    String fromSequence;

    @Option(names = "--from", paramLabel = "oldest|now|timestamp:YYYY-MM-DD HH:MM:SS",
            description = "Start at the oldest available log, the current SCN, or a time.")
    String from;

    @Option(names = "--to-scn", paramLabel = "SCN", description = "Export no log that begins above this SCN.")
    Long toScn;

    @Option(names = "--follow", defaultValue = "false", arity = "0..1", paramLabel = "BOOL",
            description = "Keep polling for new archived logs until stopped (Ctrl-C) or, with --to-scn, until "
                    + "every thread passed it.")
    boolean follow;

    @Option(names = "--poll-interval", defaultValue = "10s", converter = DurationConverter.class,
            paramLabel = "DURATION", description = "Pause between polls with --follow (default 10s).")
    Duration pollInterval;

    @Option(names = "--gap-timeout", defaultValue = "5min", converter = DurationConverter.class,
            paramLabel = "DURATION",
            description = "With --follow, how long to wait for a missing log sequence before failing (default 5min).")
    Duration gapTimeout;

    @Option(names = "--dictionary", paramLabel = "online-catalog|redo-logs|none",
            converter = DictionaryConverter.class, defaultValue = "online-catalog",
            description = "Where LogMiner takes the dictionary from (default online-catalog).")
    DictionaryMode dictionary;

    @Option(names = "--fetch-size", defaultValue = "10000", paramLabel = "N",
            description = "Rows per round trip of the V$LOGMNR_CONTENTS query (default 10000).")
    int fetchSize;

    @Option(names = "--archive-dest-id", paramLabel = "N",
            description = "Mine the archived logs of this V$ARCHIVE_DEST.DEST_ID (default: the lowest local VALID "
                    + "destination).")
    Integer archiveDestId;

    @Option(names = "--pdb", paramLabel = "NAME",
            description = "In a multitenant database (connected to CDB$ROOT), export only this PDB's changes "
                    + "(default: every container).")
    String pdb;

    @Option(names = "--include", split = ",", paramLabel = "OWNER.TABLE",
            description = "Tables whose changes are exported, * wildcards (default *.*). Transaction control rows "
                    + "are always exported.")
    List<String> include;

    @Option(names = "--exclude", split = ",", paramLabel = "OWNER.TABLE",
            description = "Tables never exported (default: the Oracle-maintained schemas).")
    List<String> exclude;

    @Option(names = "--gzip", defaultValue = "false", arity = "0..1", paramLabel = "BOOL",
            description = "Write contents files as .csv.gz.")
    boolean gzip;

    Oracle oracle = new Oracle() {
        @Override
        public ArchivedLogCatalog catalog(LogMinerSettings settings) {
            return OracleSource.catalog(settings);
        }

        @Override
        public Scn resolveStart(LogMinerSettings settings, StartPosition start) {
            return OracleSource.resolveStart(settings, start);
        }
    };

    /** Requested by the shutdown hook; tests request it themselves. */
    final StopSignal stop = new StopSignal();

    @Override
    public Integer call() throws IOException {
        LogMinerSettings settings = logMinerSettings();
        PrintWriter err = spec.commandLine().getErr();
        PrintWriter console = spec.commandLine().getOut();
        try (RedoDirectoryWriter writer = RedoDirectoryWriter.open(out, gzip)) {
            writer.declareNls(NlsFormats.MINING_SESSION); // what every mining session sets, see OracleConnectionSettings
            declareUndoMarkers(writer, settings, err);
            ExportSettings export = exportSettings(settings, !writer.logs().isEmpty());
            console.printf("redo-cdc: exporting %s -> %s (%s, %d logs already there)%n",
                    settings.connection().description(), writer.directory().path(),
                    follow ? "following, polling every " + pollInterval.toMillis() + " ms" : "available logs",
                    writer.logs().size());
            ExportSummary summary = runStoppable(new LogExporter(oracle.catalog(settings), writer, export, stop));
            console.println("redo-cdc: exported " + summary.describe() + " into " + writer.directory().path());
            return 0;
        } catch (ExportException | OracleSetupException e) {
            err.println("redo-cdc export: " + e.getMessage());
            return 1;
        }
    }

    /**
     * Where the contents query keeps the INTERNAL rows that end LOB statements, the directory says so; logs exported
     * before this version lack them and keep the directory from saying it.
     */
    private static void declareUndoMarkers(RedoDirectoryWriter writer, LogMinerSettings settings, PrintWriter err)
            throws IOException {
        if (settings.keepsUndoMarkers() && !writer.declareUndoMarkers()) {
            err.println("redo-cdc export: " + writer.directory().path() + " holds logs exported without LogMiner's "
                    + "INTERNAL rows and does not declare them in " + MiningOptions.FILE + ", so savepoint rollbacks "
                    + "of LOB statements in it will be refused; export into a new directory to have them matched");
        }
    }

    LogMinerSettings logMinerSettings() {
        OptionCheck check = new OptionCheck(spec.commandLine());
        OracleLogin login = new OracleLogin("--jdbc-url", "--user", "--password-file", "--password-env");
        check.require(pollInterval.toMillis() >= 100, "--poll-interval", "must be at least 100ms", pollInterval);
        int starts = (fromScn != null ? 1 : 0) + (fromSequence != null ? 1 : 0) + (from != null ? 1 : 0);
        check.require(starts <= 1, "--from-scn", "--from-sequence and --from exclude each other", starts
                + " of them");
        check.require(fromScn == null || fromScn >= 0, "--from-scn", "must not be negative", fromScn);
        check.require(toScn == null || fromScn == null || toScn > fromScn, "--to-scn",
                "must be above --from-scn " + fromScn, toScn);
        return LogMinerOptions.settings(login.settings(check, jdbcUrl, user, passwordFile, passwordEnv),
                // the job that reads the directory decides what becomes of UNSUPPORTED rows
                dictionary, fetchSize, include, exclude, archiveDestId, pdb, UnsupportedTypeCheck.WARN,
                message -> check.invalid(message, ExportCommand::optionOfKey));
    }

    /** The settings name run's keys (source.fetch-size, capture.include); export's options drop the prefix. */
    private static String optionOfKey(String key) {
        return key.substring(key.indexOf('.') + 1);
    }

    /**
     * The start checks the database (ARCHIVELOG mode, supplemental logging, grants) and resolves to an SCN. A
     * directory that already holds logs needs no start: each thread resumes after its last exported log.
     */
    ExportSettings exportSettings(LogMinerSettings settings, boolean resuming) {
        OptionCheck check = new OptionCheck(spec.commandLine());
        ExportStart start;
        if (fromSequence != null) {
            try {
                start = ExportStart.FromSequence.parse(fromSequence);
            } catch (IllegalArgumentException e) {
                check.fail("--from-sequence", e.getMessage());
                throw e;
            }
            oracle.resolveStart(settings, StartPosition.parse("oldest")); // runs the database checks
        } else {
            if (fromScn == null && from == null && !resuming) {
                check.fail("--from", "missing: " + out + " holds no exported log to resume from; give --from-scn, "
                        + "--from-sequence or --from oldest|now|timestamp:...");
            }
            start = new ExportStart.FromScn(oracle.resolveStart(settings, startPosition(check)));
        }
        ExportSettings export = ExportSettings.once(start).withGapTimeout(gapTimeout);
        if (toScn != null) {
            export = export.upTo(Scn.of(toScn));
        }
        return follow ? export.following(pollInterval) : export;
    }

    private StartPosition startPosition(OptionCheck check) {
        if (fromScn != null) {
            return StartPosition.parse("scn:" + fromScn);
        }
        try {
            return StartPosition.parse(from == null ? "oldest" : from);
        } catch (IllegalArgumentException e) {
            check.fail("--from", "expected oldest, now or timestamp:YYYY-MM-DD HH:MM:SS (got '" + from + "': "
                    + OptionCheck.parseProblem(e) + ")");
            throw e;
        }
    }

    /**
     * Runs the export with a shutdown hook that asks it to stop and waits (up to {@link #STOP_GRACE}) until it
     * discarded its unfinished log, so SIGINT/SIGTERM never leave a partial file visible.
     */
    private ExportSummary runStoppable(LogExporter exporter) throws IOException {
        CountDownLatch finished = new CountDownLatch(1);
        Thread hook = new Thread(() -> {
            stop.request();
            try {
                finished.await(STOP_GRACE.toMillis(), TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "redo-cdc-export-stop");
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            return exporter.run();
        } finally {
            finished.countDown();
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // the hook is running: it returns now that the export finished
            }
        }
    }
}
