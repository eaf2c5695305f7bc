package io.redocdc.job.cli;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** {@code --primary-key OWNER.TABLE=COL[,COL]} (repeatable), of {@code run} and {@code errors}. */
final class PrimaryKeyOption {

    static final String NAME = "--primary-key";

    private PrimaryKeyOption() {
    }

    /** OWNER.TABLE to key columns, upper case (the redo's names), in the order given. */
    static Map<String, List<String>> parse(OptionCheck check, List<String> given) {
        Map<String, List<String>> keys = new LinkedHashMap<>();
        for (String spec : given) {
            int eq = spec.indexOf('=');
            boolean wellFormed = eq > 0 && eq < spec.length() - 1 && spec.substring(0, eq).contains(".");
            check.require(wellFormed, NAME, "must look like OWNER.TABLE=COL[,COL]", spec);
            keys.put(spec.substring(0, eq).toUpperCase(Locale.ROOT),
                    List.of(spec.substring(eq + 1).toUpperCase(Locale.ROOT).split(",")));
        }
        return keys;
    }
}
