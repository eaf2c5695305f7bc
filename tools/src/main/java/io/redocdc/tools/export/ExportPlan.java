package io.redocdc.tools.export;

import io.redocdc.source.model.ArchivedLog;
import io.redocdc.source.model.Scn;
import io.redocdc.source.model.ThreadSequence;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Which listed logs one export pass writes. Logs form one chain per (incarnation, thread) whose sequences must
 * follow each other without a hole. A chain that already has exported logs resumes after its last one; a new
 * chain starts at its first log holding SCNs at or above the start SCN. Logs that begin above the end SCN are
 * left out. Ready logs come in SCN order across threads, so a job reading the directory meanwhile advances on
 * every thread evenly.
 */
final class ExportPlan {

    private static final Comparator<ArchivedLog> SCN_ORDER = Comparator.comparing(ArchivedLog::firstChange)
            .thenComparing(ArchivedLog::id);

    private final List<ArchivedLog> ready;
    private final List<SequenceGap> gaps;
    private final boolean pastEnd;

    private ExportPlan(List<ArchivedLog> ready, List<SequenceGap> gaps, boolean pastEnd) {
        this.ready = ready;
        this.gaps = gaps;
        this.pastEnd = pastEnd;
    }

    /**
     * @param listed   what the catalog lists now (duplicates of one log allowed)
     * @param exported logs already in the output directory
     * @param endScn   last SCN needed, or null
     */
    static ExportPlan of(Collection<ArchivedLog> listed, Collection<ArchivedLog> exported, Scn startScn,
                         Scn endScn) {
        Map<Chain, TreeMap<Long, ArchivedLog>> listedChains = chains(listed);
        Map<Chain, TreeMap<Long, ArchivedLog>> exportedChains = chains(exported);
        List<ArchivedLog> ready = new ArrayList<>();
        List<SequenceGap> gaps = new ArrayList<>();
        boolean pastEnd = endScn != null;
        boolean anyThread = false;
        for (Map.Entry<Chain, TreeMap<Long, ArchivedLog>> entry : listedChains.entrySet()) {
            TreeMap<Long, ArchivedLog> done = exportedChains.getOrDefault(entry.getKey(), new TreeMap<>());
            Collection<ArchivedLog> candidates = done.isEmpty()
                    ? entry.getValue().values().stream().filter(log -> startScn.isBefore(log.nextChange())).toList()
                    : entry.getValue().tailMap(done.lastKey(), false).values();
            if (done.isEmpty() && candidates.isEmpty()) {
                continue; // every listed log of this thread ends at or before the start
            }
            anyThread = true;
            Long expected = done.isEmpty() ? null : done.lastKey() + 1;
            ArchivedLog last = done.isEmpty() ? null : done.lastEntry().getValue();
            boolean threadPastEnd = false;
            for (ArchivedLog log : candidates) {
                if (endScn != null && endScn.isBefore(log.firstChange())) {
                    threadPastEnd = true; // the logs before this one hold every SCN up to the end
                    break;
                }
                if (expected != null && log.id().sequence() != expected) {
                    gaps.add(new SequenceGap(new ThreadSequence(log.id().thread(), expected, log.id().resetlogsId()),
                            log));
                    break;
                }
                ready.add(log);
                last = log;
                expected = log.id().sequence() + 1;
            }
            threadPastEnd |= endScn != null && last != null && endScn.isBefore(last.nextChange());
            pastEnd &= threadPastEnd;
        }
        ready.sort(SCN_ORDER);
        return new ExportPlan(ready, gaps, pastEnd && anyThread);
    }

    private static Map<Chain, TreeMap<Long, ArchivedLog>> chains(Collection<ArchivedLog> logs) {
        Map<Chain, TreeMap<Long, ArchivedLog>> chains = new LinkedHashMap<>();
        Map<ThreadSequence, ArchivedLog> distinct = new HashMap<>();
        for (ArchivedLog log : logs) {
            if (distinct.putIfAbsent(log.id(), log) == null) {
                chains.computeIfAbsent(new Chain(log.id().resetlogsId(), log.id().thread()), c -> new TreeMap<>())
                        .put(log.id().sequence(), log);
            }
        }
        return chains;
    }

    /** Logs to export now, in SCN order: on each thread, the consecutive sequences before the first hole. */
    List<ArchivedLog> ready() {
        return ready;
    }

    /** One entry per thread whose next sequence is missing while a later one is listed. */
    List<SequenceGap> gaps() {
        return gaps;
    }

    /**
     * True when an end SCN is set and, once the ready logs are written, every thread with a log in range has one
     * that ends past it: a following export is done.
     */
    boolean reachesEnd() {
        return pastEnd;
    }

    private record Chain(long resetlogsId, int thread) {
    }
}
