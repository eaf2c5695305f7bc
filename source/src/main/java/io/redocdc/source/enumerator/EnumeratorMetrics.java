package io.redocdc.source.enumerator;

import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.WeakHashMap;
import java.util.function.LongSupplier;
import org.apache.flink.metrics.Gauge;
import org.apache.flink.metrics.MetricGroup;

/**
 * The source enumerator's metrics (on the JobManager): how many archived logs there are and how many are read, the
 * completed-SCN frontier, its redo time and the lag behind the catalog. The enumerator thread refreshes the figures
 * whenever its bookkeeping changes; gauges only read them (the reporter runs on another thread).
 *
 * <p>Redo times (V$ARCHIVED_LOG's FIRST_TIME, NEXT_TIME) carry no zone: they are read in this JVM's default time
 * zone, which should therefore be the database's.
 */
public final class EnumeratorMetrics {

    public static final String LOGS_CATALOGUED = "logsCatalogued";
    public static final String LOGS_COMPLETED = "logsCompleted";
    public static final String FRONTIER_SCN = "completedFrontierScn";
    public static final String FRONTIER_REDO_TIME = "frontierRedoTime";
    public static final String FRONTIER_LAG_MILLIS = "frontierLagMillis";
    public static final String NEWEST_CATALOGUED_SCN = "newestCataloguedScn";
    public static final String FRONTIER_SCN_LAG = "frontierScnLag";

    private final LongSupplier clock;
    private final ZoneId redoZone;
    private volatile long logsCatalogued;
    private volatile long logsCompleted;
    private volatile long frontier = -1;
    private volatile long frontierRedoTime = -1;
    private volatile long newestCataloguedScn = -1;

    /**
     * Gauges stay registered when a global failover replaces the enumerator but keeps its coordinator's metric
     * group (a second registration under the same name would be ignored and the first would show a closed
     * enumerator's figures), so each group has one instance, fed by whichever enumerator is current.
     */
    private static final Map<MetricGroup, EnumeratorMetrics> BY_GROUP = new WeakHashMap<>();

    /** The metrics registered in {@code group}, registering them on first use. */
    public static EnumeratorMetrics of(MetricGroup group) {
        synchronized (BY_GROUP) {
            return BY_GROUP.computeIfAbsent(group, EnumeratorMetrics::new);
        }
    }

    private EnumeratorMetrics(MetricGroup group) {
        this(group, System::currentTimeMillis, ZoneId.systemDefault());
    }

    EnumeratorMetrics(MetricGroup group, LongSupplier clock, ZoneId redoZone) {
        this.clock = clock;
        this.redoZone = redoZone;
        group.gauge(LOGS_CATALOGUED, (Gauge<Long>) () -> logsCatalogued);
        group.gauge(LOGS_COMPLETED, (Gauge<Long>) () -> logsCompleted);
        group.gauge(FRONTIER_SCN, (Gauge<Long>) () -> frontier);
        group.gauge(FRONTIER_REDO_TIME, (Gauge<Long>) () -> frontierRedoTime);
        group.gauge(FRONTIER_LAG_MILLIS, (Gauge<Long>) this::lagMillis);
        group.gauge(NEWEST_CATALOGUED_SCN, (Gauge<Long>) () -> newestCataloguedScn);
        group.gauge(FRONTIER_SCN_LAG, (Gauge<Long>) this::scnLag);
    }

    /** Takes the current figures from the schedule; on the enumerator's thread. */
    void refresh(LogSchedule schedule) {
        long catalogued = schedule.logsCatalogued();
        logsCatalogued = catalogued;
        logsCompleted = Math.max(0, catalogued - schedule.logsUnfinished());
        newestCataloguedScn = schedule.newestCataloguedScn();
        OptionalLong now = schedule.frontier();
        if (now.isPresent()) {
            frontier = now.getAsLong();
            LocalDateTime time = schedule.redoTimeAt(frontier);
            frontierRedoTime = time == null ? -1 : time.atZone(redoZone).toInstant().toEpochMilli();
        }
    }

    /** logsCatalogued, logsCompleted, completedFrontierScn, frontierRedoTime, newestCataloguedScn (for tests). */
    List<Long> figures() {
        return List.of(logsCatalogued, logsCompleted, frontier, frontierRedoTime, newestCataloguedScn);
    }

    /** Now minus the frontier's redo time, in milliseconds; -1 while that time is not known. */
    long lagMillis() {
        long time = frontierRedoTime;
        return time < 0 ? -1 : Math.max(0, clock.getAsLong() - time);
    }

    /** SCNs between the frontier and the newest catalogued log's NEXT_CHANGE#; -1 before both are known. */
    long scnLag() {
        long at = frontier;
        long newest = newestCataloguedScn;
        return at < 0 || newest < 0 ? -1 : Math.max(0, newest - at);
    }
}
