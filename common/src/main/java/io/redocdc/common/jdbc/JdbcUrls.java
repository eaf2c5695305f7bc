package io.redocdc.common.jdbc;

import java.util.regex.Pattern;

/**
 * Removes credentials from JDBC URLs before they reach a log or a message: Oracle's {@code user/password@}, a
 * {@code //user:password@host} authority and {@code password=...} parameters (PostgreSQL, H2, Easy Connect Plus).
 * Used for the Oracle source and the JDBC apply sink's targets alike.
 */
public final class JdbcUrls {

    /**
     * {@code jdbc:oracle:thin:scott/tiger@host...}: user/password before the '@'. The password is a quoted
     * {@code "..."} or runs to the last '@', so an '@' inside it cannot end the match early (over-masking a rare
     * '@' further on is the safe side).
     */
    private static final Pattern USER_PASSWORD =
            Pattern.compile("^(jdbc:oracle:[a-z0-9]+:)([^/@]*)/(?:\"[^\"]*\"|.*)@");
    /**
     * {@code scheme://user:password@host}, the form of non-Oracle URLs given by mistake; the password runs to the
     * authority's last '@'.
     */
    private static final Pattern AUTHORITY_PASSWORD = Pattern.compile("(//[^/:@?;]*):(?:\"[^\"]*\"|[^/?;]*)@");
    /** {@code password=...} in a URL query or an Easy Connect Plus parameter list. */
    private static final Pattern PASSWORD_PARAMETER =
            Pattern.compile("(?i)(password\\s*=\\s*)[^&;)?\\s]*");

    private JdbcUrls() {
    }

    public static String mask(String url) {
        if (url == null) {
            return null;
        }
        String masked = USER_PASSWORD.matcher(url).replaceFirst("$1$2/******@");
        masked = AUTHORITY_PASSWORD.matcher(masked).replaceFirst("$1:******@");
        return PASSWORD_PARAMETER.matcher(masked).replaceAll("$1******");
    }
}
