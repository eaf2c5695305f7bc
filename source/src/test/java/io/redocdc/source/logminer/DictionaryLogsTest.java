package io.redocdc.source.logminer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.redocdc.source.catalog.RedoInputException;
import io.redocdc.source.model.ArchivedLog;
import io.redocdc.source.model.Scn;
import io.redocdc.source.model.ThreadSequence;
import java.util.List;
import org.junit.jupiter.api.Test;

class DictionaryLogsTest {

    private static ArchivedLog log(int thread, long sequence, boolean begin, boolean end) {
        return new ArchivedLog(new ThreadSequence(thread, sequence, 1), Scn.of(sequence * 100),
                Scn.of(sequence * 100 + 100), null, null, "/arch/" + thread + "_" + sequence + ".dbf", begin, end);
    }

    @Test
    void onlineCatalogAndNoDictionaryMineTheLogAlone() {
        ArchivedLog target = log(1, 10, false, false);
        assertThat(DictionaryLogs.forTarget(DictionaryMode.ONLINE_CATALOG, target, List.of(), "db"))
                .containsExactly(target);
        assertThat(DictionaryLogs.forTarget(DictionaryMode.NONE, target, List.of(), "db")).containsExactly(target);
    }

    @Test
    void redoLogsAddTheLatestCompleteExtractAndEveryLogUpToTheTarget() {
        List<ArchivedLog> available = List.of(log(1, 2, true, true), log(1, 5, true, false), log(1, 6, false, true),
                log(1, 7, false, false), log(1, 8, true, false), log(2, 7, true, true), log(1, 9, false, false));
        ArchivedLog target = log(1, 9, false, false);
        assertThat(DictionaryLogs.forTarget(DictionaryMode.REDO_LOGS, target, available, "db"))
                .extracting(l -> l.id().sequence())
                .as("extract 8 has no end yet, so 5..6 is the latest complete one; thread 2 is not added")
                .containsExactly(5L, 6L, 7L, 8L, 9L);
        ArchivedLog extractInTarget = log(1, 3, true, true);
        assertThat(DictionaryLogs.forTarget(DictionaryMode.REDO_LOGS, extractInTarget, available, "db"))
                .containsExactly(extractInTarget);
    }

    @Test
    void noExtractOrAMissingLogNamesTheFix() {
        ArchivedLog target = log(1, 9, false, false);
        assertThatThrownBy(() -> DictionaryLogs.forTarget(DictionaryMode.REDO_LOGS, target,
                List.of(log(1, 8, false, false)), "db"))
                .isInstanceOf(RedoInputException.class).hasMessageContaining("DBMS_LOGMNR_D.BUILD")
                .hasMessageContaining("thread 1 up to sequence 9");
        assertThatThrownBy(() -> DictionaryLogs.forTarget(DictionaryMode.REDO_LOGS, target,
                List.of(log(1, 5, true, true), log(1, 7, false, false)), "db"))
                .isInstanceOf(RedoInputException.class).hasMessageContaining("sequence 6 is missing")
                .hasMessageContaining("ORA-01291");
    }
}
