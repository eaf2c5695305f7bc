package io.redocdc.source.model;

import java.io.Serializable;

/**
 * The session settings under which LogMiner printed SQL_REDO literals: TO_DATE carries NLS_DATE_FORMAT as its
 * mask, TO_TIMESTAMP and TO_TIMESTAMP_TZ are printed without one, in NLS_TIMESTAMP_FORMAT and
 * NLS_TIMESTAMP_TZ_FORMAT (a TIMESTAMP WITH LOCAL TIME ZONE value comes as TO_TIMESTAMP_TZ in the
 * NLS_TIMESTAMP_FORMAT, in the session's TIME_ZONE). Masks are Oracle datetime format models.
 *
 * @param dateFormat        NLS_DATE_FORMAT
 * @param timestampFormat   NLS_TIMESTAMP_FORMAT
 * @param timestampTzFormat NLS_TIMESTAMP_TZ_FORMAT
 * @param numericCharacters NLS_NUMERIC_CHARACTERS: decimal character, then group separator
 * @param timeZone          the session TIME_ZONE (an offset such as {@code +00:00} or a region), null when unknown
 */
public record NlsFormats(String dateFormat, String timestampFormat, String timestampTzFormat,
                         String numericCharacters, String timeZone) implements Serializable {

    private static final long serialVersionUID = 1L;

    /** What the LogMiner source and {@code export} set on every mining session. */
    public static final NlsFormats MINING_SESSION = new NlsFormats("YYYY-MM-DD HH24:MI:SS",
            "YYYY-MM-DD HH24:MI:SS.FF9", "YYYY-MM-DD HH24:MI:SS.FF9 TZH:TZM", ".,", "+00:00");

    /**
     * Oracle's defaults for NLS_TERRITORY AMERICA (Database Globalization Support Guide, "NLS_DATE_FORMAT",
     * "NLS_TIMESTAMP_FORMAT", "NLS_TIMESTAMP_TZ_FORMAT"): what directories mined by other tools often hold.
     */
    public static final NlsFormats ORACLE_DEFAULT = new NlsFormats("DD-MON-RR", "DD-MON-RR HH.MI.SSXFF AM",
            "DD-MON-RR HH.MI.SSXFF AM TZR", ".,", null);

    public NlsFormats {
        require(dateFormat, "NLS_DATE_FORMAT");
        require(timestampFormat, "NLS_TIMESTAMP_FORMAT");
        require(timestampTzFormat, "NLS_TIMESTAMP_TZ_FORMAT");
        require(numericCharacters, "NLS_NUMERIC_CHARACTERS");
        if (numericCharacters.length() != 2 || numericCharacters.charAt(0) == numericCharacters.charAt(1)) {
            throw new IllegalArgumentException("NLS_NUMERIC_CHARACTERS must be two different characters (decimal, "
                    + "then group separator), got '" + numericCharacters + "'");
        }
        if (timeZone != null && timeZone.isBlank()) {
            timeZone = null;
        }
    }

    /** The radix character that the format element X stands for. */
    public char decimalCharacter() {
        return numericCharacters.charAt(0);
    }

    public NlsFormats withDateFormat(String mask) {
        return new NlsFormats(mask, timestampFormat, timestampTzFormat, numericCharacters, timeZone);
    }

    public NlsFormats withTimestampFormat(String mask) {
        return new NlsFormats(dateFormat, mask, timestampTzFormat, numericCharacters, timeZone);
    }

    public NlsFormats withTimestampTzFormat(String mask) {
        return new NlsFormats(dateFormat, timestampFormat, mask, numericCharacters, timeZone);
    }

    public NlsFormats withNumericCharacters(String characters) {
        return new NlsFormats(dateFormat, timestampFormat, timestampTzFormat, characters, timeZone);
    }

    public NlsFormats withTimeZone(String zone) {
        return new NlsFormats(dateFormat, timestampFormat, timestampTzFormat, numericCharacters, zone);
    }

    private static void require(String value, String parameter) {
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException(parameter + " must not be empty");
        }
    }
}
