package io.redocdc.source;

import static org.apache.flink.configuration.ConfigOptions.key;

import io.redocdc.common.options.OptionCatalog;
import io.redocdc.common.options.OptionDoc;
import io.redocdc.source.logminer.LogMinerSettings;
import java.util.List;
import java.util.Set;
import org.apache.flink.configuration.ConfigOption;

/**
 * The source's options ({@code source.*}, {@code capture.*}): one definition each, read by the CLI of
 * {@code run}, {@code --config} files and SQL tables alike; descriptions are README markdown (the README's option
 * tables are generated from them). Keys never change: users have them in config files.
 */
public final class SourceConfigOptions {

    private static final OptionCatalog CATALOG = new OptionCatalog();

    public static final ConfigOption<SourceType> TYPE = CATALOG.add(key("source.type")
            .enumType(SourceType.class).defaultValue(SourceType.DIRECTORY)
            .withDescription("read a redo directory, or mine Oracle with LogMiner (its options: "
                    + "[Mining Oracle directly](#mining-oracle-directly))"));

    public static final ConfigOption<String> DIR = CATALOG.add(key("source.dir").stringType().noDefaultValue()
            .withDescription("redo directory: `archived_logs.csv`, `contents/` and, when it declares how it was "
                    + "mined, `nls_session_parameters.csv` and `mining_options.csv`"),
            "DIR", "required for `directory`");

    public static final ConfigOption<String> NLS = CATALOG.add(key("source.nls").stringType().noDefaultValue()
            .withDescription("NLS settings the directory's SQL_REDO literals were printed under: ours "
                    + "(`mining-session`) or Oracle's defaults (`oracle-default`: DD-MON-RR, DD-MON-RR HH.MI.SSXFF "
                    + "AM, DD-MON-RR HH.MI.SSXFF AM TZR); the `--source.nls-*` options change single settings (see "
                    + "[Reading real LogMiner output](#reading-real-logminer-output))"),
            "mining-session|oracle-default", "what the directory declares, else `mining-session`");

    public static final ConfigOption<String> NLS_DATE_FORMAT = nlsSetting("source.nls-date-format", "MASK",
            "NLS_DATE_FORMAT");
    public static final ConfigOption<String> NLS_TIMESTAMP_FORMAT = nlsSetting("source.nls-timestamp-format",
            "MASK", "NLS_TIMESTAMP_FORMAT");
    public static final ConfigOption<String> NLS_TIMESTAMP_TZ_FORMAT = nlsSetting(
            "source.nls-timestamp-tz-format", "MASK", "NLS_TIMESTAMP_TZ_FORMAT");
    public static final ConfigOption<String> NLS_NUMERIC_CHARACTERS = nlsSetting(
            "source.nls-numeric-characters", "DG", "NLS_NUMERIC_CHARACTERS (only `.` as decimal character)");
    public static final ConfigOption<String> NLS_TIME_ZONE = nlsSetting("source.nls-time-zone", "ZONE",
            "TIME_ZONE (e.g. `+00:00`: TIMESTAMP WITH LOCAL TIME ZONE values are in it)");

    public static final ConfigOption<Boolean> BOUNDED = CATALOG.add(key("source.bounded").booleanType()
            .defaultValue(false)
            .withDescription("end after the last available log; otherwise poll for new logs every 5 s"));

    public static final ConfigOption<String> DATABASE = CATALOG.add(key("source.database").stringType()
            .defaultValue("ORCL").withDescription("source database name written into LCRs"), "NAME", null);

    public static final ConfigOption<String> START_SCN = CATALOG.add(key("source.start-scn").stringType()
            .noDefaultValue()
            .withDescription("capture transactions committed from this SCN (as `--source.start scn:SCN`); a "
                    + "restored job keeps the start SCN it began with (a different value given with `--restore` "
                    + "is an error naming both)"), "SCN", "oldest log");

    public static final ConfigOption<String> MAX_SCN = CATALOG.add(key("source.max-scn").stringType()
            .noDefaultValue()
            .withDescription("end once every SCN up to this one is read; at or above the start SCN (both ends "
                    + "inclusive)"), "SCN", null);

    public static final ConfigOption<List<String>> INCLUDE = CATALOG.add(key("capture.include").stringType()
            .asList().defaultValues("*.*").withDescription("tables to capture (`*` wildcards)"),
            "OWNER.TABLE,...", null);

    public static final ConfigOption<List<String>> EXCLUDE = CATALOG.add(key(LogMinerSettings.EXCLUDE)
            .stringType().asList().noDefaultValue().withDescription("tables never captured"),
            "OWNER.TABLE,...", "Oracle-maintained schemas (SYS, SYSTEM, AUDSYS, XDB, ...)");

    public static final ConfigOption<String> JDBC_URL = CATALOG.add(key("source.jdbc-url").stringType()
            .noDefaultValue().withDescription("Oracle JDBC URL, e.g. `jdbc:oracle:thin:@//db:1521/ORCLCDB`"),
            "URL", "required for `oracle`");

    public static final ConfigOption<String> USER = CATALOG.add(key("source.user").stringType().noDefaultValue()
            .withDescription("the LogMiner user (see [Oracle set-up](#oracle-set-up))"), "USER",
            "required for `oracle`");

    public static final ConfigOption<String> PASSWORD_FILE = CATALOG.add(key("source.password-file").stringType()
            .noDefaultValue().withDescription("file whose first line is the password"), "FILE",
            "this or `--source.password-env` is required for `oracle`");

    public static final ConfigOption<String> PASSWORD_ENV = CATALOG.add(key("source.password-env").stringType()
            .noDefaultValue().withDescription("environment variable holding the password"), "VAR",
            "this or `--source.password-file` is required for `oracle`");

    public static final ConfigOption<String> DICTIONARY = CATALOG.add(key("source.dictionary").stringType()
            .defaultValue("online-catalog").withDescription("where LogMiner takes table and column names from"),
            "online-catalog|redo-logs|none", null);

    public static final ConfigOption<Integer> FETCH_SIZE = CATALOG.add(key("source.fetch-size").intType()
            .defaultValue(LogMinerSettings.DEFAULT_FETCH_SIZE)
            .withDescription("rows per round trip of the `V$LOGMNR_CONTENTS` query"));

    public static final ConfigOption<Integer> ARCHIVE_DEST_ID = CATALOG.add(key("source.archive-dest-id")
            .intType().noDefaultValue()
            .withDescription("mine the archived logs of this `V$ARCHIVE_DEST.DEST_ID`"), null,
            "lowest local VALID destination");

    public static final ConfigOption<String> PDB = CATALOG.add(key("source.pdb").stringType().noDefaultValue()
            .withDescription("in a CDB (connected to `CDB$ROOT`), capture only this PDB's changes"), "NAME",
            "every container");

    public static final ConfigOption<String> START = CATALOG.add(key("source.start").stringType()
            .defaultValue("oldest")
            .withDescription("where capture starts; resolved to an SCN before the job is built and printed in the "
                    + "banner (`--source.start-scn N` still works)"),
            "scn:N|timestamp:YYYY-MM-DD HH:MM:SS|oldest|now", null);

    private SourceConfigOptions() {
    }

    /** Every source option, in the order of the README's tables. */
    public static Set<ConfigOption<?>> all() {
        return CATALOG.options();
    }

    /** Every source option with what help and README show. */
    public static List<OptionDoc> docs() {
        return CATALOG.docs();
    }

    private static ConfigOption<String> nlsSetting(String key, String label, String setting) {
        return CATALOG.add(key(key).stringType().noDefaultValue()
                .withDescription(setting + " of the mining session, over the `--source.nls` preset; an error "
                        + "when it contradicts the directory's declaration"), label, "the preset's");
    }
}
