package io.redocdc.source.logminer;

import io.redocdc.source.catalog.RedoInputException;
import io.redocdc.source.model.ArchivedLog;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The logs one LogMiner session adds for a target log. With the dictionary in the redo and DDL tracking, LogMiner
 * needs the latest complete dictionary extract (DICTIONARY_BEGIN .. DICTIONARY_END) at or before the target and
 * every log after it up to the target, without a missing sequence. Only the target's thread is considered.
 */
final class DictionaryLogs {

    static final String BUILD_HINT =
            "EXECUTE DBMS_LOGMNR_D.BUILD(OPTIONS => DBMS_LOGMNR_D.STORE_IN_REDO_LOGS); then ALTER SYSTEM ARCHIVE LOG "
                    + "CURRENT;";

    private DictionaryLogs() {
    }

    /** The logs to add, in order, the target last. */
    static List<ArchivedLog> forTarget(DictionaryMode mode, ArchivedLog target, List<ArchivedLog> available,
                                       String catalog) {
        if (mode != DictionaryMode.REDO_LOGS) {
            return List.of(target);
        }
        List<ArchivedLog> thread = available.stream()
                .filter(log -> log.id().thread() == target.id().thread()
                        && log.id().resetlogsId() == target.id().resetlogsId()
                        && log.id().sequence() < target.id().sequence())
                .sorted(Comparator.comparing(ArchivedLog::id))
                .toList();
        List<ArchivedLog> withTarget = new ArrayList<>(thread);
        withTarget.add(target);
        long begin = latestCompleteExtract(withTarget);
        if (begin < 0) {
            throw new RedoInputException("source.dictionary=redo-logs: no archived log of thread "
                    + target.id().thread() + " up to sequence " + target.id().sequence() + " in " + catalog
                    + " holds a complete LogMiner dictionary (DICTIONARY_BEGIN .. DICTIONARY_END); to extract one run "
                    + BUILD_HINT);
        }
        List<ArchivedLog> chain = withTarget.stream().filter(log -> log.id().sequence() >= begin).toList();
        long expected = begin;
        for (ArchivedLog log : chain) {
            if (log.id().sequence() != expected) {
                throw new RedoInputException("source.dictionary=redo-logs: mining " + target.id() + " needs every log "
                        + "of thread " + target.id().thread() + " from the dictionary extract at sequence " + begin
                        + ", but sequence " + expected + " is missing in " + catalog
                        + " (LogMiner's DDL tracking fails with ORA-01291); restore it or extract a newer dictionary: "
                        + BUILD_HINT);
            }
            expected++;
        }
        return chain;
    }

    /** The DICTIONARY_BEGIN sequence of the latest extract that ends at or before the last log, or -1. */
    private static long latestCompleteExtract(List<ArchivedLog> bySequence) {
        long openBegin = -1;
        long completeBegin = -1;
        for (ArchivedLog log : bySequence) {
            if (log.dictionaryBegin()) {
                openBegin = log.id().sequence();
            }
            if (log.dictionaryEnd() && openBegin >= 0) {
                completeBegin = openBegin;
            }
        }
        return completeBegin;
    }
}
