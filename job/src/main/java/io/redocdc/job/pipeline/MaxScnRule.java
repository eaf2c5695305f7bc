package io.redocdc.job.pipeline;

/**
 * The one rule for the stop point, checked on the command line and again once an Oracle start (oldest, now,
 * timestamp) is resolved: {@code --source.max-scn} must lie above the start SCN, or the job would read nothing.
 */
public final class MaxScnRule {

    public static final String OPTION = "--source.max-scn";

    private MaxScnRule() {
    }

    public static boolean allows(long startScn, Long maxScn) {
        return maxScn == null || maxScn > startScn;
    }

    public static String rule(long startScn) {
        return "must be above the start SCN " + startScn;
    }
}
