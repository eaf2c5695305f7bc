package io.redocdc.source.logminer;

import io.redocdc.source.model.ArchivedLog;
import io.redocdc.source.model.ThreadSequence;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Chooses the file to add when DBMS_LOGMNR.ADD_LOGFILE could not open a log's file: V$ARCHIVED_LOG is asked again
 * for every available copy of that (THREAD#, SEQUENCE#, RESETLOGS_ID) (a log archived to several destinations has
 * one row per copy) and the copy that failed least often is taken, the first listed on a tie. So every copy is
 * tried before one is tried again, and a file restored meanwhile is found.
 */
final class LogCopies {

    /** Failures per file name, per log, in the order the files were first tried. */
    private final Map<ThreadSequence, Map<String, Integer>> failures = new HashMap<>();

    void failed(ArchivedLog log) {
        failures.computeIfAbsent(log.id(), id -> new LinkedHashMap<>()).merge(log.name(), 1, Integer::sum);
    }

    /** The copy of {@code log} to try next; {@code log} itself when V$ARCHIVED_LOG lists no available copy. */
    ArchivedLog next(Connection connection, ArchivedLog log) throws SQLException {
        Map<String, Integer> failed = failures.getOrDefault(log.id(), Map.of());
        String best = null;
        for (String name : ArchivedLogQuery.copies(connection, log.id())) {
            if (best == null || failed.getOrDefault(name, 0) < failed.getOrDefault(best, 0)) {
                best = name;
            }
        }
        return best == null ? log : log.withName(best);
    }

    /** "'/arch/1_42.dbf', '/arch2/1_42.dbf'": the files of {@code log} that could not be opened. */
    String tried(ThreadSequence log) {
        List<String> names = List.copyOf(failures.getOrDefault(log, Map.of()).keySet());
        return names.stream().map(name -> "'" + name + "'").collect(Collectors.joining(", "));
    }
}
