package io.redocdc.source.logminer;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** Where LogMiner takes the data dictionary that turns object numbers into names (option source.dictionary). */
public enum DictionaryMode {
    /** The source database's current dictionary: mine on the source database; DDL since the log was written shows
     *  up as "COL n" names and STATUS 2. */
    ONLINE_CATALOG("online-catalog"),
    /** A dictionary extracted into the redo (DBMS_LOGMNR_D.BUILD) plus DDL tracking: mine anywhere the logs are. */
    REDO_LOGS("redo-logs"),
    /** No dictionary: "UNKNOWN"."OBJ# n" and HEXTORAW values. */
    NONE("none");

    private final String optionValue;

    DictionaryMode(String optionValue) {
        this.optionValue = optionValue;
    }

    public String optionValue() {
        return optionValue;
    }

    /** Parses "online-catalog", "redo-logs" or "none" (case-insensitive, '_' accepted for '-'). */
    public static DictionaryMode parse(String text) {
        String wanted = text == null ? "" : text.trim().toLowerCase(Locale.ROOT).replace('_', '-');
        for (DictionaryMode mode : values()) {
            if (mode.optionValue.equals(wanted)) {
                return mode;
            }
        }
        throw new IllegalArgumentException("source.dictionary must be one of "
                + Arrays.stream(values()).map(DictionaryMode::optionValue).collect(Collectors.joining("|"))
                + "; got '" + text + "'");
    }
}
