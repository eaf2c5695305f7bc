package io.redocdc.tools.simulate;

import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.SplittableRandom;

/**
 * The database's one SCN clock, shared by all redo threads, and the wall clock derived from it (100 SCNs a
 * second from 2026-03-01 08:00:00), so TIMESTAMP never goes back when SCN goes forward.
 */
final class ScnClock {

    static final LocalDateTime BASE_TIME = LocalDateTime.of(2026, 3, 1, 8, 0, 0);
    private static final int SCNS_PER_SECOND = 100;
    private static final DateTimeFormatter TEXT = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");

    private final long origin;
    private final SplittableRandom random;
    private long current;
    private long cachedSecond = Long.MIN_VALUE;
    private String cachedText;

    ScnClock(long startScn, SplittableRandom random) {
        this.origin = startScn;
        this.current = startScn;
        this.random = random;
    }

    long current() {
        return current;
    }

    /** SCN of a change: often the same as the previous row's, else 1 or 2 more. */
    long next() {
        current += random.nextInt(4) == 0 ? 0 : 1 + random.nextInt(2);
        return current;
    }

    /** A fresh SCN no other row has had: commits and log switches take these, so commit SCNs are unique. */
    long advance() {
        current += 1 + random.nextInt(2);
        return current;
    }

    LocalDateTime time(long scn) {
        return BASE_TIME.plusSeconds(Math.floorDiv(scn - origin, SCNS_PER_SECOND));
    }

    /** TIMESTAMP as LogMiner prints it with NLS_DATE_FORMAT 'YYYY-MM-DD HH24:MI:SS'. */
    String timestamp(long scn) {
        long second = Math.floorDiv(scn - origin, SCNS_PER_SECOND);
        if (second != cachedSecond) {
            cachedSecond = second;
            cachedText = BASE_TIME.plusSeconds(second).format(TEXT);
        }
        return cachedText;
    }
}
