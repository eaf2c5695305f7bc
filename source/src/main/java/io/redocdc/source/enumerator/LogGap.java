package io.redocdc.source.enumerator;

/**
 * Missing sequences {@code fromSequence..toSequence} of one thread, between two logs the catalog has (or before
 * the first log, when the log covering the start SCN is missing: then {@code afterSequence} is 0).
 */
record LogGap(int thread, long resetlogsId, long fromSequence, long toSequence, long afterSequence,
              long beforeSequence) {

    /** Identifies the gap across discoveries, for the gap timeout. */
    String key() {
        return thread + "_" + fromSequence + "_" + resetlogsId;
    }

    String describe(String catalog) {
        String missing = fromSequence == toSequence ? "sequence " + fromSequence
                : "sequence " + fromSequence + ".." + toSequence;
        String where = afterSequence > 0
                ? "between sequence " + afterSequence + " and " + beforeSequence
                : "before sequence " + beforeSequence + ", the first log after the start SCN (it must cover the start SCN)";
        return "archived log thread " + thread + " " + missing + " missing " + where + " (resetlogs " + resetlogsId
                + ") in " + catalog + "; the job never skips logs";
    }
}
