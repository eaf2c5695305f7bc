package io.redocdc.job.pipeline;

import java.util.regex.Pattern;

/**
 * A target JDBC URL fit for banners and logs: passwords written into the URL itself are replaced by
 * {@code ******} (Oracle's {@code user/password@}, {@code //user:password@host} and {@code password=...}
 * parameters of PostgreSQL and H2 URLs).
 */
public final class MaskedJdbcUrl {

    private static final String MASK = "******";
    private static final Pattern ORACLE_USER_PASSWORD = Pattern.compile("^(jdbc:oracle:[a-z0-9]+:[^/@]*)/[^@]*@");
    private static final Pattern AUTHORITY_PASSWORD = Pattern.compile("(//[^/:@?;]*):[^@/]*@");
    private static final Pattern PASSWORD_PARAMETER = Pattern.compile("(?i)(password\\s*=\\s*)[^&;)?\\s]*");

    private MaskedJdbcUrl() {
    }

    public static String of(String url) {
        if (url == null) {
            return null;
        }
        String masked = ORACLE_USER_PASSWORD.matcher(url).replaceFirst("$1/" + MASK + "@");
        masked = AUTHORITY_PASSWORD.matcher(masked).replaceFirst("$1:" + MASK + "@");
        return PASSWORD_PARAMETER.matcher(masked).replaceAll("$1" + MASK);
    }
}
