package io.redocdc.source.model;

import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The one rule for OWNER.TABLE capture patterns: {@code *} matches any run of characters, the whole
 * {@code OWNER.TABLE} text must match, compared case-insensitively. Its two forms, the SQL LIKE pattern the LogMiner
 * query pushes down and the regular expression of the assembler's table filter, are both derived here from the same
 * literal parts, so both accept and capture the same tables.
 */
public final class TablePattern {

    /** Every table. */
    public static final List<String> DEFAULT_INCLUDE = List.of("*.*");
    /** The Oracle-maintained schemas. */
    public static final List<String> DEFAULT_EXCLUDE = OracleMaintainedSchemas.EXCLUDE_PATTERNS;
    /** The rule, for error messages. */
    public static final String FORM = "OWNER.TABLE (each part may use * as a wildcard)";

    private TablePattern() {
    }

    /** True when {@code pattern} has a non-empty owner part and a non-empty table part. */
    public static boolean isValid(String pattern) {
        return pattern != null && pattern.indexOf('.') > 0 && !pattern.endsWith(".");
    }

    /** "oe.ord*" -> "OE.ORD%", LIKE's own wildcards and the escape character escaped (for {@code ESCAPE '\'}). */
    public static String sqlLike(String pattern) {
        StringBuilder like = new StringBuilder();
        String[] literals = literals(pattern);
        for (int i = 0; i < literals.length; i++) {
            if (i > 0) {
                like.append('%');
            }
            like.append(literals[i].replaceAll("([%_\\\\])", "\\\\$1"));
        }
        return like.toString();
    }

    /** The whole-name regular expression, case-insensitive. */
    public static Pattern regex(String pattern) {
        String[] literals = literals(pattern);
        StringBuilder regex = new StringBuilder(Pattern.quote(literals[0]));
        for (int i = 1; i < literals.length; i++) {
            regex.append(".*").append(Pattern.quote(literals[i]));
        }
        return Pattern.compile(regex.toString(), Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE | Pattern.DOTALL);
    }

    /** The text between the wildcards, upper-cased as Oracle stores unquoted names. */
    private static String[] literals(String pattern) {
        return pattern.toUpperCase(Locale.ROOT).split("\\*", -1);
    }
}
