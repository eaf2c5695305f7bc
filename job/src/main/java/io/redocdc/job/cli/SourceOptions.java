package io.redocdc.job.cli;

import io.redocdc.job.pipeline.CapturePipeline;
import io.redocdc.job.pipeline.NlsChoice;
import io.redocdc.job.pipeline.OracleSourceOptions;
import io.redocdc.source.catalog.RedoInputException;
import io.redocdc.source.files.RedoDirectory;
import io.redocdc.source.logminer.DictionaryMode;
import io.redocdc.source.logminer.LogMinerSettings;
import io.redocdc.source.logminer.StartPosition;
import io.redocdc.source.logminer.UnsupportedTypeCheck;
import io.redocdc.source.model.MaxScnRule;
import io.redocdc.source.model.NlsFormats;
import io.redocdc.source.model.Scn;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import picocli.CommandLine.TypeConversionException;

/**
 * The {@code --source.*} options of {@code run}: a redo directory, or an Oracle database mined with LogMiner.
 * A mixin, so that other option groups (sinks) grow beside it without touching it.
 */
public final class SourceOptions {

    static final String TYPE = "--source.type";
    static final String DIR = "--source.dir";
    static final String JDBC_URL = "--source.jdbc-url";
    static final String USER = "--source.user";
    static final String PASSWORD_FILE = "--source.password-file";
    static final String PASSWORD_ENV = "--source.password-env";
    static final String DICTIONARY = "--source.dictionary";
    static final String FETCH_SIZE = "--source.fetch-size";
    static final String ARCHIVE_DEST_ID = "--source.archive-dest-id";
    static final String PDB = "--source.pdb";
    static final String START = "--source.start";
    static final String START_SCN = "--source.start-scn";
    static final String MAX_SCN = CapturePipeline.MAX_SCN_OPTION;
    static final String NLS = "--source.nls";
    static final String NLS_DATE_FORMAT = "--source.nls-date-format";
    static final String NLS_TIMESTAMP_FORMAT = "--source.nls-timestamp-format";
    static final String NLS_TIMESTAMP_TZ_FORMAT = "--source.nls-timestamp-tz-format";
    static final String NLS_NUMERIC_CHARACTERS = "--source.nls-numeric-characters";
    static final String NLS_TIME_ZONE = "--source.nls-time-zone";

    @Option(names = TYPE, defaultValue = "DIRECTORY", paramLabel = "directory|oracle",
            description = "Read a redo directory (default) or mine an Oracle database with LogMiner.")
    SourceType type;

    @Option(names = DIR, paramLabel = "DIR",
            description = "Redo directory: archived_logs.csv and contents/ (see DESIGN.md). For directory.")
    Path dir;

    @Option(names = JDBC_URL, paramLabel = "URL",
            description = "Oracle JDBC URL, e.g. jdbc:oracle:thin:@//db:1521/ORCLPDB1. For oracle.")
    String jdbcUrl;

    @Option(names = USER, paramLabel = "USER", description = "LogMiner user (see README, Oracle set-up). For oracle.")
    String user;

    @Option(names = PASSWORD_FILE, paramLabel = "FILE",
            description = "File whose first line is the password. For oracle.")
    Path passwordFile;

    @Option(names = PASSWORD_ENV, paramLabel = "VARIABLE",
            description = "Environment variable holding the password. For oracle.")
    String passwordEnv;

    @Option(names = DICTIONARY, paramLabel = "online-catalog|redo-logs|none", converter = DictionaryConverter.class,
            description = "Where LogMiner takes the dictionary from (default online-catalog). For oracle.")
    DictionaryMode dictionary;

    @Option(names = FETCH_SIZE, paramLabel = "N",
            description = "Rows per round trip of the V$LOGMNR_CONTENTS query (default 10000). For oracle.")
    Integer fetchSize;

    @Option(names = ARCHIVE_DEST_ID, paramLabel = "N",
            description = "Mine the archived logs of this V$ARCHIVE_DEST.DEST_ID (default: the lowest local VALID "
                    + "destination). For oracle.")
    Integer archiveDestId;

    @Option(names = PDB, paramLabel = "NAME",
            description = "In a multitenant database (connected to CDB$ROOT), capture only this PDB's changes "
                    + "(default: every container). For oracle.")
    String pdb;

    @Option(names = START, paramLabel = "scn:N|timestamp:YYYY-MM-DD HH:MM:SS|oldest|now",
            description = "Where capture starts (default oldest). timestamp and now need --source.type oracle; "
                    + "when restoring (--restore) leave it out: the job goes on from the start SCN its state keeps.")
    String start;

    @Option(names = START_SCN, paramLabel = "SCN", converter = ScnConverter.class,
            description = "Same as --source.start scn:SCN: transactions committed at or after it are captured.")
    Scn startScn;

    @Option(names = MAX_SCN, paramLabel = "SCN", converter = ScnConverter.class,
            description = "Stop once every SCN up to this one is read.")
    Scn maxScn;

    @Option(names = NLS, paramLabel = "mining-session|oracle-default", converter = NlsPresetConverter.class,
            description = "NLS settings a redo directory without nls_session_parameters.csv was mined with: ours "
                    + "(mining-session, the default) or Oracle's defaults (oracle-default: DD-MON-RR, DD-MON-RR "
                    + "HH.MI.SSXFF AM, DD-MON-RR HH.MI.SSXFF AM TZR). The --source.nls-* options change single "
                    + "settings. For directory.")
    NlsFormats nlsPreset;

    @Option(names = NLS_DATE_FORMAT, paramLabel = "MASK", description = "NLS_DATE_FORMAT of the mining session.")
    String nlsDateFormat;

    @Option(names = NLS_TIMESTAMP_FORMAT, paramLabel = "MASK",
            description = "NLS_TIMESTAMP_FORMAT of the mining session.")
    String nlsTimestampFormat;

    @Option(names = NLS_TIMESTAMP_TZ_FORMAT, paramLabel = "MASK",
            description = "NLS_TIMESTAMP_TZ_FORMAT of the mining session.")
    String nlsTimestampTzFormat;

    @Option(names = NLS_NUMERIC_CHARACTERS, paramLabel = "DG",
            description = "NLS_NUMERIC_CHARACTERS of the mining session (only '.' as decimal character is supported).")
    String nlsNumericCharacters;

    @Option(names = NLS_TIME_ZONE, paramLabel = "ZONE",
            description = "TIME_ZONE of the mining session, e.g. +00:00: TIMESTAMP WITH LOCAL TIME ZONE values are in it.")
    String nlsTimeZone;

    @Option(names = "--source.bounded", defaultValue = "false", paramLabel = "BOOL", arity = "0..1",
            description = "End after the last available log (default: keep polling for new logs).")
    boolean bounded;

    @Option(names = "--source.database", defaultValue = "ORCL", paramLabel = "NAME",
            description = "Source database name written into LCRs (default ORCL).")
    String database;

    /**
     * What the options choose, checked; Oracle start positions other than an SCN are resolved later. {@code nls}
     * is the redo directory's literal settings when options gave them, else null (the directory's declaration).
     * {@code startOption} is the option that named the start SCN, null when it is the default.
     */
    record Choice(Path dir, OracleSourceOptions oracle, Scn startScn, NlsFormats nls, String startOption) {
    }

    /**
     * Checks the options against the source type: a directory needs --source.dir and takes no Oracle option, an
     * Oracle database needs URL, user and one password source and takes no --source.dir.
     */
    Choice validate(OptionCheck check, boolean restoring, List<String> include, List<String> exclude,
                    boolean deadLetter) {
        StartPosition position = startPosition(check);
        Scn scn = position instanceof StartPosition.AtScn at ? at.scn() : Scn.ZERO;
        String startOption = startOptionGiven(position);
        check.require(MaxScnRule.allows(scn, maxScn), MAX_SCN, MaxScnRule.rule(scn), maxScn);
        NlsFormats nls = nlsFormats(check);
        if (type == SourceType.ORACLE) {
            List<String> nlsGiven = givenNlsOptions();
            check.require(nlsGiven.isEmpty(), nlsGiven.isEmpty() ? NLS : nlsGiven.get(0), "is for a redo directory; "
                    + "the LogMiner source sets its session's NLS itself", "oracle");
            check.require(dir == null, DIR, "is for --source.type directory; an Oracle source takes no directory",
                    dir);
            boolean relative = position instanceof StartPosition.Now || position instanceof StartPosition.AtTimestamp;
            check.require(!(restoring && relative), START, "must be left out (or scn:N) when restoring (--restore): "
                    + "the restored job goes on from the start SCN kept in its state", start);
            UnsupportedTypeCheck unsupportedTypes = deadLetter ? UnsupportedTypeCheck.WARN : UnsupportedTypeCheck.REFUSE;
            return new Choice(null, new OracleSourceOptions(logMiner(check, include, exclude, unsupportedTypes),
                    position), scn, null, startOption);
        }
        check.require(dir != null, DIR, "is required for --source.type directory (or use --source.type oracle)",
                null);
        List<String> oracleOnly = givenOracleOptions();
        check.require(oracleOnly.isEmpty(), oracleOnly.isEmpty() ? TYPE : oracleOnly.get(0),
                "is an Oracle option; add --source.type oracle, or drop it to read --source.dir", "directory");
        check.require(position instanceof StartPosition.AtScn || position instanceof StartPosition.Oldest, START,
                "must be scn:N or oldest for a redo directory (timestamp and now need --source.type oracle)", start);
        Path source = dir.toAbsolutePath().normalize();
        Optional<String> problem = RedoDirectory.problem(source);
        check.require(problem.isEmpty(), DIR, problem.orElse(null), dir);
        try {
            NlsChoice.forDirectory(source, nls);
        } catch (IllegalArgumentException | RedoInputException e) {
            check.fail(nls != null ? givenNlsOptions().get(0) : DIR, e.getMessage());
        }
        return new Choice(source, null, scn, nls, startOption);
    }

    /** The --source.nls* options over their preset, or null when none is given. */
    private NlsFormats nlsFormats(OptionCheck check) {
        if (givenNlsOptions().isEmpty()) {
            return null;
        }
        NlsFormats formats = nlsPreset != null ? nlsPreset : NlsFormats.MINING_SESSION;
        try {
            formats = nlsDateFormat != null ? formats.withDateFormat(nlsDateFormat) : formats;
            formats = nlsTimestampFormat != null ? formats.withTimestampFormat(nlsTimestampFormat) : formats;
            formats = nlsTimestampTzFormat != null ? formats.withTimestampTzFormat(nlsTimestampTzFormat) : formats;
            formats = nlsNumericCharacters != null ? formats.withNumericCharacters(nlsNumericCharacters) : formats;
            formats = nlsTimeZone != null ? formats.withTimeZone(nlsTimeZone) : formats;
            return NlsChoice.checked(formats);
        } catch (IllegalArgumentException e) {
            check.fail(givenNlsOptions().get(givenNlsOptions().size() - 1), e.getMessage());
            throw e;
        }
    }

    private List<String> givenNlsOptions() {
        List<String> given = new ArrayList<>();
        addIf(given, nlsPreset != null, NLS);
        addIf(given, nlsDateFormat != null, NLS_DATE_FORMAT);
        addIf(given, nlsTimestampFormat != null, NLS_TIMESTAMP_FORMAT);
        addIf(given, nlsTimestampTzFormat != null, NLS_TIMESTAMP_TZ_FORMAT);
        addIf(given, nlsNumericCharacters != null, NLS_NUMERIC_CHARACTERS);
        addIf(given, nlsTimeZone != null, NLS_TIME_ZONE);
        return given;
    }

    /** The option that named an SCN to start at, or null for the default start (a restore keeps its own). */
    private String startOptionGiven(StartPosition position) {
        if (!(position instanceof StartPosition.AtScn)) {
            return null;
        }
        return startScn != null ? START_SCN : START;
    }

    private StartPosition startPosition(OptionCheck check) {
        check.require(start == null || startScn == null, START_SCN, "and " + START + " exclude each other",
                startScn);
        if (startScn != null) {
            return new StartPosition.AtScn(startScn);
        }
        if (start == null) {
            return StartPosition.parse("oldest");
        }
        try {
            return StartPosition.parse(start);
        } catch (IllegalArgumentException e) {
            check.fail(START, "expected scn:N, timestamp:YYYY-MM-DD HH:MM:SS, oldest or now (got '" + start + "': "
                    + OptionCheck.parseProblem(e) + ")");
            throw e;
        }
    }

    private LogMinerSettings logMiner(OptionCheck check, List<String> include, List<String> exclude,
                                      UnsupportedTypeCheck unsupportedTypes) {
        OracleLogin login = new OracleLogin(JDBC_URL, USER, PASSWORD_FILE, PASSWORD_ENV);
        return LogMinerOptions.settings(login.settings(check, jdbcUrl, user, passwordFile, passwordEnv),
                dictionary, fetchSize, include, exclude, archiveDestId, pdb, unsupportedTypes, check::invalid);
    }

    private List<String> givenOracleOptions() {
        List<String> given = new ArrayList<>();
        addIf(given, jdbcUrl != null, JDBC_URL);
        addIf(given, user != null, USER);
        addIf(given, passwordFile != null, PASSWORD_FILE);
        addIf(given, passwordEnv != null, PASSWORD_ENV);
        addIf(given, dictionary != null, DICTIONARY);
        addIf(given, fetchSize != null, FETCH_SIZE);
        addIf(given, archiveDestId != null, ARCHIVE_DEST_ID);
        addIf(given, pdb != null, PDB);
        return given;
    }

    private static void addIf(List<String> list, boolean condition, String option) {
        if (condition) {
            list.add(option);
        }
    }

    /** mining-session | oracle-default. */
    /** A decimal SCN as Oracle prints it. */
    public static final class ScnConverter implements ITypeConverter<Scn> {
        @Override
        public Scn convert(String value) {
            try {
                return Scn.parse(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException("'" + value + "' is not an SCN (expected a non-negative decimal "
                        + "number)");
            }
        }
    }

    public static final class NlsPresetConverter implements ITypeConverter<NlsFormats> {
        @Override
        public NlsFormats convert(String value) {
            return switch (value) {
                case "mining-session" -> NlsFormats.MINING_SESSION;
                case "oracle-default" -> NlsFormats.ORACLE_DEFAULT;
                default -> throw new TypeConversionException("'" + value + "' is not an NLS preset (expected "
                        + "mining-session or oracle-default)");
            };
        }
    }

    /** online-catalog | redo-logs | none. */
    public static final class DictionaryConverter implements ITypeConverter<DictionaryMode> {
        @Override
        public DictionaryMode convert(String value) {
            try {
                return DictionaryMode.parse(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException("'" + value + "' is not a dictionary mode (expected "
                        + "online-catalog, redo-logs or none)");
            }
        }
    }
}
