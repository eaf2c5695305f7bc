package io.redocdc.job.options;

import static io.redocdc.job.options.JobOptionsReader.cli;

import io.redocdc.common.options.OptionReading;
import io.redocdc.job.pipeline.NlsChoice;
import io.redocdc.job.pipeline.OracleSourceOptions;
import io.redocdc.source.SourceConfigOptions;
import io.redocdc.source.SourceType;
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
import java.util.List;
import java.util.Optional;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.ReadableConfig;

/**
 * Reads and checks the source options ({@link SourceConfigOptions}): a redo directory, or an Oracle database mined
 * with LogMiner. Options of the other source type are an error naming them.
 */
final class SourceReader {

    static final String TYPE = cli(SourceConfigOptions.TYPE);
    static final String DIR = cli(SourceConfigOptions.DIR);
    static final String START = cli(SourceConfigOptions.START);
    static final String START_SCN = cli(SourceConfigOptions.START_SCN);
    static final String MAX_SCN = cli(SourceConfigOptions.MAX_SCN);
    static final String NLS = cli(SourceConfigOptions.NLS);

    /** Given only by directory sources: the NLS settings their literals were printed under. */
    private static final List<ConfigOption<String>> NLS_OPTIONS = List.of(SourceConfigOptions.NLS,
            SourceConfigOptions.NLS_DATE_FORMAT, SourceConfigOptions.NLS_TIMESTAMP_FORMAT,
            SourceConfigOptions.NLS_TIMESTAMP_TZ_FORMAT, SourceConfigOptions.NLS_NUMERIC_CHARACTERS,
            SourceConfigOptions.NLS_TIME_ZONE);

    /** Given only by Oracle sources. */
    private static final List<ConfigOption<?>> ORACLE_OPTIONS = List.of(SourceConfigOptions.JDBC_URL,
            SourceConfigOptions.USER, SourceConfigOptions.PASSWORD_FILE, SourceConfigOptions.PASSWORD_ENV,
            SourceConfigOptions.DICTIONARY, SourceConfigOptions.FETCH_SIZE, SourceConfigOptions.ARCHIVE_DEST_ID,
            SourceConfigOptions.PDB);

    /**
     * What the options choose, checked; Oracle start positions other than an SCN are resolved later. {@code nls}
     * is the redo directory's literal settings when options gave them, else null (the directory's declaration).
     * {@code startOption} is the option that named the start SCN, null when it is the default.
     */
    record Choice(Path dir, OracleSourceOptions oracle, Scn startScn, Scn maxScn, NlsFormats nls,
                  String startOption) {
    }

    private final OptionCheck check;
    private final ReadableConfig config;

    SourceReader(OptionCheck check, ReadableConfig config) {
        this.check = check;
        this.config = config;
    }

    /**
     * Checks the options against the source type: a directory needs --source.dir and takes no Oracle option, an
     * Oracle database needs URL, user and one password source and takes no --source.dir.
     */
    Choice read(boolean restoring, List<String> include, List<String> exclude, boolean deadLetter) {
        StartPosition position = startPosition();
        Scn scn = position instanceof StartPosition.AtScn at ? at.scn() : Scn.ZERO;
        String startOption = startOptionGiven(position);
        Scn maxScn = OptionReading.parse(config, SourceConfigOptions.MAX_SCN, SourceReader::scn);
        check.require(MaxScnRule.allows(scn, maxScn), MAX_SCN, MaxScnRule.rule(scn), maxScn);
        NlsFormats nls = nlsFormats();
        String dir = config.get(SourceConfigOptions.DIR);
        String start = config.get(SourceConfigOptions.START);
        if (OptionReading.get(config, SourceConfigOptions.TYPE) == SourceType.ORACLE) {
            List<String> nlsGiven = given(NLS_OPTIONS);
            check.require(nlsGiven.isEmpty(), nlsGiven.isEmpty() ? NLS : nlsGiven.get(0), "is for a redo directory; "
                    + "the LogMiner source sets its session's NLS itself", "oracle");
            check.require(dir == null, DIR, "is for --source.type directory; an Oracle source takes no directory",
                    dir);
            boolean relative = position instanceof StartPosition.Now || position instanceof StartPosition.AtTimestamp;
            check.require(!(restoring && relative), START, "must be left out (or scn:N) when restoring (--restore): "
                    + "the restored job goes on from the start SCN kept in its state", start);
            UnsupportedTypeCheck unsupportedTypes = deadLetter ? UnsupportedTypeCheck.WARN : UnsupportedTypeCheck.REFUSE;
            return new Choice(null, new OracleSourceOptions(logMiner(include, exclude, unsupportedTypes), position),
                    scn, maxScn, null, startOption);
        }
        check.require(dir != null, DIR, "is required for --source.type directory (or use --source.type oracle)",
                null);
        List<String> oracleOnly = given(ORACLE_OPTIONS);
        check.require(oracleOnly.isEmpty(), oracleOnly.isEmpty() ? TYPE : oracleOnly.get(0),
                "is an Oracle option; add --source.type oracle, or drop it to read --source.dir", "directory");
        check.require(position instanceof StartPosition.AtScn || position instanceof StartPosition.Oldest, START,
                "must be scn:N or oldest for a redo directory (timestamp and now need --source.type oracle)", start);
        Path source = Path.of(dir).toAbsolutePath().normalize();
        Optional<String> problem = RedoDirectory.problem(source);
        check.require(problem.isEmpty(), DIR, problem.orElse(null), dir);
        try {
            NlsChoice.forDirectory(source, nls);
        } catch (IllegalArgumentException | RedoInputException e) {
            check.fail(nls != null ? given(NLS_OPTIONS).get(0) : DIR, e.getMessage());
        }
        return new Choice(source, null, scn, maxScn, nls, startOption);
    }

    /** The --source.nls* options over their preset, or null when none is given. */
    private NlsFormats nlsFormats() {
        List<String> given = given(NLS_OPTIONS);
        if (given.isEmpty()) {
            return null;
        }
        NlsFormats preset = OptionReading.parse(config, SourceConfigOptions.NLS, SourceReader::nlsPreset);
        NlsFormats formats = preset != null ? preset : NlsFormats.MINING_SESSION;
        try {
            String date = config.get(SourceConfigOptions.NLS_DATE_FORMAT);
            String timestamp = config.get(SourceConfigOptions.NLS_TIMESTAMP_FORMAT);
            String timestampTz = config.get(SourceConfigOptions.NLS_TIMESTAMP_TZ_FORMAT);
            String numeric = config.get(SourceConfigOptions.NLS_NUMERIC_CHARACTERS);
            String zone = config.get(SourceConfigOptions.NLS_TIME_ZONE);
            formats = date != null ? formats.withDateFormat(date) : formats;
            formats = timestamp != null ? formats.withTimestampFormat(timestamp) : formats;
            formats = timestampTz != null ? formats.withTimestampTzFormat(timestampTz) : formats;
            formats = numeric != null ? formats.withNumericCharacters(numeric) : formats;
            formats = zone != null ? formats.withTimeZone(zone) : formats;
            return NlsChoice.checked(formats);
        } catch (IllegalArgumentException e) {
            check.fail(given.get(given.size() - 1), e.getMessage());
            throw e;
        }
    }

    /** The option that named an SCN to start at, or null for the default start (a restore keeps its own). */
    private String startOptionGiven(StartPosition position) {
        if (!(position instanceof StartPosition.AtScn)) {
            return null;
        }
        return OptionReading.given(config, SourceConfigOptions.START_SCN) ? START_SCN : START;
    }

    private StartPosition startPosition() {
        String start = config.get(SourceConfigOptions.START);
        boolean startGiven = OptionReading.given(config, SourceConfigOptions.START);
        Scn startScn = OptionReading.parse(config, SourceConfigOptions.START_SCN, SourceReader::scn);
        check.require(!startGiven || startScn == null, START_SCN, "and " + START + " exclude each other", startScn);
        if (startScn != null) {
            return new StartPosition.AtScn(startScn);
        }
        try {
            return StartPosition.parse(start);
        } catch (IllegalArgumentException e) {
            check.fail(START, "expected scn:N, timestamp:YYYY-MM-DD HH:MM:SS, oldest or now (got '" + start + "': "
                    + OptionCheck.parseProblem(e) + ")");
            throw e;
        }
    }

    private LogMinerSettings logMiner(List<String> include, List<String> exclude,
                                       UnsupportedTypeCheck unsupportedTypes) {
        OracleLogin login = new OracleLogin(cli(SourceConfigOptions.JDBC_URL), cli(SourceConfigOptions.USER),
                cli(SourceConfigOptions.PASSWORD_FILE), cli(SourceConfigOptions.PASSWORD_ENV));
        String passwordFile = config.get(SourceConfigOptions.PASSWORD_FILE);
        DictionaryMode dictionary = OptionReading.parse(config, SourceConfigOptions.DICTIONARY,
                SourceReader::dictionary);
        return LogMinerOptions.settings(login.settings(check, config.get(SourceConfigOptions.JDBC_URL),
                        config.get(SourceConfigOptions.USER), passwordFile == null ? null : Path.of(passwordFile),
                        config.get(SourceConfigOptions.PASSWORD_ENV)),
                dictionary, OptionReading.get(config, SourceConfigOptions.FETCH_SIZE), include, exclude,
                OptionReading.get(config, SourceConfigOptions.ARCHIVE_DEST_ID), config.get(SourceConfigOptions.PDB),
                unsupportedTypes, check::invalid);
    }

    private List<String> given(List<? extends ConfigOption<?>> options) {
        return options.stream().filter(option -> OptionReading.given(config, option)).map(JobOptionsReader::cli)
                .toList();
    }

    /** A decimal SCN as Oracle prints it. */
    static Scn scn(String value) {
        try {
            return Scn.parse(value);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("'" + value + "' is not an SCN (expected a non-negative decimal "
                    + "number)", e);
        }
    }

    /** mining-session | oracle-default. */
    static NlsFormats nlsPreset(String value) {
        return switch (value) {
            case "mining-session" -> NlsFormats.MINING_SESSION;
            case "oracle-default" -> NlsFormats.ORACLE_DEFAULT;
            default -> throw new IllegalArgumentException("'" + value + "' is not an NLS preset (expected "
                    + "mining-session or oracle-default)");
        };
    }

    /** online-catalog | redo-logs | none. */
    static DictionaryMode dictionary(String value) {
        try {
            return DictionaryMode.parse(value);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("'" + value + "' is not a dictionary mode (expected "
                    + "online-catalog, redo-logs or none)", e);
        }
    }
}
