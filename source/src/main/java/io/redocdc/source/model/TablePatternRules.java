package io.redocdc.source.model;

import java.util.List;

/**
 * The one rule for OWNER.TABLE capture patterns ({@code *} matches any run of characters, compared
 * case-insensitively) and the default pattern lists, shared by the LogMiner query's pushed-down filter and the
 * assembler's table filter so both accept and capture the same tables.
 */
public final class TablePatternRules {

    /** Every table. */
    public static final List<String> DEFAULT_INCLUDE = List.of("*.*");
    /** The Oracle-maintained schemas. */
    public static final List<String> DEFAULT_EXCLUDE = OracleMaintainedSchemas.EXCLUDE_PATTERNS;
    /** The rule, for error messages. */
    public static final String FORM = "OWNER.TABLE (each part may use * as a wildcard)";

    private TablePatternRules() {
    }

    /** True when {@code pattern} has a non-empty owner part and a non-empty table part. */
    public static boolean isValid(String pattern) {
        return pattern != null && pattern.indexOf('.') > 0 && !pattern.endsWith(".");
    }
}
