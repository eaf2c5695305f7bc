package io.redocdc.source.logminer;

import io.redocdc.common.jdbc.JdbcUrls;
import io.redocdc.source.model.TablePattern;
import java.io.Serializable;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Validated options of the LogMiner source. Build with {@link #builder()}.
 *
 * @param connection opens connections to the mined database
 * @param dictionaryMode where LogMiner takes its dictionary from
 * @param fetchSize rows per round trip of the V$LOGMNR_CONTENTS query
 * @param include OWNER.TABLE patterns (* wildcard, case-insensitive) of captured tables, pushed into the query
 * @param exclude OWNER.TABLE patterns never captured
 * @param retry retries of lost connections and temporarily missing logs
 * @param archiveDestId V$ARCHIVE_DEST.DEST_ID whose archived logs are mined; 0 chooses the lowest local VALID one
 * @param pdb in a CDB, the PDB whose changes are captured (V$LOGMNR_CONTENTS.SRC_CON_NAME, upper case); null for
 *     every container, or a non-CDB
 * @param unsupportedTypes what the start check does with captured tables that have BOOLEAN, JSON or VECTOR columns
 */
public record LogMinerSettings(ConnectionFactory connection, DictionaryMode dictionaryMode, int fetchSize,
                               List<String> include, List<String> exclude, RetryPolicy retry, int archiveDestId,
                               String pdb, UnsupportedTypeCheck unsupportedTypes)
        implements Serializable {

    public static final String JDBC_URL = "source.jdbc-url";
    public static final String USER = "source.user";
    public static final String PASSWORD_FILE = "source.password-file";
    public static final String PASSWORD_ENV = "source.password-env";
    public static final String DICTIONARY = "source.dictionary";
    public static final String FETCH_SIZE = "source.fetch-size";
    public static final String ARCHIVE_DEST_ID = "source.archive-dest-id";
    public static final String PDB = "source.pdb";
    public static final String INCLUDE = "capture.include";
    public static final String EXCLUDE = "capture.exclude";

    public static final int DEFAULT_FETCH_SIZE = 10_000;
    public static final List<String> DEFAULT_INCLUDE = TablePattern.DEFAULT_INCLUDE;
    public static final List<String> DEFAULT_EXCLUDE = TablePattern.DEFAULT_EXCLUDE;

    /**
     * A nonquoted Oracle identifier: a letter, then letters, digits, $, _ and #, at most 128 characters (Database
     * Error Messages, ORA-00904, https://docs.oracle.com/error-help/db/ora-00904).
     */
    private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z][A-Za-z0-9$_#]{0,127}");

    public LogMinerSettings {
        include = List.copyOf(include);
        exclude = List.copyOf(exclude);
    }

    /**
     * Whether the contents query keeps the INTERNAL rows that end LOB statements ({@link LogMinerQuery}): only with
     * a dictionary, since without one the table patterns cannot select them.
     */
    public boolean keepsUndoMarkers() {
        return dictionaryMode != DictionaryMode.NONE;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Validates every option in {@link #build()}; errors name the option key, the rule and the value. */
    public static final class Builder {

        private ConnectionFactory connection;
        private DictionaryMode dictionaryMode = DictionaryMode.ONLINE_CATALOG;
        private int fetchSize = DEFAULT_FETCH_SIZE;
        private List<String> include = DEFAULT_INCLUDE;
        private List<String> exclude = DEFAULT_EXCLUDE;
        private RetryPolicy retry = RetryPolicy.DEFAULT;
        private int archiveDestId;
        private String pdb;
        private UnsupportedTypeCheck unsupportedTypes = UnsupportedTypeCheck.REFUSE;

        private Builder() {
        }

        public Builder connection(OracleConnectionSettings connection) {
            this.connection = connection;
            return this;
        }

        /** Any connection factory (tests, pooled or wallet-based connections). */
        public Builder connectionFactory(ConnectionFactory connection) {
            this.connection = connection;
            return this;
        }

        public Builder dictionaryMode(DictionaryMode dictionaryMode) {
            this.dictionaryMode = dictionaryMode;
            return this;
        }

        public Builder fetchSize(int fetchSize) {
            this.fetchSize = fetchSize;
            return this;
        }

        public Builder include(List<String> include) {
            this.include = include;
            return this;
        }

        public Builder exclude(List<String> exclude) {
            this.exclude = exclude;
            return this;
        }

        public Builder retry(RetryPolicy retry) {
            this.retry = retry;
            return this;
        }

        /** Mine the archived logs of this V$ARCHIVE_DEST.DEST_ID; default: the lowest local VALID destination. */
        public Builder archiveDestId(int archiveDestId) {
            this.archiveDestId = archiveDestId;
            return this;
        }

        /** In a CDB, capture only this PDB's changes (a name from V$PDBS); default: every container. */
        public Builder pdb(String pdb) {
            this.pdb = pdb;
            return this;
        }

        /** Default {@link UnsupportedTypeCheck#REFUSE}. */
        public Builder unsupportedTypes(UnsupportedTypeCheck unsupportedTypes) {
            this.unsupportedTypes = unsupportedTypes;
            return this;
        }

        public LogMinerSettings build() {
            validateConnection();
            require(dictionaryMode != null, DICTIONARY, "must be one of online-catalog|redo-logs|none", null);
            require(fetchSize >= 1 && fetchSize <= 1_000_000, FETCH_SIZE, "must be between 1 and 1000000",
                    fetchSize);
            require(retry != null, "LogMinerSettings.Builder.retry (a RetryPolicy)", "must be set", null);
            require(unsupportedTypes != null, "LogMinerSettings.Builder.unsupportedTypes", "must be set", null);
            require(archiveDestId >= 0 && archiveDestId <= 31, ARCHIVE_DEST_ID,
                    "must be 0 (automatic) or a DEST_ID between 1 and 31", archiveDestId);
            validatePatterns(include, INCLUDE);
            validatePatterns(exclude, EXCLUDE);
            return new LogMinerSettings(connection, dictionaryMode, fetchSize, include, exclude, retry,
                    archiveDestId, validatedPdb(), unsupportedTypes);
        }

        /** Upper case, as V$PDBS.NAME and SRC_CON_NAME hold a nonquoted name. */
        private String validatedPdb() {
            if (pdb == null) {
                return null;
            }
            require(IDENTIFIER.matcher(pdb).matches(), PDB, "must be a PDB name (a letter, then letters, digits, "
                    + "$, _ or #)", pdb);
            // SRC_CON_NAME is "available only when mining is performed with a LogMiner dictionary" (Utilities 12.1,
            // "The V$LOGMNR_CONTENTS View in a CDB")
            require(dictionaryMode != DictionaryMode.NONE, PDB, "needs a LogMiner dictionary (SRC_CON_NAME is NULL "
                    + "without one); use " + DICTIONARY + " online-catalog or redo-logs, not none", pdb);
            return pdb.toUpperCase(Locale.ROOT);
        }

        private void validateConnection() {
            require(connection != null, JDBC_URL, "must be set (the Oracle database to mine)", null);
            if (connection instanceof OracleConnectionSettings oracle) {
                String url = oracle.jdbcUrl();
                require(url != null && url.toLowerCase(Locale.ROOT).startsWith("jdbc:oracle:"), JDBC_URL,
                        "must be an Oracle JDBC URL starting with jdbc:oracle:", JdbcUrls.mask(url));
                require(oracle.user() != null && !oracle.user().isBlank(), USER, "must name the LogMiner user",
                        oracle.user());
                require(oracle.password() != null && !oracle.password().reveal().isEmpty(),
                        PASSWORD_FILE + " or " + PASSWORD_ENV, "must give the password (a file whose first line is "
                        + "the password, or an environment variable holding it)", oracle.password());
            }
        }

        private static void validatePatterns(List<String> patterns, String option) {
            require(patterns != null, option, "must be a list of OWNER.TABLE patterns", null);
            for (String pattern : patterns) {
                require(TablePattern.isValid(pattern), option, "patterns must have the form "
                        + TablePattern.FORM, pattern);
            }
        }

        private static void require(boolean valid, String option, String rule, Object value) {
            if (!valid) {
                throw new IllegalArgumentException(option + " " + rule + "; got " + value);
            }
        }
    }
}
