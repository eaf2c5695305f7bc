package io.redocdc.tools.simulate;

import io.redocdc.source.model.NlsFormats;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.util.Locale;

/**
 * The NLS settings the simulated LogMiner session prints literals under: ours ({@link NlsFormats#MINING_SESSION},
 * what export and the LogMiner source set; the directory declares them, as export's do), or Oracle's defaults
 * ({@link NlsFormats#ORACLE_DEFAULT}, as in directories mined by other tools, which declare nothing). Under the
 * defaults a DATE prints without its time of day and a TIMESTAMP(6) with six fraction digits, so the simulator
 * draws its values so that the printed text loses nothing the truth holds.
 */
public enum SimulatedNls {
    MINING_SESSION(NlsFormats.MINING_SESSION, true),
    ORACLE_DEFAULT(NlsFormats.ORACLE_DEFAULT, false);

    private static final DateTimeFormatter CANONICAL_DATE = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");
    private static final DateTimeFormatter CANONICAL_TIMESTAMP = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSSSSS");
    /** DD-MON-RR with English month abbreviations in capitals, as Oracle prints them. */
    private static final DateTimeFormatter DD_MON_RR = new DateTimeFormatterBuilder().parseCaseInsensitive()
            .appendPattern("dd-MMM-yy").toFormatter(Locale.ENGLISH);
    private static final DateTimeFormatter DD_MON_RR_TIME = new DateTimeFormatterBuilder()
            .appendPattern("dd-MMM-yy hh.mm.ss.SSSSSS a").toFormatter(Locale.ENGLISH);

    private final NlsFormats formats;
    private final boolean declared;

    SimulatedNls(NlsFormats formats, boolean declared) {
        this.formats = formats;
        this.declared = declared;
    }

    public NlsFormats formats() {
        return formats;
    }

    /** Whether the redo directory carries nls_session_parameters.csv (export's do, other tools' do not). */
    public boolean declared() {
        return declared;
    }

    /** "mining-session" or "oracle-default", as the CLI spells it. */
    public String optionValue() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** A DATE value's canonical text: under Oracle's defaults the time of day is not printed, so it is midnight. */
    String date(LocalDateTime time) {
        return (this == ORACLE_DEFAULT ? time.toLocalDate().atStartOfDay() : time).format(CANONICAL_DATE);
    }

    /** A TIMESTAMP(6) value's canonical text: nine fraction digits under FF9, six under FF. */
    String timestamp(LocalDateTime time) {
        return time.format(CANONICAL_TIMESTAMP) + (this == MINING_SESSION ? "000" : "");
    }

    /** {@code TO_DATE('...', 'mask')} as LogMiner prints a DATE (it carries NLS_DATE_FORMAT). */
    String dateLiteral(String canonical) {
        if (this == MINING_SESSION) {
            return "TO_DATE('" + canonical + "', '" + formats.dateFormat() + "')";
        }
        LocalDateTime time = LocalDateTime.parse(canonical, CANONICAL_DATE);
        return "TO_DATE('" + time.format(DD_MON_RR).toUpperCase(Locale.ROOT) + "', '" + formats.dateFormat() + "')";
    }

    /** {@code TO_TIMESTAMP('...')} in NLS_TIMESTAMP_FORMAT, without a mask. */
    String timestampLiteral(String canonical) {
        if (this == MINING_SESSION) {
            return "TO_TIMESTAMP('" + canonical + "')";
        }
        LocalDateTime time = LocalDateTime.parse(canonical, CANONICAL_TIMESTAMP);
        return "TO_TIMESTAMP('" + time.format(DD_MON_RR_TIME).toUpperCase(Locale.ROOT) + "')";
    }
}
