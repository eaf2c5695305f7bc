package io.redocdc.source.model;

import java.util.Comparator;

/**
 * Identifies one archived log: redo thread, log sequence and the RESETLOGS_ID of its incarnation.
 * Orders by incarnation, then thread, then sequence.
 */
public record ThreadSequence(int thread, long sequence, long resetlogsId) implements Comparable<ThreadSequence> {

    private static final Comparator<ThreadSequence> ORDER = Comparator.comparingLong(ThreadSequence::resetlogsId)
            .thenComparingInt(ThreadSequence::thread)
            .thenComparingLong(ThreadSequence::sequence);

    public ThreadSequence {
        if (thread < 1 || sequence < 1 || resetlogsId < 0) {
            throw new IllegalArgumentException(
                    "invalid log identity thread=" + thread + " sequence=" + sequence + " resetlogs=" + resetlogsId);
        }
    }

    /** {@code <THREAD#>_<SEQUENCE#>_<RESETLOGS_ID>}, the stem of the log's contents file name. */
    public String fileStem() {
        return thread + "_" + sequence + "_" + resetlogsId;
    }

    /** Parses {@link #fileStem()}. */
    public static ThreadSequence parseFileStem(String stem) {
        String[] parts = stem.split("_");
        if (parts.length != 3) {
            throw new IllegalArgumentException("expected <THREAD#>_<SEQUENCE#>_<RESETLOGS_ID>, got '" + stem + "'");
        }
        try {
            return new ThreadSequence(
                    Integer.parseInt(parts[0]), Long.parseLong(parts[1]), Long.parseLong(parts[2]));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("expected <THREAD#>_<SEQUENCE#>_<RESETLOGS_ID>, got '" + stem + "'");
        }
    }

    public ThreadSequence next() {
        return new ThreadSequence(thread, sequence + 1, resetlogsId);
    }

    @Override
    public int compareTo(ThreadSequence other) {
        return ORDER.compare(this, other);
    }

    @Override
    public String toString() {
        return "thread " + thread + " sequence " + sequence + " (resetlogs " + resetlogsId + ")";
    }
}
