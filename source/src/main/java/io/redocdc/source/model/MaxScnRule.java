package io.redocdc.source.model;

/**
 * The one rule between the start SCN and the stop point, checked by the command line, by the source's builder and
 * again once an Oracle start (oldest, now, timestamp) is resolved: the maximum SCN must lie at or above the start
 * SCN. Both ends are inclusive (a transaction committed at the start SCN is captured, and the job ends once every
 * SCN up to the maximum is read), so a maximum equal to the start still captures that one SCN.
 */
public final class MaxScnRule {

    private MaxScnRule() {
    }

    /** True when {@code max} is null (no stop point) or at or above {@code start}. */
    public static boolean allows(Scn start, Scn max) {
        return max == null || !max.isBefore(start);
    }

    /** The rule as an error message says it, after the option's name. */
    public static String rule(Scn start) {
        return "must be at or above the start SCN " + start;
    }
}
