package io.redocdc.source.model;

/**
 * Identifies one archived log: redo thread, log sequence and the RESETLOGS_ID of its incarnation.
 * Orders by incarnation, then thread, then sequence.
 */
public record ThreadSequence(int thread, long sequence, long resetlogsId) implements Comparable<ThreadSequence> {

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

    /** By incarnation, thread, sequence. Written out, as are equals and hashCode: a map lookup per row. */
    @Override
    public int compareTo(ThreadSequence other) {
        int order = Long.compare(resetlogsId, other.resetlogsId);
        if (order == 0) {
            order = Integer.compare(thread, other.thread);
        }
        return order != 0 ? order : Long.compare(sequence, other.sequence);
    }

    /** A record's generated equals runs through method handles, which showed in the assembler's profile. */
    @Override
    public boolean equals(Object o) {
        return o instanceof ThreadSequence other && sequence == other.sequence && thread == other.thread
                && resetlogsId == other.resetlogsId;
    }

    /** 2^64 divided by the golden ratio, odd. */
    private static final long FIBONACCI = 0x9E3779B97F4A7C15L;

    @Override
    public int hashCode() {
        return hash(resetlogsId, thread, sequence, 0);
    }

    /**
     * A hash of a log and a place in it (a record's index) for maps that hold rows of many logs. Multiplying by
     * 31 at each step, as a record's hashCode does, gives (sequence s, index i) the hash of (s + 1, i - 31), so such
     * a map puts the rows of consecutive logs into the same buckets; here each log gets a pseudo-random base
     * (Fibonacci hashing) and the index counts up from it.
     */
    public static int hash(long resetlogsId, int thread, long sequence, long index) {
        long h = ((resetlogsId * FIBONACCI + thread) * FIBONACCI + sequence) * FIBONACCI + index;
        return (int) (h ^ (h >>> 32));
    }

    @Override
    public String toString() {
        return "thread " + thread + " sequence " + sequence + " (resetlogs " + resetlogsId + ")";
    }
}
