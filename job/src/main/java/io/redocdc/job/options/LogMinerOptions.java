package io.redocdc.job.options;

import io.redocdc.source.logminer.DictionaryMode;
import io.redocdc.source.logminer.LogMinerSettings;
import io.redocdc.source.logminer.OracleConnectionSettings;
import io.redocdc.source.logminer.UnsupportedTypeCheck;
import java.util.List;
import java.util.function.Consumer;

/**
 * Builds the LogMiner settings of {@code run --source.type oracle} and {@code export}. The settings check their
 * own values (fetch size, patterns, destination); their errors start with the option key and go to
 * {@code reject}, which names the option as the command spells it. Null arguments keep the settings' defaults.
 */
public final class LogMinerOptions {

    private LogMinerOptions() {
    }

    public static LogMinerSettings settings(OracleConnectionSettings connection, DictionaryMode dictionary,
                                            Integer fetchSize, List<String> include, List<String> exclude,
                                            Integer archiveDestId, String pdb, UnsupportedTypeCheck unsupportedTypes,
                                            Consumer<String> reject) {
        LogMinerSettings.Builder builder = LogMinerSettings.builder().connection(connection).pdb(pdb)
                .unsupportedTypes(unsupportedTypes);
        if (dictionary != null) {
            builder.dictionaryMode(dictionary);
        }
        if (fetchSize != null) {
            builder.fetchSize(fetchSize);
        }
        if (include != null) {
            builder.include(include);
        }
        if (exclude != null) {
            builder.exclude(exclude);
        }
        if (archiveDestId != null) {
            builder.archiveDestId(archiveDestId);
        }
        try {
            return builder.build();
        } catch (IllegalArgumentException e) {
            reject.accept(e.getMessage());
            throw e;
        }
    }
}
